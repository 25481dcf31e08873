#include <gtest/gtest.h>

#include <map>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

constexpr const char* kName = "Pathfinder";
// The calibration candidate with the other reading of "stuck" (below the target weight).
constexpr const char* kStuckBelowName = "Pathfinder (stuck below target)";

// A 5-bit field abcde whose a + b + 2(c + d + e) is w (0..8), never with prefix 01.
uint32_t weight_gene(int w) {
  int ab = 0, k = w / 2;
  if (w % 2) {
    ab = 0b10;
    k = (w - 1) / 2;
  } else if (k > 3) {
    ab = 0b11;
    k = (w - 2) / 2;
  }
  const uint32_t cde = k == 0 ? 0 : k == 1 ? 0b100 : k == 2 ? 0b110 : 0b111;
  return static_cast<uint32_t>(ab << 3) | cde;
}
// Prefix 01 and direction ttt: 0 (-1,-1), 1 (0,-1), 2 (1,-1), 3 (-1,0), 4 (1,0), 5 (-1,1),
// 6 (0,1), 7 (1,1).
uint32_t trap_gene(uint32_t direction) { return 0b01000 | direction; }

// The default target weight, 8, keeps the rat on its path unless the path weighs more.
struct Tail {
  int unknown = 8, trap = 0, dodge = 0, target = 8;
};

// Every colour weighs `base` unless listed (weight or trap gene given directly).
Genome genome(int base, std::initializer_list<std::pair<int, uint32_t>> genes, Tail tail = {}) {
  GenomeBuilder builder;
  for (int c = 0; c < 16; ++c) builder.set_chunk(5 * c, 5, weight_gene(base));
  for (auto [colour, gene] : genes) builder.set_chunk(5 * colour, 5, gene);
  builder.set_chunk(80, 5, weight_gene(tail.unknown));
  builder.set_chunk(85, 5, weight_gene(tail.trap));
  builder.set_chunk(90, 5, weight_gene(tail.dodge));
  builder.set_chunk(95, 5, weight_gene(tail.target));
  return builder.build();
}

uint64_t draws(const Genome& g, const ViewGrid& grid) {
  Rng rng(9);
  find_player(kName).move(g, grid.view(), rng);
  return rng.draws();
}

TEST(Pathfinder, WeightGeneHelperMatchesTheFormula) {
  for (int w = 0; w <= 8; ++w) {
    const uint32_t g = weight_gene(w);
    const int a = (g >> 4) & 1, b = (g >> 3) & 1, c = (g >> 2) & 1, d = (g >> 1) & 1, e = g & 1;
    EXPECT_EQ(a + b + 2 * (c + d + e), w);
    EXPECT_FALSE(a == 0 && b == 1);
  }
}

TEST(Pathfinder, TakesTheFirstStepOfTheCheapestPath) {
  // Colour 1 weighs 0, everything else 4: the cheap cells (1,1) and (2,1) make a 0 path.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 1},
      {0, 0, 0, 0, 0},
  });
  const Genome g = genome(4, {{1, weight_gene(0)}});
  EXPECT_EQ(call_player(kName, g, view), (Move{1, 1}));
  EXPECT_EQ(draws(g, view), 0u);  // no dodge weight, no random branch: nothing drawn
}

