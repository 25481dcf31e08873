#include <gtest/gtest.h>

#include <map>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "House";
// 5-bit genes: 110xx, 01xxx and 101xx open, 111xx jump, 100xx bad, 00ttt danger pointing at ttt.
constexpr uint32_t kJump = 0b11101, kOpen = 0b11000, kOpenAlt = 0b01101, kOpenThird = 0b10110, kBad = 0b10000,
                   kBadAlt = 0b10011;
constexpr uint32_t danger(uint32_t ttt) { return ttt; }
// ttt: 0 (-1,-1), 1 (0,-1), 2 (1,-1), 3 (-1,0), 4 (1,0), 5 (-1,1), 6 (0,1), 7 (1,1)

// Every colour bad unless listed; tie bits (80..95) all `tie`; of bits 96..99 only `set` set.
Genome genes(std::initializer_list<std::pair<int, uint32_t>> colour_genes, int tie = 0,
             std::initializer_list<int> set = {}) {
  GenomeBuilder builder;
  for (int c = 0; c < 16; ++c) builder.set_chunk(5 * c, 5, kBad);
  for (auto [colour, gene] : colour_genes) builder.set_chunk(5 * colour, 5, gene);
  for (int i = 80; i < 96; ++i) builder.set_bit(i, tie);
  for (int bit : set) builder.set_bit(bit, 1);
  return builder.build();
}

// How often each move is chosen over `seeds` generator seeds.
std::map<std::pair<int, int>, int> moves_over_seeds(const Genome& genome, const ViewGrid& view, int seeds) {
  std::map<std::pair<int, int>, int> counts;
  for (int seed = 1; seed <= seeds; ++seed) {
    const Move m = call_player(kName, genome, view, static_cast<uint64_t>(seed));
    ++counts[{m.dx, m.dy}];
  }
  return counts;
}

TEST(House, FollowsTheOnlyOpenCorridorWithoutDrawing) {
  // A corridor of colour 0 along the rat's row, everything else bad: straight ahead, and no
  // other forward cell is open, so the generator is never drawn.
  const auto corridor = make_view({
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
      {0, 0, 0, 0, 0},
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
  });
  for (uint32_t open : {kOpen, kOpenAlt, kOpenThird}) {
    Rng rng(7);
    EXPECT_EQ(find_player(kName).move(genes({{0, open}}), corridor.view(), rng), (Move{1, 0}));
    EXPECT_EQ(rng.draws(), 0u);
  }
}

TEST(House, FollowsThePathAroundADeadEnd) {
  // Straight ahead is open but leads nowhere (the edge beside it is bad); the diagonal down
  // reaches the right edge at (2,2). The up diagonal is bad, so nothing else is open ahead.
  const auto view = make_view({
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 0, 0, 1},
      {1, 1, 1, 0, 1},
      {1, 1, 1, 1, 0},
  });
  // Straight ahead is open, so the escape may take it now and then; the path's step is the
  // rule.
  const auto counts = moves_over_seeds(genes({{0, kOpen}, {1, kBadAlt}}), view, 512);
  EXPECT_GT((counts.count({1, 1}) ? counts.at({1, 1}) : 0), 512 * 7 / 8);
  for (const auto& [move, n] : counts) EXPECT_TRUE(move == std::make_pair(1, 1) || move == std::make_pair(1, 0));
  // A longer detour: up, then forward along the top row; nothing ahead is open.
  const auto detour = make_view({
      {1, 1, 1, 0, 0},
      {1, 1, 0, 1, 1},
      {1, 1, 0, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
  });
  EXPECT_EQ(call_player(kName, genes({{0, kOpen}}), detour), (Move{0, -1}));
}

TEST(House, TiesGoToTheGenomesDirection) {
  // Straight ahead bad, both forward diagonals one step from the edge.
  auto view = uniform_view(0);
  view.cells[2 * 5 + 3] = 1;
  const auto up = moves_over_seeds(genes({{0, kOpen}}, 1), view, 256);
  const auto down = moves_over_seeds(genes({{0, kOpen}}, 0), view, 256);
  EXPECT_GT(up.at({1, -1}), 256 * 7 / 8);
  EXPECT_GT(down.at({1, 1}), 256 * 7 / 8);
  // One of the 16 tie bits is addressed by this view.
  int up_first = 0;
  for (int i = 80; i < 96; ++i) {
    GenomeBuilder builder;
    for (int c = 0; c < 16; ++c) builder.set_chunk(5 * c, 5, c == 1 ? kBad : kOpen);
    builder.set_bit(i, 1);
    // The path's step is the one taken most often (the escape takes the other now and then).
    const auto counts = moves_over_seeds(builder.build(), view, 64);
    ASSERT_EQ(counts.count({0, -1}) + counts.count({0, 1}) + counts.count({-1, 0}), 0u);
    if (counts.count({1, -1}) && counts.at({1, -1}) > 32) ++up_first;
  }
  EXPECT_EQ(up_first, 1);
}

