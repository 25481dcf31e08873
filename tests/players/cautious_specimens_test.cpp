#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <vector>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "Cautious Specimens";
constexpr uint32_t kGood = 0b1100;
constexpr uint32_t kBad = 0b1000;
constexpr uint32_t trap(uint32_t direction) { return direction; }  // 0ttt
// ttt: 0 (-1,-1), 1 (0,-1), 2 (1,-1), 3 (-1,0), 4 (1,0), 5 (-1,1), 6 (0,1), 7 (1,1).

// Every colour good unless listed.
Genome genes(std::initializer_list<std::pair<int, uint32_t>> overrides, bool tail_ones = false) {
  GenomeBuilder builder;
  for (int c = 0; c < 16; ++c) builder.set_chunk(4 * c, 4, kGood);
  for (auto [colour, gene] : overrides) builder.set_chunk(4 * colour, 4, gene);
  if (tail_ones)
    for (int i = 64; i < 100; ++i) builder.set_bit(i, 1);
  return builder.build();
}

uint64_t draws(const Genome& genome, const ViewGrid& grid) {
  Rng rng(3);
  find_player(kName).move(genome, grid.view(), rng);
  return rng.draws();
}

TEST(CautiousSpecimens, TakesTheOnlySafeForwardCellWithoutDrawing) {
  // Colour 1 is bad; the rat even stands on it (its own cell is never checked).
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 1, 0, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
  });
  // Only the first two bits of a good/bad gene count.
  const Genome genome = genes({{0, 0b1101}, {1, 0b1011}});
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, genome, view, seed), (Move{1, 0}));
  EXPECT_EQ(draws(genome, view), 0u);
  // With colour 1 good as well, the three forward cells tie.
  EXPECT_EQ(draws(genes({}), view), 1u);
}

TEST(CautiousSpecimens, AvoidsTheCellsTrapsPointAt) {
  // Colour 5 at (0,-1) points down-right at (1,0); colour 6 at (0,1) points right at (1,1).
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 5, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 6, 0, 0},
      {0, 0, 0, 0, 0},
  });
  const Genome both = genes({{5, trap(7)}, {6, trap(4)}});
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, both, view, seed), (Move{1, -1}));

  // Colour 5 good: (1,0) is free again and ties with (1,-1); (1,1) is still marked.
  const Genome one = genes({{6, trap(4)}});
  std::map<int, int> seen;
  for (uint64_t seed = 0; seed < 400; ++seed) {
    const Move m = call_player(kName, one, view, seed);
    ASSERT_EQ(m.dx, 1);
    ASSERT_NE(m.dy, 1);
    ++seen[m.dy];
  }
  EXPECT_NEAR(seen[-1], 200, 50);
  EXPECT_NEAR(seen[0], 200, 50);
}

TEST(CautiousSpecimens, TrapsAtTheViewEdgeMayPointIntoTheRing) {
  // Colour 7 points up-left, colour 8 down-right: on the view's corners they point at the
  // ring of the 7x7 grid, which is never entered; the forward choice is unaffected.
  const auto view = make_view({
      {7, 0, 0, 0, 8},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 0},
      {7, 0, 0, 0, 8},
  });
  const Genome genome = genes({{1, kBad}, {7, trap(0)}, {8, trap(7)}});
  EXPECT_EQ(call_player(kName, genome, view), (Move{1, 0}));
}

TEST(CautiousSpecimens, PlansADetourAroundAWall) {
  // Column dx = 1 is bad but for its bottom cell: the only 3-step route starts downwards.
  const auto view = make_view({
      {0, 0, 0, 1, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
  });
  const Genome genome = genes({{1, kBad}});
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, genome, view, seed), (Move{0, 1}));
  EXPECT_EQ(draws(genome, view), 0u);
}

TEST(CautiousSpecimens, NeverStepsOutOfBounds) {
  // Top row of the track; straight ahead is bad, so the only safe forward cell is below.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  const Genome genome = genes({{1, kBad}});
  for (uint64_t seed = 0; seed < 50; ++seed) EXPECT_EQ(call_player(kName, genome, view, seed), (Move{1, 1}));
}

TEST(CautiousSpecimens, WithoutARouteHeadsForTheFurthestReachableCell) {
  // Columns dx = 1, 2 and the cell above are bad: the nearest of the furthest reachable
  // cells (dx = 0) is the one below.
  const auto view = make_view({
      {0, 0, 0, 1, 1},
      {0, 0, 1, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
  });
  const Genome genome = genes({{1, kBad}});
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, genome, view, seed), (Move{0, 1}));

  // Only the cell straight behind is safe: it steps back.
  const auto behind = make_view({
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 0, 0, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
  });
  EXPECT_EQ(call_player(kName, genome, behind), (Move{-1, 0}));
}

TEST(CautiousSpecimens, StaysPutWhenBoxedIn) {
  auto view = uniform_view(1);
  view.cells[12] = 0;
  const Genome genome = genes({{1, kBad}});
  EXPECT_EQ(call_player(kName, genome, view), (Move{0, 0}));
  EXPECT_EQ(draws(genome, view), 0u);
  // Traps pointing at every neighbour box it in just the same: each neighbour is a trap
  // colour pointing at the next neighbour clockwise (2 points right, 3 down, 4 left, 5 up).
  const auto ring = make_view({
      {0, 0, 0, 0, 0},
      {0, 2, 2, 3, 0},
      {0, 5, 0, 3, 0},
      {0, 5, 4, 4, 0},
      {0, 0, 0, 0, 0},
  });
  const Genome trap_genome = genes({{2, trap(4)}, {3, trap(6)}, {4, trap(3)}, {5, trap(1)}});
  EXPECT_EQ(call_player(kName, trap_genome, ring), (Move{0, 0}));
  // Make (1,1) a plain good cell: it is still pointed at by (1,0), but nothing points at
  // (0,1) any more, and the route through it is the only one left.
  auto opened = ring;
  opened.cells[3 * 5 + 3] = 0;
  EXPECT_EQ(call_player(kName, trap_genome, opened), (Move{0, 1}));
}

