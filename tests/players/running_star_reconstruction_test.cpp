#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <set>

#include "ratrace/players/view_path_search.h"
#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {
namespace {

// 6-bit chunks with a known run bonus (a run of n ones is worth n(n+1)/2).
constexpr uint32_t kRun0 = 0b000000;   // 0
constexpr uint32_t kRun1 = 0b100000;   // 1
constexpr uint32_t kRun3 = 0b110000;   // 3
constexpr uint32_t kRun6 = 0b111000;   // 6
constexpr uint32_t kRun10 = 0b111100;  // 10
constexpr uint32_t kRun21 = 0b111111;  // 21

Genome chunks(std::initializer_list<std::pair<int, uint32_t>> colour_chunks) {
  GenomeBuilder builder;
  for (auto [colour, chunk] : colour_chunks) builder.set_chunk(6 * colour, 6, chunk);
  return builder.build();
}

constexpr uint32_t kRunningStarTargets =
    view_path::cell_bit(2, -2) | view_path::cell_bit(2, -1) | view_path::cell_bit(2, 0) | view_path::cell_bit(2, 1) |
    view_path::cell_bit(2, 2) | view_path::cell_bit(1, -2) | view_path::cell_bit(1, 2);

TEST(RunningStarReconstruction, TakesTheFirstStepOfTheCheapestPathNotTheCheapestNeighbour) {
  // Costs: colour 0 = 21, 1 = 3, 2 = 6, 3 = 10. The cheapest forward cell is (1,-1) (6),
  // but the cheapest path is (0,-1) [3] then the top-row cell ahead (1,-2) [3]: 6 in all.
  const Genome genome = chunks({{0, kRun21}, {1, kRun3}, {2, kRun6}, {3, kRun10}});
  const auto view = make_view({
      {0, 0, 0, 1, 0},
      {0, 0, 1, 2, 0},
      {0, 0, 0, 3, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  std::array<int, 16> colour_cost{};
  for (int c = 0; c < 16; ++c) colour_cost[c] = genome.run_bonus(6 * c, 6);
  const auto steps =
      view_path::cheapest_first_steps(view_path::view_costs(view.view(), colour_cost), kRunningStarTargets);
  EXPECT_EQ(steps.cost, 6);
  EXPECT_EQ(steps.moves, 1u << move_index(Move{0, -1}));
  for (uint64_t seed = 0; seed < 20; ++seed)
    EXPECT_EQ(call_player("Running Star (reconstruction)", genome, view, seed), (Move{0, -1}));
}

TEST(RunningStarReconstruction, FollowsAWindingCheapPathEvenWhenItStartsBackwards) {
  // Colour 0 costs 21, colour 4 costs 0, colour 5 costs 1: the only cheap route is
  // (-1,-1) -> (0,-2) -> (1,-2), cost 0 + 0 + 1.
  const Genome genome = chunks({{0, kRun21}, {4, kRun0}, {5, kRun1}});
  const auto view = make_view({
      {0, 0, 4, 5, 0},
      {0, 4, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player("Running Star (reconstruction)", genome, view), (Move{-1, -1}));
}

TEST(RunningStarReconstruction, ReadsColourCostsAsRunBonusAndPrefersTheCheaper) {
  // 0b101010 is 42 as a number but only 3 as a run bonus; 0b011100 is 28 but 6.
  const Genome genome = chunks({{0, kRun21}, {1, 0b101010}, {2, 0b011100}});
  const auto view = make_view({
      {0, 0, 0, 0, 0},
      {0, 0, 0, 1, 0},
      {0, 0, 0, 0, 0},
      {0, 0, 0, 2, 0},
      {0, 0, 0, 0, 0},
  });
  EXPECT_EQ(call_player("Running Star (reconstruction)", genome, view), (Move{1, -1}));
}

// Independent oracle: Floyd-Warshall over the 25 view cells.
view_path::FirstSteps oracle(const view_path::Costs& costs, uint32_t targets) {
  constexpr int kInf = INT_MAX / 4;
  int d[25][25];
  for (int i = 0; i < 25; ++i)
    for (int j = 0; j < 25; ++j) {
      const bool adjacent = i != j && std::abs(i % 5 - j % 5) <= 1 && std::abs(i / 5 - j / 5) <= 1;
      d[i][j] = i == j ? 0 : (adjacent && costs[j] >= 0 ? costs[j] : kInf);
    }
  for (int k = 0; k < 25; ++k)
    for (int i = 0; i < 25; ++i)
      for (int j = 0; j < 25; ++j) d[i][j] = std::min(d[i][j], d[i][k] + d[k][j]);
  view_path::FirstSteps result;
  for (int m = 0; m < 9; ++m) {
    const Move step = move_from_index(m);
    if (step == Move{0, 0}) continue;
    const int s = view_path::cell(step.dx, step.dy);
    if (costs[s] < 0) continue;
    for (int t = 0; t < 25; ++t) {
      if (!((targets >> t) & 1) || costs[t] < 0 || d[s][t] >= kInf) continue;
      const int total = costs[s] + d[s][t];
      if (result.cost < 0 || total < result.cost) {
        result.cost = total;
        result.moves = 0;
      }
      if (total == result.cost) result.moves = static_cast<uint16_t>(result.moves | (1u << m));
    }
  }
  return result;
}

TEST(RunningStarReconstruction, PathSearchAgreesWithABruteForceOracleOnRandomViews) {
  Rng rng(12345);
  for (int trial = 0; trial < 3000; ++trial) {
    GenomeBuilder builder;
    for (int i = 0; i < 100; ++i) builder.set_bit(i, static_cast<int>(rng.below(2)));
    const Genome genome = builder.build();
    ViewGrid grid;
    for (auto& cell : grid.cells) cell = static_cast<int8_t>(rng.below(8) == 0 ? -1 : static_cast<int>(rng.below(16)));
    std::array<int, 16> colour_cost{};
    for (int c = 0; c < 16; ++c) colour_cost[c] = genome.run_bonus(6 * c, 6);
    const view_path::Costs costs = view_path::view_costs(grid.view(), colour_cost);
    const auto expected = oracle(costs, kRunningStarTargets);
    const auto got = view_path::cheapest_first_steps(costs, kRunningStarTargets);
    ASSERT_EQ(got.cost, expected.cost) << "trial " << trial;
    ASSERT_EQ(got.moves, expected.moves) << "trial " << trial;
    if (expected.moves != 0) {
      // The player takes the first of the tied first steps in its fixed preference order.
      Move preferred{0, 0};
      for (const Move m :
           {Move{1, 0}, Move{1, -1}, Move{1, 1}, Move{0, -1}, Move{0, 1}, Move{-1, 0}, Move{-1, -1}, Move{-1, 1}}) {
        if ((expected.moves >> move_index(m)) & 1) {
          preferred = m;
          break;
        }
      }
      Rng r(static_cast<uint64_t>(trial));
      EXPECT_EQ(find_player("Running Star (reconstruction)").move(genome, grid.view(), r), preferred)
          << "trial " << trial;
      EXPECT_EQ(r.draws(), 0u);
    }
  }
}

TEST(RunningStarReconstruction, BreaksTiesBetweenFirstStepsByAFixedPreference) {
  // Colour 6 costs 1, colour 0 costs 21.
  const Genome genome = chunks({{6, kRun1}, {0, kRun21}});
  // Uniform: every forward step reaches a target in two steps; straight ahead is preferred.
  EXPECT_EQ(call_player("Running Star (reconstruction)", genome, uniform_view(6)), (Move{1, 0}));
  // (1,0) dear: (1,-1) and (1,1) tie; the upper diagonal is preferred.
  const auto dear_ahead = make_view({
      {6, 6, 6, 6, 6},
      {6, 6, 6, 6, 6},
      {6, 6, 6, 0, 6},
      {6, 6, 6, 6, 6},
      {6, 6, 6, 6, 6},
  });
  EXPECT_EQ(call_player("Running Star (reconstruction)", genome, dear_ahead), (Move{1, -1}));
  // All three forward cells dear: (0,-1) -> (1,-2) and (0,1) -> (1,2) tie; up is preferred.
  const auto dear_column = make_view({
      {6, 6, 6, 6, 0},
      {6, 6, 6, 0, 0},
      {6, 6, 6, 0, 0},
      {6, 6, 6, 0, 0},
      {6, 6, 6, 6, 0},
  });
  EXPECT_EQ(call_player("Running Star (reconstruction)", genome, dear_column), (Move{0, -1}));
}

TEST(RunningStarReconstruction, NeverStepsOutOfBounds) {
  // Top row of the track, (1,0) dear: (1,1) -> the column ahead and (0,1) -> (1,2) both
  // cost 2; the preferred (1,-1) is out of bounds and never considered.
  const Genome genome = chunks({{6, kRun1}, {0, kRun21}});
  const auto view = make_view({
      {-1, -1, -1, -1, -1},
      {-1, -1, -1, -1, -1},
      {6, 6, 6, 0, 6},
      {6, 6, 6, 6, 6},
      {6, 6, 6, 6, 6},
  });
  EXPECT_EQ(call_player("Running Star (reconstruction)", genome, view), (Move{1, 1}));
}

TEST(RunningStarReconstruction, DrawsOnlyWithoutAPath) {
  const Genome genome = chunks({{0, kRun21}, {1, kRun3}, {2, kRun6}, {3, kRun10}, {6, kRun1}});
  for (const ViewGrid& view :
       {make_view({{0, 0, 0, 1, 0}, {0, 0, 1, 2, 0}, {0, 0, 0, 3, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}}),
        uniform_view(6)}) {
    Rng rng(3);
    find_player("Running Star (reconstruction)").move(genome, view.view(), rng);
    EXPECT_EQ(rng.draws(), 0u);
  }

  // A hand-made view where nothing ahead is in bounds: no path, a random move.
  const auto blocked = make_view({
      {0, 0, 0, -1, -1},
      {0, 0, 0, -1, -1},
      {0, 0, 0, -1, -1},
      {0, 0, 0, -1, -1},
      {0, 0, 0, -1, -1},
  });
  std::set<int> moves;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    Rng r(seed);
    moves.insert(move_index(find_player("Running Star (reconstruction)").move(genome, blocked.view(), r)));
    EXPECT_GT(r.draws(), 0u);
  }
  EXPECT_EQ(moves.size(), 9u);
}

}  // namespace
}  // namespace ratrace::testing
