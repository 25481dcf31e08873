#include <gtest/gtest.h>

#include <random>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

// The original's move table, gene value -> move.
const Move kTable[8] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

// Every one of the 33 genes holds `background`, except gene `gene`, which holds `value`.
Genome genes(int gene, uint32_t value, uint32_t background) {
  GenomeBuilder builder;
  for (int g = 0; g < 33; ++g) builder.set_chunk(3 * g, 3, g == gene ? value : background);
  return builder.build();
}

// Gene indices below were computed on a JVM: Math.abs(map.hashCode()) % 33 for a
// HashMap<java.awt.Point, Integer> holding the same 25 cells.
TEST(ROUS, UniformViewReadsTheGeneJavaHashes) {
  const auto view = uniform_view(0);  // Java hash -75497472 -> gene 6
  for (uint32_t p = 0; p < 8; ++p) {
    EXPECT_EQ(call_player("ROUS", genes(6, p, (p + 1) % 8), view), kTable[p]) << "gene value " << p;
  }
}

TEST(ROUS, EdgeViewsReadTheGenesJavaHashes) {
  // Top-left corner of the track (x = 0, y = 0): Java hash 4194356 -> gene 23.
  const auto corner = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {-1, -1, 12, 0, 4},
      {-1, -1, 15, 4, 9},
      {-1, -1, 2, 8, 14},
  });
  EXPECT_EQ(call_player("ROUS", genes(23, 6, 0), corner), (Move{1, 0}));
  EXPECT_EQ(call_player("ROUS", genes(23, 3, 0), corner), (Move{0, -1}));
  EXPECT_EQ(call_player("ROUS", genes(22, 6, 0), corner), (Move{-1, -1}));  // wrong gene: background

  // Bottom edge (the row below is out of bounds): Java hash 2076180621 -> gene 9.
  const auto bottom = make_view({
      {0, 7, 14, 5, 12},
      {3, 10, 1, 8, 15},
      {6, 13, 4, 11, 2},
      {9, 0, 7, 14, 5},
      {-1, -1, -1, -1, -1},
  });
  EXPECT_EQ(call_player("ROUS", genes(9, 7, 0), bottom), (Move{1, 1}));
  EXPECT_EQ(call_player("ROUS", genes(9, 4, 0), bottom), (Move{0, 1}));
}

TEST(ROUS, HashOfIntegerMinValueReadsGeneTwoInsteadOfCrashing) {
  // Java hash exactly Integer.MIN_VALUE: Math.abs leaves it negative, % 33 is -2 and the
  // original's table[-2] throws ArrayIndexOutOfBoundsException (checked on a JVM). Here
  // the magnitude 2^31 is taken, 2^31 mod 33 = 2.
  const auto view = make_view({
      {9, -1, 0, 0, 0},
      {-1, -1, -1, 0, 0},
      {-1, -1, 0, 0, 0},
      {-1, -1, 0, 0, 0},
      {0, -1, 0, 0, 0},
  });
  EXPECT_EQ(call_player("ROUS", genes(2, 5, 0), view), (Move{1, -1}));
  EXPECT_EQ(call_player("ROUS", genes(2, 1, 7), view), (Move{-1, 0}));
}

TEST(ROUS, AlwaysLegalNeverStillAndNeverDraws) {
  std::mt19937_64 gen(42);
  for (int trial = 0; trial < 2000; ++trial) {
    GenomeBuilder builder;
    for (int i = 0; i < 100; ++i) builder.set_bit(i, static_cast<int>(gen() & 1));
    ViewGrid grid;
    for (auto& cell : grid.cells) cell = static_cast<int8_t>(static_cast<int>(gen() % 17) - 1);
    Rng rng(trial);
    const Move m = find_player("ROUS").move(builder.build(), grid.view(), rng);
    ASSERT_TRUE(is_legal(m));
    ASSERT_NE(m, (Move{0, 0}));
    ASSERT_EQ(rng.draws(), 0u);
  }
}

}  // namespace
}  // namespace ratrace::testing
