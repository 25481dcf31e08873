#include <gtest/gtest.h>

#include <set>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

// Score of colour c: bits 6c..6c+5 as a number; 0 marks an unsafe colour.
Genome scores(std::initializer_list<std::pair<int, uint32_t>> colour_scores) {
  GenomeBuilder builder;
  for (auto [colour, score] : colour_scores) builder.set_chunk(6 * colour, 6, score);
  return builder.build();
}

std::set<std::pair<int, int>> moves_over_seeds(const Genome& genome, const ViewGrid& view, int seeds = 300) {
  std::set<std::pair<int, int>> seen;
  for (int seed = 0; seed < seeds; ++seed) {
    const Move m = call_player("ColorFarSeeker", genome, view, static_cast<uint64_t>(seed));
    seen.insert({m.dx, m.dy});
  }
  return seen;
}

using Moves = std::set<std::pair<int, int>>;

// Colour 0 scores 0 everywhere it is not set. (1,-1) = colour 1, (1,0) = colour 2,
// (1,1) = colour 3, (2,1) = colour 4.
const auto kLookAhead = make_view({
    {0, 0, 0, 0, 0},
    {0, 0, 0, 1, 0},
    {0, 0, 0, 2, 0},
    {0, 0, 0, 3, 4},
    {0, 0, 0, 0, 0},
});

TEST(ColorFarSeeker, WeighsTheFirstStepTwiceTheBestSecondStep) {
  // (1,-1) = 2 x 30 + 0 = 60; (1,0) = 2 x s2 + 39; (1,1) = 2 x 1 + 39 = 41.
  EXPECT_EQ(moves_over_seeds(scores({{1, 30}, {2, 10}, {3, 1}, {4, 39}}), kLookAhead), (Moves{{1, -1}}));  // 59
  EXPECT_EQ(moves_over_seeds(scores({{1, 30}, {2, 11}, {3, 1}, {4, 39}}), kLookAhead), (Moves{{1, 0}}));   // 61
  // Equal weights would give (1,0) 10 + 39 > 30; a tie at 60 is broken at random.
  EXPECT_EQ(moves_over_seeds(scores({{1, 30}, {2, 10}, {3, 1}, {4, 40}}), kLookAhead), (Moves{{1, -1}, {1, 0}}));
}

TEST(ColorFarSeeker, NeverEntersAnUnsafeColourWhenASafeForwardMoveExists) {
  // (1,0) scores 0: unsafe, however good the cells beyond it; (1,1) scores 1.
  const auto view = make_view({
      {0, 0, 0, 0, 4},
      {0, 0, 0, 0, 4},
      {0, 0, 0, 0, 4},
      {0, 0, 0, 3, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(moves_over_seeds(scores({{3, 1}, {4, 63}}), view), (Moves{{1, 1}}));
}

TEST(ColorFarSeeker, GoesSidewaysWhenNoForwardMoveIsSafe) {
  // Every forward cell scores 0. (0,-1) = 2 x 30 + 0 = 60; (0,1) = 2 x 10 + the best of
  // (1,0), (1,1), (1,2), where (1,2) is colour 4.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 1, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 2, 0, 0},
      {0, 0, 0, 4, 0},
  });
  EXPECT_EQ(moves_over_seeds(scores({{1, 30}, {2, 10}, {4, 39}}), view), (Moves{{0, -1}}));
  EXPECT_EQ(moves_over_seeds(scores({{1, 30}, {2, 10}, {4, 41}}), view), (Moves{{0, 1}}));
}

TEST(ColorFarSeeker, StepsBackAtRandomWhenNothingAheadOrAsideIsSafe) {
  const auto view = make_view({
      {5, 5, 0, 0, 0},
      {5, 5, 0, 0, 0},
      {5, 5, 0, 0, 0},
      {5, 5, 0, 0, 0},
      {5, 5, 0, 0, 0},
  });
  const Genome genome = scores({{5, 63}});
  EXPECT_EQ(moves_over_seeds(genome, view), (Moves{{-1, -1}, {-1, 0}, {-1, 1}}));
  // On the top row the step back stays in bounds.
  const auto top = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {5, 5, 0, 0, 0},
      {5, 5, 0, 0, 0},
      {5, 5, 0, 0, 0},
  });
  EXPECT_EQ(moves_over_seeds(genome, top), (Moves{{-1, 0}, {-1, 1}}));
  // On the start column there is nothing behind: any step back (the rat is stuck).
  const auto left = make_view({
      {-1, -1, 0, 0, 0},
      {-1, -1, 0, 0, 0},
      {-1, -1, 0, 0, 0},
      {-1, -1, 0, 0, 0},
      {-1, -1, 0, 0, 0},
  });
  EXPECT_EQ(moves_over_seeds(genome, left), (Moves{{-1, -1}, {-1, 0}, {-1, 1}}));
}

TEST(ColorFarSeeker, NeverStepsForwardOutOfBounds) {
  // Top row: (1,-1) is out of bounds; the in-bounds forward cells are safe and tie.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {6, 6, 6, 6, 6},
      {6, 6, 6, 6, 6},
      {6, 6, 6, 6, 6},
  });
  EXPECT_EQ(moves_over_seeds(scores({{6, 20}}), view), (Moves{{1, 0}, {1, 1}}));
}

TEST(ColorFarSeeker, DrawsOnlyOnTiesOrWhenSteppingBack) {
  Rng rng(11);
  find_player("ColorFarSeeker").move(scores({{1, 30}, {2, 10}, {3, 1}, {4, 39}}), kLookAhead.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace ratrace::testing
