// Score statistics (docs/RULES.md, "A player's score"): geometric means with t intervals, paired comparisons.
#include "ratrace/common/stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace ratrace {
namespace {

TEST(Stats, TQuantileMatchesTables) {
  // Two-sided 95% Student t quantiles from standard tables (3 decimals): tolerance 1e-3.
  EXPECT_NEAR(t_quantile(0.95, 1), 12.706, 1e-3);
  EXPECT_NEAR(t_quantile(0.95, 2), 4.303, 1e-3);
  EXPECT_NEAR(t_quantile(0.95, 10), 2.228, 1e-3);
  EXPECT_NEAR(t_quantile(0.95, 30), 2.042, 1e-3);
  EXPECT_NEAR(t_quantile(0.95, 99), 1.984, 1e-3);
  EXPECT_NEAR(t_quantile(0.99, 10), 3.169, 1e-3);
  EXPECT_NEAR(t_quantile(0.95, 1e7), 1.960, 1e-3);  // the normal limit
  EXPECT_THROW(t_quantile(1.0, 10), std::invalid_argument);
  EXPECT_THROW(t_quantile(0.95, 0), std::invalid_argument);
}

TEST(Stats, TCriticalReachesFarTails) {
  EXPECT_DOUBLE_EQ(t_critical(0.05, 10), t_quantile(0.95, 10));
  // df 1 is Cauchy: P(|T| >= t) = 1 - 2 atan(t) / pi, so t = tan(pi (1 - alpha) / 2) = 1 / tan(pi alpha / 2).
  // alpha 1e-20 is a share 1 - alpha cannot hold in a double.
  EXPECT_NEAR(t_critical(1e-20, 1), 1 / std::tan(M_PI * 1e-20 / 2), 1e-6 * 6.4e19);
  EXPECT_GT(t_critical(1e-10, 19), t_critical(1e-5, 19));
}

TEST(Stats, MeanIntervalIsTheTIntervalOfTheMean) {
  // 1, 2, 3, 4: mean 2.5, sd sqrt(5/3), t(0.95, 3) = 3.182: half width 3.182 * 1.291 / 2.
  const std::vector<double> values{1, 2, 3, 4};
  const MeanInterval m = mean_interval(values);
  EXPECT_DOUBLE_EQ(m.mean, 2.5);
  EXPECT_NEAR(m.half_width, 2.054, 1e-3);
  EXPECT_DOUBLE_EQ(mean_interval(values, 0.99).mean, 2.5);
  EXPECT_GT(mean_interval(values, 0.99).half_width, m.half_width);
  EXPECT_EQ(mean_interval(std::vector<double>{7, 7, 7}).half_width, 0);
  const MeanInterval one = mean_interval(std::vector<double>{5});
  EXPECT_EQ(one.mean, 5);
  EXPECT_TRUE(std::isinf(one.half_width));
  EXPECT_THROW(mean_interval(std::vector<double>{}), std::invalid_argument);
}

TEST(Stats, OBrienFlemingDesignMatchesPublishedBoundaries) {
  // Five equally spaced looks, two-sided 5%: the Lan-DeMets O'Brien-Fleming-type bounds as
  // gsDesign (sfLDOF, test.type 2) and ldbounds publish them, and as scipy's multivariate
  // normal CDF gives them independently: 4.8769, 3.3570, 2.6802, 2.2898, 2.0310.
  const std::vector<double> fractions{0.2, 0.4, 0.6, 0.8, 1.0};
  const auto design = obrien_fleming_design(fractions, 0.05);
  ASSERT_EQ(design.size(), 5u);
  const double expected[] = {4.8769, 3.3570, 2.6802, 2.2898, 2.0310};
  for (size_t k = 0; k < 5; ++k) {
    EXPECT_NEAR(design[k].z, expected[k], 2e-4) << "look " << k + 1;
    EXPECT_NEAR(design[k].nominal_alpha, 2 * (0.5 * std::erfc(design[k].z / std::sqrt(2.0))), 1e-15);
  }
  EXPECT_NEAR(design.back().spent, 0.05, 1e-12);
  // Integrated back, the boundaries stop a null run with probability 5%.
  EXPECT_NEAR(stopping_probability(design, 0), 0.05, 1e-5);
  // 80% power needs a little more than a single test's 1.96 + 0.8416 = 2.8016 standard errors
  // (O'Brien-Fleming designs cost 2-3% more boards than a fixed-size test).
  const double drift = drift_for_power(design, 0.8);
  EXPECT_NEAR(stopping_probability(design, drift), 0.8, 1e-6);
  EXPECT_GT(drift * drift / (2.8016 * 2.8016), 1.01);
  EXPECT_LT(drift * drift / (2.8016 * 2.8016), 1.04);
  EXPECT_THROW(obrien_fleming_design(std::vector<double>{0.5, 0.4, 1.0}, 0.05), std::invalid_argument);
  EXPECT_THROW(obrien_fleming_design(std::vector<double>{0.5}, 0.05), std::invalid_argument);
}

TEST(Stats, SummaryOfKnownScores) {
  const std::vector<uint64_t> scores{1, 10, 100};
  const ScoreSummary s = summarise(scores);
  // Logs 0, ln 10, 2 ln 10: mean ln 10, sd ln 10. Tolerances: floating rounding only.
  EXPECT_EQ(s.n, 3u);
  EXPECT_NEAR(s.geometric_mean, 10.0, 1e-12);
  EXPECT_NEAR(s.mean_log, std::log(10.0), 1e-12);
  EXPECT_NEAR(s.sd_log, std::log(10.0), 1e-12);
  EXPECT_DOUBLE_EQ(s.median, 10);
  EXPECT_DOUBLE_EQ(s.min, 1);
  EXPECT_DOUBLE_EQ(s.max, 100);
  EXPECT_NEAR(s.share_of_ones, 1.0 / 3, 1e-12);
  // 95% interval: exp(ln 10 -+ t(0.95, 2) * ln 10 / sqrt 3), t(0.95, 2) = 4.302653.
  const double half = 4.302653 * std::log(10.0) / std::sqrt(3.0);
  EXPECT_NEAR(s.ci_low, std::exp(std::log(10.0) - half), 1e-5 * s.ci_low);
  EXPECT_NEAR(s.ci_high, std::exp(std::log(10.0) + half), 1e-5 * s.ci_high);
  EXPECT_NEAR(s.ci_low * s.ci_high, 100.0, 1e-9);  // symmetric on the log scale

  const std::vector<uint64_t> even{4, 1, 16, 2};
  const ScoreSummary e = summarise(even);
  EXPECT_DOUBLE_EQ(e.median, 3);
  EXPECT_NEAR(e.geometric_mean, std::pow(4.0 * 16 * 2, 0.25), 1e-12);
  EXPECT_DOUBLE_EQ(e.share_of_ones, 0.25);
}

TEST(Stats, HugeScoresKeepTheirGeometricMean) {
  const std::vector<uint64_t> scores{1000000, 1000000000000ULL};
  EXPECT_NEAR(summarise(scores).geometric_mean, 1e9, 1e-3);
}

TEST(Stats, PairedComparisonOfIdenticalListsIsOneAndNotSignificant) {
  const std::vector<uint64_t> a{1, 5, 70, 3, 900, 12};
  const PairedSummary p = compare_paired(a, a);
  EXPECT_EQ(p.n, 6u);
  EXPECT_DOUBLE_EQ(p.ratio, 1.0);
  EXPECT_DOUBLE_EQ(p.ratio_low, 1.0);
  EXPECT_DOUBLE_EQ(p.ratio_high, 1.0);
  EXPECT_FALSE(p.significant);
}

TEST(Stats, PairedComparisonOfADoubledListIsTwo) {
  const std::vector<uint64_t> b{1, 5, 70, 3, 900, 12};
  std::vector<uint64_t> a;
  for (uint64_t v : b) a.push_back(2 * v);
  const PairedSummary p = compare_paired(a, b);
  // Every board's log ratio is ln 2; only floating rounding separates the ratio from 2.
  EXPECT_NEAR(p.ratio, 2.0, 1e-12);
  EXPECT_NEAR(p.ratio_low, 2.0, 1e-9);
  EXPECT_NEAR(p.ratio_high, 2.0, 1e-9);
  EXPECT_TRUE(p.significant);
  const PairedSummary reverse = compare_paired(b, a);
  EXPECT_NEAR(reverse.ratio, 0.5, 1e-12);
  EXPECT_TRUE(reverse.significant);
}

TEST(Stats, PairedComparisonOfNoisyListsIsAnInterval) {
  const std::vector<uint64_t> a{2, 10, 60, 4, 800, 30};
  const std::vector<uint64_t> b{1, 5, 70, 3, 900, 12};
  const PairedSummary p = compare_paired(a, b);
  double sum = 0;
  for (size_t i = 0; i < a.size(); ++i) sum += std::log(double(a[i]) / double(b[i]));
  EXPECT_NEAR(p.ratio, std::exp(sum / 6), 1e-12);
  EXPECT_LT(p.ratio_low, p.ratio);
  EXPECT_GT(p.ratio_high, p.ratio);
  EXPECT_EQ(p.significant, p.ratio_low > 1 || p.ratio_high < 1);
  EXPECT_THROW(compare_paired(a, std::vector<uint64_t>{1, 2}), std::invalid_argument);
}

}  // namespace
}  // namespace ratrace
