#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

// A view whose 3x3 block ahead (dx 0..2, dy -1..1) holds `block` row by row; every other
// cell holds `rest`.
ViewGrid with_block(const int (&block)[3][3], int rest) {
  ViewGrid grid = uniform_view(rest);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) grid.cells[(r + 1) * 5 + (c + 2)] = static_cast<int8_t>(block[r][c]);
  return grid;
}

Genome all_bits_but(int index, int value) {
  GenomeBuilder builder;
  for (int i = 0; i < 100; ++i) builder.set_bit(i, i == index ? value : 1 - value);
  return builder.build();
}

TEST(Bishop, TheBlockAheadPicksTheBitThatPicksUpOrDown) {
  // Uniform colour 0: digits all 1, 111111111 in base 17 = 7411742281 -> bit 81.
  const auto view = uniform_view(0);
  EXPECT_EQ(call_player("Bishop", all_bits_but(81, 1), view), (Move{1, 1}));
  EXPECT_EQ(call_player("Bishop", all_bits_but(81, 0), view), (Move{1, -1}));
}

TEST(Bishop, WhereEachColourSitsInTheBlockMatters) {
  // Digits 2..10 row by row -> bit 54; the same colours transposed -> bit 98.
  const int rows[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  const int transposed[3][3] = {{1, 4, 7}, {2, 5, 8}, {3, 6, 9}};
  EXPECT_EQ(call_player("Bishop", all_bits_but(54, 1), with_block(rows, 0)), (Move{1, 1}));
  EXPECT_EQ(call_player("Bishop", all_bits_but(54, 0), with_block(rows, 0)), (Move{1, -1}));
  EXPECT_EQ(call_player("Bishop", all_bits_but(98, 1), with_block(transposed, 0)), (Move{1, 1}));
  EXPECT_EQ(call_player("Bishop", all_bits_but(98, 0), with_block(transposed, 0)), (Move{1, -1}));
  // Cells outside the block (behind, and the rows dy = +-2) do not matter.
  EXPECT_EQ(call_player("Bishop", all_bits_but(54, 1), with_block(rows, 13)), (Move{1, 1}));
  EXPECT_EQ(call_player("Bishop", all_bits_but(54, 0), with_block(rows, -1)), (Move{1, -1}));
}

TEST(Bishop, AlwaysDiagonalForwardAndNeverDraws) {
  const int rows[3][3] = {{-1, -1, -1}, {3, 15, 0}, {7, 7, 2}};
  for (uint32_t pattern = 0; pattern < 64; ++pattern) {
    GenomeBuilder builder;
    for (int i = 0; i < 100; ++i) builder.set_bit(i, static_cast<int>((pattern >> (i % 6)) & 1));
    Rng rng(pattern);
    const Move m = find_player("Bishop").move(builder.build(), with_block(rows, 4).view(), rng);
    EXPECT_EQ(m.dx, 1);
    EXPECT_NE(m.dy, 0);
    EXPECT_EQ(rng.draws(), 0u);
  }
}

}  // namespace
}  // namespace ratrace::testing
