// WallGuesser (Ceribia, C++): 6 bits per colour, spread across the whole genome (colour n
// reads bits n, n+16, ..., n+80), guess which colours are walls (or backward teleporters):
// those are "blocked" and never entered. The rat takes the first step of the cheapest path
// (A*-style search) through the view to its right edge. With no path it steps left, to get
// itself killed or at least made unfit; a rat whose genome blocks no colour at all is
// treated as blocking every colour, so it always steps left. No randomness.
#include <array>
#include <cstdint>

#include "ratrace/engine/player.h"
#include "ratrace/players/view_path_search.h"

namespace ratrace {
namespace {

constexpr int kStride = 16;  // colour n: bits n + 16k, k = 0..5
constexpr int kBitsPerColour = 6;
constexpr int kBlockedSum = 4;  // a colour whose bits sum to 4 or more is blocked

// The view's right edge (dx = 2): where every path ends.
constexpr uint32_t kRightEdge = [] {
  uint32_t mask = 0;
  for (int dy = -2; dy <= 2; ++dy) mask |= view_path::cell_bit(2, dy);
  return mask;
}();

Move wall_guesser_move(const Genome& genome, const View& view, Rng&) {
  // 1. Colour costs: sum s of the colour's 6 striped bits; s >= 4 blocked, else cost 2^s.
  std::array<uint32_t, kBitsPerColour> stripes{};  // bits [16k, 16k + 16): colour c is bit 15 - c
  for (int k = 0; k < kBitsPerColour; ++k) stripes[k] = genome.chunk(kStride * k, kStride);
  std::array<int, 16> colour_cost{};
  bool any_blocked = false;
  for (int c = 0; c < 16; ++c) {
    int sum = 0;
    for (int k = 0; k < kBitsPerColour; ++k) sum += static_cast<int>((stripes[k] >> (15 - c)) & 1u);
    colour_cost[c] = sum >= kBlockedSum ? view_path::kImpassable : 1 << sum;
    any_blocked = any_blocked || sum >= kBlockedSum;
  }
  if (!any_blocked) return Move{-1, 0};  // every colour counts as blocked: no path

  // 2. The first step of the cheapest path to the right edge (exact, as A* is; costs are at
  //    least 1, so no cheapest path re-enters the rat's cell); none: one step left.
  const view_path::FirstSteps steps =
      view_path::cheapest_first_steps(view_path::view_costs(view, colour_cost), kRightEdge);
  return steps.cost < 0 ? Move{-1, 0} : view_path::preferred_first_step(steps);
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "WallGuesser",
    .author = "Ceribia",
    .language = "C++",
    .published_score = 70.98,
    .published_games = 2000,
    .published_rank = 11,
    .summary = "6 striped bits per colour (bits n, n+16, ..., n+80) make it blocked or give it a cost; the rat "
               "takes the first step of the cheapest path through the view to its right edge, never entering a "
               "blocked colour or out of bounds; with no path, or if its genome blocks no colour at all, it steps "
               "left. Deterministic.",
    .choices = "Followed from the write-up: 6 bits per colour spread over the whole genome; blocked colours are "
               "never entered; A* search for the cheapest path to any square of the view's right edge (dx = 2); no "
               "path: move one left, (-1,0), to get the rat killed; if no colour is blocked, every colour is "
               "blocked and the rat always moves left; no randomness. The decoding list is lost; reconstructed as: "
               "colour n's bits are n, n+16, n+32, n+48, n+64, n+80 (bits 96..99 unused); their sum s (0..6) makes "
               "the colour blocked when s >= 4, otherwise its cost is 2^s. Chosen: a path's cost is the sum of "
               "the costs of the cells it enters (the rat's own cell excluded and never re-entered), 8-neighbour "
               "steps within the 5x5 view; out-of-bounds cells are never entered; the search is exact (Dijkstra, "
               "which gives A*'s costs), and equally cheap first steps are broken in the order (1,0), (1,-1), "
               "(1,1), (0,-1), (0,1), (-1,0), (-1,-1), (-1,1).",
    .move = ratrace::wall_guesser_move,
})
