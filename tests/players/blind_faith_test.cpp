#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "Blind Faith";
constexpr uint32_t kGood = 0b1100, kGoodAlt = 0b1111, kBad = 0b1000, kBadAlt = 0b1011;
constexpr uint32_t trap(uint32_t ttt) { return ttt; }  // 0ttt
// ttt: 0 (-1,-1), 1 (0,-1), 2 (1,-1), 3 (-1,0), 4 (1,0), 5 (-1,1), 6 (0,1), 7 (1,1)

// Every colour bad unless listed; anti-wall-banger bits (64..99) all `banger`.
Genome genes(std::initializer_list<std::pair<int, uint32_t>> colour_genes, int banger = 0) {
  GenomeBuilder builder;
  for (int c = 0; c < 16; ++c) builder.set_chunk(4 * c, 4, kBad);
  for (auto [colour, gene] : colour_genes) builder.set_chunk(4 * colour, 4, gene);
  for (int i = 64; i < 100; ++i) builder.set_bit(i, banger);
  return builder.build();
}

TEST(BlindFaith, GoesStraightAheadWhenItIsGood) {
  const auto view = make_view({
      {1, 1, 1, 1, 1},
      {1, 1, 0, 0, 1},
      {1, 1, 1, 0, 1},
      {1, 1, 0, 0, 1},
      {1, 1, 1, 1, 1},
  });
  for (int banger = 0; banger <= 1; ++banger) {
    EXPECT_EQ(call_player(kName, genes({{0, kGood}}, banger), view), (Move{1, 0}));
    EXPECT_EQ(call_player(kName, genes({{0, kGoodAlt}}, banger), view), (Move{1, 0}));  // 11xx: xx ignored
  }
}

TEST(BlindFaith, AntiWallBangerBitPicksTheDiagonal) {
  // Straight ahead is bad (colour 1), both forward diagonals good (colour 0).
  auto view = uniform_view(0);
  view.cells[2 * 5 + 3] = 1;
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 1), view), (Move{1, -1}));
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 0), view), (Move{1, 1}));
  EXPECT_EQ(call_player(kName, genes({{0, kGood}, {1, kBadAlt}}, 0), view), (Move{1, 1}));  // 10xx: xx ignored
}

TEST(BlindFaith, ExactlyOneOfTheThirtySixBitsDecidesForAGivenView) {
  auto view = uniform_view(0);
  view.cells[2 * 5 + 3] = 1;
  view.cells[0] = 7;  // any view: the hash picks one bit
  int up = 0;
  for (int i = 64; i < 100; ++i) {
    GenomeBuilder builder;
    for (int c = 0; c < 16; ++c) builder.set_chunk(4 * c, 4, c == 1 ? kBad : kGood);
    builder.set_bit(i, 1);
    const Move m = call_player(kName, builder.build(), view);
    ASSERT_EQ(m.dx, 1);
    if (m.dy == -1) ++up;
  }
  EXPECT_EQ(up, 1);
  // Bits outside 64..99 never decide.
  GenomeBuilder builder;
  for (int c = 0; c < 16; ++c) builder.set_chunk(4 * c, 4, c == 1 ? kBad : kGood);
  EXPECT_EQ(call_player(kName, builder.build(), view), (Move{1, 1}));
}

TEST(BlindFaith, TrapColourMarksTheCellItPointsAtAsBad) {
  // All good (colour 0) but the rat's own cell, colour 2, a trap pointing right (ttt = 4),
  // and colour 3 at (2,-1), a trap pointing left (ttt = 3), at (1,-1).
  auto view = uniform_view(0);
  view.cells[2 * 5 + 2] = 2;
  view.cells[1 * 5 + 4] = 3;
  const Genome g = genes({{0, kGood}, {2, trap(4)}, {3, trap(3)}}, 1);
  EXPECT_EQ(call_player(kName, g, view), (Move{1, 1}));  // up is preferred, but (1,-1) is a trap target
  // Without the second trap the preferred diagonal is free again.
  view.cells[1 * 5 + 4] = 0;
  EXPECT_EQ(call_player(kName, g, view), (Move{1, -1}));
  // Colour 2 read as good instead: straight ahead.
  EXPECT_EQ(call_player(kName, genes({{0, kGood}, {2, kGood}}, 1), view), (Move{1, 0}));
}

