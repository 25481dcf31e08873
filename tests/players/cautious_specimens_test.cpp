#include <gtest/gtest.h>

#include <map>

#include "tests/player_test_util.h"

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

}  // namespace
}  // namespace ratrace::testing