TEST(House, DangerGeneBlocksTheCellItPointsAt) {
  // The rat's own cell, colour 2, points right (ttt = 4): straight ahead is blocked, and
  // colour 3 at (2,-1) points left (ttt = 3) at (1,-1): only the down diagonal is left ahead
  // (the escape steps up or down now and then, never onto a blocked cell).
  auto view = uniform_view(0);
  view.cells[2 * 5 + 2] = 2;
  view.cells[1 * 5 + 4] = 3;
  const auto counts = moves_over_seeds(genes({{0, kOpen}, {2, danger(4)}, {3, danger(3)}}, 1), view, 512);
  EXPECT_GT(counts.at({1, 1}), 512 * 7 / 8);
  EXPECT_EQ(counts.count({1, 0}) + counts.count({1, -1}), 0u);
  // The danger cell itself stays open: it is the only way forward here.
  auto lone = uniform_view(1);
  lone.cells[2 * 5 + 3] = 5;  // (1,0), colour 5, points up-left at (0,-1)
  lone.cells[2 * 5 + 4] = 0;  // (2,0) open
  EXPECT_EQ(call_player(kName, genes({{0, kOpen}, {5, danger(0)}}), lone), (Move{1, 0}));
}

TEST(House, HeadsForAJumpColourAheadButNotBesideIt) {
  // All open; colour 2, a jump colour, at the up diagonal: the rat steps onto it rather than
  // straight ahead (a path of one step to a goal against two).
  auto ahead = uniform_view(0);
  ahead.cells[1 * 5 + 3] = 2;
  const auto counts = moves_over_seeds(genes({{0, kOpen}, {2, kJump}}), ahead, 512);
  EXPECT_GT(counts.at({1, -1}), 512 * 7 / 8);
  // Two columns ahead, a jump cell is as good as the edge: straight ahead stays the first step.
  auto far = uniform_view(0);
  far.cells[0 * 5 + 4] = 2;
  EXPECT_GT(moves_over_seeds(genes({{0, kOpen}, {2, kJump}}), far, 512).at({1, 0}), 512 * 7 / 8);
  // Beside the rat it is no goal: straight ahead again.
  auto beside = uniform_view(0);
  beside.cells[1 * 5 + 2] = 2;
  EXPECT_GT(moves_over_seeds(genes({{0, kOpen}, {2, kJump}}), beside, 512).at({1, 0}), 512 * 7 / 8);
  // A jump cell that a danger gene points at is blocked like any other: colour 3 at the rat's
  // cell points up-right (ttt = 2) at it.
  auto marked = ahead;
  marked.cells[2 * 5 + 2] = 3;
  const auto avoided = moves_over_seeds(genes({{0, kOpen}, {2, kJump}, {3, danger(2)}}), marked, 512);
  EXPECT_EQ(avoided.count({1, -1}), 0u);
  EXPECT_GT(avoided.at({1, 0}), 512 * 7 / 8);
}

TEST(House, EscapesOntoOtherOpenForwardCellsAboutOnceInSixteen) {
  // All open: the path goes straight ahead; the escape takes one of the two forward
  // diagonals, 1/16 of the time, split between them.
  constexpr int kSeeds = 16000;
  const auto counts = moves_over_seeds(genes({{0, kOpen}}), uniform_view(0), kSeeds);
  ASSERT_EQ(counts.size(), 3u);
  const int escapes = counts.at({1, -1}) + counts.at({1, 1});
  EXPECT_NEAR(escapes, kSeeds / 16, 120);  // 1000 expected, sd about 31
  EXPECT_NEAR(counts.at({1, -1}), counts.at({1, 1}), 150);
  // A bad forward cell is never an escape: with the up diagonal bad, only down.
  auto view = uniform_view(0);
  view.cells[1 * 5 + 3] = 1;
  const auto down_only = moves_over_seeds(genes({{0, kOpen}}), view, 4000);
  EXPECT_EQ(down_only.size(), 2u);
  EXPECT_EQ(down_only.count({1, -1}), 0u);
}

