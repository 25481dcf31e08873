#include <gtest/gtest.h>

#include "ratrace/tests/players/fidelity_cases.h"

namespace ratrace::testing {
namespace {

// The forward moves a call can return: the one move of a call that draws nothing, else
// every move seen over 64 seeds (a tied move is missed with probability at most 2^-58).
int tied_moves_mask(const Genome& genome, const ViewGrid& view) {
  const auto bit = [](Move m) { return m.dy == 0 ? 1 : m.dy == -1 ? 2 : 4; };
  Rng first(0);
  const Move m = find_player("NeighborsOfNeighbors").move(genome, view.view(), first);
  if (first.draws() == 0) return bit(m);
  int mask = bit(m);
  for (uint64_t seed = 1; seed < 64; ++seed) mask |= bit(call_player("NeighborsOfNeighbors", genome, view, seed));
  return mask;
}

// Quality q of colour c written as the Python controller reads it: bit 6c least significant.
Genome qualities(std::initializer_list<std::pair<int, uint32_t>> colour_qualities) {
  GenomeBuilder builder;
  for (auto [colour, quality] : colour_qualities)
    for (int k = 0; k < 6; ++k) builder.set_bit(6 * colour + k, (quality >> k) & 1);
  return builder.build();
}

TEST(NeighborsOfNeighbors, HasTheOriginalsTiedBestMovesInEveryCase) {
  expect_fixture_reproduced("neighbors_of_neighbors.txt", 100000, [](const FidelityCase& c, size_t) {
    return static_cast<char>('0' + tied_moves_mask(c.genome, c.view));
  });
}

TEST(NeighborsOfNeighbors, ReadsQualitiesLeastSignificantBitFirst) {
  // Colour 1 = bits 6..11 = 100000 in genome order: 1 to the Python controller (not 32);
  // colour 2 = 000001: 32. (1,-1) is colour 1, (1,1) colour 2, the rest colour 0 (0).
  GenomeBuilder b;
  b.set_bit(6, 1).set_bit(17, 1);
  const auto view = make_view({{0, 0, 0, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 2, 0}, {0, 0, 0, 0, 0}});
  EXPECT_EQ(tied_moves_mask(b.build(), view), 4);
}

TEST(NeighborsOfNeighbors, ADiagonalAheadCountsOnlyWhenTheCellBesideIsOnTheBoard) {
  // Second row of the track (top row out of bounds). (1,-1): 30 + 0.5 * mean(q(2,-1),
  // q(2,0)) = 30 + 0.5 * 30 = 45, the top-row diagonal left out of the mean; (1,0): 33 +
  // 0.5 * mean(30, 30, 0) = 43.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 2, 1},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(tied_moves_mask(qualities({{1, 30}, {2, 33}}), view), 2);
}

TEST(NeighborsOfNeighbors, AnOutOfBoundsForwardMoveIsWorthZeroAndCanTie) {
  // Top row, every in-bounds cell colour 0 (quality 0): all three moves are worth 0, the
  // out-of-bounds (1,-1) included.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(tied_moves_mask(qualities({}), view), 7);
}

TEST(NeighborsOfNeighbors, DrawsOnlyOnTies) {
  const auto view = make_view({{0, 0, 0, 0, 1}, {0, 0, 0, 2, 1}, {0, 0, 0, 0, 0}, {0, 0, 0, 3, 0}, {0, 0, 0, 0, 0}});
  Rng rng(9);
  find_player("NeighborsOfNeighbors").move(qualities({{1, 63}, {2, 30}, {3, 50}}), view.view(), rng);
  EXPECT_EQ(rng.draws(), 0u);
}

}  // namespace
}  // namespace ratrace::testing
