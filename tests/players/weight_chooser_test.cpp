#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "WeightChooser";

// Colour c weighs bits [6c, 6c+6) as a number; unset colours weigh 0.
Genome weights(std::initializer_list<std::pair<int, uint32_t>> colour_weights) {
  GenomeBuilder builder;
  for (auto [colour, w] : colour_weights) builder.set_chunk(6 * colour, 6, w);
  return builder.build();
}

TEST(WeightChooser, ChoosesByItsOwnWeightPlusTheMeanWeightOfTheCellsAhead) {
  // (1,-1) is the heaviest colour itself, but beyond (1,1) lie the heavy cells. Worths for
  // dy = -1, 0, 1: 63 + (5+5+10)/3, 0 + (5+10+40)/3, 0 + (10+40+40)/3: up.
  const auto view = make_view({
      {0, 0, 0, 0, 1},
      {0, 0, 0, 3, 1},
      {0, 0, 0, 0, 2},
      {0, 0, 0, 0, 4},
      {0, 0, 0, 0, 4},
  });
  const Genome g = weights({{1, 5}, {2, 10}, {4, 40}, {3, 63}});
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, g, view, seed), (Move{1, -1}));
  // The calibration candidates read the same cells otherwise: the mean over the cell and
  // the cells ahead, (63+5+5+10)/4, (0+5+10+40)/4, (0+10+40+40)/4, and the mean over the
  // cells ahead alone: both go down.
  EXPECT_EQ(call_player("WeightChooser (mean with own cell)", g, view), (Move{1, 1}));
  EXPECT_EQ(call_player("WeightChooser (following cells only)", g, view), (Move{1, 1}));
  // Only colour 3 at (1,-1) heavy: means 63/4, 10/4, 20/4 with the own cell (up), 0, 10/3,
  // 20/3 without it (down).
  const Genome g3 = weights({{3, 63}, {4, 10}});
  EXPECT_EQ(call_player(kName, g3, view), (Move{1, -1}));
  EXPECT_EQ(call_player("WeightChooser (mean with own cell)", g3, view), (Move{1, -1}));
  EXPECT_EQ(call_player("WeightChooser (following cells only)", g3, view), (Move{1, 1}));
}

TEST(WeightChooser, LeavesOutOfBoundsCellsOutOfTheMeanAndNeverStepsOut) {
  // Top row: (1,-1) is out of bounds. (1,0) (weight 0) sees (2,0), (2,1) of weight 40:
  // worth 0 + 80/2. (1,1) sees 40, 40, 5: 0 + 85/3. Counting out of bounds as 0 would give
  // (1,0) only 80/3 and send it down.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {0, 0, 0, 0, 4},
      {0, 0, 0, 0, 4},
      {0, 0, 0, 0, 1},
  });
  const Genome g = weights({{1, 5}, {4, 40}});
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, g, view, seed), (Move{1, 0}));
}

TEST(WeightChooser, BreaksTiesAtRandomAndDrawsOnlyOnTies) {
  int counts[3] = {0, 0, 0};
  for (uint64_t seed = 0; seed < 3000; ++seed) {
    const Move m = call_player(kName, weights({{6, 17}}), uniform_view(6), seed);
    ASSERT_EQ(m.dx, 1);
    ++counts[m.dy + 1];
  }
  for (int c : counts) EXPECT_NEAR(c, 1000, 120);

  const auto view = make_view({
      {0, 0, 0, 0, 1},
      {0, 0, 0, 3, 1},
      {0, 0, 0, 0, 2},
      {0, 0, 0, 0, 4},
      {0, 0, 0, 0, 4},
  });
  Rng rng(13);
  find_player(kName).move(weights({{1, 5}, {2, 10}, {4, 40}}), view.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace ratrace::testing
