#include "ratrace/python/move_arguments.h"

#include <climits>
#include <cstddef>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>

#include <structmember.h>

#include "ratrace/tracks/view.h"

namespace py = pybind11;

namespace ratrace {

namespace {

struct GenomeObject {
  PyObject_HEAD Genome value;
};

struct ViewObject {
  PyObject_HEAD ViewCells value;
  vectorcallfunc vectorcall;  // view(dx, dy) without an argument tuple
};

// An integer argument (any type with __index__), as an int; out-of-range values are clamped,
// which every reader then refuses as outside the genome or the view. False with a Python
// error set for a non-integer.
bool int_argument(PyObject* value, int* out) {
  int overflow = 0;
  long number;
  if (PyLong_CheckExact(value)) {
    number = PyLong_AsLongAndOverflow(value, &overflow);
  } else {
    PyObject* index = PyNumber_Index(value);
    if (!index) return false;
    number = PyLong_AsLongAndOverflow(index, &overflow);
    Py_DECREF(index);
  }
  if (overflow != 0) number = overflow > 0 ? LONG_MAX : LONG_MIN;
  else if (number == -1 && PyErr_Occurred()) return false;
  *out = number > INT_MAX ? INT_MAX : number < INT_MIN ? INT_MIN : static_cast<int>(number);
  return true;
}

bool int_arguments(const char* name, PyObject* const* args, Py_ssize_t given, int count, int* out) {
  if (given != count) {
    PyErr_Format(PyExc_TypeError, "%s() takes %d argument%s (%zd given)", name, count, count == 1 ? "" : "s", given);
    return false;
  }
  for (int i = 0; i < count; ++i)
    if (!int_argument(args[i], &out[i])) return false;
  return true;
}

// A reader's C++ error as the Python exception pybind11 gave before: a read outside the
// genome or the view an IndexError.
PyObject* raise_current() {
  try {
    throw;
  } catch (const std::out_of_range& e) {
    PyErr_SetString(PyExc_IndexError, e.what());
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  }
  return nullptr;
}

template <long (*Read)(const Genome&, int, int)>
PyObject* genome_read(PyObject* self, PyObject* const* args, Py_ssize_t given, const char* name) {
  int values[2];
  if (!int_arguments(name, args, given, 2, values)) return nullptr;
  try {
    return PyLong_FromLong(Read(reinterpret_cast<GenomeObject*>(self)->value, values[0], values[1]));
  } catch (...) {
    return raise_current();
  }
}

// Up to 32 bits, unsigned: a long holds every value.
long read_chunk(const Genome& g, int start, int length) { return g.chunk(start, length); }
long read_ones(const Genome& g, int start, int length) { return g.ones(start, length); }
long read_gray(const Genome& g, int start, int length) { return g.gray(start, length); }
long read_bit(const Genome& g, int i, int) { return g.bit(i); }

PyObject* genome_chunk(PyObject* self, PyObject* const* args, Py_ssize_t n) {
  return genome_read<read_chunk>(self, args, n, "chunk");
}
PyObject* genome_ones(PyObject* self, PyObject* const* args, Py_ssize_t n) {
  return genome_read<read_ones>(self, args, n, "ones");
}
PyObject* genome_gray(PyObject* self, PyObject* const* args, Py_ssize_t n) {
  return genome_read<read_gray>(self, args, n, "gray");
}
PyObject* genome_bit(PyObject* self, PyObject* const* args, Py_ssize_t n) {
  int i;
  if (!int_arguments("bit", args, n, 1, &i)) return nullptr;
  try {
    return PyLong_FromLong(read_bit(reinterpret_cast<GenomeObject*>(self)->value, i, 0));
  } catch (...) {
    return raise_current();
  }
}

PyObject* genome_length(PyObject* self, void*) {
  return PyLong_FromLong(reinterpret_cast<GenomeObject*>(self)->value.length());
}

// The genome as the organisers' Python controller held it: an int whose bit i is genome bit i.
PyObject* genome_value(PyObject* self, void*) {
  const Genome& g = reinterpret_cast<GenomeObject*>(self)->value;
  uint64_t low = 0, high = 0;  // genome bits 0..63 and 64..127, bit i at position i % 64
  for (int i = 0; i < g.length(); ++i) (i < 64 ? low : high) |= static_cast<uint64_t>(g.bit(i)) << (i % 64);
  py::int_ value = py::int_(high).attr("__lshift__")(64).attr("__or__")(py::int_(low));
  return value.release().ptr();
}

PyObject* genome_str(PyObject* self) {
  const std::string text = reinterpret_cast<GenomeObject*>(self)->value.to_string();
  return PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
}

PyMethodDef genome_methods[] = {
    {"chunk", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(genome_chunk)), METH_FASTCALL,
     "chunk(start, length): bits [start, start+length) as a number, bit `start` most significant (length <= 32)"},
    {"bit", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(genome_bit)), METH_FASTCALL,
     "bit(i): bit i, 0 or 1"},
    {"ones", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(genome_ones)), METH_FASTCALL,
     "ones(start, length): count of ones in bits [start, start+length)"},
    {"gray", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(genome_gray)), METH_FASTCALL,
     "gray(start, length): bits [start, start+length) as a Gray code"},
    {nullptr, nullptr, 0, nullptr}};

PyGetSetDef genome_properties[] = {
    {"length", genome_length, nullptr, "The number of bits", nullptr},
    {"value", genome_value, nullptr, "The genome as one int whose bit i is genome bit i (the organisers' Python form)",
     nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr}};

