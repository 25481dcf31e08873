#include "ratrace/analysis/tuning.h"

#include <gtest/gtest.h>

#include <random>

namespace ratrace {
namespace {

TEST(Tuning, ParsesParamsAndAssignments) {
  const ParamAxis axis = parse_param("mutation= 0.005, 0.01 ,0.0227");
  EXPECT_EQ(axis.key, "mutation");
  EXPECT_EQ(axis.values, (std::vector<std::string>{"0.005", "0.01", "0.0227"}));
  EXPECT_THROW(parse_param("mutation"), std::invalid_argument);
  EXPECT_THROW(parse_param("mutation=0.1,,0.2"), std::invalid_argument);
  const Assignments a = parse_assignments("mutation=0.02, crossover=0.1");
  EXPECT_EQ(assignments_label(a), "mutation=0.02,crossover=0.1");
}

TEST(Tuning, ExpandsOneAndTwoParameterGrids) {
  const auto one = expand_grid(Config{}, {parse_param("mutation=0.005,0.01,0.05")});
  ASSERT_EQ(one.size(), 3u);
  EXPECT_EQ(one[2].label, "mutation=0.05");
  EXPECT_DOUBLE_EQ(one[2].config.mutation, 0.05);

  const auto two = expand_grid(Config{}, {parse_param("mutation=0.005,0.05"), parse_param("crossover=0,0.1,0.5")});
  ASSERT_EQ(two.size(), 6u);
  EXPECT_EQ(two[0].label, "mutation=0.005,crossover=0");
  EXPECT_EQ(two[4].label, "mutation=0.05,crossover=0.1");
  EXPECT_DOUBLE_EQ(two[4].config.mutation, 0.05);
  EXPECT_DOUBLE_EQ(two[4].config.crossover, 0.1);
  EXPECT_EQ(two[4].config.turns, Config{}.turns);
}

TEST(Tuning, GridErrorsBeforeAnyGame) {
  EXPECT_THROW(expand_grid(Config{}, {parse_param("mutaton=0.01")}), std::invalid_argument);
  EXPECT_THROW(expand_grid(Config{}, {parse_param("mutation=abc")}), std::invalid_argument);
  EXPECT_THROW(expand_grid(Config{}, {parse_param("mutation=1.5")}), std::invalid_argument);  // fails validate()
  EXPECT_THROW(expand_grid(Config{}, {parse_param("turns=10.5")}), std::invalid_argument);
  EXPECT_THROW(expand_grid(Config{}, {parse_param("mutation=0.01,0.010")}), std::invalid_argument);
  EXPECT_THROW(expand_grid(Config{}, {parse_param("mutation=0.01"), parse_param("mutation=0.02")}),
               std::invalid_argument);
  EXPECT_THROW(expand_grid(Config{}, {}), std::invalid_argument);
  EXPECT_THROW(
      expand_grid(Config{}, {parse_param("mutation=0.01"), parse_param("crossover=0.1"), parse_param("turns=10")}),
      std::invalid_argument);
  try {
    expand_grid(Config{}, {parse_param("mutaton=0.01")});
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("mutaton"), std::string::npos);
  }
}

TEST(Tuning, FindsTheBaselineInTheGridOrNot) {
  const auto grid = expand_grid(Config{}, {parse_param("mutation=0.005,0.010,0.05")});
  EXPECT_EQ(find_baseline(grid, Config{}), std::optional<size_t>(1));  // the spec's 0.01, written differently
  EXPECT_EQ(find_baseline(grid, apply_assignments(Config{}, parse_assignments("mutation=0.05"))),
            std::optional<size_t>(2));
  EXPECT_EQ(find_baseline(grid, apply_assignments(Config{}, parse_assignments("mutation=0.02"))), std::nullopt);
  EXPECT_EQ(find_baseline(grid, apply_assignments(Config{}, parse_assignments("mutation=0.05,crossover=0.1"))),
            std::nullopt);
}

TEST(Tuning, NamesTheBestSettingOnlyWhenItBeatsTheBaseline) {
  const std::vector<uint64_t> baseline{10, 20, 40, 80, 160, 5};
  const std::vector<uint64_t> doubled{20, 40, 80, 160, 320, 10};
  const std::vector<uint64_t> noisy{30, 10, 60, 50, 200, 6};
  auto best_of = [&](const std::vector<std::vector<uint64_t>>& lists) {
    std::vector<ScoreSummary> s;
    std::vector<PairedSummary> p;
    for (const auto& l : lists) {
      s.push_back(summarise(l));
      p.push_back(compare_paired(l, baseline));
    }
    return choose_best(s, p);
  };
  const BestSetting clear = best_of({baseline, doubled, noisy});
  EXPECT_EQ(clear.index, 1u);
  EXPECT_TRUE(clear.distinguishable);
  const BestSetting unclear = best_of({baseline, noisy});
  EXPECT_EQ(unclear.index, 1u);
  EXPECT_FALSE(unclear.distinguishable);
  const BestSetting baseline_best = best_of({baseline, std::vector<uint64_t>{5, 10, 20, 40, 80, 2}});
  EXPECT_EQ(baseline_best.index, 0u);
  EXPECT_FALSE(baseline_best.distinguishable);
}

TEST(Tuning, ParsesCompareSides) {
  const Entrant plain = parse_side("Blind Faith", "ColorScorePlayer", Config{});
  EXPECT_EQ(plain.player, "Blind Faith");
  EXPECT_EQ(plain.label, "Blind Faith");
  EXPECT_EQ(plain.config, Config{});
  const Entrant tuned = parse_side("Blind Faith:mutation=0.0227", "ColorScorePlayer", Config{});
  EXPECT_EQ(tuned.label, "Blind Faith:mutation=0.0227");
  EXPECT_DOUBLE_EQ(tuned.config.mutation, 0.0227);
  const Entrant default_player = parse_side(":mutation=0.0227", "ColorScorePlayer", Config{});
  EXPECT_EQ(default_player.player, "ColorScorePlayer");
  EXPECT_EQ(default_player.label, "ColorScorePlayer:mutation=0.0227");
  EXPECT_THROW(parse_side("No Such Player", "ColorScorePlayer", Config{}), std::invalid_argument);
  EXPECT_THROW(parse_side(":mutaton=0.1", "ColorScorePlayer", Config{}), std::invalid_argument);
}

TEST(Tuning, PairsOnlyBoardsBothFinishedWithoutFault) {
  std::vector<std::optional<BoardResult>> a(3), b(3);
  for (size_t i = 0; i < 3; ++i) {
    a[i].emplace().score = 10 + i;
    b[i].emplace().score = 20 + i;
  }
  b[1]->fault = "boom";
  const PairedScores p = paired_scores(a, b, 3);
  EXPECT_EQ(p.a, (std::vector<uint64_t>{10, 12}));
  EXPECT_EQ(p.b, (std::vector<uint64_t>{20, 22}));
  a[2].reset();
  EXPECT_THROW(paired_scores(a, b, 3), std::logic_error);
}

// Game-like scores: log-normal, with some boards where the player never scores.
std::vector<uint64_t> synthetic_scores(std::mt19937_64& rng, int n, double scale) {
  std::lognormal_distribution<double> score(std::log(50.0), 2.0);
  std::vector<uint64_t> v;
  for (int i = 0; i < n; ++i) v.push_back(std::max<uint64_t>(1, static_cast<uint64_t>(scale * score(rng))));
  return v;
}

// Runs the plan's looks over prefixes of two full score lists, as 'ratrace compare' does.
std::pair<Verdict, int> run_plan(const SequentialPlan& plan, const std::vector<uint64_t>& a,
                                 const std::vector<uint64_t>& b) {
  const auto looks = plan.looks();
  const auto design = plan.design();
  for (size_t k = 0; k < looks.size(); ++k) {
    const auto n = static_cast<size_t>(looks[k]);
    const LookResult look =
        sequential_look(design[k], log_ratios(std::span(a).first(n), std::span(b).first(n)), k + 1 == looks.size());
    if (look.verdict != Verdict::kContinue) return {look.verdict, looks[k]};
  }
  return {Verdict::kContinue, 0};
}

TEST(Tuning, IdenticalSidesAreNeverDeclaredDifferent) {
  const SequentialPlan plan{20, 200};
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const auto scores = synthetic_scores(rng, 200, 1);
    EXPECT_EQ(run_plan(plan, scores, scores), std::make_pair(Verdict::kNoDifference, 200));
  }
}