TEST(BlindFaith, TrapCellItselfIsSafe) {
  // Straight ahead is colour 5, a trap pointing up-left (ttt = 0) at (0,-1); all else bad.
  auto view = uniform_view(1);
  view.cells[2 * 5 + 3] = 5;
  EXPECT_EQ(call_player(kName, genes({{5, trap(0)}}), view), (Move{1, 0}));
  // Pointing back at itself from a neighbour: colour 6 at (1,1) points up (ttt = 1) at (1,0).
  view.cells[3 * 5 + 3] = 6;
  EXPECT_EQ(call_player(kName, genes({{5, trap(0)}, {6, trap(1)}}), view), (Move{1, 1}));
}

TEST(BlindFaith, NeverStepsOutOfBounds) {
  // Top row of the track: good colour 0 everywhere in bounds but straight ahead.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 1), view), (Move{1, 1}));
  // Only out of bounds and bad cells around: it steps back onto the good cell behind.
  const auto corner = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {1, 0, 1, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
  });
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 1), corner), (Move{-1, 0}));
}

TEST(BlindFaith, FallsBackToVerticalThenBackward) {
  // Forward column bad; up and down good.
  const auto vertical = make_view({
      {1, 1, 1, 1, 1},
      {1, 1, 0, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 0, 1, 1},
      {1, 1, 1, 1, 1},
  });
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 1), vertical), (Move{0, -1}));
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 0), vertical), (Move{0, 1}));
  // Only a back diagonal is good.
  const auto back = make_view({
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 0, 1, 1, 1},
      {1, 1, 1, 1, 1},
  });
  EXPECT_EQ(call_player(kName, genes({{0, kGood}}, 1), back), (Move{-1, 1}));
  // Nothing good at all: steps back.
  EXPECT_EQ(call_player(kName, genes({}, 1), uniform_view(1)), (Move{-1, 0}));
}

TEST(BlindFaith, NeverDrawsFromTheRng) {
  auto view = uniform_view(0);
  view.cells[2 * 5 + 3] = 1;
  for (int banger = 0; banger <= 1; ++banger) {
    Rng rng(3);
    find_player(kName).move(genes({{0, kGood}}, banger), view.view(), rng);
    EXPECT_EQ(rng.draws(), 0u);
  }
}

// The move function reads only the 3x3 block around straight ahead when that is safe, and
// only for a genome of 100 bits and a view of radius 2 or more; these check that it decides
// as reading everything would, and that other genomes and views still read in full.
TEST(BlindFaith, AWiderViewDecidesAsItsCentralFiveByFive) {
  Rng rng(11);
  for (int k = 0; k < 20000; ++k) {
    std::array<int8_t, 49> wide{};
    for (int8_t& c : wide) c = rng.below(8) == 0 ? kOutOfBounds : static_cast<int8_t>(rng.below(5));
    ViewGrid centre;
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 5; ++x) centre.cells[y * 5 + x] = wide[(y + 1) * 7 + x + 1];
    const Genome g((static_cast<uint128>(rng.next()) << 64) | rng.next(), 100);
    Rng unused(1);
    ASSERT_EQ(find_player(kName).move(g, View(wide.data(), 3), unused), call_player(kName, g, centre)) << k;
  }
}

TEST(BlindFaith, AShortGenomeFaultsOnlyWhenTheBitItNeedsIsMissing) {
  Rng rng(12);
  int faults = 0, straight = 0;
  for (int k = 0; k < 20000; ++k) {
    ViewGrid view;
    for (int8_t& c : view.cells) c = static_cast<int8_t>(rng.below(4));
    const uint128 bits = (static_cast<uint128>(rng.next()) << 64) | rng.next();
    const int length = 64 + static_cast<int>(rng.below(36));  // colour genes whole, some bangers missing
    const Move full = call_player(kName, Genome(bits, 100), view);
    try {
      ASSERT_EQ(call_player(kName, Genome(bits, length), view), full) << k;
      straight += full == Move{1, 0};
    } catch (const GenomeRangeError&) {
      ++faults;
      ASSERT_NE(full, (Move{1, 0})) << "straight ahead needs no anti-wall-banger bit";
    }
  }
  EXPECT_GT(faults, 1000);
  EXPECT_GT(straight, 1000);
}

}  // namespace
}  // namespace ratrace::testing
