#include "ratrace/common/rng.h"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

namespace ratrace {
namespace {

// draw_to_front leaves a permutation of its items whose first min(count, size) are the ones
// drawn: distinct, the same for the same stream, and every item drawn first for some stream.
TEST(DrawToFront, DrawsDistinctItemsToTheFrontAsAPureFunctionOfTheStream) {
  const std::vector<int> items = {10, 11, 12, 13, 14, 15, 16, 17};
  std::vector<bool> drawn_first(items.size());
  for (uint64_t seed = 0; seed < 200; ++seed) {
    std::vector<int> once = items, again = items;
    Rng rng(seed), same(seed);
    ASSERT_EQ(draw_to_front(once, 3, rng), 3u);
    EXPECT_EQ(rng.draws(), 3u);
    draw_to_front(again, 3, same);
    EXPECT_EQ(once, again);
    std::vector<int> sorted = once;
    std::ranges::sort(sorted);
    EXPECT_EQ(sorted, items) << "not a permutation of the items";
    drawn_first[static_cast<size_t>(once[0] - 10)] = true;
  }
  EXPECT_EQ(std::ranges::count(drawn_first, true), 8);
}

// Asked for more items than there are, it draws them all; asked for none, it draws nothing.
TEST(DrawToFront, DrawsAtMostEveryItemAndNothingForNone) {
  std::vector<int> items = {1, 2, 3};
  Rng rng(4);
  EXPECT_EQ(draw_to_front(items, 10, rng), 3u);
  std::vector<int> none = {1, 2, 3};
  Rng idle(4);
  EXPECT_EQ(draw_to_front(none, 0, idle), 0u);
  EXPECT_EQ(idle.draws(), 0u);
  EXPECT_EQ(none, (std::vector<int>{1, 2, 3}));
}

}  // namespace
}  // namespace ratrace