TEST(Tuning, ADoubledSideIsDeclaredBetterAtTheFirstLook) {
  const SequentialPlan plan{20, 200};
  std::mt19937_64 rng(11);
  const auto b = synthetic_scores(rng, 200, 1);
  std::vector<uint64_t> a;
  for (uint64_t s : b) a.push_back(2 * s);
  EXPECT_EQ(run_plan(plan, a, b), std::make_pair(Verdict::kFirstBetter, 20));
  EXPECT_EQ(run_plan(plan, b, a), std::make_pair(Verdict::kSecondBetter, 20));
}

TEST(Tuning, EqualButIndependentSidesRarelyDiffer) {
  // The overall error rate is 5% over all looks (sequential_test.cpp measures it closely);
  // 300 trials allow sampling noise up to 8%.
  const SequentialPlan plan{20, 200};
  std::mt19937_64 rng(2024);
  int false_alarms = 0;
  constexpr int kTrials = 300;
  for (int trial = 0; trial < kTrials; ++trial) {
    const auto a = synthetic_scores(rng, 200, 1), b = synthetic_scores(rng, 200, 1);
    false_alarms += run_plan(plan, a, b).first != Verdict::kNoDifference;
  }
  EXPECT_LE(false_alarms, kTrials * 8 / 100);
}

TEST(Tuning, AClearDifferenceStopsEarly) {
  const SequentialPlan plan{20, 200};
  std::mt19937_64 rng(5);
  const auto a = synthetic_scores(rng, 200, 8), b = synthetic_scores(rng, 200, 1);
  const auto [verdict, boards] = run_plan(plan, a, b);
  EXPECT_EQ(verdict, Verdict::kFirstBetter);
  EXPECT_LT(boards, 200);
}

}  // namespace
}  // namespace ratrace
