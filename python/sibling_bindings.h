#pragma once
#include <pybind11/pybind11.h>

// The submodules ratrace._engine.morpion and ratrace._engine.menace: the sibling systems'
// runs, for the extension module only (the ratrace program's embedded interpreter plays the
// rat race alone).
namespace ratrace {

void bind_morpion(pybind11::module_& m);
void bind_menace(pybind11::module_& m);

}  // namespace ratrace