PyObject* view_call(PyObject* self, PyObject* const* args, size_t flags, PyObject* names) {
  const Py_ssize_t given = PyVectorcall_NARGS(flags);
  if (names && PyTuple_GET_SIZE(names) > 0) {
    PyErr_SetString(PyExc_TypeError, "view(dx, dy) takes no keyword arguments");
    return nullptr;
  }
  int d[2];
  if (!int_arguments("view", args, given, 2, d)) return nullptr;
  const ViewCells& v = reinterpret_cast<ViewObject*>(self)->value;
  if (d[0] < -v.radius || d[0] > v.radius || d[1] < -v.radius || d[1] > v.radius) {
    try {
      throw_view_range_error(d[0], d[1], v.radius);
    } catch (...) {
      return raise_current();
    }
  }
  return PyLong_FromLong(v.cells[static_cast<size_t>((d[1] + v.radius) * v.side() + d[0] + v.radius)]);
}

PyObject* view_radius(PyObject* self, void*) {
  return PyLong_FromLong(reinterpret_cast<ViewObject*>(self)->value.radius);
}

// rows()[2 + dy][2 + dx], as the organisers' Python controller's vision.
PyObject* view_rows(PyObject* self, PyObject*) {
  const ViewCells& v = reinterpret_cast<ViewObject*>(self)->value;
  PyObject* rows = PyList_New(v.side());
  if (!rows) return nullptr;
  for (int r = 0; r < v.side(); ++r) {
    PyObject* row = PyList_New(v.side());
    if (!row) {
      Py_DECREF(rows);
      return nullptr;
    }
    for (int c = 0; c < v.side(); ++c)
      PyList_SET_ITEM(row, c, PyLong_FromLong(v.cells[static_cast<size_t>(r * v.side() + c)]));
    PyList_SET_ITEM(rows, r, row);
  }
  return rows;
}

PyMethodDef view_methods[] = {
    {"rows", view_rows, METH_NOARGS, "rows()[2 + dy][2 + dx], as the organisers' Python controller's vision"},
    {nullptr, nullptr, 0, nullptr}};

PyGetSetDef view_properties[] = {{"radius", view_radius, nullptr, "The view's radius (2 for 5x5)", nullptr},
                                 {nullptr, nullptr, nullptr, nullptr, nullptr}};

// The types are made once, from specs (heap types: each object holds a reference to its type).
void heap_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);
}

PyTypeObject* genome_type() {
  static PyTypeObject* type = [] {
    PyType_Slot slots[] = {{Py_tp_doc, const_cast<char*>("A specimen's genome; bit 0 first")},
                           {Py_tp_methods, genome_methods},
                           {Py_tp_getset, genome_properties},
                           {Py_tp_str, reinterpret_cast<void*>(genome_str)},
                           {Py_tp_dealloc, reinterpret_cast<void*>(heap_dealloc)},
                           {0, nullptr}};
    PyType_Spec spec = {"ratrace.Genome", sizeof(GenomeObject), 0, Py_TPFLAGS_DEFAULT, slots};
    PyObject* made = PyType_FromSpec(&spec);
    if (!made) throw py::error_already_set();
    return reinterpret_cast<PyTypeObject*>(made);
  }();
  return type;
}

PyTypeObject* view_type() {
  static PyTypeObject* type = [] {
    static PyMemberDef members[] = {
        {"__vectorcalloffset__", T_PYSSIZET, offsetof(ViewObject, vectorcall), READONLY, nullptr},
        {nullptr, 0, 0, 0, nullptr}};
    PyType_Slot slots[] = {
        {Py_tp_doc,
         const_cast<char*>(
             "The 5x5 colours around a specimen, called as view(dx, dy); -1 out of bounds; dx right, dy down")},
        {Py_tp_methods, view_methods},
        {Py_tp_getset, view_properties},
        {Py_tp_members, members},
        {Py_tp_call, reinterpret_cast<void*>(PyVectorcall_Call)},
        {Py_tp_dealloc, reinterpret_cast<void*>(heap_dealloc)},
        {0, nullptr}};
    PyType_Spec spec = {"ratrace.View", sizeof(ViewObject), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL, slots};
    PyObject* made = PyType_FromSpec(&spec);
    if (!made) throw py::error_already_set();
    return reinterpret_cast<PyTypeObject*>(made);
  }();
  return type;
}

}  // namespace

py::object new_genome_object() {
  auto* object = PyObject_New(GenomeObject, genome_type());
  if (!object) throw py::error_already_set();
  new (&object->value) Genome{};
  return py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(object));
}

Genome& genome_of(py::handle genome_object) { return reinterpret_cast<GenomeObject*>(genome_object.ptr())->value; }

py::object new_view_object() {
  auto* object = PyObject_New(ViewObject, view_type());
  if (!object) throw py::error_already_set();
  new (&object->value) ViewCells{};
  object->vectorcall = view_call;
  return py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(object));
}

ViewCells& view_of(py::handle view_object) { return reinterpret_cast<ViewObject*>(view_object.ptr())->value; }

void add_move_argument_types(py::module_& m) {
  m.attr("Genome") = py::handle(reinterpret_cast<PyObject*>(genome_type()));
  m.attr("View") = py::handle(reinterpret_cast<PyObject*>(view_type()));
}

}  // namespace ratrace
