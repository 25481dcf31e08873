#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

// LookAheadPlayer's score of colour c is striped: bits c, c+16, ..., c+80, first most significant.
Genome striped_scores(std::initializer_list<std::pair<int, uint32_t>> colour_scores) {
  GenomeBuilder builder;
  for (auto [colour, score] : colour_scores)
    for (int k = 0; k < 6; ++k) builder.set_bit(colour + 16 * k, static_cast<int>((score >> (5 - k)) & 1));
  return builder.build();
}

Move look(const Genome& genome, const ViewGrid& view) {
  Rng rng(1);
  const Move m = find_player("LookAheadPlayer").move(genome, view.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);  // deterministic: never draws
  return m;
}

TEST(LookAheadPlayer, ReadsStripedColourScores) {
  // Colour 5 scores 63 only when read striped (bits 5, 21, ..., 85); its 6-bit chunk
  // (bits 30..35) is empty. Everything else scores 0.
  const Genome genome = striped_scores({{5, 63}});
  EXPECT_EQ(genome.chunk(30, 6), 0u);
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 5, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(look(genome, view), (Move{1, 1}));
}

TEST(LookAheadPlayer, SumsTheMoveCellTwiceAndItsFollowUpCells) {
  // Colour 1 (20) sits at (1,-2), counted only for (1,-1); colour 2 (10) at (2,0), counted
  // once for (1,-1) and (1,1), twice for (1,0); colour 3 at (1,0), counted twice for (1,0).
  // (1,-1) = 20 + 10 = 30, (1,0) = 2 x s3 + 2 x 10, (1,1) = 10.
  const auto view = make_view({
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 3, 2},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(look(striped_scores({{1, 20}, {2, 10}, {3, 6}}), view), (Move{1, 0}));   // 32 > 30
  EXPECT_EQ(look(striped_scores({{1, 20}, {2, 10}, {3, 4}}), view), (Move{1, -1}));  // 28 < 30
  // 30 against 30: the first of (1,-1), (1,0), (1,1) with the best sum keeps it.
  EXPECT_EQ(look(striped_scores({{1, 20}, {2, 10}, {3, 5}}), view), (Move{1, -1}));
}

TEST(LookAheadPlayer, CountsTheCellsAheadOfTheDiagonalMoves) {
  // Down-right counts (1,1) twice plus (1,2), (2,0), (2,1), (2,2); only colour 4 (7) at
  // (2,2) scores, so (1,1) wins with 7 even though its own cell scores 0.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 4},
  });
  EXPECT_EQ(look(striped_scores({{4, 7}}), view), (Move{1, 1}));
}

TEST(LookAheadPlayer, GoesStraightWhenNothingScores) {
  EXPECT_EQ(look(striped_scores({}), uniform_view(9)), (Move{1, 0}));
  // A uniform positive view: all three sums are equal, the first (1,-1) wins.
  EXPECT_EQ(look(striped_scores({{9, 3}}), uniform_view(9)), (Move{1, -1}));
}

TEST(LookAheadPlayer, NeverStepsOutOfBounds) {
  // Top row of the track, the in-bounds view scoring 3 everywhere: (1,-1) is skipped, (1,0)
  // sums 5 x 3 (its (2,-1) is out of bounds and counts 0), (1,1) sums 6 x 3.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {9, 9, 9, 9, 9},
      {9, 9, 9, 9, 9},
      {9, 9, 9, 9, 9},
  });
  EXPECT_EQ(look(striped_scores({{9, 3}}), view), (Move{1, 1}));
  // A hand-made view where only (1,-1) is out of bounds and the cells it would count score
  // high: (1,-1) would sum 3 x 63, but it is skipped; (1,0) sums 63 from (2,-1).
  const auto hole = make_view({
      {0, 0, 0, 1, 1},
      {0, 0, 0, -1, 1},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(look(striped_scores({{1, 63}}), hole), (Move{1, 0}));
}

}  // namespace
}  // namespace ratrace::testing
