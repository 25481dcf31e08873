#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

// A view whose three cells ahead are (1,-1) = up, (1,0) = mid, (1,1) = down; everything
// else colour 0.
ViewGrid ahead(int up, int mid, int down) {
  return make_view({{0, 0, 0, 0, 0}, {0, 0, 0, up, 0}, {0, 0, 0, mid, 0}, {0, 0, 0, down, 0}, {0, 0, 0, 0, 0}});
}

TEST(IAmARobotPlayer, ThreeCellsAheadFormTheSituationNumberThatIndexesTheActions) {
  // Colours 3 and 7 good, 5 bad: up good, mid bad, down good -> situation 0b101 = 5, whose
  // action lives in bits 16 + 15 .. 16 + 17.
  GenomeBuilder builder;
  builder.set_bit(3, 1).set_bit(7, 1);
  builder.set_chunk(16 + 3 * 5, 3, 2);  // action 2 = (1,1)
  for (int n = 0; n < 8; ++n)
    if (n != 5) builder.set_chunk(16 + 3 * n, 3, 6);  // every other situation: (-1,0)
  const Genome genome = builder.build();
  EXPECT_EQ(call_player("IAmARobotPlayer", genome, ahead(3, 5, 7)), (Move{1, 1}));
  // Colour 5 made good: situation 0b111 = 7 now, so the stored (-1,0) is taken.
  GenomeBuilder all_good = builder;
  all_good.set_bit(5, 1);
  EXPECT_EQ(call_player("IAmARobotPlayer", all_good.build(), ahead(3, 5, 7)), (Move{-1, 0}));
  // Up and mid swapped: situation 0b011 = 3 -> (-1,0).
  EXPECT_EQ(call_player("IAmARobotPlayer", genome, ahead(5, 3, 7)), (Move{-1, 0}));
}

TEST(IAmARobotPlayer, ActionNumbersNameTheEightNonStayingMoves) {
  const Move expected[8] = {{1, -1}, {1, 0}, {1, 1}, {0, -1}, {0, 1}, {-1, -1}, {-1, 0}, {-1, 1}};
  // All colours bad: situation 0, action in bits 16..18.
  for (uint32_t a = 0; a < 8; ++a) {
    const Genome genome = GenomeBuilder().set_chunk(16, 3, a).build();
    EXPECT_EQ(call_player("IAmARobotPlayer", genome, ahead(1, 2, 3)), expected[a]) << "action " << a;
  }
}

TEST(IAmARobotPlayer, OutOfBoundsCellsAheadCountAsBad) {
  // Top row: (1,-1) is out of bounds. Colours 4 and 6 good -> situation 0b011 = 3.
  const auto view =
      make_view({{-1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1}, {0, 0, 0, 4, 0}, {0, 0, 0, 6, 0}, {0, 0, 0, 0, 0}});
  GenomeBuilder builder;
  builder.set_bit(4, 1).set_bit(6, 1).set_chunk(16 + 3 * 3, 3, 1).set_chunk(16 + 3 * 7, 3, 0);
  builder.set_bit(15, 1);  // colour 15 good: must not be read for the out-of-bounds cell
  EXPECT_EQ(call_player("IAmARobotPlayer", builder.build(), view), (Move{1, 0}));
}

TEST(IAmARobotPlayer, IsDeterministicAndNeverDraws) {
  GenomeBuilder builder;
  for (int i = 0; i < 100; i += 3) builder.set_bit(i, 1);
  const Genome genome = builder.build();
  Rng rng(5);
  const Move first = find_player("IAmARobotPlayer").move(genome, ahead(2, 9, 12).view(), rng);
  for (uint64_t seed = 0; seed < 20; ++seed)
    EXPECT_EQ(call_player("IAmARobotPlayer", genome, ahead(2, 9, 12), seed), first);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace ratrace::testing
