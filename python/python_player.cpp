#include "python_player.h"

#include <array>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include <pybind11/stl.h>

namespace py = pybind11;

namespace ratrace {

namespace {

// The view a Python call sees: a copy of the cells, so a view kept past its call stays valid.
struct PyView {
  static constexpr int kMostRadius = 7;
  std::array<int8_t, (2 * kMostRadius + 1) * (2 * kMostRadius + 1)> cells{};
  int radius = 2;
  int side() const { return 2 * radius + 1; }
  int at(int dx, int dy) const {
    if (dx < -radius || dx > radius || dy < -radius || dy > radius)
      throw py::index_error("view read at (" + std::to_string(dx) + ", " + std::to_string(dy) + ") outside the " +
                            std::to_string(side()) + "x" + std::to_string(side()) + " view");
    return cells[static_cast<size_t>((dy + radius) * side() + dx + radius)];
  }
};

// The engine's generator for one call; refused once the call is over.
struct PyRng {
  Rng* rng = nullptr;
  Rng& use() const {
    if (!rng) throw std::runtime_error("a ratrace.Rng was used after the move call it was given to");
    return *rng;
  }
};

// The genome as the organisers' Python controller held it: an int whose bit i is genome bit i.
py::object genome_value(const Genome& g) {
  uint64_t low = 0, high = 0;  // genome bits 0..63 and 64..127, bit i at position i % 64
  for (int i = 0; i < g.length(); ++i) (i < 64 ? low : high) |= static_cast<uint64_t>(g.bit(i)) << (i % 64);
  return py::int_(high).attr("__lshift__")(64).attr("__or__")(py::int_(low));
}

// The move (dx, dy) when both are ints; an int out of range gives an illegal move, which the
// engine reports with its values.
std::optional<Move> int_pair(PyObject* dx, PyObject* dy) {
  if (!PyLong_Check(dx) || !PyLong_Check(dy)) return std::nullopt;
  const auto part = [](PyObject* item) {
    const long value = PyLong_AsLong(item);
    if (value == -1 && PyErr_Occurred()) PyErr_Clear();
    return value < -1000 || value > 1000 ? 1000 : static_cast<int>(value);
  };
  return Move{part(dx), part(dy)};
}

// (dx, dy) from a tuple of two ints (the common case, read without a cast), a list, or an
// object with .x and .y (Coordinate); a move of the wrong shape is a fault.
Move to_move(const py::handle& result) {
  PyObject* r = result.ptr();
  std::optional<Move> move;
  if (PyTuple_Check(r) && PyTuple_GET_SIZE(r) == 2) move = int_pair(PyTuple_GET_ITEM(r, 0), PyTuple_GET_ITEM(r, 1));
  else if (PyList_Check(r) && PyList_GET_SIZE(r) == 2) move = int_pair(PyList_GET_ITEM(r, 0), PyList_GET_ITEM(r, 1));
  else if (py::hasattr(result, "x") && py::hasattr(result, "y"))
    move = int_pair(result.attr("x").ptr(), result.attr("y").ptr());
  if (move) return *move;
  throw std::runtime_error("the move function returned " + py::repr(result).cast<std::string>() +
                           "; expected (dx, dy) with dx, dy in {-1, 0, 1}");
}

}  // namespace

std::string python_error_text(py::error_already_set& error) {
  const py::object lines =
      py::module_::import("traceback").attr("format_exception")(error.type(), error.value(), error.trace());
  return py::str("").attr("join")(lines).cast<std::string>();
}

void register_python_player(const std::string& name, py::object move, const std::string& summary) {
  if (!PyCallable_Check(move.ptr())) throw std::invalid_argument("player '" + name + "': the move is not callable");
  // Dropped with the GIL held: the last copy may go on a thread that does not hold it. After
  // the interpreter has ended (the registry is destroyed at exit, after Python) it is left.
  std::shared_ptr<py::object> function(new py::object(std::move(move)), [](py::object* f) {
    if (!Py_IsInitialized()) return;
    py::gil_scoped_acquire gil;
    delete f;
  });
  MoveFunction::Callable call = [function](const Genome& genome, const View& view, Rng& rng) {
    py::gil_scoped_acquire gil;
    // pybind11 drops a thread's Python state with its last acquire, and making one costs more
    // than a whole call: each engine thread keeps its own.
    thread_local const bool kept = (gil.inc_ref(), true);
    (void)kept;
    if (view.radius() > PyView::kMostRadius)
      throw std::runtime_error("Python players see views of radius up to " + std::to_string(PyView::kMostRadius));
    PyView seen;
    seen.radius = view.radius();
    for (int dy = -view.radius(); dy <= view.radius(); ++dy)
      for (int dx = -view.radius(); dx <= view.radius(); ++dx)
        seen.cells[static_cast<size_t>((dy + view.radius()) * seen.side() + dx + view.radius())] =
            static_cast<int8_t>(view(dx, dy));
    auto generator = std::make_shared<PyRng>(PyRng{&rng});
    struct Expire {  // the Rng object outlives the call only as a dead handle
      PyRng* rng;
      ~Expire() { rng->rng = nullptr; }
    } expire{generator.get()};
    try {
      return to_move((*function)(genome, std::move(seen), generator));
    } catch (py::error_already_set& error) {
      throw std::runtime_error(python_error_text(error));
    }
  };
  PlayerInfo info;
  info.name = name;
  info.author = "you";
  info.language = "Python";
  info.summary = summary;
  info.move = MoveFunction(std::move(call));
  register_runtime_player(std::move(info));
}

void bind_move_arguments(py::module_& m) {
  py::class_<Genome>(m, "Genome", "A specimen's genome; bit 0 first")
      .def("bit", &Genome::bit, py::arg("i"), "Bit i, 0 or 1")
      .def("chunk", &Genome::chunk, py::arg("start"), py::arg("length"),
           "Bits [start, start+length) as a number, bit `start` most significant (length <= 32)")
      .def("ones", &Genome::ones, py::arg("start"), py::arg("length"), "Count of ones in bits [start, start+length)")
      .def("gray", &Genome::gray, py::arg("start"), py::arg("length"), "Bits [start, start+length) as a Gray code")
      .def_property_readonly("length", &Genome::length)
      .def_property_readonly("value", &genome_value,
                             "The genome as one int whose bit i is genome bit i (the organisers' Python form)")
      .def("__str__", &Genome::to_string);
  py::class_<PyView>(m, "View", "The 5x5 colours around a specimen; -1 out of bounds; dx right, dy down")
      .def("__call__", &PyView::at, py::arg("dx"), py::arg("dy"))
      .def_property_readonly("radius", [](const PyView& v) { return v.radius; })
      .def(
          "rows",
          [](const PyView& v) {
            std::vector<std::vector<int>> rows(static_cast<size_t>(v.side()));
            for (int r = 0; r < v.side(); ++r)
              for (int c = 0; c < v.side(); ++c)
                rows[static_cast<size_t>(r)].push_back(v.cells[static_cast<size_t>(r * v.side() + c)]);
            return rows;
          },
          "rows()[2 + dy][2 + dx], as the organisers' Python controller's vision");
  py::class_<PyRng, std::shared_ptr<PyRng>>(m, "Rng", "The engine's random stream for this call")
      .def(
          "random", [](const PyRng& r) { return r.use().uniform(); }, "Uniform float in [0, 1)")
      .def(
          "below", [](const PyRng& r, uint32_t n) { return n <= 1 ? 0u : r.use().below(n); }, py::arg("n"),
          "Uniform int in [0, n); n = 1 draws nothing")
      .def(
          "randint", [](const PyRng& r, int lo, int hi) { return lo == hi ? lo : r.use().between(lo, hi); },
          py::arg("lo"), py::arg("hi"), "Uniform int in [lo, hi]")
      .def(
          "choice",
          [](const PyRng& r, const py::sequence& items) {
            const auto n = static_cast<uint32_t>(py::len(items));
            if (n == 0) throw py::index_error("choice from an empty sequence");
            return items[n == 1 ? 0 : r.use().below(n)];
          },
          py::arg("items"), "A uniform pick; a single item draws nothing")
      .def(
          "getrandbits",
          [](const PyRng& r, int k) {
            if (k < 0 || k > 64) throw py::value_error("getrandbits takes 0 to 64 bits");
            return k == 0 ? uint64_t{0} : r.use().next() >> (64 - k);
          },
          py::arg("k"))
      .def_property_readonly("draws", [](const PyRng& r) { return r.use().draws(); });
}

}  // namespace ratrace
