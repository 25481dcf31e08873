// Pathfinder (Zgarb, C++): 5 bits per colour (bits 0..79) classify it as a trap with a
// direction (prefix 01) or give it a weight; the last 20 bits give the weights of unknown
// cells, of trap targets, of a dodge (vertical step) and a target weight. The rat weighs a
// 3x7 grid covering the view to its right (padded with unknown rows above and below), finds
// the cheapest path to the grid's right edge and takes its first step; when even that
// path's weight is below the target weight it moves randomly instead (never back), and now
// and then it takes the second-cheapest path.
#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>

#include "controller/player.h"

namespace ratrace {
namespace {

constexpr int kColourBits = 5;      // colour c: bits [5c, 5c + 5) = abcde
constexpr int kUnknownStart = 80;   // weight of unknown (unseen) grid cells
constexpr int kTrapStart = 85;      // weight added to the cells traps point at
constexpr int kDodgeStart = 90;     // weight added to the cells straight above and below
constexpr int kTargetStart = 95;    // below this, the rat is "stuck" and moves randomly
constexpr int kCols = 3;            // dx = 0..2
constexpr int kRows = 7;            // dy = -3..3
constexpr int kCells = kCols * kRows;
constexpr int kBlocked = -1;        // out of bounds: never entered
constexpr int kInfinity = INT_MAX / 4;

struct Offset {
  int dx;
  int dy;
};

// cde -> trap direction: row by row around the cell, centre skipped (dx right, dy down).
constexpr std::array<Offset, 8> kTrapDirections = {
    {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}};

// The rat's first steps, in the order that breaks ties between equally cheap paths.
constexpr std::array<Move, 5> kSteps = {{{1, 0}, {1, -1}, {1, 1}, {0, -1}, {0, 1}}};

constexpr int grid_index(int dx, int dy) { return (dy + 3) * kCols + dx; }

// abcde -> a + b + 2(c + d + e), 0..8.
int weight_of(const Genome& genome, int start) {
  return genome.ones(start, 2) + 2 * genome.ones(start + 2, 3);
}
bool is_trap(const Genome& genome, int colour) { return genome.chunk(kColourBits * colour, 2) == 0b01; }

Move pathfinder_move(const Genome& genome, const View& view, Rng& rng) {
  // 1. Weights of the 3x7 grid: seen cells by colour (traps' own cells weigh 0), unseen rows
  //    dy = +-3 the unknown weight, out of bounds blocked; cells a trap in view points at
  //    get the trap weight on top.
  std::array<int, kCells> weight{};
  std::array<bool, kCells> targeted{};
  for (int dy = -3; dy <= 3; ++dy) {
    for (int dx = 0; dx < kCols; ++dx) {
      int& w = weight[grid_index(dx, dy)];
      if (dy < -2 || dy > 2) {
        w = weight_of(genome, kUnknownStart);
        continue;
      }
      const int colour = view(dx, dy);
      if (colour == kOutOfBounds) w = kBlocked;
      else if (is_trap(genome, colour)) w = 0;
      else w = weight_of(genome, kColourBits * colour);
    }
  }
  for (int dy = -2; dy <= 2; ++dy) {
    for (int dx = -2; dx <= 2; ++dx) {
      const int colour = view(dx, dy);
      if (colour == kOutOfBounds || !is_trap(genome, colour)) continue;
      const Offset d = kTrapDirections[genome.chunk(kColourBits * colour + 2, 3)];
      const int tx = dx + d.dx, ty = dy + d.dy;
      if (tx >= 0 && tx < kCols && ty >= -3 && ty <= 3) targeted[grid_index(tx, ty)] = true;
    }
  }
  const int trap_weight = weight_of(genome, kTrapStart);
  for (int i = 0; i < kCells; ++i)
    if (targeted[i] && weight[i] != kBlocked) weight[i] += trap_weight;

  // 2. Cheapest remaining weight from every cell to the right edge (dx = 2): the sum of the
  //    weights of the cells entered after it (Dijkstra backwards from the edge, 8-neighbour
  //    steps inside the grid, never through the rat's own cell).
  std::array<int, kCells> rest;
  rest.fill(kInfinity);
  std::array<bool, kCells> done{};
  for (int dy = -3; dy <= 3; ++dy)
    if (weight[grid_index(2, dy)] != kBlocked) rest[grid_index(2, dy)] = 0;
  const int centre = grid_index(0, 0);
  done[centre] = true;
  for (;;) {
    int u = -1;
    for (int i = 0; i < kCells; ++i)
      if (!done[i] && weight[i] != kBlocked && rest[i] < kInfinity && (u < 0 || rest[i] < rest[u])) u = i;
    if (u < 0) break;
    done[u] = true;
    const int ux = u % kCols, uy = u / kCols - 3;
    for (int sy = -1; sy <= 1; ++sy) {
      for (int sx = -1; sx <= 1; ++sx) {
        const int vx = ux + sx, vy = uy + sy;
        if ((sx == 0 && sy == 0) || vx < 0 || vx >= kCols || vy < -3 || vy > 3) continue;
        const int v = grid_index(vx, vy);
        if (done[v] || weight[v] == kBlocked) continue;
        rest[v] = std::min(rest[v], weight[u] + rest[u]);  // step from v into u
      }
    }
  }

  // 3. The first steps, by the weight of the cheapest path through them; the cells straight
  //    above and below carry the dodge weight on top. Stable sort keeps kSteps' order on ties.
  const int dodge = weight_of(genome, kDodgeStart);
  std::array<Move, kSteps.size()> steps{};
  std::array<int, kSteps.size()> cost{};
  int count = 0;
  for (const Move& s : kSteps) {
    const int n = grid_index(s.dx, s.dy);
    if (weight[n] == kBlocked || rest[n] >= kInfinity) continue;
    int c = weight[n] + rest[n] + (s.dx == 0 ? dodge : 0);
    int k = count++;
    for (; k > 0 && cost[k - 1] > c; --k) {
      cost[k] = cost[k - 1];
      steps[k] = steps[k - 1];
    }
    cost[k] = c;
    steps[k] = s;
  }

  // 4. No path, or even the cheapest one below the target weight: "stuck", a random step
  //    that is not backwards (and not out of bounds).
  if (count == 0 || cost[0] < weight_of(genome, kTargetStart)) {
    std::array<Move, kSteps.size()> open{};
    int k = 0;
    for (const Move& s : kSteps)
      if (view(s.dx, s.dy) != kOutOfBounds) open[k++] = s;
    if (k == 0) return Move{1, 0};
    return k == 1 ? open[0] : open[rng.below(static_cast<uint32_t>(k))];
  }
  // 5. With probability dodge/64 the second-cheapest path, else the cheapest.
  if (count >= 2 && dodge > 0 && rng.chance(dodge / 64.0)) return steps[1];
  return steps[0];
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "Pathfinder",
    .author = "Zgarb",
    .language = "C++",
    .published_score = 35.85,
    .published_games = 50,
    .published_rank = 13,
    .summary =
        "5 bits per colour: prefix 01 makes it a trap with a direction, otherwise a weight a+b+2(c+d+e); a "
        "3x7 grid right of the rat is weighted (unknown rows, trap targets and a vertical-dodge penalty from "
        "the last 20 bits) and the rat takes the first step of the cheapest path to its right edge, moves "
        "randomly (never back) when that path weighs less than a genome target weight, and sometimes takes "
        "the second-cheapest path.",
    .choices =
        "Followed from the write-up: colour c = bits 5c..5c+4 = abcde; ab = 01: trap, cde its direction "
        "(8 ways); else weight a+b+2(c+d+e); a 3x7 grid (dx 0..2, dy -3..3) of the view to the right padded "
        "with unknown cells; bits 80-84 the unknown weight (same formula), 85-89 a common trap weight, the "
        "dodge weight added to the cells straight above and below the rat after the shortest paths are "
        "computed, 95-99 a target weight: if the minimum path weight is BELOW it (as written, although the "
        "write-up calls such a rat stuck) the rat moves randomly, never backwards; otherwise it follows the "
        "minimum-weight path, or with a small probability depending on the dodge weight the second one. "
        "Chosen where the write-up is silent (its code is lost): the dodge weight is bits 90-94 (the text "
        "says 90-95, overlapping 95-99) and all four tail fields use the a+b+2(c+d+e) formula; cde 0..7 "
        "maps to (-1,-1),(0,-1),(1,-1),(-1,0),(1,0),(-1,1),(0,1),(1,1) (dx right, dy down); trap colours' own "
        "cells weigh 0, and every grid cell pointed at by a trap anywhere in the 5x5 view gets the trap "
        "weight added once; out-of-bounds cells are never entered; a path's weight is the sum of the "
        "weights of the cells it enters (the rat's cell excluded, never re-entered), 8-neighbour steps "
        "inside the grid, ending on any cell of column dx = 2; the candidate first steps are (1,0), (1,-1), "
        "(1,1), (0,-1), (0,1), equal weights broken in that order; 'second path' = the second first step in "
        "that ranking; its probability is dodge/64 (rng drawn only when the dodge weight is positive and "
        "there are two candidates); the random move is uniform over those five steps whose cell is in "
        "bounds (also taken when no path exists).",
    .move = ratrace::pathfinder_move,
})
