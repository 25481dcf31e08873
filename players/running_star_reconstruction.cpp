// Running Star (reconstruction): the project's reading of Running Star's one-sentence write-up,
// made before the original surfaced; kept under its own name because it scores higher than
// the faithful port (players/running_star.cpp).
#include "ratrace/engine/player.h"
#include "ratrace/players/view_path_search.h"

namespace ratrace {
namespace {

// Run bonus of every 6-bit chunk (first bit most significant): the sum over its runs of n
// consecutive ones of n(n+1)/2, the same value as Genome::run_bonus, precomputed.
constexpr std::array<int, 64> kRunBonus = [] {
  std::array<int, 64> table{};
  for (int chunk = 0; chunk < 64; ++chunk) {
    int run = 0;
    for (int bit = 5; bit >= 0; --bit) {
      run = ((chunk >> bit) & 1) ? run + 1 : 0;
      table[chunk] += run;
    }
  }
  return table;
}();

// Cheapest path (sum of the run-bonus costs of the entered cells, 8-neighbour steps, never
// onto out-of-bounds cells) from the centre to the view's rightmost column or to a cell
// ahead on its top or bottom row; take its first step (ties: straight ahead, then the
// forward diagonals, then the rest). No path: a random move.
Move running_star_move(const Genome& genome, const View& view, Rng& rng) {
  std::array<int, 16> colour_cost;
  for (int c = 0; c < 16; ++c) colour_cost[c] = kRunBonus[genome.chunk(6 * c, 6)];
  constexpr uint32_t kTargets = view_path::cell_bit(2, -2) | view_path::cell_bit(2, -1) | view_path::cell_bit(2, 0) |
                                view_path::cell_bit(2, 1) | view_path::cell_bit(2, 2) | view_path::cell_bit(1, -2) |
                                view_path::cell_bit(1, 2);
  const view_path::FirstSteps steps =
      view_path::cheapest_first_steps(view_path::view_costs(view, colour_cost), kTargets);
  if (steps.moves == 0) return move_from_index(static_cast<int>(rng.below(9)));
  return view_path::preferred_first_step(steps);
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "Running Star (reconstruction)",
    .author = "TheBestOne",
    .language = "Java",
    .summary = "Colour c costs the run bonus of bits 6c..6c+5 (a run of n ones is worth n(n+1)/2); follows "
               "the first step of the cheapest path (sum of entered cells' costs, 8-neighbour steps, never "
               "out of bounds) from its cell to the view's rightmost column or a cell ahead on the view's top "
               "or bottom row.",
    .choices = "Not the original (see Running Star): an exact Dijkstra with a fixed tie preference instead of "
               "the original's first-seen paths and heap-order ties. The write-up is one sentence (Run-Bonus's colour "
               "coding with StarPlayer's technique); the "
               "search follows PLAYERS.md: the run-bonus value itself is the cost (high = avoid), the path cost "
               "sums every entered cell including the target, the specimen's own cell is passable if a path "
               "returns to it. Exact Dijkstra; where several first steps start a cheapest path, a fixed "
               "preference decides, as an A*'s fixed expansion order would: (1,0), (1,-1), (1,1), (0,-1), (0,1), "
               "(-1,0), (-1,-1), (-1,1) (breaking such ties at random instead scored 7x lower in a paired test "
               "here, 51 against 364 over 50 boards, significant). No path (only off the board, under Java's "
               "rules: on it (1,0) and (2,0) are always in bounds): a uniformly random one of the 9 moves, (0,0) "
               "included; that is the only use of the RNG.",
    .move = ratrace::running_star_move,
    .published_rules = "java-fork",
})
