#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

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
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 2, 2},
      {0, 0, 1, 0, 0},
      {0, 0, 0, 1, 1},
  });
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player("StarPlayer", genome, view, seed), (Move{0, 1}));
  // Make the corridor's last cell dear: now the straight route (20) beats it (0 + 0 + 63).
  const auto blocked = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 2, 2},
      {0, 0, 1, 0, 0},
      {0, 0, 0, 1, 0},
  });
  EXPECT_EQ(call_player("StarPlayer", genome, blocked), (Move{1, 0}));
}

TEST(StarPlayer, OnlyTheRightmostColumnIsATarget) {
  // A free cell ahead on the top row (1,-2), reached through the free (0,-1), is no goal
  // for StarPlayer: from there the right column still costs 63. Straight ahead costs 32.
  const Genome genome = costs({{0, 63}, {1, 0}, {2, 32}});
  const auto view = make_view({
      {0, 0, 0, 1, 0},
      {0, 0, 1, 0, 0},
      {0, 0, 0, 2, 1},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player("StarPlayer", genome, view), (Move{1, 0}));
}

TEST(StarPlayer, NeverStepsOutOfBounds) {
  // Bottom row of the track; below is out of bounds. In-bounds cells cost 5, (1,0) costs
  // 63: (1,-1) then the column ahead costs 10; (1,1) is out of bounds and never considered.
  const Genome genome = costs({{3, 5}, {0, 63}});
  const auto view = make_view({
      {3, 3, 3, 3, 3},
      {3, 3, 3, 3, 3},
      {3, 3, 3, 0, 3},
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
  });
  EXPECT_EQ(call_player("StarPlayer", genome, view), (Move{1, -1}));
}

TEST(StarPlayer, BreaksTiesByAFixedPreferenceWithoutDrawing) {
  const Genome genome = costs({{7, 20}, {0, 63}});
  // Uniform costs: (1,-1), (1,0) and (1,1) all reach the right column in two steps.
  Rng rng(5);
  EXPECT_EQ(find_player("StarPlayer").move(genome, uniform_view(7).view(), rng), (Move{1, 0}));
  EXPECT_EQ(rng.draws(), 0u);
  // (1,0) dear: the diagonals tie, the upper one is preferred.
  const auto dear_ahead = make_view({
      {7, 7, 7, 7, 7},
      {7, 7, 7, 7, 7},
      {7, 7, 7, 0, 7},
      {7, 7, 7, 7, 7},
      {7, 7, 7, 7, 7},
  });
  EXPECT_EQ(call_player("StarPlayer", genome, dear_ahead), (Move{1, -1}));
}

}  // namespace
}  // namespace ratrace::testing
