// The compare command's group-sequential design (controller/analysis/tuning.h), checked by simulation
// on the statistics layer: seeded log-ratio data, no games. A vs A must give a verdict in at
// most 5% of runs; a real difference must be found about as often as the design promises.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

#include "ratrace/analysis/tuning.h"
#include "ratrace/common/rng.h"

namespace ratrace {
namespace {

// A standard normal draw by Box-Muller from the project's counter-based generator, so the
// data are the same on every platform and standard library.
double normal_draw(Rng& rng) {
  const double u1 = 1 - rng.uniform(), u2 = rng.uniform();  // u1 in (0, 1]: its log is finite
  return std::sqrt(-2 * std::log(u1)) * std::cos(2 * M_PI * u2);
}

// Student t with 3 degrees of freedom: heavy tails, finite variance.
double heavy_tailed_draw(Rng& rng) {
  double chi2 = 0;
  for (int i = 0; i < 3; ++i) chi2 += std::pow(normal_draw(rng), 2);
  return normal_draw(rng) / std::sqrt(chi2 / 3);
}

// Like real games: on most boards both sides score 1 (log ratio 0), else a heavy-tailed ratio.
double mostly_ties_draw(Rng& rng) { return rng.uniform() < 0.6 ? 0.0 : 5 * heavy_tailed_draw(rng); }

struct Simulated {
  int runs = 0;
  int verdicts = 0;        // runs that declared a difference (either way)
  double mean_boards = 0;  // boards used per run
  double rate() const { return static_cast<double>(verdicts) / runs; }
};

// `runs` sequential comparisons under `plan` with the looks' boundaries `design`, each on
// log ratios shift + draw().
Simulated simulate(const SequentialPlan& plan, const std::vector<SequentialBoundary>& design, int runs, uint64_t seed,
                   double shift, const std::function<double(Rng&)>& draw) {
  const std::vector<int> looks = plan.looks();
  Simulated out;
  out.runs = runs;
  std::vector<double> ratios(static_cast<size_t>(plan.max_boards));
  double boards = 0;
  for (int r = 0; r < runs; ++r) {
    Rng rng(stream_key(seed, 1, static_cast<uint64_t>(r)));
    for (double& x : ratios) x = shift + draw(rng);
    for (size_t k = 0; k < looks.size(); ++k) {
      const LookResult look =
          sequential_look(design[k], std::span(ratios.data(), static_cast<size_t>(looks[k])), k + 1 == looks.size());
      if (look.verdict == Verdict::kContinue) continue;
      out.verdicts += look.verdict != Verdict::kNoDifference;
      boards += looks[k];
      break;
    }
  }
  out.mean_boards = boards / runs;
  return out;
}

// The same looks, each tested at `alpha` on its own (a naive or a Bonferroni design).
std::vector<SequentialBoundary> every_look_at(const SequentialPlan& plan, double alpha) {
  return std::vector<SequentialBoundary>(plan.looks().size(), SequentialBoundary{1, 0, 0, alpha});
}

const SequentialPlan kPlan{20, 200};  // compare's defaults: looks at 20, 40, ..., 200 boards

TEST(SequentialDesign, AVersusAGivesAtMostFivePercentFalseVerdicts) {
  const auto design = kPlan.design();
  constexpr int kRuns = 10000;
  // A design with exactly 5% error shows 5% +- 0.22% (one standard error) over 10000 runs;
  // three standard errors of slack keep this test from failing by chance, while the naive
  // design below (every look at 5%) lands far outside.
  const double allowed = 0.05 + 3 * std::sqrt(0.05 * 0.95 / kRuns);
  const std::vector<std::pair<const char*, std::function<double(Rng&)>>> data{
      {"normal", normal_draw}, {"heavy-tailed (t3)", heavy_tailed_draw}, {"60% ties, t3", mostly_ties_draw}};
  for (const auto& [name, draw] : data) {
    const Simulated s = simulate(kPlan, design, kRuns, 7, 0, draw);
    std::printf("A vs A, %s log ratios: %d false verdicts in %d runs (%.2f%%)\n", name, s.verdicts, s.runs,
                100 * s.rate());
    EXPECT_LE(s.rate(), allowed) << name;
    EXPECT_GE(s.rate(), 0.02) << name << ": far below 5% means the design wastes power";
  }
  const Simulated naive = simulate(kPlan, every_look_at(kPlan, 0.05), kRuns, 7, 0, normal_draw);
  std::printf("A vs A, every look at 5%%: %d false verdicts in %d runs (%.2f%%)\n", naive.verdicts, naive.runs,
              100 * naive.rate());
  EXPECT_GT(naive.rate(), 0.10) << "the simulation must be able to catch an invalid design";
}

TEST(SequentialDesign, FindsARealDifferenceAsOftenAsPlanned) {
  const auto design = kPlan.design();
  constexpr int kRuns = 4000;
  // A mean log ratio of 0.2 sd per board: sqrt(200) * 0.2 = 2.83 standard errors at the last
  // look, where the design promises a verdict with probability stopping_probability(2.83).
  const double effect = 0.2;
  const double promised = stopping_probability(design, effect * std::sqrt(200.0));
  const Simulated s = simulate(kPlan, design, kRuns, 11, effect, normal_draw);
  const Simulated bonferroni = simulate(kPlan, every_look_at(kPlan, 0.05 / 10), kRuns, 11, effect, normal_draw);
  std::printf(
      "power at 0.2 sd per board: %d verdicts in %d runs (%.1f%%; normal theory %.1f%%), %.0f boards "
      "on average; Bonferroni over the 10 looks: %.1f%%, %.0f boards\n",
      s.verdicts, s.runs, 100 * s.rate(), 100 * promised, s.mean_boards, 100 * bonferroni.rate(),
      bonferroni.mean_boards);
  // Tolerance: 3 standard errors of a proportion near 0.8 over 4000 runs (0.019), plus 0.01
  // for the t statistic's heavier tails at 20 boards than the normal theory assumes.
  EXPECT_NEAR(s.rate(), promised, 0.03);
  EXPECT_GT(s.rate(), bonferroni.rate() + 0.03) << "alpha spending must beat Bonferroni over all looks";
  EXPECT_LT(s.mean_boards, 0.9 * kPlan.max_boards) << "early looks must stop clear differences early";
}

TEST(SequentialDesign, LooksEveryFirstLookAndAtTheMaximum) {
  EXPECT_EQ((SequentialPlan{20, 200}.looks()), (std::vector<int>{20, 40, 60, 80, 100, 120, 140, 160, 180, 200}));
  EXPECT_EQ((SequentialPlan{30, 100}.looks()), (std::vector<int>{30, 60, 90, 100}));
  EXPECT_EQ((SequentialPlan{50, 50}.looks()), (std::vector<int>{50}));
  EXPECT_THROW((SequentialPlan{1, 50}.validate()), std::invalid_argument);
  EXPECT_THROW((SequentialPlan{20, 10}.validate()), std::invalid_argument);
  EXPECT_THROW((SequentialPlan{2, 1000}.validate()), std::invalid_argument);  // 500 looks
  // A single look is a plain two-sided test at 5%.
  const auto single = SequentialPlan{50, 50}.design();
  ASSERT_EQ(single.size(), 1u);
  EXPECT_NEAR(single[0].nominal_alpha, 0.05, 1e-12);
}

TEST(SequentialDesign, BoardsForPowerFollowTheEffect) {
  const auto design = kPlan.design();
  PairedSummary observed;
  observed.mean_log_ratio = 0.2;
  observed.sd_log_ratio = 1;
  // 80% power needs drift_for_power(design, 0.8) standard errors: (drift / 0.2)^2 boards,
  // a little above the fixed-size test's (2.80 / 0.2)^2 = 196.
  const auto needed = boards_for_power(design, observed, 0.8);
  ASSERT_TRUE(needed.has_value());
  EXPECT_GE(*needed, 196);
  EXPECT_LE(*needed, 215);
  observed.mean_log_ratio = 0.1;  // half the effect, four times the boards
  EXPECT_NEAR(static_cast<double>(*boards_for_power(design, observed, 0.8)) / *needed, 4.0, 0.05);
  observed.mean_log_ratio = 0;
  EXPECT_FALSE(boards_for_power(design, observed, 0.8).has_value());
}

}  // namespace
}  // namespace ratrace
