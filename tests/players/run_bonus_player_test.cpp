#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

Genome chunks(std::initializer_list<std::pair<int, uint32_t>> colour_chunks) {
  GenomeBuilder builder;
  for (auto [colour, chunk] : colour_chunks) builder.set_chunk(6 * colour, 6, chunk);
  return builder.build();
}

// The player's first draw decides the 1-in-30 random forward move.
bool random_branch(uint64_t seed) {
  Rng rng(seed);
  return rng.below(30) == 0;
}

const auto kThreeColours = make_view({
    {0, 0, 0, 0, 0},
    {0, 0, 0, 3, 0},
    {0, 0, 0, 7, 0},
    {0, 0, 0, 9, 0},
    {0, 0, 0, 0, 0},
});

TEST(RunBonusPlayer, PicksTheHighestRunBonusNotTheHighestNumber) {
  // As numbers: 42, 31, 54 (ColorScorePlayer would go down). As run bonuses: 3, 15, 6.
  const Genome genome = chunks({{3, 0b101010}, {7, 0b011111}, {9, 0b110110}});
  int random_moves = 0;
  for (uint64_t seed = 0; seed < 3000; ++seed) {
    const Move m = call_player("Run-Bonus Player", genome, kThreeColours, seed);
    ASSERT_EQ(m.dx, 1);
    if (random_branch(seed)) {
      ++random_moves;
    } else {
      ASSERT_EQ(m, (Move{1, 0})) << "seed " << seed;
    }
  }
  EXPECT_NEAR(random_moves, 100, 35);  // 1 in 30 of 3000, > 3.5 standard deviations
}

TEST(RunBonusPlayer, MakesARandomForwardMoveOneTimeInThirty) {
  const Genome genome = chunks({{3, 0b101010}, {7, 0b011111}, {9, 0b110110}});
  int counts[3] = {0, 0, 0};
  for (uint64_t seed = 0; seed < 30000; ++seed) {
    if (!random_branch(seed)) continue;
    const Move m = call_player("Run-Bonus Player", genome, kThreeColours, seed);
    ASSERT_EQ(m.dx, 1);
    ++counts[m.dy + 1];
  }
  for (int c : counts) EXPECT_NEAR(c, 333, 80);
}

TEST(RunBonusPlayer, NeverChoosesAnOutOfBoundsCell) {
  // Top row; the in-bounds forward cells score 1 (0b000001) and 3 (0b000011).
  const Genome genome = chunks({{1, 0b000001}, {4, 0b000011}});
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {2, 2, 2, 1, 2},
      {2, 2, 2, 4, 2},
      {2, 2, 2, 2, 2},
  });
  for (uint64_t seed = 0; seed < 500; ++seed) {
    if (!random_branch(seed)) {
      EXPECT_EQ(call_player("Run-Bonus Player", genome, view, seed), (Move{1, 1}));
    }
  }
}

TEST(RunBonusPlayer, BreaksTiesAtRandom) {
  // 0b110000 and 0b000011 are 48 and 3 as numbers but both worth 3 as run bonuses.
  const Genome genome = chunks({{3, 0b110000}, {7, 0b000001}, {9, 0b000011}});
  int up = 0, down = 0;
  for (uint64_t seed = 0; seed < 2000; ++seed) {
    if (random_branch(seed)) continue;
    const Move m = call_player("Run-Bonus Player", genome, kThreeColours, seed);
    ASSERT_NE(m, (Move{1, 0}));
    (m.dy < 0 ? up : down)++;
  }
  EXPECT_NEAR(up, down, 200);
  EXPECT_GT(up, 0);
  EXPECT_GT(down, 0);
}

}  // namespace
}  // namespace ratrace::testing
