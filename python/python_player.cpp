#include "ratrace/python/python_player.h"

#include "ratrace/python/call_watch.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include <pybind11/stl.h>

#include "ratrace/engine/game.h"
#include "ratrace/python/move_arguments.h"

namespace py = pybind11;

namespace ratrace {

namespace {

// The engine's generator for one call; refused once the call is over.
struct PyRng {
  Rng* rng = nullptr;
  Rng& use() const {
    if (!rng) throw std::runtime_error("a ratrace.Rng was used after the move call it was given to");
    return *rng;
  }
};

// One coordinate of a returned move: any integer (a type with __index__: int, bool, numpy's
// integers) in {-1, 0, 1}; nullopt for anything else, whatever its value.
std::optional<int> coordinate(PyObject* item) {
  PyObject* number = PyNumber_Index(item);
  if (!number) {
    PyErr_Clear();
    return std::nullopt;
  }
  int overflow = 0;
  const long value = PyLong_AsLongAndOverflow(number, &overflow);
  Py_DECREF(number);
  if (overflow != 0 || value < -1 || value > 1) return std::nullopt;
  return static_cast<int>(value);
}

// The move (dx, dy) when both coordinates are; nullopt otherwise.
std::optional<Move> move_of(PyObject* dx, PyObject* dy) {
  const std::optional<int> x = coordinate(dx), y = coordinate(dy);
  if (!x || !y) return std::nullopt;
  return Move{*x, *y};
}

// (dx, dy) from a tuple or list of two integers, or an object with .x and .y (Coordinate);
// anything else is a fault that shows what was returned.
Move to_move(const py::handle& result) {
  PyObject* r = result.ptr();
  std::optional<Move> move;
  if (PyTuple_Check(r) && PyTuple_GET_SIZE(r) == 2) move = move_of(PyTuple_GET_ITEM(r, 0), PyTuple_GET_ITEM(r, 1));
  else if (PyList_Check(r) && PyList_GET_SIZE(r) == 2) move = move_of(PyList_GET_ITEM(r, 0), PyList_GET_ITEM(r, 1));
  else if (py::hasattr(result, "x") && py::hasattr(result, "y"))
    move = move_of(result.attr("x").ptr(), result.attr("y").ptr());
  if (move) return *move;
  std::string shown = py::repr(result).cast<std::string>();
  if (shown.size() > 200) shown = shown.substr(0, 200) + "...";
  throw std::runtime_error("the move function returned " + shown + "; expected (dx, dy), two integers in {-1, 0, 1}");
}

// One engine thread's argument objects, reused call after call so that a call allocates
// nothing: the Genome, View and Rng are rewritten in place while this cache alone holds them.
// One that the player kept past its call is left to it (its values those of that call, an Rng
// dead) and replaced. Never freed: the thread may end after the interpreter has.
struct ReusedArguments {
  py::object genome, view, rng;
  Genome* genome_value = nullptr;
  ViewCells* view_value = nullptr;
  PyRng* rng_value = nullptr;

