#include <gtest/gtest.h>

#include <set>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "Hard Believers";
// 5-bit genes: 11xxx good, 10xxx bad, 00ttt danger pointing at ttt, 01xff beam with field ff.
constexpr uint32_t kGood = 0b11000, kGoodAlt = 0b11111, kBad = 0b10000, kBadAlt = 0b10111;
constexpr uint32_t danger(uint32_t ttt) { return ttt; }
constexpr uint32_t beam(uint32_t ff, uint32_t unused = 0) { return 0b01000 | (unused << 2) | ff; }
// ttt: 0 (-1,-1), 1 (0,-1), 2 (1,-1), 3 (-1,0), 4 (1,0), 5 (-1,1), 6 (0,1), 7 (1,1)

// Every colour bad unless listed; anti-wall-banger bits (80..99) all `banger`.
Genome genes(std::initializer_list<std::pair<int, uint32_t>> colour_genes, int banger = 0) {
  GenomeBuilder builder;
  for (int c = 0; c < 16; ++c) builder.set_chunk(5 * c, 5, kBad);
  for (auto [colour, gene] : colour_genes) builder.set_chunk(5 * colour, 5, gene);
  for (int i = 80; i < 100; ++i) builder.set_bit(i, banger);
  return builder.build();
}

TEST(HardBelievers, GoesStraightWhenAllIsOpen) {
  for (int banger = 0; banger <= 1; ++banger) {
    EXPECT_EQ(call_player(kName, genes({{0, kGood}}, banger), uniform_view(0)), (Move{1, 0}));
    EXPECT_EQ(call_player(kName, genes({{0, kGoodAlt}}, banger), uniform_view(0)), (Move{1, 0}));
  }
}

TEST(HardBelievers, FollowsThePathAroundADeadEnd) {
  // Straight ahead (colour 0, good) is a dead end: the right edge beside it is bad. The
  // diagonal down reaches the right edge at (2,2). Greedy would step straight.
  const auto view = make_view({
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 0, 0, 1},
      {1, 1, 1, 0, 1},
      {1, 1, 1, 1, 0},
  });
  for (int banger = 0; banger <= 1; ++banger)
    EXPECT_EQ(call_player(kName, genes({{0, kGood}, {1, kBadAlt}}, banger), view), (Move{1, 1}));
  // A longer detour: up, then forward along the top row.
  const auto detour = make_view({
      {1, 1, 1, 0, 0},
      {1, 1, 0, 1, 1},
      {1, 1, 0, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
  });
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}), detour), (Move{0, -1}));
}

TEST(HardBelievers, TiesGoToTheAntiWallBangerDirection) {
  auto view = uniform_view(0);
  view.cells[2 * 5 + 3] = 1;  // straight ahead bad: both diagonals are one step from the edge
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 1), view), (Move{1, -1}));
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 0), view), (Move{1, 1}));

  int up = 0;
  for (int i = 80; i < 100; ++i) {
    GenomeBuilder builder;
    for (int c = 0; c < 16; ++c) builder.set_chunk(5 * c, 5, c == 1 ? kBad : kGood);
    builder.set_bit(i, 1);
    const Move m = call_player(kName, builder.build(), view);
    ASSERT_EQ(m.dx, 1);
    if (m.dy == -1) ++up;
  }
  EXPECT_EQ(up, 1);  // exactly one of the 20 bits is addressed by this view
}

TEST(HardBelievers, DangerGeneBlocksTheCellItPointsAt) {
  // All good but the rat's own cell, colour 2: danger pointing right (ttt = 4).
  auto view = uniform_view(0);
  view.cells[2 * 5 + 2] = 2;
  EXPECT_EQ(call_player(kName, genes({{0, kGood}, {2, danger(4)}}, 1), view), (Move{1, -1}));
  // Colour 3 at (2,-1) points left (ttt = 3) at (1,-1): the up diagonal is gone too.
  view.cells[1 * 5 + 4] = 3;
  EXPECT_EQ(call_player(kName, genes({{0, kGood}, {2, danger(4)}, {3, danger(3)}}, 1), view), (Move{1, 1}));
  // The danger cell itself stays open: it is the only way forward here.
  auto lone = uniform_view(1);
  lone.cells[2 * 5 + 3] = 5;  // (1,0), colour 5, points up-left at (0,-1)
  lone.cells[2 * 5 + 4] = 0;  // (2,0) good
  EXPECT_EQ(call_player(kName, genes({{0, kGood}, {5, danger(0)}}), lone), (Move{1, 0}));
}