TEST(Pathfinder, DodgesVerticallyOnlyWhenTheDodgeWeightAllows) {
  // Column dx = 1 weighs 8 but for (1,2); the path (0,1) -> (1,2) -> (2,*) weighs 0 plus the
  // dodge weight on (0,1).
  const auto view = make_view({
      {0, 0, 0, 2, 0},
      {0, 0, 0, 2, 0},
      {0, 0, 0, 2, 0},
      {0, 0, 0, 2, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genome(0, {{2, weight_gene(8)}}), view), (Move{0, 1}));
  // Dodge weight 7: still cheaper than 8; only the occasional second-path pick (7/64) differs.
  int dodges = 0;
  for (uint64_t seed = 0; seed < 400; ++seed)
    dodges += call_player(kName, genome(0, {{2, weight_gene(8)}}, {.dodge = 7}), view, seed) == Move{0, 1};
  EXPECT_GT(dodges, 320);
  // Cheaper path straight ahead than a heavily penalised dodge: a weight-5 column.
  EXPECT_EQ(call_player(kName, genome(0, {{2, weight_gene(5)}}, {.dodge = 6}), view, 1).dx, 1);
}

TEST(Pathfinder, TrapTargetsCarryTheTrapWeight) {
  // Colour 6 at (0,-1) is a trap pointing down-right, at (1,0). All cells weigh 0.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 6, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  const Genome free_trap = genome(0, {{6, trap_gene(7)}}, {.trap = 0});
  EXPECT_EQ(call_player(kName, free_trap, view), (Move{1, 0}));  // all paths weigh 0: (1,0) first
  const Genome heavy_trap = genome(0, {{6, trap_gene(7)}}, {.trap = 5});
  EXPECT_EQ(call_player(kName, heavy_trap, view), (Move{1, -1}));
  // The same colour as a plain weight-0 colour (prefix 11, same low bits) marks nothing.
  const Genome plain = genome(0, {{6, 0b11000}}, {.trap = 5});
  EXPECT_EQ(call_player(kName, plain, view), (Move{1, 0}));
  // A trap behind the rat (dx = -1) pointing into the grid counts too: colour 6 at (-1,0)
  // points down-right at (0,1), the start of the only cheap path (column dx = 1 weighs 8).
  const auto behind = make_view({
      {0, 0, 0, 2, 0},
      {0, 0, 0, 2, 0},
      {0, 6, 0, 2, 0},
      {0, 0, 0, 2, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player(kName, genome(0, {{2, weight_gene(8)}, {6, 0b11000}}, {.trap = 8}), behind), (Move{0, 1}));
  // With the trap, (0,1)'s path weighs 8 like straight ahead, and (1,0) wins the tie.
  EXPECT_EQ(call_player(kName, genome(0, {{2, weight_gene(8)}, {6, trap_gene(7)}}, {.trap = 8}), behind), (Move{1, 0}));
}

TEST(Pathfinder, SometimesTakesTheSecondCheapestPath) {
  // (1,0) weighs 0, (1,-1) 1, (1,1) 2; the vertical cells 8. Dodge weight 4: the second
  // path, (1,-1), with probability 4/64.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 5, 3, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 5, 4, 0},
      {0, 0, 0, 0, 0},
  });
  const Genome g = genome(0, {{3, weight_gene(1)}, {4, weight_gene(2)}, {5, weight_gene(8)}}, {.dodge = 4});
  std::map<int, int> seen;
  for (uint64_t seed = 0; seed < 3200; ++seed) {
    const Move m = call_player(kName, g, view, seed);
    ASSERT_EQ(m.dx, 1);
    ++seen[m.dy];
  }
  EXPECT_EQ(seen[1], 0);
  EXPECT_NEAR(seen[-1], 200, 60);
  EXPECT_NEAR(seen[0], 3000, 60);
  // Without a dodge weight, always the cheapest.
  const Genome steady = genome(0, {{3, weight_gene(1)}, {4, weight_gene(2)}, {5, weight_gene(8)}});
  for (uint64_t seed = 0; seed < 50; ++seed) EXPECT_EQ(call_player(kName, steady, view, seed), (Move{1, 0}));
}

// n calls on a uniform view: every move is forward or vertical, and each of the five about n/5 times.
void expect_random_but_never_back(const char* name, const Genome& g, int colour) {
  std::map<int, int> seen;
  for (uint64_t seed = 0; seed < 2500; ++seed) {
    const Move m = call_player(name, g, uniform_view(colour), seed);
    ASSERT_GE(m.dx, 0);
    ASSERT_FALSE(m.dx == 0 && m.dy == 0);
    ++seen[move_index(m)];
  }
  EXPECT_EQ(seen.size(), 5u);
  for (auto [index, n] : seen) EXPECT_NEAR(n, 500, 90) << index;
}

TEST(Pathfinder, MovesRandomlyButNeverBackWhenTheCheapestPathIsAboveTheTarget) {
  // Every cell weighs 1, so the cheapest path (two cells entered) weighs 2: above a target of 1.
  expect_random_but_never_back(kName, genome(1, {}, {.target = 1}), 0);
  // Target 2: the path is not above it, and the rat follows it.
  EXPECT_EQ(call_player(kName, genome(1, {}, {.target = 2}), uniform_view(0)), (Move{1, 0}));
}

TEST(Pathfinder, TheCandidateIsStuckBelowTheTargetInstead) {
  // Every path weighs 0; a target weight of 1 is above that: random for the candidate, while
  // Pathfinder itself follows the path.
  const Genome g = genome(0, {}, {.target = 1});
  expect_random_but_never_back(kStuckBelowName, g, 0);
  EXPECT_EQ(call_player(kName, g, uniform_view(0)), (Move{1, 0}));
  // Target weight 0: no path is below it, the candidate follows the cheapest path.
  EXPECT_EQ(call_player(kStuckBelowName, genome(0, {}, {.target = 0}), uniform_view(0)), (Move{1, 0}));
}

TEST(Pathfinder, NeverStepsOutOfBounds) {
  // Bottom row of the track. Straight ahead and up weigh 8, up-forward 4: it goes up-forward.
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 2, 1, 0},
      {0, 0, 0, 2, 0},
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
  });
  EXPECT_EQ(call_player(kName, genome(0, {{1, weight_gene(4)}, {2, weight_gene(8)}}), view), (Move{1, -1}));
  // Stuck (every path weighs more than the target): random, but never into the out-of-bounds row.
  const Genome stuck = genome(4, {}, {.target = 0});
  for (uint64_t seed = 0; seed < 200; ++seed) {
    const Move m = call_player(kName, stuck, view, seed);
    ASSERT_NE(m.dy, 1);
    ASSERT_GE(m.dx, 0);
  }
}

}  // namespace
}  // namespace ratrace::testing
