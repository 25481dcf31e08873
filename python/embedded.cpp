#include "ratrace/python/embedded.h"

#include <filesystem>
#include <stdexcept>

#include <pybind11/embed.h>

#include "ratrace/common/usage_error.h"
#include "ratrace/python/bindings.h"
#include "ratrace/python/python_player.h"

namespace py = pybind11;

// The module the embedded interpreter knows as ratrace._engine, bound to this process's own
// player registry.
PYBIND11_EMBEDDED_MODULE(ratrace_embedded_engine, m) { ratrace::bind_engine(m); }

namespace ratrace {

namespace {

// The main thread's state while it does not hold the GIL (between loads, and during games).
PyThreadState* g_released = nullptr;

// Takes the GIL, starting the interpreter on first use.
void start_interpreter(const std::string& program_path) {
  if (g_released) {
    PyEval_RestoreThread(g_released);
    g_released = nullptr;
    return;
  }
  // The interpreter is the Python this program was built for (its standard library and
  // packages, Numba among them), whichever python3 comes first on PATH.
  PyConfig config;
  PyConfig_InitPythonConfig(&config);
  const PyStatus status = PyConfig_SetBytesString(&config, &config.program_name, RATRACE_PYTHON_EXECUTABLE);
  if (PyStatus_Exception(status)) {
    PyConfig_Clear(&config);
    throw std::runtime_error("cannot start the Python interpreter " RATRACE_PYTHON_EXECUTABLE);
  }
  py::initialize_interpreter(&config);
  // The ratrace package of this build (build/python beside build/ratrace) comes before an
  // installed one, which Debian's python3 finds in its site-packages by itself.
  const std::filesystem::path program = std::filesystem::absolute(program_path).parent_path();
  py::module_ sys = py::module_::import("sys");
  for (const auto& folder : {program / "python", program / ".." / "python"})
    if (std::filesystem::exists(folder / "ratrace" / "__init__.py")) {
      sys.attr("path").attr("insert")(0, folder.string());
      break;
    }
  sys.attr("modules")["ratrace._engine"] = py::module_::import("ratrace_embedded_engine");
}

}  // namespace

void load_python_player(const std::string& spec, const std::string& program_path) {
  start_interpreter(program_path);
  try {
    py::module_::import("ratrace.players").attr("load_file")(spec);
  } catch (py::error_already_set& error) {
    // The package's own usage errors (no such file, no such function) are one line; anything
    // the file itself raised comes with its traceback.
    const bool usage = error.matches(PyExc_ValueError) || error.matches(PyExc_FileNotFoundError);
    std::string text = usage ? py::str(error.value()).cast<std::string>() : python_error_text(error);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    g_released = PyEval_SaveThread();
    throw UsageError("--python " + spec + ": " + text);
  }
  g_released = PyEval_SaveThread();  // the games take the GIL call by call
}

}  // namespace ratrace
