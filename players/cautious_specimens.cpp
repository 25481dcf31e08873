// Cautious Specimens (MT0, C++): Blind Faith's 16 x 4-bit colour genes (11xx good, 10xx bad,
// 0ttt a trap pointing in direction ttt) turned into a map of deadly cells on a 7x7 grid
// centred on the rat (the 5x5 view plus a ring, so that a trap at the view's edge can point
// outside it), then a shortest route through safe cells to the right edge of the view.
#include <array>
#include <bit>
#include <cstdint>

#include "controller/player.h"

namespace ratrace {
namespace {

constexpr int kGeneBits = 4;   // colour c: bits [4c, 4c + 4); bits 64..99 are unused
constexpr int kView = 2;       // view radius: the 5x5 view
constexpr int kGrid = 3;       // safety-grid radius: the 7x7 grid
constexpr int kGridSide = 2 * kGrid + 1;

struct Offset {
  int dx;
  int dy;
};

// ttt -> the neighbour a trap gene points at: row by row around the cell, centre skipped
// (dx grows to the right, dy downwards).
constexpr std::array<Offset, 8> kTrapDirections = {
    {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}};

constexpr int grid_index(int dx, int dy) { return (dy + kGrid) * kGridSide + dx + kGrid; }
constexpr int view_index(int dx, int dy) { return (dy + kView) * 5 + dx + kView; }

Move cautious_specimens_move(const Genome& genome, const View& view, Rng& rng) {
  // 1. The 7x7 safety grid. Out-of-bounds cells and "bad" colours are deadly; a "trap"
  //    colour makes the cell it points to deadly (itself staying safe unless another trap
  //    points at it). Ring cells are never seen, only pointed at.
  std::array<bool, kGridSide * kGridSide> deadly{};
  for (int dy = -kView; dy <= kView; ++dy) {
    for (int dx = -kView; dx <= kView; ++dx) {
      const int colour = view(dx, dy);
      if (colour == kOutOfBounds) {
        deadly[grid_index(dx, dy)] = true;
        continue;
      }
      const uint32_t gene = genome.chunk(kGeneBits * colour, kGeneBits);
      if (gene & 0b1000) {
        if (!(gene & 0b0100)) deadly[grid_index(dx, dy)] = true;  // 10xx bad; 11xx good
      } else {
        const Offset d = kTrapDirections[gene & 0b0111];  // 0ttt
        deadly[grid_index(dx + d.dx, dy + d.dy)] = true;
      }
    }
  }

  // 2. Breadth-first search from the rat through safe view cells (8-neighbour steps). For
  //    every cell: its step count and the set of first moves (bit move_index) that begin
  //    one of its shortest routes. The rat's own cell is only the start.
  std::array<int8_t, 25> dist;
  dist.fill(-1);
  std::array<uint16_t, 25> first{};
  std::array<int8_t, 25> queue_dx{}, queue_dy{};
  int head = 0, tail = 0;
  dist[view_index(0, 0)] = 0;
  queue_dx[tail] = 0;
  queue_dy[tail++] = 0;
  while (head < tail) {
    const int cx = queue_dx[head], cy = queue_dy[head++];
    const int c = view_index(cx, cy);
    for (int sy = -1; sy <= 1; ++sy) {
      for (int sx = -1; sx <= 1; ++sx) {
        const int nx = cx + sx, ny = cy + sy;
        if ((sx == 0 && sy == 0) || nx < -kView || nx > kView || ny < -kView || ny > kView) continue;
        if (deadly[grid_index(nx, ny)]) continue;
        const int n = view_index(nx, ny);
        const uint16_t via = dist[c] == 0 ? static_cast<uint16_t>(1u << move_index(Move{sx, sy})) : first[c];
        if (dist[n] < 0) {
          dist[n] = static_cast<int8_t>(dist[c] + 1);
          first[n] = via;
          queue_dx[tail] = static_cast<int8_t>(nx);
          queue_dy[tail++] = static_cast<int8_t>(ny);
        } else if (dist[n] == dist[c] + 1) {
          first[n] |= via;
        }
      }
    }
  }

  // 3. Destination: the safe cells of the view's right edge; failing that, the reachable
  //    cells furthest to the right. Of those, the nearest; their shortest routes' first
  //    moves are the candidates.
  int best_dx = -kView - 1, best_dist = 0;
  uint16_t moves = 0;
  for (int dy = -kView; dy <= kView; ++dy) {
    for (int dx = -kView; dx <= kView; ++dx) {
      const int n = view_index(dx, dy);
      if (dist[n] <= 0) continue;  // unreachable, or the rat's own cell
      if (dx > best_dx || (dx == best_dx && dist[n] < best_dist)) {
        best_dx = dx;
        best_dist = dist[n];
        moves = first[n];
      } else if (dx == best_dx && dist[n] == best_dist) {
        moves |= first[n];
      }
    }
  }
  if (moves == 0) return Move{0, 0};  // boxed in: no safe neighbour, stay put

  // 4. One candidate: take it without drawing; several: uniformly at random.
  const int count = std::popcount(static_cast<unsigned>(moves));
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
    .summary =
        "Reads Blind Faith's 4-bit colour genes (11xx good, 10xx bad, 0ttt a trap marking the neighbour in "
        "direction ttt as deadly) into a 7x7 safety grid around itself, then follows the shortest route "
        "through safe view cells to the view's right edge (ties at random); the other 36 bits are unused.",
    .choices =
        "Followed from the write-up: colour c's gene is bits 4c..4c+3 (first bit most significant); 11xx "
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
