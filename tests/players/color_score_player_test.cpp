#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

Genome scores(std::initializer_list<std::pair<int, uint32_t>> colour_scores) {
  GenomeBuilder builder;
  for (auto [colour, score] : colour_scores) builder.set_chunk(6 * colour, 6, score);
  return builder.build();
}

TEST(ColorScorePlayer, PicksTheForwardCellWithTheHighestColourScore) {
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 3, 0},
      {0, 0, 0, 7, 0},
      {0, 0, 0, 9, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player("ColorScorePlayer", scores({{3, 10}, {7, 40}, {9, 20}}), view), (Move{1, 0}));
  EXPECT_EQ(call_player("ColorScorePlayer", scores({{3, 63}, {7, 40}, {9, 20}}), view), (Move{1, -1}));
  EXPECT_EQ(call_player("ColorScorePlayer", scores({{3, 1}, {7, 0}, {9, 2}}), view), (Move{1, 1}));
}

TEST(ColorScorePlayer, NeverStepsOutOfBounds) {
  // Top row of the track: everything above is out of bounds; colour 5 is the best score
  // but only reachable out of bounds.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {2, 2, 2, 1, 2},
      {2, 2, 2, 4, 2},
      {2, 2, 2, 2, 2},
  });
  const Genome genome = scores({{1, 3}, {4, 9}});
  for (uint64_t seed = 0; seed < 50; ++seed)
    EXPECT_EQ(call_player("ColorScorePlayer", genome, view, seed), (Move{1, 1}));
}

TEST(ColorScorePlayer, BreaksTiesAtRandomAndDrawsOnlyOnTies) {
  const auto tie = uniform_view(6);
  int counts[3] = {0, 0, 0};
  for (uint64_t seed = 0; seed < 3000; ++seed) {
    const Move m = call_player("ColorScorePlayer", scores({}), tie, seed);
    ASSERT_EQ(m.dx, 1);
    ++counts[m.dy + 1];
  }
  for (int c : counts) EXPECT_NEAR(c, 1000, 120);  // > 4 standard deviations

  Rng rng(7);
  const auto untied = make_view({{0, 0, 0, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 2, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 0, 0}});
  find_player("ColorScorePlayer").move(scores({{2, 5}}), untied.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace ratrace::testing