TEST(CautiousSpecimens, IgnoresTheLast36Bits) {
  const auto view = make_view({
      {0, 2, 0, 1, 0},
      {0, 0, 5, 0, 0},
      {1, 0, 0, 1, 0},
      {0, 3, 6, 0, 1},
      {0, 0, 0, 0, 0},
  });
  const std::initializer_list<std::pair<int, uint32_t>> overrides = {{1, kBad}, {5, trap(7)}, {6, trap(2)}};
  for (uint64_t seed = 0; seed < 50; ++seed)
    EXPECT_EQ(call_player(kName, genes(overrides), view, seed), call_player(kName, genes(overrides, true), view, seed));
}

// The rule as the write-up states it, computed the plain way: the set of deadly cells, step
// distances by breadth-first search, and the first steps of the shortest routes to the
// nearest destination cells. The player computes the same with bit masks and stops its
// search early; this checks, on random views, that it picks among exactly these steps and
// draws only when there are several.
std::vector<Move> first_steps_by_search(const Genome& genome, const ViewGrid& grid) {
  const auto gene = [&](int colour) { return genome.chunk(4 * colour, 4); };
  const auto colour_at = [&](int dx, int dy) { return grid.cells[(dy + 2) * 5 + dx + 2]; };
  const auto inside = [](int dx, int dy) { return std::abs(dx) <= 2 && std::abs(dy) <= 2; };
  constexpr Move kDirections[8] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
  bool deadly[5][5] = {};
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) {
      const int colour = colour_at(dx, dy);
      if (colour == kOutOfBounds || (gene(colour) >> 2) == 0b10) deadly[dy + 2][dx + 2] = true;
      if (colour != kOutOfBounds && (gene(colour) >> 3) == 0) {
        const Move d = kDirections[gene(colour)];
        if (inside(dx + d.dx, dy + d.dy)) deadly[dy + d.dy + 2][dx + d.dx + 2] = true;
      }
    }
  const auto open = [&](int dx, int dy) { return inside(dx, dy) && (dx || dy) && !deadly[dy + 2][dx + 2]; };
  // Steps from a set of cells through open cells (the rat's own cell is never entered).
  const auto distances_from = [&](const std::vector<Move>& from) {
    std::array<std::array<int, 5>, 5> d;
    for (auto& row : d) row.fill(-1);
    std::vector<Move> queue = from;
    for (const Move& c : from) d[c.dy + 2][c.dx + 2] = 0;
    for (size_t k = 0; k < queue.size(); ++k)
      for (const Move& step : kDirections) {
        const Move next{queue[k].dx + step.dx, queue[k].dy + step.dy};
        if (open(next.dx, next.dy) && d[next.dy + 2][next.dx + 2] < 0) {
          d[next.dy + 2][next.dx + 2] = d[queue[k].dy + 2][queue[k].dx + 2] + 1;
          queue.push_back(next);
        }
      }
    return d;
  };
  std::vector<Move> neighbours;
  for (const Move& step : kDirections)
    if (open(step.dx, step.dy)) neighbours.push_back(step);
  if (neighbours.empty()) return {{0, 0}};
  const auto from_rat = distances_from(neighbours);
  int furthest = -3;
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx)
      if (from_rat[dy + 2][dx + 2] >= 0) furthest = std::max(furthest, dx);
  std::vector<Move> destination;
  for (int dy = -2; dy <= 2; ++dy)
    if (from_rat[dy + 2][furthest + 2] >= 0) destination.push_back({furthest, dy});
  const auto to_destination = distances_from(destination);
  int nearest = 100;  // a neighbour cut off from the destination (-1) has no route
  for (const Move& n : neighbours)
    if (to_destination[n.dy + 2][n.dx + 2] >= 0) nearest = std::min(nearest, to_destination[n.dy + 2][n.dx + 2]);
  std::vector<Move> steps;
  for (const Move& n : neighbours)
    if (to_destination[n.dy + 2][n.dx + 2] == nearest) steps.push_back(n);
  return steps;
}

TEST(CautiousSpecimens, PicksAmongTheShortestRoutesFirstStepsOfAPlainSearch) {
  Rng random(21);
  int several = 0;
  for (int k = 0; k < 20000; ++k) {
    ViewGrid view;
    const int colours = 2 + static_cast<int>(random.below(5));
    for (int8_t& c : view.cells) c = static_cast<int8_t>(random.below(static_cast<uint32_t>(colours)));
    if (random.below(3) == 0)
      for (int x = 0; x < 5; ++x) view.cells[x] = kOutOfBounds;  // the top edge of the track
    const Genome genome((static_cast<uint128>(random.next()) << 64) | random.next(), 100);
    const std::vector<Move> expected = first_steps_by_search(genome, view);
    Rng rng(static_cast<uint64_t>(k));
    const Move move = find_player(kName).move(genome, view.view(), rng);
    ASSERT_NE(std::find(expected.begin(), expected.end(), move), expected.end()) << "case " << k;
    ASSERT_EQ(rng.draws() > 0, expected.size() > 1) << "case " << k;
    several += expected.size() > 1;
  }
  EXPECT_GT(several, 2000) << "random views with ties";
}

}  // namespace
}  // namespace ratrace::testing
