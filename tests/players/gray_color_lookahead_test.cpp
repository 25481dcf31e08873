#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "Gray-Color Lookahead";

uint32_t to_gray(uint32_t value) { return value ^ (value >> 1); }

// Decoded Gray value giving each score: -2 -> 0, -1 -> 2, 0 -> 6, 1 -> 10, 2 -> 14.
uint32_t code_for(int score) {
  static constexpr uint32_t kCode[5] = {0, 2, 6, 10, 14};
  return to_gray(kCode[score + 2]);
}

// Colour scores (in [-2, 2]) at bits [4c, 4c+4); multiplier (1..4) at [64, 66); bias
// (0..3) at [66, 68). Unset colours score -2 (an all-zero code).
Genome genome(std::initializer_list<std::pair<int, int>> colour_scores, int multiplier = 1, int bias = 0) {
  GenomeBuilder builder;
  for (auto [colour, score] : colour_scores) builder.set_chunk(4 * colour, 4, code_for(score));
  builder.set_chunk(64, 2, to_gray(static_cast<uint32_t>(multiplier - 1)));
  builder.set_chunk(66, 2, to_gray(static_cast<uint32_t>(bias)));
  return builder.build();
}

TEST(GrayColorLookahead, DecodesGrayCodesNotPlainNumbers) {
  // Colour 1's bits 1000 read as a plain number are 8 (score 0), but as a Gray code 15
  // (score 2); colour 2's bits 1111 are 15 plainly (score 2) but 10 as a Gray code (score 1).
  // Read plainly it would go up; read as Gray codes it goes down.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 2, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
  });
  GenomeBuilder b;
  b.set_chunk(4, 4, 0b1000).set_chunk(8, 4, 0b1111);
  EXPECT_EQ(call_player(kName, b.build(), view), (Move{1, 1}));
}

TEST(GrayColorLookahead, PicksTheTileWithTheBestScore) {
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 7, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genome({{0, 0}, {7, 2}}), view), (Move{1, 1}));
}

TEST(GrayColorLookahead, LooksAheadToTheBestNextMove) {
  // All neighbours score alike; only (1,-1) can step on to the colour-5 tile at (2,-2).
  const auto view = make_view({
      {0, 0, 0, 0, 5},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genome({{0, 0}, {5, 2}}), view), (Move{1, -1}));
}

TEST(GrayColorLookahead, TileMultiplierTradesTheTileAgainstTheLookAhead) {
  // (1,1): a score-0 tile with nothing better beyond; (1,-1): a score -1 tile next to a
  // score-2 tile at (2,-2). Everything else scores -2.
  const auto view = make_view({
      {0, 0, 0, 0, 2},
      {0, 0, 0, 3, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genome({{1, 0}, {3, -1}, {2, 2}}, 1), view), (Move{1, -1}));
  EXPECT_EQ(call_player(kName, genome({{1, 0}, {3, -1}, {2, 2}}, 3), view), (Move{1, 1}));
}

TEST(GrayColorLookahead, BiasPushesItRightOtherwiseAnyMoveIsTaken) {
  const auto flat = uniform_view(4);
  int back = 0;
  for (uint64_t seed = 0; seed < 300; ++seed) {
    const Move with_bias = call_player(kName, genome({{4, 0}}, 1, 1), flat, seed);
    EXPECT_EQ(with_bias.dx, 1);
    if (call_player(kName, genome({{4, 0}}, 1, 0), flat, seed).dx == -1) ++back;
  }
  EXPECT_GT(back, 60);  // 9 tied moves, 3 of them back
}

TEST(GrayColorLookahead, NeverStepsOutOfBounds) {
  const auto view = make_view({
      {4, 4, 4, 4, 4},
      {4, 4, 4, 4, 4},
      {4, 4, 4, 4, 4},
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
  });
  int counts[3] = {0, 0, 0};
  for (uint64_t seed = 0; seed < 300; ++seed) {
    const Move m = call_player(kName, genome({{4, 0}}, 2, 1), view, seed);
    ASSERT_EQ(m.dx, 1);
    ++counts[m.dy + 1];
  }
  EXPECT_EQ(counts[2], 0);
  EXPECT_GT(counts[0], 100);
  EXPECT_GT(counts[1], 100);
}

TEST(GrayColorLookahead, DrawsOnlyOnTies) {
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 7, 0},
      {0, 0, 0, 0, 0},
  });
  Rng rng(11);
  find_player(kName).move(genome({{0, 0}, {7, 2}}), view.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace ratrace::testing
