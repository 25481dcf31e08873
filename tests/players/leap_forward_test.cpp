#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

Genome avoid(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  return GenomeBuilder().set_chunk(0, 4, a).set_chunk(4, 4, b).set_chunk(8, 4, c).set_chunk(12, 4, d).build();
}

ViewGrid ahead(int up, int mid, int down) {
  return make_view({{0, 0, 0, 0, 0}, {0, 0, 0, up, 0}, {0, 0, 0, mid, 0}, {0, 0, 0, down, 0}, {0, 0, 0, 0, 0}});
}

TEST(LeapForward, MovesOntoTheOnlyColourNotListed) {
  const Genome genome = avoid(3, 5, 7, 9);
  Rng rng(1);
  EXPECT_EQ(find_player("LeapForward").move(genome, ahead(3, 5, 8).view(), rng), (Move{1, 1}));
  EXPECT_EQ(find_player("LeapForward").move(genome, ahead(12, 9, 7).view(), rng), (Move{1, -1}));
  EXPECT_EQ(find_player("LeapForward").move(genome, ahead(9, 0, 3).view(), rng), (Move{1, 0}));
  EXPECT_EQ(rng.draws(), 0u);  // one candidate: no draw
}

TEST(LeapForward, EachOfTheFourSlotsIsAvoided) {
  // The listed colour sits in slot s; the other slots hold colour 15.
  for (int s = 0; s < 4; ++s) {
    uint32_t slots[4] = {15, 15, 15, 15};
    slots[s] = 6;
    const Genome genome = avoid(slots[0], slots[1], slots[2], slots[3]);
    for (uint64_t seed = 0; seed < 50; ++seed)
      EXPECT_EQ(call_player("LeapForward", genome, ahead(6, 6, 2), seed), (Move{1, 1})) << "slot " << s;
  }
}

TEST(LeapForward, ChoosesAtRandomAmongUnlistedColours) {
  const Genome genome = avoid(4, 4, 4, 4);
  int counts[3] = {0, 0, 0};
  for (uint64_t seed = 0; seed < 2000; ++seed)
    ++counts[call_player("LeapForward", genome, ahead(1, 4, 2), seed).dy + 1];
  EXPECT_EQ(counts[1], 0);
  EXPECT_NEAR(counts[0], 1000, 120);
  EXPECT_NEAR(counts[2], 1000, 120);
}

TEST(LeapForward, LeapsAnywayWhenEveryForwardColourIsListed) {
  const Genome genome = avoid(1, 2, 3, 0);
  int counts[3] = {0, 0, 0};
  for (uint64_t seed = 0; seed < 3000; ++seed)
    ++counts[call_player("LeapForward", genome, ahead(1, 2, 3), seed).dy + 1];
  for (int c : counts) EXPECT_NEAR(c, 1000, 120);
}

TEST(LeapForward, NeverStepsOutOfBounds) {
  // Top row: (1,-1) out of bounds. Unlisted: only (1,1); and when all in-bounds cells are
  // listed it still leaps only onto in-bounds ones.
  const auto top =
      make_view({{-1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1}, {0, 0, 0, 5, 0}, {0, 0, 0, 6, 0}, {0, 0, 0, 0, 0}});
  for (uint64_t seed = 0; seed < 50; ++seed) {
    EXPECT_EQ(call_player("LeapForward", avoid(5, 5, 5, 5), top, seed), (Move{1, 1}));
    EXPECT_NE(call_player("LeapForward", avoid(5, 6, 5, 6), top, seed), (Move{1, -1}));
  }
}

}  // namespace
}  // namespace ratrace::testing
