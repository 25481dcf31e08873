#include <gtest/gtest.h>

#include "tests/players/fidelity_cases.h"

namespace ratrace::testing {
namespace {

TEST(LinearCombination, ReproducesEveryDecisionOfTheOriginal) {
  const std::string expected = read_fixture("linear_combination.txt");
  ASSERT_EQ(expected.size(), 100000u);
  FidelityCases cases;
  int mismatches = 0, compared = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    const FidelityCase c = cases.next();
    if (expected[i] == 'x') continue;  // the original fails: no forward cell in bounds
    ++compared;
    const Move m = call_player("LinearCombination", c.genome, c.view);
    if (move_index(m) != expected[i] - '0' && ++mismatches <= 5)
      ADD_FAILURE() << "case " << i << ": port " << move_index(m) << ", original " << expected[i];
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_GT(compared, 80000);
}

TEST(LinearCombination, TakesTheSumModuloTheInBoundsForwardMoves) {
  // Only bit 0 set: cell 0, (-2,-2), weighs 1. Colour 5 there: 5 % 3 = 2 -> (1,1); with
  // the top rows out of bounds only (1,0), (1,1) remain and -1 % 2 = 1 -> (1,1) as well.
  GenomeBuilder b;
  b.set_bit(0, 1);
  auto view = uniform_view(0);
  view.cells[0] = 5;
  EXPECT_EQ(call_player("LinearCombination", b.build(), view), (Move{1, 1}));
  const auto top = make_view({{-1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}});
  EXPECT_EQ(call_player("LinearCombination", b.build(), top), (Move{1, 1}));
}

}  // namespace
}  // namespace ratrace::testing
