#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "SkyWalker";
// The calibration candidate that prefers straight ahead to the diagonals ahead.
constexpr const char* kStraightFirstName = "SkyWalker (straight ahead first)";

// Layout: walls at bits 0 and 4; trap offsets (2 bits dx, 2 bits dy, each code mod 3 - 1)
// at 8 and 12; trap colours at 16 and 20; teleporter t: colour at 24 + 7t, 3-bit decider
// right after it (> 3 means bad). In an all-zero genome colour 0 is a wall and a trap, so
// the views below avoid colour 0.
struct Dna {
  GenomeBuilder b;
  Dna& walls(int a, int c) {
    b.set_chunk(0, 4, a).set_chunk(4, 4, c);
    return *this;
  }
  Dna& trap(int k, int colour, int dx_code, int dy_code) {
    b.set_chunk(16 + 4 * k, 4, colour).set_chunk(8 + 4 * k, 2, dx_code).set_chunk(10 + 4 * k, 2, dy_code);
    return *this;
  }
  Dna& teleporter(int t, int colour, int decider) {
    b.set_chunk(24 + 7 * t, 4, colour).set_chunk(28 + 7 * t, 3, decider);
    return *this;
  }
  Genome build() const { return b.build(); }
};

TEST(SkyWalker, ChoosesAmongTheOpenForwardMovesAtRandom) {
  const Genome g = Dna().walls(3, 12).build();
  int seen[3] = {};
  for (uint64_t seed = 0; seed < 600; ++seed) {
    const Move m = call_player(kName, g, uniform_view(5), seed);
    ASSERT_EQ(m.dx, 1);
    ++seen[m.dy + 1];
  }
  for (int n : seen) EXPECT_NEAR(n, 200, 50);
}

TEST(SkyWalker, TheCandidateGoesStraightAheadWhenThatCellIsSafe) {
  const Genome g = Dna().walls(3, 12).build();
  for (uint64_t seed = 0; seed < 20; ++seed)
    EXPECT_EQ(call_player(kStraightFirstName, g, uniform_view(5), seed), (Move{1, 0}));
}

TEST(SkyWalker, AvoidsWallColoursAndPrefersTheOpenDiagonal) {
  const auto view = make_view({
      {5, 5, 5, 5, 5},
      {5, 5, 5, 5, 5},
      {5, 5, 5, 3, 5},
      {5, 5, 5, 12, 5},
      {5, 5, 5, 5, 5},
  });
  const Genome g = Dna().walls(3, 12).build();
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, g, view, seed), (Move{1, -1}));
}

TEST(SkyWalker, ForbidsTheTrapTargetButNotTheTrapCell) {
  // Trap 0 (colour 7) points at (-1, 0): the 7 at (2, 0) makes (1, 0) deadly.
  // Trap 1 (colour 9) points at (+1, +1): the 9 at (1, 1) marks (2, 2), outside the moves,
  // and is itself enterable. (1, -1) is a wall.
  const auto view = make_view({
      {5, 5, 5, 5, 5},
      {5, 5, 5, 3, 5},
      {5, 5, 5, 5, 7},
      {5, 5, 5, 9, 5},
      {5, 5, 5, 5, 5},
  });
  const Genome g = Dna().walls(3, 3).trap(0, 7, 0, 1).trap(1, 9, 2, 2).build();
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, g, view, seed), (Move{1, 1}));
}

TEST(SkyWalker, TrapTargetAheadSendsItDiagonallyAtRandom) {
  const auto view = make_view({
      {5, 5, 5, 5, 5},
      {5, 5, 5, 5, 5},
      {5, 5, 5, 5, 7},
      {5, 5, 5, 5, 5},
      {5, 5, 5, 5, 5},
  });
  const Genome g = Dna().walls(3, 3).trap(0, 7, 0, 1).trap(1, 7, 0, 1).build();
  int up = 0, down = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const Move m = call_player(kName, g, view, seed);
    ASSERT_EQ(m.dx, 1);
    ASSERT_NE(m.dy, 0);
    (m.dy < 0 ? up : down)++;
  }
  EXPECT_GT(up, 60);
  EXPECT_GT(down, 60);
}

TEST(SkyWalker, TeleportersAreForbiddenOnlyWhenTheirDeciderExceedsThree) {
  const auto view = make_view({
      {5, 5, 5, 5, 5},
      {5, 5, 5, 8, 5},
      {5, 5, 5, 6, 5},
      {5, 5, 5, 3, 5},
      {5, 5, 5, 5, 5},
  });
  // Colour 6 bad (decider 4), colour 8 good (decider 3): (1,0) is forbidden, (1,1) a wall.
  const Genome g = Dna().walls(3, 3).teleporter(0, 6, 4).teleporter(1, 8, 3).build();
  EXPECT_EQ(call_player(kName, g, view), (Move{1, -1}));
  // Decider 3 keeps colour 6 allowed: (1,0) is open again, as the candidate's first choice.
  const Genome g2 = Dna().walls(3, 3).teleporter(0, 6, 3).teleporter(1, 8, 3).build();
  EXPECT_EQ(call_player(kStraightFirstName, g2, view), (Move{1, 0}));
}

TEST(SkyWalker, NeverStepsOutOfBoundsAndFallsBackToVertical) {
  // Top row: above is out of bounds. (1,0) and (1,1) are walls and (1,-1) is out of
  // bounds, so nothing ahead is open; of up and down only down is in bounds.
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {5, 5, 5, 3, 5},
      {5, 5, 5, 3, 5},
      {5, 5, 5, 5, 5},
  });
  const Genome g = Dna().walls(3, 3).build();
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, g, view, seed), (Move{0, 1}));
}

TEST(SkyWalker, BacksOffWhenNothingAheadOrSidewaysIsOpen) {
  const auto view = make_view({
      {5, 5, 5, 5, 5},
      {5, 3, 3, 3, 5},
      {5, 5, 5, 3, 5},
      {5, 5, 3, 3, 5},
      {5, 5, 5, 5, 5},
  });
  const Genome g = Dna().walls(3, 3).build();
  for (uint64_t seed = 0; seed < 20; ++seed) EXPECT_EQ(call_player(kName, g, view, seed), (Move{-1, 1}));
  // Everything forbidden: leaps straight ahead anyway.
  EXPECT_EQ(call_player(kName, g, uniform_view(3)), (Move{1, 0}));
}

TEST(SkyWalker, DrawsOnlyWhenTwoMovesOfACategoryAreOpen) {
  auto draws = [](const char* name, const ViewGrid& grid) {
    Rng rng(5);
    find_player(name).move(Dna().walls(3, 3).build(), grid.view(), rng);
    return rng.draws();
  };
  // Only (1,-1) of the forward moves is open.
  const auto one_open = make_view({
      {5, 5, 5, 5, 5},
      {5, 5, 5, 5, 5},
      {5, 5, 5, 3, 5},
      {5, 5, 5, 3, 5},
      {5, 5, 5, 5, 5},
  });
  EXPECT_EQ(draws(kName, one_open), 0u);
  EXPECT_EQ(draws(kName, uniform_view(5)), 1u);
  EXPECT_EQ(draws(kStraightFirstName, uniform_view(5)), 0u);
}

}  // namespace
}  // namespace ratrace::testing