TEST(House, EscapesVerticallyWhenNothingElseAheadIsOpen) {
  // The path runs straight ahead; both forward diagonals are bad, the cell above is open and
  // the cell below bad: the escape is the step up, 1/16 of the time.
  constexpr int kSeeds = 16000;
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 1, 1, 0},
      {0, 0, 0, 0, 0},
  });
  const auto counts = moves_over_seeds(genes({{0, kOpen}}), view, kSeeds);
  ASSERT_EQ(counts.size(), 2u);
  EXPECT_NEAR(counts.at({0, -1}), kSeeds / 16, 120);  // 1000 expected, sd about 31
  EXPECT_EQ(counts.at({1, 0}) + counts.at({0, -1}), kSeeds);
}

TEST(House, SettlersNeverEscape) {
  // Bits 96..98 all set make a settler: it takes the path's step every time and never draws,
  // in the open view where other rats escape 1/16 of the time. Two of the three bits are not
  // enough, and bit 99 plays no part.
  const auto with_bits = [](std::initializer_list<int> bits) { return genes({{0, kOpen}}, 0, bits); };
  for (const Genome& settler : {with_bits({96, 97, 98}), with_bits({96, 97, 98, 99})}) {
    for (uint64_t seed = 1; seed <= 2000; ++seed) {
      Rng rng(seed);
      ASSERT_EQ(find_player(kName).move(settler, uniform_view(0).view(), rng), (Move{1, 0}));
      ASSERT_EQ(rng.draws(), 0u);
    }
  }
  constexpr int kSeeds = 16000;
  for (const Genome& explorer : {with_bits({96, 97}), with_bits({97, 98, 99}), with_bits({96, 98})}) {
    const auto counts = moves_over_seeds(explorer, uniform_view(0), kSeeds);
    EXPECT_NEAR(counts.at({1, -1}) + counts.at({1, 1}), kSeeds / 16, 120);  // 1000 expected, sd about 31
  }
}

TEST(House, StepsAsideWhenEverythingAheadIsBad) {
  // The two right columns are bad: no path, and every forward cell is bad. Up and down are
  // open: the tie bit picks one, rather than a push onto a cell the genome calls deadly.
  const auto walls = make_view({
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
  });
  EXPECT_EQ(call_player(kName, genes({{0, kOpen}}, 1), walls), (Move{0, -1}));
  EXPECT_EQ(call_player(kName, genes({{0, kOpen}}, 0), walls), (Move{0, 1}));
  // Only down open: down, whatever the tie bit.
  auto down_only = walls;
  down_only.cells[1 * 5 + 2] = 1;
  for (int tie = 0; tie <= 1; ++tie) EXPECT_EQ(call_player(kName, genes({{0, kOpen}}, tie), down_only), (Move{0, 1}));
  // Up and down bad as well: the push forward, straight ahead.
  auto boxed = down_only;
  boxed.cells[3 * 5 + 2] = 1;
  EXPECT_EQ(call_player(kName, genes({{0, kOpen}}), boxed), (Move{1, 0}));
}

TEST(House, PushesForwardOntoAnOpenCellWhenNoPathIsSeen) {
  // No path reaches the right edge, but the down diagonal is open: it is taken even though it
  // leads nowhere.
  const auto dead_end = make_view({
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 0, 1},
      {0, 0, 0, 1, 1},
  });
  for (int tie = 0; tie <= 1; ++tie) EXPECT_EQ(call_player(kName, genes({{0, kOpen}}, tie), dead_end), (Move{1, 1}));
}

TEST(House, NeverStepsOutOfBounds) {
  // Top row of the track; straight ahead bad; up is preferred but out of bounds.
  const auto top = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  // The path's step is the down diagonal; the escape's only open cell is straight down.
  const auto counts = moves_over_seeds(genes({{0, kOpen}}, 1), top, 512);
  EXPECT_GT(counts.at({1, 1}), 512 * 7 / 8);
  for (const auto& [move, n] : counts) EXPECT_TRUE(move == std::make_pair(1, 1) || move == std::make_pair(0, 1));
  // Walled in on the top row: the push forward stays in bounds.
  const auto walled = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
  });
  EXPECT_EQ(call_player(kName, genes({}, 1), walled), (Move{1, 0}));
}

}  // namespace
}  // namespace ratrace::testing
