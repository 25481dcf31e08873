#include "ratrace/python/request_fields.h"

#include <stdexcept>

#include "ratrace/common/numbers.h"

namespace py = pybind11;

namespace ratrace {

namespace {

std::string shown(const py::handle& value) { return clipped(py::repr(value).cast<std::string>(), 40); }

bool is_integer(const py::object& value) {
  return py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value);
}

}  // namespace

int64_t whole_field(const py::dict& request, const char* key, int64_t least, int64_t most) {
  const py::object value = request[key];
  if (!is_integer(value)) throw std::invalid_argument(std::string(key) + " must be an integer, not " + shown(value));
  const py::int_ number = value;
  if (number < py::int_(least) || number > py::int_(most))
    throw std::invalid_argument(std::string(key) + " must be in [" + std::to_string(least) + ", " +
                                std::to_string(most) + "], not " + shown(number));
  return number.cast<int64_t>();
}

double real_field(const py::dict& request, const char* key, double least, double most, bool least_excluded) {
  const py::object value = request[key];
  if (!(is_integer(value) || py::isinstance<py::float_>(value)))
    throw std::invalid_argument(std::string(key) + " must be a number, not " + shown(value));
  const double number = value.cast<double>();
  if (!(least_excluded ? number > least : number >= least) || !(number <= most))
    throw std::invalid_argument(std::string(key) + " must be in " +
                                real_range(least, most, least_excluded ? LowerEnd::kExcluded : LowerEnd::kIncluded) +
                                ", not " + shown(value));
  return number;
}

uint64_t seed_field(const py::dict& request, const char* key) {
  const py::object value = request[key];
  if (!is_integer(value) || value < py::int_(0) || value > py::int_(UINT64_MAX))
    throw std::invalid_argument(std::string(key) + " must be an integer in [0, 2^64), not " + shown(value));
  return value.cast<uint64_t>();
}

}  // namespace ratrace
