#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "Triple Score";

// Colour c scores bits [5c, 5c+5); forward score bits [80, 85); look-ahead factor (eighths)
// bits [85, 89).
Genome genome(std::initializer_list<std::pair<int, uint32_t>> colour_scores, uint32_t forward = 0,
              uint32_t factor = 0) {
  GenomeBuilder builder;
  for (auto [colour, score] : colour_scores) builder.set_chunk(5 * colour, 5, score);
  builder.set_chunk(80, 5, forward).set_chunk(85, 4, factor);
  return builder.build();
}

TEST(TripleScore, PicksTheForwardMoveOntoTheBestColour) {
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 3, 0},
      {0, 0, 0, 7, 0},
      {0, 0, 0, 9, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genome({{3, 10}, {7, 20}, {9, 5}}), view), (Move{1, 0}));
  EXPECT_EQ(call_player(kName, genome({{3, 30}, {7, 20}, {9, 5}}), view), (Move{1, -1}));
  EXPECT_EQ(call_player(kName, genome({{3, 1}, {7, 2}, {9, 31}}), view), (Move{1, 1}));
}

TEST(TripleScore, LookAheadFactorBreaksATieTowardsTheBetterFollowUp) {
  // (1,-1) and (1,1) are both colour 5; only (1,1) leads on to colour 6 at (2,2).
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 5, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 5, 0},
      {0, 0, 0, 0, 6},
  });
  const Genome looks_ahead = genome({{5, 10}, {6, 31}}, 0, 8);
  for (uint64_t seed = 0; seed < 50; ++seed) EXPECT_EQ(call_player(kName, looks_ahead, view, seed), (Move{1, 1}));

  // Without the factor the two are tied and both get picked.
  const Genome blind = genome({{5, 10}, {6, 31}}, 0, 0);
  int up = 0, down = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const Move m = call_player(kName, blind, view, seed);
    ASSERT_EQ(m.dx, 1);
    ASSERT_NE(m.dy, 0);
    (m.dy < 0 ? up : down)++;
  }
  EXPECT_GT(up, 50);
  EXPECT_GT(down, 50);
}

TEST(TripleScore, MovesUpWhenThatBeatsStayingAndEveryForwardMove) {
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 4, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genome({{4, 20}}), view), (Move{0, -1}));
}

TEST(TripleScore, DropsUpAndDownWhenStayingPutIsBetter) {
  // Up (colour 7, score 10) beats every forward move (score 1 or 0), but the rat's own
  // cell (colour 4, score 20) is better still, so up is dropped and it must go forward.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 7, 0, 0},
      {0, 0, 4, 9, 0},
      {0, 0, 7, 0, 0},
      {0, 0, 0, 0, 0},
  });
  const Genome g = genome({{4, 20}, {7, 10}, {9, 1}});
  for (uint64_t seed = 0; seed < 50; ++seed) EXPECT_EQ(call_player(kName, g, view, seed), (Move{1, 0}));
}

TEST(TripleScore, ForwardScoreTipsTheBalanceTowardsForward) {
  // Up is colour 4 (score 20), forward is colour 7 (score 15): the forward score decides.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 4, 0, 0},
      {0, 0, 0, 7, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genome({{4, 20}, {7, 15}}, 0), view), (Move{0, -1}));
  EXPECT_EQ(call_player(kName, genome({{4, 20}, {7, 15}}, 6), view), (Move{1, 0}));
}

TEST(TripleScore, NeverStepsOutOfBounds) {
  // Bottom row: everything below is out of bounds; all colours score alike.
  const auto view = make_view({
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
  });
  int counts[2] = {0, 0};
  for (uint64_t seed = 0; seed < 300; ++seed) {
    const Move m = call_player(kName, genome({{1, 7}}, 3, 5), view, seed);
    ASSERT_EQ(m.dx, 1);
    ASSERT_LE(m.dy, 0);
    ++counts[m.dy + 1];
  }
  EXPECT_GT(counts[0], 75);
  EXPECT_GT(counts[1], 75);
}

TEST(TripleScore, DrawsOnlyOnTies) {
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 3, 0},
      {0, 0, 0, 7, 0},
      {0, 0, 0, 9, 0},
      {0, 0, 0, 0, 0},
  });
  Rng rng(3);
  find_player(kName).move(genome({{3, 10}, {7, 20}, {9, 5}}), view.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace ratrace::testing
