#pragma once
#include <pybind11/pybind11.h>

// The module ratrace._engine, bound once for its two homes: the extension Python imports
// (module.cpp), and the module of the interpreter that the ratrace program embeds for
// --python (embedded.cpp), where it is bound to the program's own player registry.
namespace ratrace {

void bind_engine(pybind11::module_& m);

}  // namespace ratrace
