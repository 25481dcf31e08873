#include <gtest/gtest.h>

#include "ratrace/tests/players/fidelity_cases.h"

namespace ratrace::testing {
namespace {

TEST(LinearCombination, ReproducesEveryDecisionOfTheOriginal) {
  const size_t compared =
      expect_fixture_reproduced("linear_combination.txt", 100000, [](const FidelityCase& c, size_t) {
        return static_cast<char>('0' + move_index(call_player("LinearCombination", c.genome, c.view)));
      });
  EXPECT_GT(compared, 80000u);  // the rest make the original fail: no forward cell in bounds
}

TEST(LinearCombination, TakesTheSumModuloTheInBoundsForwardMoves) {
  // Only bit 0 set: cell 0, (-2,-2), weighs 1. Colour 5 there: 5 % 3 = 2 -> (1,1); with
  // the top rows out of bounds only (1,0), (1,1) remain and -1 % 2 = 1 -> (1,1) as well.
  GenomeBuilder b;
  b.set_bit(0, 1);
  auto view = uniform_view(0);
  view.cells[0] = 5;
  EXPECT_EQ(call_player("LinearCombination", b.build(), view), (Move{1, 1}));
  const auto top =
      make_view({{-1, -1, -1, -1, -1}, {-1, -1, -1, -1, -1}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}});
  EXPECT_EQ(call_player("LinearCombination", b.build(), top), (Move{1, 1}));
}

}  // namespace
}  // namespace ratrace::testing
