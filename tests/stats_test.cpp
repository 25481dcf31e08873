// Score statistics (docs/RULES.md, "A player's score"): geometric means with t intervals, paired comparisons.
#include "common/stats.h"

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
