#include <gtest/gtest.h>

#include "ratrace/tests/players/fidelity_cases.h"

namespace ratrace::testing {
namespace {

// Every decision of the original Java code on the fixture's 100,000 cases, the no-path
// moves included (both were given the same two uniforms).
TEST(RunningStar, ReproducesEveryDecisionOfTheOriginal) {
  expect_fixture_reproduced("running_star.txt", 100000, [](const FidelityCase& c, size_t i) {
    Rng rng(kPlayerDrawBase + i);
    return static_cast<char>('0' + move_index(find_player("Running Star").move(c.genome, c.view.view(), rng)));
  });
}

TEST(RunningStar, WithAllCostsEqualHeapOrderSendsItDiagonallyDown) {
  // The original's quirk: every path costs the same, and the binary heap pops (1,1)'s
  // extension to x = 2 first.
  EXPECT_EQ(call_player("Running Star", GenomeBuilder().build(), uniform_view(0)), (Move{1, 1}));
}

TEST(RunningStar, FollowsTheOnlyFreeRouteToTheRightEdge) {
  // Colour 0 costs 0, colour 1 (bits 6..11 all ones) 21: the free route is (1,-1) -> (2,-2).
  GenomeBuilder b;
  b.set_chunk(6, 6, 0b111111);
  const auto view = make_view({
      {1, 1, 1, 1, 0},
      {1, 1, 1, 0, 1},
      {1, 1, 0, 1, 1},
      {1, 1, 1, 1, 1},
      {1, 1, 1, 1, 1},
  });
  EXPECT_EQ(call_player("Running Star", b.build(), view), (Move{1, -1}));
}

}  // namespace
}  // namespace ratrace::testing
