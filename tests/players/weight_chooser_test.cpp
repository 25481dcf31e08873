#include <gtest/gtest.h>

#include "tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "WeightChooser";

// Colour c weighs bits [6c, 6c+6) as a number; unset colours weigh 0.
Genome weights(std::initializer_list<std::pair<int, uint32_t>> colour_weights) {
  GenomeBuilder builder;
  for (auto [colour, w] : colour_weights) builder.set_chunk(6 * colour, 6, w);
  return builder.build();
}

TEST(WeightChooser, ChoosesByTheMeanWeightOfTheCellAndItsFollowUpCells) {
  // (1,-1) is the heaviest colour itself, but beyond (1,1) lie the heavy cells:
  // means (63+5+5+10)/4, (0+5+10+40)/4, (0+10+40+40)/4 for dy = -1, 0, 1.
  const auto view = make_view({{0, 0, 0, 0, 1},
                               {0, 0, 0, 3, 1},
                               {0, 0, 0, 0, 2},
                               {0, 0, 0, 0, 4},
                               {0, 0, 0, 0, 4}});
  const Genome g = weights({{1, 5}, {2, 10}, {4, 40}, {3, 63}});
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, g, view, seed), (Move{1, 1}));
  // Heavier cells above instead: it goes up.
  const Genome g2 = weights({{1, 50}, {2, 10}, {4, 5}});
  EXPECT_EQ(call_player(kName, g2, view), (Move{1, -1}));
  // The candidate cell's own weight counts: only colour 3 at (1,-1) is heavy; means
  // 63/4, 10/4, 20/4 (the follow-up cells alone would favour (1,1)).
  const Genome g3 = weights({{3, 63}, {4, 10}});
  EXPECT_EQ(call_player(kName, g3, view), (Move{1, -1}));
}

TEST(WeightChooser, LeavesOutOfBoundsCellsOutOfTheMeanAndNeverStepsOut) {
  // Top row: (1,-1) is out of bounds. (1,0) (weight 0) sees (2,0), (2,1) of weight 40:
  // mean 80/3. (1,1) sees 40, 40, 5: mean 85/4. Counting out of bounds as 0 would give (1,0) 20.
  const auto view = make_view({{-1, -1, -1, -1, -1},
                               {-1, -1, -1, -1, -1},
                               {0, 0, 0, 0, 4},
                               {0, 0, 0, 0, 4},
                               {0, 0, 0, 0, 1}});
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

  const auto view = make_view({{0, 0, 0, 0, 1},
                               {0, 0, 0, 3, 1},
                               {0, 0, 0, 0, 2},
                               {0, 0, 0, 0, 4},
                               {0, 0, 0, 0, 4}});
  Rng rng(13);
  find_player(kName).move(weights({{1, 5}, {2, 10}, {4, 40}}), view.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace ratrace::testing
