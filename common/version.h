#pragma once
#include <string>
#include <string_view>

namespace ratrace {

// The project version from the VERSION file, e.g. "0.6.0"; written into every result file.
const char* version();

// What `PROGRAM --version` prints: "PROGRAM VERSION" first, then the git commit, build type,
// compiler and oneTBB, then `extra_line` if given (a component only that program has); no
// newline at the end (CLI11 adds one).
std::string version_text(std::string_view program, std::string_view extra_line = {});

// Whether MPI is built in, e.g. "built in (Open MPI v4.1.4)" or "not built in".
const char* mpi_status();

}  // namespace ratrace
