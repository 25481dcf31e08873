#include <gtest/gtest.h>

#include <set>

#include "tests/player_test_util.h"

namespace ratrace::testing {
namespace {

// Quality of colour c: bits 6c..6c+5 as a number.
Genome qualities(std::initializer_list<std::pair<int, uint32_t>> colour_qualities) {
  GenomeBuilder builder;
  for (auto [colour, quality] : colour_qualities) builder.set_chunk(6 * colour, 6, quality);
  return builder.build();
}

std::set<std::pair<int, int>> moves_over_seeds(const Genome& genome, const ViewGrid& view, int seeds = 200) {
  std::set<std::pair<int, int>> seen;
  for (int seed = 0; seed < seeds; ++seed) {
    const Move m = call_player("NeighborsOfNeighbors", genome, view, static_cast<uint64_t>(seed));
    seen.insert({m.dx, m.dy});
  }
  return seen;
}

TEST(NeighborsOfNeighbors, AddsHalfTheMeanQualityOfTheThreeCellsAhead) {
  // Colour 0: quality 0; colour 1: 63; colour 2: 30; colour 3: the down cell's quality.
  // (1,-1) = 30 + (63 + 63 + 0) / 3 / 2 = 51; (1,0) = 0 + 63 / 3 / 2 = 10.5;
  // (1,1) = quality of colour 3 + 0.
  const auto view = make_view({{0, 0, 0, 0, 1},
                               {0, 0, 0, 2, 1},
                               {0, 0, 0, 0, 0},
                               {0, 0, 0, 3, 0},
                               {0, 0, 0, 0, 0}});
  EXPECT_EQ(moves_over_seeds(qualities({{1, 63}, {2, 30}, {3, 50}}), view), (std::set<std::pair<int, int>>{{1, -1}}));
  EXPECT_EQ(moves_over_seeds(qualities({{1, 63}, {2, 30}, {3, 52}}), view), (std::set<std::pair<int, int>>{{1, 1}}));
  // 51 against 51: a tie, broken at random.
  EXPECT_EQ(moves_over_seeds(qualities({{1, 63}, {2, 30}, {3, 51}}), view),
            (std::set<std::pair<int, int>>{{1, -1}, {1, 1}}));
}

TEST(NeighborsOfNeighbors, AnOutOfBoundsCellAheadCountsZeroInTheMeanOfThree) {
  // Second row of the track. (1,-1) = 30 + (0 + 30 + 30) / 6 = 40; (1,0) = 33 + (30 + 30 + 0) / 6
  // = 43; (1,1) = 0 + (30 + 0 + 0) / 6 = 5. Leaving the out-of-bounds cell out of the mean
  // would make (1,-1) worth 45.
  const auto view = make_view({{-1, -1, -1, -1, -1},
                               {0, 0, 0, 1, 1},
                               {0, 0, 0, 2, 1},
                               {0, 0, 0, 0, 0},
                               {0, 0, 0, 0, 0}});
  EXPECT_EQ(moves_over_seeds(qualities({{1, 30}, {2, 33}}), view), (std::set<std::pair<int, int>>{{1, 0}}));
}

TEST(NeighborsOfNeighbors, NeverStepsOutOfBounds) {
  // Top row: every in-bounds forward candidate is worth 63 / 6; the out-of-bounds (1,-1)
  // would be worth as much if it were considered.
  const auto view = make_view({{-1, -1, -1, -1, -1},
                               {-1, -1, -1, -1, -1},
                               {0, 0, 0, 0, 1},
                               {0, 0, 0, 0, 0},
                               {0, 0, 0, 0, 0}});
  EXPECT_EQ(moves_over_seeds(qualities({{1, 63}}), view), (std::set<std::pair<int, int>>{{1, 0}, {1, 1}}));
}

TEST(NeighborsOfNeighbors, DrawsOnlyOnTies) {
  const auto view = make_view({{0, 0, 0, 0, 1}, {0, 0, 0, 2, 1}, {0, 0, 0, 0, 0}, {0, 0, 0, 3, 0}, {0, 0, 0, 0, 0}});
  Rng rng(9);
  find_player("NeighborsOfNeighbors").move(qualities({{1, 63}, {2, 30}, {3, 50}}), view.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace ratrace::testing