  ReusedArguments() { renew(); }
  void renew() {
    if (!genome || Py_REFCNT(genome.ptr()) > 1) {
      genome = new_genome_object();
      genome_value = &genome_of(genome);
    }
    if (!view || Py_REFCNT(view.ptr()) > 1) {
      view = new_view_object();
      view_value = &view_of(view);
    }
    if (!rng || Py_REFCNT(rng.ptr()) > 1) {
      rng = py::cast(std::make_shared<PyRng>());
      rng_value = &rng.cast<PyRng&>();
    }
  }
};

ReusedArguments& this_thread_arguments() {
  thread_local ReusedArguments* arguments = new ReusedArguments;
  return *arguments;
}

// Why the watch interrupted a call.
enum class Interruption { kNone, kStopped, kTimedOut };

// One engine thread's Python call in progress, as the watch sees it.
struct CallSlot {
  std::atomic<uint64_t> call{0};       // odd while a call runs: incremented at its start and its end
  std::atomic<int64_t> started_ns{0};  // steady clock at the call's start
  std::atomic<Interruption> why{Interruption::kNone};
  unsigned long thread = 0;  // PyThread_get_thread_ident() of the calling thread
};

std::mutex g_slots_mutex;
std::vector<CallSlot*> g_slots;

// A thread's slot, listed while the thread lives.
struct ListedSlot {
  CallSlot slot;
  ListedSlot() {
    std::lock_guard lock(g_slots_mutex);
    g_slots.push_back(&slot);
  }
  ~ListedSlot() {
    std::lock_guard lock(g_slots_mutex);
    std::erase(g_slots, &slot);
  }
};

CallSlot& this_thread_slot() {
  thread_local ListedSlot listed;
  return listed.slot;
}

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// What the watch raises in an interrupted call: a BaseException, so that a player's
// `except Exception:` does not swallow it. Made with the GIL held, on first use.
PyObject* interrupt_type() {
  static PyObject* type = PyErr_NewExceptionWithDoc(
      "ratrace.CallInterrupted", "Raised inside a Python player's call that a stopped run or the call time limit ends",
      PyExc_BaseException, nullptr);
  return type;
}

// The settings of the watch alive now (at most one run watches at a time).
std::mutex g_watch_mutex;
const std::atomic<bool>* g_watch_stop = nullptr;
double g_watch_limit = 0;

}  // namespace

std::string python_error_text(py::error_already_set& error) {
  const py::object lines =
      py::module_::import("traceback").attr("format_exception")(error.type(), error.value(), error.trace());
  return py::str("").attr("join")(lines).cast<std::string>();
}

void register_python_player(const std::string& name, py::object move, const std::string& summary,
                            const std::string& code, const std::optional<PlayerSource>& source) {
  if (!PyCallable_Check(move.ptr())) throw std::invalid_argument("player '" + name + "': the move is not callable");
  interrupt_type();
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
    if (view.radius() > ViewCells::kMostRadius)
      throw std::runtime_error("Python players see views of radius up to " + std::to_string(ViewCells::kMostRadius));
    ReusedArguments& arguments = this_thread_arguments();
    *arguments.genome_value = genome;
    ViewCells& seen = *arguments.view_value;
    seen.radius = view.radius();
    for (int dy = -view.radius(); dy <= view.radius(); ++dy)
      for (int dx = -view.radius(); dx <= view.radius(); ++dx)
        seen.cells[static_cast<size_t>((dy + view.radius()) * seen.side() + dx + view.radius())] =
            static_cast<int8_t>(view(dx, dy));
    arguments.rng_value->rng = &rng;
    CallSlot& slot = this_thread_slot();
    slot.thread = PyThread_get_thread_ident();
    slot.why = Interruption::kNone;
    slot.started_ns = now_ns();
    ++slot.call;
    struct Ended {  // the Rng object outlives the call only as a dead handle; the slot goes idle
      ReusedArguments& arguments;
      CallSlot& slot;
      ~Ended() {
        arguments.rng_value->rng = nullptr;
        arguments.renew();
        ++slot.call;
      }
    } ended{arguments, slot};
    try {
      PyObject* argv[3] = {arguments.genome.ptr(), arguments.view.ptr(), arguments.rng.ptr()};
      PyObject* result = PyObject_Vectorcall(function->ptr(), argv, 3, nullptr);
      if (!result) throw py::error_already_set();
      return to_move(py::reinterpret_steal<py::object>(result));
    } catch (py::error_already_set& error) {
      if (error.matches(interrupt_type())) {
        if (slot.why == Interruption::kStopped) throw GameStopped{};
        std::lock_guard lock(g_watch_mutex);
        throw std::runtime_error("the move function ran longer than the call time limit of " +
                                 std::to_string(g_watch_limit) + " s and was interrupted");
      }
      throw std::runtime_error(python_error_text(error));
    }
  };
  register_player_from_python(name, "Python", MoveFunction(std::move(call)), summary, code, source, true);
}

