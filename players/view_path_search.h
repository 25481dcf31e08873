#pragma once
// Cheapest paths through the 5x5 view, shared by the path-searching players (StarPlayer,
// Running Star): the cost of a path is the sum of the costs of the cells it enters (the
// specimen's own cell is not entered at the start), steps go to any of the 8 neighbours,
// and a path ends on any target cell. Fixed-size arrays only: called once per move.
#include <array>
#include <bit>
#include <climits>
#include <cstdint>

#include "controller/rng.h"
#include "controller/view.h"

namespace ratrace::view_path {

constexpr int kSide = 5;                    // the 5x5 view
constexpr int kCells = kSide * kSide;
constexpr int kImpassable = -1;             // a cell cost that is never entered
constexpr int kCentre = 2 * kSide + 2;

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

// Dijkstra run backwards from every passable target at once: to_target[i] is the cost of
// the cheapest path that enters cell i and goes on to a target (cell i's cost included).
// The cheapest paths from the centre are then those whose first step s minimises
// to_target[s]; every such s is reported, so the caller can break ties. Costs must be
// non-negative or kImpassable.
inline FirstSteps cheapest_first_steps(const Costs& costs, uint32_t targets) {
  std::array<int, kCells> to_target;
  to_target.fill(INT_MAX);
  for (int i = 0; i < kCells; ++i)
    if (((targets >> i) & 1) && costs[i] != kImpassable) to_target[i] = costs[i];

  uint32_t settled = 0;
  for (int round = 0; round < kCells; ++round) {
    int best = -1;
    for (int i = 0; i < kCells; ++i)
      if (!((settled >> i) & 1) && to_target[i] != INT_MAX && (best < 0 || to_target[i] < to_target[best])) best = i;
    if (best < 0) break;
    settled |= uint32_t{1} << best;
    const int bx = best % kSide, by = best / kSide;
    for (int ny = by - 1; ny <= by + 1; ++ny)
      for (int nx = bx - 1; nx <= bx + 1; ++nx) {
        if (nx < 0 || nx >= kSide || ny < 0 || ny >= kSide) continue;
        const int n = ny * kSide + nx;
        if (n == best || ((settled >> n) & 1) || costs[n] == kImpassable) continue;
        const int through = costs[n] + to_target[best];
        if (through < to_target[n]) to_target[n] = through;
      }
  }

  FirstSteps result;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (dx == 0 && dy == 0) continue;
      const int value = to_target[cell(dx, dy)];
      if (value == INT_MAX) continue;
      const uint16_t bit = static_cast<uint16_t>(1u << move_index(Move{dx, dy}));
      if (result.cost < 0 || value < result.cost) {
        result.cost = value;
        result.moves = bit;
      } else if (value == result.cost) {
        result.moves = static_cast<uint16_t>(result.moves | bit);
      }
    }
  return result;
}

// One of the reported first steps (steps.moves != 0): the only one, or a uniform choice
// among the tied ones (the RNG is drawn from only on a tie).
inline Move pick_first_step(const FirstSteps& steps, Rng& rng) {
  uint32_t moves = steps.moves;
  const int count = std::popcount(moves);
  int skip = count == 1 ? 0 : static_cast<int>(rng.below(static_cast<uint32_t>(count)));
  while (skip-- > 0) moves &= moves - 1;  // drop the lowest set bits
  return move_from_index(std::countr_zero(moves));
}

}  // namespace ratrace::view_path
