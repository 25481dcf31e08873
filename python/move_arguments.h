#pragma once
#include <array>
#include <cstdint>

#include <pybind11/pybind11.h>

#include "ratrace/engine/genome.h"

// The Genome and View a Python move function is given, as CPython types of their own rather
// than pybind11 classes: a player calls view(dx, dy) and genome.chunk(...) several times a
// move, and pybind11's general dispatch cost more than the rest of the call.
namespace ratrace {

// The view's cells as a Python call sees them: a copy, so that a view kept past its call keeps
// that call's cells.
struct ViewCells {
  static constexpr int kMostRadius = 7;
  std::array<int8_t, (2 * kMostRadius + 1) * (2 * kMostRadius + 1)> cells{};
  int radius = 2;
  int side() const { return 2 * radius + 1; }
};

// A new ratrace.Genome or ratrace.View object (a new reference), and the value it holds.
pybind11::object new_genome_object();
Genome& genome_of(pybind11::handle genome_object);
pybind11::object new_view_object();
ViewCells& view_of(pybind11::handle view_object);

// Adds the types Genome and View to module `m`.
void add_move_argument_types(pybind11::module_& m);

}  // namespace ratrace
