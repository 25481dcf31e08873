// Running Star (TheBestOne, Java): a port of the surviving original (fork
// TheBetterOne/ppcg-genetic-algorithms, commit 1078eac), decisions identical to it.
#include <array>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

// Cost of colour c: the run bonus of bits 6c..6c+5 (a run of n ones adds 1 + 2 + ... + n),
// high = avoid. Bits 96..99 are never read (the original's chunk is 100 / 16 = 6 bits).
std::array<int, 16> colour_costs(const Genome& genome) {
  std::array<int, 16> cost{};
  for (int c = 0; c < 16; ++c) cost[c] = genome.run_bonus(6 * c, 6);
  return cost;
}

// An open path as the original keeps it: its total cost, the cell it ends on and the
// first step taken from the centre.
struct OpenPath {
  int cost;
  int8_t dx, dy;
  int8_t first_dx, first_dy;
};

// The original's open list is a java.util.PriorityQueue ordered by cost alone, so which of
// several equally cheap paths comes out first depends on that binary heap's exact sift
// rules: an element moves past its parent or child only on a strict inequality. This heap
// repeats those rules; the view has 25 cells, so 25 slots always suffice.
class JavaPriorityQueue {
 public:
  bool empty() const { return size_ == 0; }
  void offer(const OpenPath& path) {
    int k = size_++;
    while (k > 0) {
      const int parent = (k - 1) / 2;
      if (path.cost >= slots_[parent].cost) break;
      slots_[k] = slots_[parent];
      k = parent;
    }
    slots_[k] = path;
  }
  OpenPath poll() {
    const OpenPath result = slots_[0];
    const int n = --size_;
    if (n > 0) {
      const OpenPath last = slots_[n];
      int k = 0;
      while (k < n / 2) {
        int child = 2 * k + 1;
        if (child + 1 < n && slots_[child].cost > slots_[child + 1].cost) ++child;
        if (last.cost <= slots_[child].cost) break;
        slots_[k] = slots_[child];
        k = child;
      }
      slots_[k] = last;
    }
    return result;
  }

 private:
  std::array<OpenPath, 25> slots_{};
  int size_ = 0;
};

// Best-first search from the centre, as the original's "astar" (no heuristic): pop the
// cheapest open path; it wins if it ends on x = 2, or on x = 1 in the top or bottom row;
// otherwise queue its extensions to the 8 neighbours (dx outer, dy inner, -1..1, skipping
// cells outside the view or out of bounds) whose cell is neither open nor closed, so a
// cell keeps the path it was first reached by. The move is the winning path's first step.
// No path (only out-of-bounds cells ahead): dx and dy are each (int)(3u - 1) for a fresh
// uniform u, truncated towards zero: 0 with probability 2/3, 1 with 1/3, dx drawn first.
Move running_star_move(const Genome& genome, const View& view, Rng& rng) {
  const std::array<int, 16> cost = colour_costs(genome);
  auto index = [](int dx, int dy) { return (dy + 2) * 5 + (dx + 2); };
  std::array<bool, 25> seen{};  // open or closed: the original's two contains() checks
  JavaPriorityQueue open;
  open.offer({0, 0, 0, 0, 0});
  seen[index(0, 0)] = true;
  while (!open.empty()) {
    const OpenPath best = open.poll();
    if (best.dx == 2 || (best.dx > 0 && (best.dy == 2 || best.dy == -2))) return Move{best.first_dx, best.first_dy};
    for (int i = -1; i <= 1; ++i)
      for (int j = -1; j <= 1; ++j) {
        if (i == 0 && j == 0) continue;
        const int x = best.dx + i, y = best.dy + j;
        if (x < -2 || x > 2 || y < -2 || y > 2 || seen[index(x, y)]) continue;
        const int colour = view(x, y);
        if (colour == kOutOfBounds) continue;
        seen[index(x, y)] = true;
        const bool at_centre = best.dx == 0 && best.dy == 0;
        open.offer({best.cost + cost[colour], static_cast<int8_t>(x), static_cast<int8_t>(y),
                    static_cast<int8_t>(at_centre ? x : best.first_dx),
                    static_cast<int8_t>(at_centre ? y : best.first_dy)});
      }
  }
  const int dx = static_cast<int>(rng.uniform() * 3 - 1);
  const int dy = static_cast<int>(rng.uniform() * 3 - 1);
  return Move{dx, dy};
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "Running Star",
    .author = "TheBestOne",
    .language = "Java",
    .published_score = 1817.05,
    .published_games = 1000,
    .published_rank = 2,
    .summary = "Colour c costs the run bonus of bits 6c..6c+5 (a run of n ones is worth n(n+1)/2); a best-first "
               "search over the view (8-neighbour steps, never out of bounds) for a path to the view's rightmost "
               "column or a cell ahead on its top or bottom row; it takes that path's first step.",
    .choices = "A port of the surviving original (TheBetterOne/ppcg-genetic-algorithms, commit 1078eac, Java), no "
               "choice of ours: a cell keeps the path it was first reached by (not a true cheapest path), ties "
               "fall out of java.util.PriorityQueue's heap order (reproduced sift for sift), with all costs equal "
               "it moves (1,1); no path: dx, dy each 0 with probability 2/3, 1 with 1/3. Checked against the "
               "original Java code run on 100,000 random (genome, view) pairs (every decision equal; the no-path "
               "draws compared given the same two uniforms), all of them the test fixture "
               "tests/players/fixtures/running_star.txt. Scores below the earlier reconstruction, kept as "
               "'Running Star (reconstruction)'.",
    .move = ratrace::running_star_move,
    .published_rules = "java-fork",
    .original_figure = "33.3 [7.2, 154] over 40 games: the original Java code on the Java fork's own controller "
                       "(13.8 [2.1, 88.9] over 24 on the upstream Java controller)",
})
