#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "The FITTEST";

// The table index the write-up's hash gives a view: 17, then *31 + colour per cell, column
// by column, 32-bit wrap-around, modulo 68.
int table_index(const ViewGrid& grid) {
  const View view = grid.view();
  uint32_t hash = 17;
  for (int dx = -2; dx <= 2; ++dx)
    for (int dy = -2; dy <= 2; ++dy) hash = hash * 31u + static_cast<uint32_t>(view(dx, dy));
  return static_cast<int>(hash % 68u);
}

// Colour scores (2 bits each, 0..3; unlisted colours score 0 = unsafe); the table is all
// `table_fill` but for bit `index`, which is `value`.
Genome genome(std::initializer_list<std::pair<int, uint32_t>> scores, int index = -1, int value = 0,
              int table_fill = 0) {
  GenomeBuilder builder;
  for (auto [colour, score] : scores) builder.set_chunk(2 * colour, 2, score);
  for (int i = 32; i < 100; ++i) builder.set_bit(i, table_fill);
  if (index >= 0) builder.set_bit(32 + index, value);
  return builder.build();
}

TEST(TheFITTEST, TakesTheBestScoringForwardCell) {
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 3, 0},
      {0, 0, 0, 7, 0},
      {0, 0, 0, 9, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genome({{3, 1}, {7, 3}, {9, 2}}), view), (Move{1, 0}));
  EXPECT_EQ(call_player(kName, genome({{3, 3}, {7, 1}, {9, 2}}), view), (Move{1, -1}));
  EXPECT_EQ(call_player(kName, genome({{3, 1}, {7, 1}, {9, 2}}), view), (Move{1, 1}));
}

TEST(TheFITTEST, ThreeWayTieGoesToTopOrBottomAsTheViewsTableBitSays) {
  auto view = uniform_view(6);
  view.cells[0] = 2;  // any view: the hash picks the bit
  const int index = table_index(view);
  // The rest of the table holds the opposite value, so only the hashed bit can decide.
  EXPECT_EQ(call_player(kName, genome({{6, 2}, {2, 2}}, index, 1, 0), view), (Move{1, -1}));
  EXPECT_EQ(call_player(kName, genome({{6, 2}, {2, 2}}, index, 0, 1), view), (Move{1, 1}));
  // A different view hashes elsewhere.
  auto other = view;
  other.cells[24] = 2;
  ASSERT_NE(table_index(other), index);
  EXPECT_EQ(call_player(kName, genome({{6, 2}, {2, 2}}, index, 1, 0), other), (Move{1, 1}));
}

TEST(TheFITTEST, TwoWayTieTakesTheTopmostOrBottommostTiedCell) {
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 5, 0},
      {0, 0, 0, 5, 0},
      {0, 0, 0, 4, 0},
      {0, 0, 0, 0, 0},
  });
  const int index = table_index(view);
  EXPECT_EQ(call_player(kName, genome({{5, 3}, {4, 1}}, index, 1, 0), view), (Move{1, -1}));
  EXPECT_EQ(call_player(kName, genome({{5, 3}, {4, 1}}, index, 0, 1), view), (Move{1, 0}));
}

TEST(TheFITTEST, NeverStepsOutOfBounds) {
  // Bottom row: (1,1) is out of bounds; (1,-1) and (1,0) tie; bit 0 means the bottommost
  // of the tied in-bounds cells.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 5, 0},
      {0, 0, 0, 5, 0},
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
  });
  const int index = table_index(view);
  EXPECT_EQ(call_player(kName, genome({{5, 2}}, index, 0, 0), view), (Move{1, 0}));
  EXPECT_EQ(call_player(kName, genome({{5, 2}}, index, 1, 1), view), (Move{1, -1}));
}

TEST(TheFITTEST, WithoutASafeForwardCellMovesVerticallyThenBack) {
  // Colour 1 scores 0 (unsafe) and fills the forward column.
  const auto view = make_view({
      {0, 0, 0, 1, 0},
      {0, 2, 3, 1, 0},
      {0, 2, 0, 1, 0},
      {0, 2, 4, 1, 0},
      {0, 0, 0, 1, 0},
  });
  EXPECT_EQ(call_player(kName, genome({{0, 1}, {2, 3}, {3, 1}, {4, 2}}), view), (Move{0, 1}));
  EXPECT_EQ(call_player(kName, genome({{0, 1}, {2, 3}, {3, 2}, {4, 0}}), view), (Move{0, -1}));
  // Both vertical cells unsafe too: back, to the best back cell.
  const auto back = make_view({
      {0, 0, 0, 1, 0},
      {0, 2, 1, 1, 0},
      {0, 3, 0, 1, 0},
      {0, 2, 1, 1, 0},
      {0, 0, 0, 1, 0},
  });
  EXPECT_EQ(call_player(kName, genome({{2, 1}, {3, 2}}), back), (Move{-1, 0}));
  EXPECT_EQ(call_player(kName, genome({{2, 3}, {3, 2}}, table_index(back), 1, 0), back), (Move{-1, -1}));
  // Nothing safe at all: it leaps forward anyway; every unsafe cell scores 0, so the
  // forward cells tie and the table bit picks the top or the bottom one.
  const auto none = make_view({
      {0, 0, 0, 1, 0},
      {0, 1, 1, 1, 0},
      {0, 1, 0, 6, 0},
      {0, 1, 1, 1, 0},
      {0, 0, 0, 1, 0},
  });
  EXPECT_EQ(call_player(kName, genome({{0, 3}}, table_index(none), 1, 0), none), (Move{1, -1}));
  EXPECT_EQ(call_player(kName, genome({{0, 3}}, table_index(none), 0, 1), none), (Move{1, 1}));
}

TEST(TheFITTEST, NeverDrawsFromTheRng) {
  const auto view = uniform_view(6);
  for (int bit = 0; bit <= 1; ++bit) {
    Rng rng(5);
    const Genome g = genome({{6, 2}}, table_index(view), bit, 1 - bit);
    EXPECT_EQ(find_player(kName).move(g, view.view(), rng), (Move{1, bit ? -1 : 1}));
    EXPECT_EQ(rng.draws(), 0u);
  }
}

}  // namespace
}  // namespace ratrace::testing
