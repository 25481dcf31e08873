#pragma once
#include <stdexcept>

namespace ratrace {

// Input the user got wrong, found after parsing (bad values, files in the way): reported on
// one line with exit code kExitUsage (common/cli.h). Apart from cli.h so that code without a
// command line (file writes, number parsing) can throw it.
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace ratrace
