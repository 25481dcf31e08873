#include "ratrace/python/embedded.h"

#include <filesystem>

#include <pybind11/embed.h>

#include "python_player.h"
#include "ratrace/common/usage_error.h"

namespace py = pybind11;

// The module the embedded interpreter knows as ratrace._engine: the move arguments' classes and
// registration, bound to this process's own registry.
PYBIND11_EMBEDDED_MODULE(ratrace_embedded_engine, m) {
  ratrace::bind_move_arguments(m);
  m.def("register_function", &ratrace::register_python_player, py::arg("name"), py::arg("move"),
        py::arg("summary") = "");
}

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
  py::initialize_interpreter();
  // The ratrace package beside this program: build/python in a build tree, or the installed
  // site-packages folder, which Debian's python3 already searches.
  const std::filesystem::path program = std::filesystem::absolute(program_path).parent_path();
  py::module_ sys = py::module_::import("sys");
  for (const auto& folder : {program / "python", program / ".." / "python"})
    if (std::filesystem::exists(folder / "ratrace" / "__init__.py"))
      sys.attr("path").attr("insert")(0, folder.string());
  sys.attr("modules")["ratrace._engine"] = py::module_::import("ratrace_embedded_engine");
}

}  // namespace

void load_python_player(const std::string& spec, const std::string& program_path) {
  const auto colon = spec.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == spec.size())
    throw UsageError("--python " + spec + ": expected FILE.py:FUNCTION");
  const std::string file = spec.substr(0, colon), function = spec.substr(colon + 1);
  if (!std::filesystem::is_regular_file(file)) throw UsageError("--python " + spec + ": no such file '" + file + "'");
  start_interpreter(program_path);
  try {
    py::module_ util = py::module_::import("importlib.util");
    const std::string name = "ratrace_player_" + std::filesystem::path(file).stem().string();
    py::object module_spec = util.attr("spec_from_file_location")(name, file);
    py::object module = util.attr("module_from_spec")(module_spec);
    py::module_::import("sys").attr("modules")[py::str(name)] = module;
    module_spec.attr("loader").attr("exec_module")(module);
    if (!py::hasattr(module, function.c_str()))
      throw UsageError("--python " + spec + ": '" + file + "' defines no '" + function + "'");
    py::object player = module.attr(function.c_str());
    const bool organisers_player = py::isinstance<py::type>(player) || py::hasattr(player, "take_turn");
    if (organisers_player) player = py::module_::import("ratrace.compat").attr("move_function")(player);
    const py::object doc = player.attr("__doc__");
    register_python_player(spec, player, doc.is_none() ? "" : doc.cast<std::string>());
  } catch (py::error_already_set& error) {
    throw UsageError("--python " + spec + ": " + python_error_text(error));
  }
  g_released = PyEval_SaveThread();  // the games take the GIL call by call
}

}  // namespace ratrace
