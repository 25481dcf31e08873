// Cautious Specimens (MT0, C++): Blind Faith's 16 x 4-bit colour genes (11xx good, 10xx bad,
// 0ttt a trap pointing in direction ttt) turned into a map of deadly cells on a 7x7 grid
// centred on the rat (the 5x5 view plus a ring, so that a trap at the view's edge can point
// outside it), then a shortest route through safe cells to the right edge of the view.
#include <array>
#include <bit>
#include <cstdint>

#include "ratrace/engine/player.h"
#include "ratrace/players/view_geometry.h"

namespace ratrace {
namespace {

constexpr int kView = 2;  // view radius: the 5x5 view

constexpr auto grid_index = view_geometry::wide_index;  // the 7x7 grid: bits of a uint64_t
using view_geometry::view_index;

// Cell sets are masks: 7x7 grid cell (dx, dy) is bit grid_index(dx, dy) of a uint64_t, 5x5
// view cell (dx, dy) is bit view_index(dx, dy) of a uint32_t.
using view_geometry::grow;
constexpr auto column = view_geometry::view_column;
constexpr uint32_t kCentre = view_geometry::view_bit(0, 0);

// View cell bit -> bit move_index() of the step onto it (the rat's 8 neighbours only).
constexpr std::array<uint16_t, 25> kStepBits = [] {
  std::array<uint16_t, 25> bits{};
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dx != 0 || dy != 0) bits[view_index(dx, dy)] = static_cast<uint16_t>(1u << ((dx + 1) * 3 + dy + 1));
  return bits;
}();

RATRACE_POPCNT_CLONES Move cautious_specimens_move(const Genome& genome, const View& view, Rng& rng) {
  // 1. The 7x7 safety grid. Out-of-bounds cells and "bad" colours are deadly; a "trap"
  //    colour makes the cell it points to deadly (itself staying safe unless another trap
  //    points at it). Ring cells are never seen, only pointed at. No branch on the colours:
  //    each cell ORs in what view_geometry::kFourBitMarks says.
  const uint32_t genes_low = genome.chunk(0, 32), genes_high = genome.chunk(32, 32);  // colours 0-7, 8-15
  const uint64_t genes = (uint64_t{genes_low} << 32) | genes_high;
  uint64_t deadly = 0;  // the 7x7 grid, raised by kMarkOffset until the loop ends
  for (int dy = -kView; dy <= kView; ++dy) {
    for (int dx = -kView; dx <= kView; ++dx) {
      deadly |= view_geometry::kFourBitMarks[view_geometry::four_bit_gene(genes, view(dx, dy))] << grid_index(dx, dy);
    }
  }
  deadly >>= view_geometry::kMarkOffset;
  // The safe cells of the view (the inner 5x5 of the grid, row by row); the rat's own cell
  // is only the start of a route.
  uint32_t safe = 0;
  for (int dy = -kView; dy <= kView; ++dy)
    safe |= static_cast<uint32_t>((~deadly >> grid_index(-kView, dy)) & 0b11111) << (5 * (dy + kView));
  safe &= ~kCentre;

  // 2. The first steps the rat may take: its safe neighbours.
  const uint32_t neighbours = grow(kCentre) & safe;
  if (neighbours == 0) return Move{0, 0};  // boxed in: no safe neighbour, stay put

  // 3. Destination: the cells of the view's right edge the rat can reach by king's steps
  //    through safe cells; failing that, the reachable cells furthest to the right. The
  //    flood (fronts of growing step count) stops at the first front that touches the right
  //    edge and takes only that front's edge cells: edge cells further from the rat are
  //    further from each of its neighbours too, so they never end a shortest route, and
  //    step 4 picks the same first steps with or without them.
  uint32_t reached = 0, goal = 0;
  for (uint32_t front = neighbours; front; front = grow(front) & safe & ~reached) {
    reached |= front;
    goal = front & column(kView);
    if (goal) break;
  }
  for (int dx = kView - 1; goal == 0; --dx) goal = reached & column(dx);

  // 4. Rings of growing step count around the destination (through safe cells): the first
  //    ring touching the rat's neighbours holds the first steps of all shortest routes to
  //    the nearest destination cells.
  uint32_t ring = goal, seen = goal;
  while (!(ring & neighbours)) {
    ring = grow(ring) & safe & ~seen;
    seen |= ring;
  }
  uint32_t moves = 0;  // bit move_index of each candidate first step
  for (uint32_t m = ring & neighbours; m; m &= m - 1) moves |= kStepBits[std::countr_zero(m)];

  // 5. One candidate: take it without drawing; several: uniformly at random.
  const int count = std::popcount(moves);
  int pick = count == 1 ? 0 : static_cast<int>(rng.below(static_cast<uint32_t>(count)));
  for (int i = 0; i < 9; ++i) {
    if (!(moves & (1u << i))) continue;
    if (pick-- == 0) return move_from_index(i);
  }
  return Move{0, 0};  // unreachable
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "Cautious Specimens",
    .author = "MT0",
    .language = "C++",
    .published_score = 782.18,
    .published_games = 2000,
    .published_rank = 4,
    .summary = "Reads Blind Faith's 4-bit colour genes (11xx good, 10xx bad, 0ttt a trap marking the neighbour in "
               "direction ttt as deadly) into a 7x7 safety grid around itself, then follows the shortest route "
               "through safe view cells to the view's right edge (ties at random); the other 36 bits are unused.",
    .choices = "Followed from the write-up: colour c's gene is bits 4c..4c+3 (first bit most significant); 11xx "
               "good, 10xx bad, 0ttt trap pointing in direction ttt; bits 64..99 unused; a 7x7 grid centred on the "
               "rat (view plus a ring for trap offsets); no consistency check of the rat's own cell (the write-up "
               "dropped it and treats such squares as safe). Chosen where the write-up is silent (its code is "
               "lost): ttt 0..7 maps to (-1,-1),(0,-1),(1,-1),(-1,0),(1,0),(-1,1),(0,1),(1,1) (dx right, dy down), "
               "the same table as our Blind Faith; deadly = out of bounds, a bad colour, or pointed at by any trap "
               "in view (a trap's own cell stays safe); the rat's own cell is only the start of the search; a "
               "route is a chain of 8-neighbour steps through safe cells of the 5x5 view (ring cells are never "
               "entered), measured in steps (breadth-first search); destination: any safe cell of the right "
               "column (dx = 2), the nearest ones; if none is reachable, the reachable cells with the largest dx "
               "(which may be vertical or behind), the nearest ones; the move is the first step of one of those "
               "shortest routes, uniformly at random among the distinct first steps (rng drawn only when there "
               "are several); with no safe neighbour at all it stays put (0,0).",
    .move = ratrace::cautious_specimens_move,
})
