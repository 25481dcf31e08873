#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "SlowAndSteady";

// Colour c's segment is bits [6c, 6c+6); its score is 9 - (ones - 3)^2. In an all-zero
// genome every colour scores 0.
Genome segments(std::initializer_list<std::pair<int, uint32_t>> colour_bits) {
  GenomeBuilder builder;
  for (auto [colour, bits] : colour_bits) builder.set_chunk(6 * colour, 6, bits);
  return builder.build();
}

TEST(SlowAndSteady, ThreeOnesScoreBestNotSixOnes) {
  // Ahead: colour 1 = 111111 (score 0), colour 2 = 000000 (0), colour 3 = 010101 (9).
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 2, 0},
      {0, 0, 0, 3, 0},
      {0, 0, 0, 0, 0},
  });
  const Genome g = segments({{1, 0b111111}, {3, 0b010101}});
  EXPECT_EQ(call_player(kName, g, view), (Move{1, 1}));
  // Two ones (8) beats six ones (0) and none (0) as well.
  const Genome g2 = segments({{1, 0b111111}, {2, 0b100001}});
  EXPECT_EQ(call_player(kName, g2, view), (Move{1, 0}));
}

TEST(SlowAndSteady, DirectionCorrectionFavoursForward) {
  // Up is colour 4, forward is colour 5; everything else colour 0 (score 0).
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 4, 0, 0},
      {0, 0, 0, 5, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  // Up 9, forward 8 + correction: forward wins.
  EXPECT_EQ(call_player(kName, segments({{4, 0b000111}, {5, 0b000011}}), view), (Move{1, 0}));
  // Up 9, forward 5 + correction: up wins.
  EXPECT_EQ(call_player(kName, segments({{4, 0b000111}, {5, 0b000001}}), view), (Move{0, -1}));
}

TEST(SlowAndSteady, StepsDiagonallyBackButNeverStraightBack) {
  // A colour scoring 9 diagonally behind beats the forward cells (0 + correction).
  const auto diagonal = make_view({
      {0, 0, 0, 0, 0},
      {0, 6, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  const Genome g = segments({{6, 0b111000}});
  EXPECT_EQ(call_player(kName, g, diagonal), (Move{-1, -1}));
  // Straight back is not among the 7 neighbours looked at.
  const auto straight = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 6, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  for (uint64_t seed = 0; seed < 50; ++seed) EXPECT_EQ(call_player(kName, g, straight, seed).dx, 1);
}

TEST(SlowAndSteady, NeverStepsOutOfBoundsAndBreaksTiesAtRandom) {
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  int counts[3] = {0, 0, 0};
  for (uint64_t seed = 0; seed < 300; ++seed) {
    const Move m = call_player(kName, segments({}), view, seed);
    ASSERT_EQ(m.dx, 1);
    ASSERT_GE(m.dy, 0);
    ++counts[m.dy + 1];
  }
  EXPECT_EQ(counts[0], 0);
  EXPECT_GT(counts[1], 100);
  EXPECT_GT(counts[2], 100);
}

TEST(SlowAndSteady, DrawsOnlyOnTies) {
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 2, 0},
      {0, 0, 0, 3, 0},
      {0, 0, 0, 0, 0},
  });
  Rng rng(9);
  find_player(kName).move(segments({{3, 0b010101}}), view.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace ratrace::testing
