// WallGuesser (Ceribia, C++): 6 bits per colour, spread across the whole genome (colour n
// reads bits n, n+16, ..., n+80), guess which colours are walls (or backward teleporters):
// those are "blocked" and never entered. The rat takes the first step of the cheapest path
// (A*-style search) through the view to its right edge. With no path it steps left, to get
// itself killed or at least made unfit; a rat whose genome blocks no colour at all is
// treated as blocking every colour, so it always steps left. No randomness.
#include <array>
#include <bit>
#include <climits>
#include <cstdint>

#include "controller/player.h"

namespace ratrace {
namespace {

constexpr int kStride = 16;        // colour n: bits n + 16k, k = 0..5
constexpr int kBitsPerColour = 6;
constexpr int kBlockedSum = 4;     // a colour whose bits sum to 4 or more is blocked
constexpr int kBlocked = -1;
constexpr int kInfinity = INT_MAX / 4;

constexpr int cell(int dx, int dy) { return (dy + 2) * 5 + dx + 2; }

// The 8-neighbourhood of every view cell, as a mask of cell bits.
constexpr std::array<uint32_t, 25> kNeighbours = [] {
  std::array<uint32_t, 25> masks{};
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx)
      for (int sy = -1; sy <= 1; ++sy)
        for (int sx = -1; sx <= 1; ++sx) {
          const int nx = dx + sx, ny = dy + sy;
          if ((sx != 0 || sy != 0) && nx >= -2 && nx <= 2 && ny >= -2 && ny <= 2)
            masks[cell(dx, dy)] |= 1u << cell(nx, ny);
        }
  return masks;
}();
constexpr uint32_t kRightEdge = [] {
  uint32_t mask = 0;
  for (int dy = -2; dy <= 2; ++dy) mask |= 1u << cell(2, dy);
  return mask;
}();

// First steps in the order that breaks ties between equally cheap paths.
constexpr std::array<Move, 8> kSteps = {{{1, 0}, {1, -1}, {1, 1}, {0, -1}, {0, 1}, {-1, 0}, {-1, -1}, {-1, 1}}};

Move wall_guesser_move(const Genome& genome, const View& view, Rng&) {
  // 1. Colour costs: sum s of the colour's 6 striped bits; s >= 4 blocked, else cost 2^s.
  std::array<uint32_t, kBitsPerColour> stripes{};  // bits [16k, 16k + 16): colour c is bit 15 - c
  for (int k = 0; k < kBitsPerColour; ++k) stripes[k] = genome.chunk(kStride * k, kStride);
  std::array<int, 16> colour_cost{};
  bool any_blocked = false;
  for (int c = 0; c < 16; ++c) {
    int sum = 0;
    for (int k = 0; k < kBitsPerColour; ++k) sum += static_cast<int>((stripes[k] >> (15 - c)) & 1u);
    colour_cost[c] = sum >= kBlockedSum ? kBlocked : 1 << sum;
    any_blocked = any_blocked || sum >= kBlockedSum;
  }
  if (!any_blocked) return Move{-1, 0};  // every colour counts as blocked: no path

  // 2. Cheapest remaining cost from every view cell to the right edge (dx = 2): the sum of
  //    the costs of the cells entered after it (Dijkstra backwards from the edge, the same
  //    costs A* finds; 8-neighbour steps, never through the rat's own cell). Cells are bits
  //    of 25-bit masks; it stops once the rat's neighbours are all settled.
  std::array<int, 25> cost{};
  uint32_t passable = 0;
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) {
      const int colour = view(dx, dy);
      const int c = cell(dx, dy);
      cost[c] = colour == kOutOfBounds ? kBlocked : colour_cost[colour];
      if (cost[c] != kBlocked) passable |= 1u << c;
    }
  passable &= ~(1u << cell(0, 0));
  std::array<int, 25> rest;
  rest.fill(kInfinity);
  uint32_t open = passable & kRightEdge, settled = 0;
  for (uint32_t m = open; m; m &= m - 1) rest[std::countr_zero(m)] = 0;
  const uint32_t wanted = passable & kNeighbours[cell(0, 0)];
  while (open && (settled & wanted) != wanted) {
    int u = std::countr_zero(open);
    for (uint32_t m = open & (open - 1); m; m &= m - 1)
      if (rest[std::countr_zero(m)] < rest[u]) u = std::countr_zero(m);
    open &= ~(1u << u);
    settled |= 1u << u;
    const int via = cost[u] + rest[u];  // step from a neighbour into u
    for (uint32_t m = kNeighbours[u] & passable & ~settled; m; m &= m - 1) {
      const int v = std::countr_zero(m);
      if (via < rest[v]) {
        rest[v] = via;
        open |= 1u << v;
      }
    }
  }

  // 3. The first step of the cheapest path; none: one step left.
  int best = kInfinity;
  Move move{-1, 0};
  for (const Move& s : kSteps) {
    const int n = cell(s.dx, s.dy);
    if (cost[n] == kBlocked || rest[n] >= kInfinity) continue;
    if (cost[n] + rest[n] < best) {
      best = cost[n] + rest[n];
      move = s;
    }
  }
  return move;
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
    .summary =
        "6 striped bits per colour (bits n, n+16, ..., n+80) make it blocked or give it a cost; the rat "
        "takes the first step of the cheapest path through the view to its right edge, never entering a "
        "blocked colour or out of bounds; with no path, or if its genome blocks no colour at all, it steps "
        "left. Deterministic.",
    .choices =
        "Followed from the write-up: 6 bits per colour spread over the whole genome; blocked colours are "
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
