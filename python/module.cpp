// The extension module `ratrace._engine`; the package python/ratrace wraps it.
#include <spdlog/spdlog.h>

#include "ratrace/python/bindings.h"

PYBIND11_MODULE(_engine, m) {
  // In Python only warnings and errors are logged (as the command line's lines), to standard
  // error: a run's progress is a tqdm bar, and its messages are exceptions.
  spdlog::set_pattern("ratrace: %l: %v");
  spdlog::set_level(spdlog::level::warn);
  ratrace::bind_engine(m);
}
