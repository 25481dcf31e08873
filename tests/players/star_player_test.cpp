#include <gtest/gtest.h>

#include <set>

#include "tests/player_test_util.h"

namespace ratrace::testing {
namespace {

// StarPlayer's cost of colour c: bits 6c..6c+5 as a number.
Genome costs(std::initializer_list<std::pair<int, uint32_t>> colour_costs) {
  GenomeBuilder builder;
  for (auto [colour, cost] : colour_costs) builder.set_chunk(6 * colour, 6, cost);
  return builder.build();
}

TEST(StarPlayer, TakesTheFirstStepOfTheCheapestPathToTheRightEdge) {
  // Colour 0 costs 63, colour 1 costs 0, colour 2 costs 10. Straight ahead costs
  // 10 + 10; the free corridor (0,1) -> (1,2) -> (2,2) costs nothing.
  const Genome genome = costs({{0, 63}, {1, 0}, {2, 10}});
  const auto view = make_view({{0, 0, 0, 0, 0},
                               {0, 0, 0, 0, 0},
                               {0, 0, 0, 2, 2},
                               {0, 0, 1, 0, 0},
                               {0, 0, 0, 1, 1}});
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player("StarPlayer", genome, view, seed), (Move{0, 1}));
  // Make the corridor's last cell dear: now the straight route (20) beats it (0 + 0 + 63).
  const auto blocked = make_view({{0, 0, 0, 0, 0},
                                  {0, 0, 0, 0, 0},
                                  {0, 0, 0, 2, 2},
                                  {0, 0, 1, 0, 0},
                                  {0, 0, 0, 1, 0}});
  EXPECT_EQ(call_player("StarPlayer", genome, blocked), (Move{1, 0}));
}

TEST(StarPlayer, OnlyTheRightmostColumnIsATarget) {
  // A free cell ahead on the top row (1,-2), reached through the free (0,-1), is no goal
  // for StarPlayer: from there the right column still costs 63. Straight ahead costs 32.
  const Genome genome = costs({{0, 63}, {1, 0}, {2, 32}});
  const auto view = make_view({{0, 0, 0, 1, 0},
                               {0, 0, 1, 0, 0},
                               {0, 0, 0, 2, 1},
                               {0, 0, 0, 0, 0},
                               {0, 0, 0, 0, 0}});
  EXPECT_EQ(call_player("StarPlayer", genome, view), (Move{1, 0}));
}

TEST(StarPlayer, NeverStepsOutOfBounds) {
  // Bottom row of the track; below is out of bounds. Every in-bounds cell costs 5, so the
  // cheapest paths take two steps: (1,-1) or (1,0) first, never (1,1).
  const Genome genome = costs({{3, 5}});
  const auto view = make_view({{3, 3, 3, 3, 3},
                               {3, 3, 3, 3, 3},
                               {3, 3, 3, 3, 3},
                               {-1, -1, -1, -1, -1},
                               {-1, -1, -1, -1, -1}});
  std::set<std::pair<int, int>> seen;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const Move m = call_player("StarPlayer", genome, view, seed);
    ASSERT_NE(m.dy, 1);
    seen.insert({m.dx, m.dy});
  }
  EXPECT_EQ(seen, (std::set<std::pair<int, int>>{{1, -1}, {1, 0}}));
}

TEST(StarPlayer, DrawsOnlyOnTies) {
  const Genome genome = costs({{0, 63}, {1, 0}, {2, 10}});
  const auto untied = make_view({{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 2, 2}, {0, 0, 1, 0, 0}, {0, 0, 0, 1, 1}});
  Rng rng(5);
  find_player("StarPlayer").move(genome, untied.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);

  // Uniform costs: (1,-1), (1,0) and (1,1) all reach the right column in two steps.
  int counts[3] = {0, 0, 0};
  for (uint64_t seed = 0; seed < 3000; ++seed) {
    const Move m = call_player("StarPlayer", costs({{7, 20}}), uniform_view(7), seed);
    ASSERT_EQ(m.dx, 1);
    ++counts[m.dy + 1];
  }
  for (int c : counts) EXPECT_NEAR(c, 1000, 120);
}

}  // namespace
}  // namespace ratrace::testing