void register_player_from_python(const std::string& name, const std::string& language, MoveFunction move,
                                 const std::string& summary, const std::string& code,
                                 const std::optional<PlayerSource>& source, bool interpreted) {
  PlayerInfo info;
  info.name = name;
  info.author = "you";
  info.language = language;
  info.summary = summary;
  info.move = std::move(move);
  info.code = code;
  info.source = source;
  info.interpreted = interpreted;
  register_runtime_player(std::move(info));
}

namespace {

// The watch's thread: every 10 ms it interrupts the calls that the stop flag or the time
// limit ends. A call is interrupted under the GIL, and only while it is still the call that
// was judged (its number unchanged), so the exception never lands in a later call.
class Watcher {
 public:
  Watcher() : thread_([this] { loop(); }) {}
  ~Watcher() {
    {
      std::lock_guard lock(mutex_);
      ending_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }

 private:
  void loop() {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(10), [this] { return ending_; })) interrupt_due_calls();
  }

  void interrupt_due_calls() {
    const std::atomic<bool>* stop;
    double limit;
    {
      std::lock_guard watch(g_watch_mutex);
      stop = g_watch_stop;
      limit = g_watch_limit;
    }
    const bool stopping = stop && stop->load();
    const int64_t now = now_ns();
    struct Due {
      CallSlot* slot;
      uint64_t call;
    };
    std::vector<Due> due;
    {
      std::lock_guard slots(g_slots_mutex);
      for (CallSlot* slot : g_slots) {
        const uint64_t call = slot->call.load();
        if (call % 2 == 0 || slot->why != Interruption::kNone) continue;
        if (stopping) slot->why = Interruption::kStopped;
        else if (limit > 0 && static_cast<double>(now - slot->started_ns.load()) > limit * 1e9)
          slot->why = Interruption::kTimedOut;
        else continue;
        due.push_back({slot, call});
      }
    }
    if (due.empty() || !Py_IsInitialized()) return;
    py::gil_scoped_acquire gil;
    std::lock_guard slots(g_slots_mutex);
    for (const Due& d : due)
      if (std::find(g_slots.begin(), g_slots.end(), d.slot) != g_slots.end() && d.slot->call.load() == d.call)
        PyThreadState_SetAsyncExc(d.slot->thread, interrupt_type());
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  bool ending_ = false;
  std::thread thread_;
};

std::optional<Watcher>& watcher() {
  static std::optional<Watcher> instance;
  return instance;
}

}  // namespace

PythonCallWatch::PythonCallWatch(const std::atomic<bool>* stop, double time_limit) {
  {
    std::lock_guard lock(g_watch_mutex);
    g_watch_stop = stop;
    g_watch_limit = time_limit;
  }
  watcher().emplace();
}

PythonCallWatch::~PythonCallWatch() {
  watcher().reset();
  std::lock_guard lock(g_watch_mutex);
  g_watch_stop = nullptr;
  g_watch_limit = 0;
}

void bind_move_arguments(py::module_& m) {
  add_move_argument_types(m);
  py::class_<PyRng, std::shared_ptr<PyRng>>(m, "Rng", "The engine's random stream for this call")
      .def(
          "random", [](const PyRng& r) { return r.use().uniform(); }, "Uniform float in [0, 1)")
      .def(
          "below",
          [](const PyRng& r, uint32_t n) {
            if (n == 0) throw py::value_error("below(0): there is no integer in [0, 0)");
            return n == 1 ? 0u : r.use().below(n);
          },
          py::arg("n"), "Uniform int in [0, n); n = 1 draws nothing")
      .def(
          "randint",
          [](const PyRng& r, int lo, int hi) {
            if (lo > hi) throw py::value_error("randint(lo, hi) needs lo <= hi");
            return lo == hi ? lo : r.use().between(lo, hi);
          },
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
  m.attr("CallInterrupted") = py::handle(interrupt_type());
}

}  // namespace ratrace
