#pragma once
// Cheapest paths through the 5x5 view, shared by the path-searching players (StarPlayer,
// Running Star, WallGuesser): the cost of a path is the sum of the costs of the cells it
// enters (the specimen's own cell is not entered at the start), steps go to any of the 8
// neighbours, and a path ends on any target cell. Fixed-size arrays only: called once per move.
#include <array>
#include <bit>
#include <cstdint>

#include "ratrace/tracks/view.h"

namespace ratrace::view_path {

constexpr int kSide = 5;  // the 5x5 view
constexpr int kCells = kSide * kSide;
constexpr int kImpassable = -1;  // a cell cost that is never entered

// Index of view cell (dx, dy), |dx|, |dy| <= 2: row by row from the top left.
constexpr int cell(int dx, int dy) { return (dy + 2) * kSide + (dx + 2); }
constexpr uint32_t cell_bit(int dx, int dy) { return uint32_t{1} << cell(dx, dy); }

using Costs = std::array<int, kCells>;

// Entry costs of the view cells: out-of-bounds cells are impassable, any other cell costs
// colour_cost[its colour].
inline Costs view_costs(const View& view, const std::array<int, 16>& colour_cost) {
  Costs costs{};
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) {
      const int colour = view(dx, dy);
      costs[cell(dx, dy)] = colour == kOutOfBounds ? kImpassable : colour_cost[colour];
    }
  return costs;
}

// The first steps of the cheapest paths from the centre to a target.
struct FirstSteps {
  int cost = -1;       // cost of a cheapest path; -1 when no target can be reached
  uint16_t moves = 0;  // bit move_index(m) for every first step m that starts a cheapest path
};

namespace detail {
// The up to 8 neighbours of each view cell, as a bit set of cell indices.
constexpr std::array<uint32_t, kCells> kNeighbours = [] {
  std::array<uint32_t, kCells> table{};
  for (int i = 0; i < kCells; ++i)
    for (int ny = i / kSide - 1; ny <= i / kSide + 1; ++ny)
      for (int nx = i % kSide - 1; nx <= i % kSide + 1; ++nx)
        if (nx >= 0 && nx < kSide && ny >= 0 && ny < kSide && ny * kSide + nx != i)
          table[i] |= uint32_t{1} << (ny * kSide + nx);
  return table;
}();
// move_index of the step from the centre onto each cell of the ring around it, else -1.
constexpr std::array<int, kCells> kFirstStep = [] {
  std::array<int, kCells> table{};
  table.fill(-1);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dx != 0 || dy != 0) table[cell(dx, dy)] = (dx + 1) * 3 + (dy + 1);
  return table;
}();
}  // namespace detail

// Dijkstra run backwards from every passable target at once: to_target[i] is the cost of
// the cheapest path that enters cell i and goes on to a target (cell i's cost included).
// The cheapest paths from the centre are those whose first step s minimises to_target[s];
// cells are settled in order of to_target, so the search stops as soon as it passes the
// first settled step's value, having settled every step that ties with it. Every tied
// step is reported. Costs must be non-negative or kImpassable.
inline FirstSteps cheapest_first_steps(const Costs& costs, uint32_t targets) {
  uint32_t passable = 0;
  for (int i = 0; i < kCells; ++i)
    if (costs[i] != kImpassable) passable |= uint32_t{1} << i;
  std::array<int, kCells> to_target;  // meaningful for labelled cells only
  uint32_t frontier = targets & passable, labelled = frontier, settled = 0;
  for (uint32_t m = frontier; m != 0; m &= m - 1) to_target[std::countr_zero(m)] = costs[std::countr_zero(m)];

  FirstSteps result;
  while (frontier != 0) {
    int best = std::countr_zero(frontier);
    for (uint32_t m = frontier & (frontier - 1); m != 0; m &= m - 1)
      if (to_target[std::countr_zero(m)] < to_target[best]) best = std::countr_zero(m);
    const int value = to_target[best];
    if (result.cost >= 0 && value > result.cost) break;
    frontier &= ~(uint32_t{1} << best);
    settled |= uint32_t{1} << best;
    if (detail::kFirstStep[best] >= 0) {
      result.cost = value;
      result.moves = static_cast<uint16_t>(result.moves | (1u << detail::kFirstStep[best]));
    }
    for (uint32_t m = detail::kNeighbours[best] & passable & ~settled; m != 0; m &= m - 1) {
      const int n = std::countr_zero(m);
      const uint32_t bit = uint32_t{1} << n;
      const int through = costs[n] + value;
      if (!(labelled & bit) || through < to_target[n]) {
        to_target[n] = through;
        labelled |= bit;
        frontier |= bit;
      }
    }
  }
  return result;
}

// The order in which tied first steps are preferred: straight ahead, the forward
// diagonals, the vertical steps, then the steps back.
constexpr Move kStepPreference[8] = {{1, 0}, {1, -1}, {1, 1}, {0, -1}, {0, 1}, {-1, 0}, {-1, -1}, {-1, 1}};

// The most preferred of the reported first steps (steps.moves != 0): a deterministic
// choice, as an A* with a fixed expansion order makes, so no random draw is needed.
inline Move preferred_first_step(const FirstSteps& steps) {
  for (const Move m : kStepPreference)
    if ((steps.moves >> move_index(m)) & 1) return m;
  return Move{0, 0};
}

}  // namespace ratrace::view_path
