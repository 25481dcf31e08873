#pragma once
// A request's fields, made by the package's Python code and checked here as the command line
// checks its flags: the bindings' one reading of numbers from Python.
#include <cstdint>
#include <string>

#include <pybind11/pybind11.h>

namespace ratrace {

// An integer (not a bool) in [least, most]; throws std::invalid_argument naming `key`.
int64_t whole_field(const pybind11::dict& request, const char* key, int64_t least, int64_t most);
// A number in [least, most], or (least, most] when `least_excluded`.
double real_field(const pybind11::dict& request, const char* key, double least, double most,
                  bool least_excluded = false);
// A master seed: an integer in [0, 2^64).
uint64_t seed_field(const pybind11::dict& request, const char* key = "seed");

}  // namespace ratrace
