#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "WallGuesser";

// Colour n's striped bits n, n+16, ..., n+80: the first `sum` of them set. A sum of 4 or
// more blocks the colour; otherwise it costs 2^sum. Colour 15 is blocked unless listed, so
// that the rat does not fall into the "nothing blocked: always left" rule.
Genome sums(std::initializer_list<std::pair<int, int>> colour_sums, bool block_15 = true) {
  GenomeBuilder builder;
  if (block_15)
    for (int k = 0; k < 4; ++k) builder.set_bit(15 + 16 * k, 1);
  for (auto [colour, sum] : colour_sums)
    for (int k = 0; k < 6; ++k) builder.set_bit(colour + 16 * k, k < sum ? 1 : 0);
  return builder.build();
}

TEST(WallGuesser, WithNoBlockedColourItAlwaysStepsLeft) {
  const auto view = uniform_view(0);
  EXPECT_EQ(call_player(kName, sums({{0, 3}}, false), view), (Move{-1, 0}));
  EXPECT_EQ(call_player(kName, sums({{0, 3}}, true), view), (Move{1, 0}));
}

TEST(WallGuesser, TakesTheFirstStepOfTheCheapestPath) {
  // Colour 0 costs 4 (sum 2), colour 1 costs 1 (sum 0): (1,1) -> (2,1) costs 2.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, sums({{0, 2}, {1, 0}}), view), (Move{1, 1}));
}

TEST(WallGuesser, CostsDoubleWithEachSetBitAndFourBlock) {
  // Forward cells: colour 3 (up), 2 (straight), 1 (down); every colour-0 cell costs 8.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 3, 0},
      {0, 0, 0, 2, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
  });
  // Forward cost plus 8 for the edge cell; detours through colour 0 cost more.
  EXPECT_EQ(call_player(kName, sums({{0, 3}, {3, 3}, {2, 2}, {1, 1}}), view), (Move{1, 1}));
  EXPECT_EQ(call_player(kName, sums({{0, 3}, {3, 1}, {2, 2}, {1, 3}}), view), (Move{1, -1}));
  // Sum 4 blocks colour 1; sum 3 only makes colour 3 dear: straight ahead wins.
  EXPECT_EQ(call_player(kName, sums({{0, 3}, {3, 3}, {2, 2}, {1, 4}}), view), (Move{1, 0}));
}

TEST(WallGuesser, GoesAroundBlockedColoursAndStepsLeftWithoutAPath) {
  // Colour 5 is blocked and fills column dx = 1 but for its bottom cell.
  auto view = make_view({
      {0, 0, 0, 5, 0},
      {0, 0, 0, 5, 0},
      {0, 0, 0, 5, 0},
      {0, 0, 0, 5, 0},
      {0, 0, 0, 0, 0},
  });
  const Genome genome = sums({{0, 0}, {5, 5}});
  EXPECT_EQ(call_player(kName, genome, view), (Move{0, 1}));
  // Column dx = 1 entirely blocked: no path to the right edge, one step left.
  view.cells[4 * 5 + 3] = 5;
  EXPECT_EQ(call_player(kName, genome, view), (Move{-1, 0}));
}

TEST(WallGuesser, NeverStepsOutOfBounds) {
  // Top row; ahead costs 8, below-ahead 1: down-forward, never up.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {0, 0, 0, 2, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, sums({{0, 0}, {1, 0}, {2, 3}}), view), (Move{1, 1}));
}

TEST(WallGuesser, IsDeterministicAndReadsOnlyStripedBits) {
  const auto view = make_view({
      {0, 4, 0, 1, 0},
      {0, 0, 5, 0, 3},
      {1, 0, 2, 1, 0},
      {0, 3, 6, 0, 1},
      {0, 0, 0, 4, 0},
  });
  const Genome genome = sums({{0, 1}, {1, 2}, {3, 4}, {4, 0}, {5, 3}, {6, 1}});
  Rng rng(4);
  const Move m = find_player(kName).move(genome, view.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);
  // Bits 96..99 belong to no colour.
  GenomeBuilder tail;
  const std::string bits = genome.to_string();
  for (int i = 0; i < 100; ++i) tail.set_bit(i, bits[static_cast<size_t>(i)] == '1' || i >= 96);
  EXPECT_EQ(call_player(kName, tail.build(), view), m);
}

}  // namespace
}  // namespace ratrace::testing
