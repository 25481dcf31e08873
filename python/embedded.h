#pragma once
#include <string>

// Python players for the ratrace program (--python FILE.py:FUNCTION), through an interpreter
// embedded in the process on first use.
namespace ratrace {

// Imports FILE.py and registers FUNCTION (a move function, or an organisers' Player class or
// instance) as the run-time player named `spec`, "FILE.py:FUNCTION". Throws UsageError naming
// the file and the reason: no such file, a syntax or import error (with its traceback), no
// such function. `program_path` (argv[0]) locates the ratrace Python package of this build
// or installation, for players that use ratrace.compat.
void load_python_player(const std::string& spec, const std::string& program_path);

}  // namespace ratrace
