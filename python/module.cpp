// The extension module `ratrace._engine`; the package python/ratrace wraps it.
#include <spdlog/spdlog.h>

#include "ratrace/python/bindings.h"
#include "ratrace/python/sibling_bindings.h"

PYBIND11_MODULE(_engine, m) {
  // In Python only warnings and errors are logged (as the command line's lines), to standard
  // error: a run's progress is a tqdm bar, and its messages are exceptions.
  spdlog::set_pattern("ratrace: %l: %v");
  spdlog::set_level(spdlog::level::warn);
  ratrace::bind_engine(m);
  auto morpion = m.def_submodule("morpion");
  ratrace::bind_morpion(morpion);
  auto menace = m.def_submodule("menace");
  ratrace::bind_menace(menace);
}
