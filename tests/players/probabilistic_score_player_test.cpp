#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

// Block j (bits 16j..16j+15): the colour judged for the j-th cell around a target T, at
// offsets (0,0), (1,0), (1,-1), (1,1), (0,-1), (0,1) from T.
int bit_of(int block, int colour) { return 16 * block + colour; }

int counts_of(const Genome& genome, const ViewGrid& view, int n, int (&counts)[3]) {
  counts[0] = counts[1] = counts[2] = 0;
  for (uint64_t seed = 0; seed < static_cast<uint64_t>(n); ++seed) {
    const Move m = call_player("ProbabilisticScorePlayer", genome, view, seed);
    EXPECT_EQ(m.dx, 1);
    ++counts[m.dy + 1];
  }
  return n;
}

TEST(ProbabilisticScorePlayer, EachBlockJudgesItsOwnCellAroundTheTarget) {
  // Colour 10 only at (2,0): it is the cell in front of (1,0) (block 1), the cell
  // ahead-down of (1,-1) (block 3) and the cell ahead-up of (1,1) (block 2). With one good
  // bit, only one target has a positive weight, and it is taken without a draw.
  ViewGrid view = uniform_view(0);
  view.cells[2 * 5 + 4] = 10;  // row dy = 0, column dx = 2
  const struct {
    int block;
    Move expected;
  } cases[] = {{1, {1, 0}}, {3, {1, -1}}, {2, {1, 1}}};
  for (const auto& c : cases) {
    const Genome genome = GenomeBuilder().set_bit(bit_of(c.block, 10), 1).build();
    Rng rng(3);
    EXPECT_EQ(find_player("ProbabilisticScorePlayer").move(genome, view.view(), rng), c.expected)
        << "block " << c.block;
    EXPECT_EQ(rng.draws(), 0u);
  }
  // Blocks 4 and 5: the cells above and below the target. Colour 11 at (1,0) is above
  // (1,1) and below (1,-1).
  ViewGrid mid = uniform_view(0);
  mid.cells[2 * 5 + 3] = 11;
  EXPECT_EQ(call_player("ProbabilisticScorePlayer", GenomeBuilder().set_bit(bit_of(4, 11), 1).build(), mid),
            (Move{1, 1}));
  EXPECT_EQ(call_player("ProbabilisticScorePlayer", GenomeBuilder().set_bit(bit_of(5, 11), 1).build(), mid),
            (Move{1, -1}));
  // Block 0: the target itself.
  EXPECT_EQ(call_player("ProbabilisticScorePlayer", GenomeBuilder().set_bit(bit_of(0, 11), 1).build(), mid),
            (Move{1, 0}));
}

TEST(ProbabilisticScorePlayer, MovesWithProbabilityProportionalToTheGoodVerdicts) {
  // Background colour 0 (bad everywhere). (1,-1) = 1, (1,0) = 3, (1,1) = 2, (2,2) = 4.
  // (1,-1): itself good (block 0, colour 1)                                  -> weight 1
  // (1,0):  nothing good                                                      -> weight 0
  // (1,1):  itself (block 0, colour 2), above it (1,0) (block 4, colour 3) and
  //         ahead-down (2,2) (block 3, colour 4) good                         -> weight 3
  const auto view = make_view({{0, 0, 0, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 3, 0}, {0, 0, 0, 2, 0}, {0, 0, 0, 0, 4}});
  GenomeBuilder builder;
  builder.set_bit(bit_of(0, 1), 1).set_bit(bit_of(0, 2), 1).set_bit(bit_of(4, 3), 1).set_bit(bit_of(3, 4), 1);
  int counts[3];
  counts_of(builder.build(), view, 4000, counts);
  EXPECT_EQ(counts[1], 0);
  EXPECT_NEAR(counts[0], 1000, 150);  // 1/4, > 5 standard deviations
  EXPECT_NEAR(counts[2], 3000, 150);
}

TEST(ProbabilisticScorePlayer, NothingGoodMeansAUniformForwardMove) {
  int counts[3];
  counts_of(GenomeBuilder().build(), uniform_view(7), 3000, counts);
  for (int c : counts) EXPECT_NEAR(c, 1000, 120);
}

TEST(ProbabilisticScorePlayer, NeverEntersAnOutOfBoundsTarget) {
  // Top row of the track: (1,-1) is out of bounds; every colour good in every block.
  const auto top =
      make_view({{-1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}});
  GenomeBuilder all_good;
  for (int i = 0; i < 100; ++i) all_good.set_bit(i, 1);
  int counts[3];
  counts_of(all_good.build(), top, 2200, counts);
  // (1,0): its cells above and ahead-up are out of bounds (bad) -> 4; (1,1): all 6 good.
  EXPECT_EQ(counts[0], 0);
  EXPECT_NEAR(counts[1], 880, 130);
  EXPECT_NEAR(counts[2], 1320, 130);
  // With nothing good either: uniform over the two in-bounds targets only.
  counts_of(GenomeBuilder().build(), top, 2000, counts);
  EXPECT_EQ(counts[0], 0);
  EXPECT_NEAR(counts[1], 1000, 120);
}

}  // namespace
}  // namespace ratrace::testing
