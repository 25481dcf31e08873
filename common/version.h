#pragma once
#include <string>

namespace ratrace {

// The project version from the VERSION file, e.g. "0.6.0"; written into every result file.
const char* version();
// What `--version` prints: version, git commit, build type, compiler and optional components.
std::string build_description();

}  // namespace ratrace