// The only short way to the edge crosses a beam cell (colour 5) at (1,0); the detour
// (0,1) -> (1,2) -> (2,2) is one step longer.
ViewGrid beam_view(int neighbour_colour = 1, int far_colour = 1) {
  auto v = make_view({
      {far_colour, 1, 1, 1, 1},
      {1, 1, 1, neighbour_colour, 1},
      {1, 1, 0, 5, 0},
      {1, 1, 0, 1, 1},
      {1, 1, 1, 0, 0},
  });
  return v;
}

// The beam field values (0..3) for which the beam cell is treated as impassable.
std::set<uint32_t> blocking_fields(const ViewGrid& view) {
  std::set<uint32_t> blocking;
  for (uint32_t ff = 0; ff < 4; ++ff) {
    const Move m = call_player(kName, genes({{0, kGood}, {5, beam(ff)}}), view);
    if (m == (Move{0, 1})) {
      blocking.insert(ff);
    } else {
      EXPECT_EQ(m, (Move{1, 0}));
    }
    // The unused value bit of a beam gene never matters.
    EXPECT_EQ(call_player(kName, genes({{0, kGood}, {5, beam(ff, 1)}}), view), m);
  }
  return blocking;
}

TEST(HardBelievers, BeamCellIsBlockedInOneContextOfFour) {
  EXPECT_EQ(blocking_fields(beam_view()).size(), 1u);
  // The same beam read as good is always crossed, read as bad never.
  EXPECT_EQ(call_player(kName, genes({{0, kGood}, {5, kGood}}), beam_view()), (Move{1, 0}));
  EXPECT_EQ(call_player(kName, genes({{0, kGood}, {5, kBad}}), beam_view()), (Move{0, 1}));
}

TEST(HardBelievers, BeamVerdictDependsOnTheEightNeighboursOnly) {
  // Swapping one bad neighbour of the beam cell for another bad colour changes its
  // signature: over several colours the blocking field is not always the same.
  std::set<uint32_t> seen;
  for (int colour : {1, 6, 7, 8, 9, 10, 11, 12}) {
    const auto blocking = blocking_fields(beam_view(colour));
    ASSERT_EQ(blocking.size(), 1u);
    seen.insert(*blocking.begin());
  }
  EXPECT_GT(seen.size(), 1u);
  // A cell that is not the beam's neighbour does not touch the verdict.
  const auto reference = blocking_fields(beam_view());
  for (int colour : {6, 7, 8, 9, 10, 11, 12}) EXPECT_EQ(blocking_fields(beam_view(1, colour)), reference);
}

TEST(HardBelievers, PushesForwardWhenNoPathIsSeen) {
  // The whole right edge is bad: no path. Up, down and back are open, yet it goes forward.
  const auto walls = make_view({
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
  });
  for (int banger = 0; banger <= 1; ++banger)
    EXPECT_EQ(call_player(kName, genes({{0, kGood}}, banger), walls), (Move{1, 0}));
  // An open forward cell is preferred even if it leads nowhere.
  const auto dead_end = make_view({
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 0, 1},
      {0, 0, 0, 1, 1},
  });
  for (int banger = 0; banger <= 1; ++banger)
    EXPECT_EQ(call_player(kName, genes({{0, kGood}}, banger), dead_end), (Move{1, 1}));
}

TEST(HardBelievers, NeverStepsOutOfBounds) {
  // Top row of the track; straight ahead bad; up is preferred but out of bounds.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 1), view), (Move{1, 1}));
  // Bottom row of the track: down is preferred but out of bounds; the path runs up.
  const auto bottom = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 1, 1},
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
  });
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 0), bottom), (Move{0, -1}));
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

TEST(HardBelievers, NeverDrawsFromTheRng) {
  for (const auto& view : {uniform_view(0), beam_view(), uniform_view(1)}) {
    Rng rng(5);
    find_player(kName).move(genes({{0, kGood}, {5, beam(2)}}, 1), view.view(), rng);
    EXPECT_EQ(rng.draws(), 0u);
  }
}

}  // namespace
}  // namespace ratrace::testing
