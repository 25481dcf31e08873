#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ratrace {

// Two-sided Student t quantile: the t with P(|T| <= t) = confidence for `df` degrees of freedom.
double t_quantile(double confidence, double df);
// The same from the two tails' share: the t with P(|T| >= t) = alpha. Exact for tails far
// below 1e-16, where 1 - alpha would round to 1.
double t_critical(double alpha, double df);

// The mean of a sample and the half width of its two-sided t interval at the confidence asked
// for: the interval is mean +- half_width (infinite for fewer than two values).
struct MeanInterval {
  double mean = 0;
  double half_width = 0;
};
MeanInterval mean_interval(std::span<const double> values, double confidence = 0.95);

// A set of game scores summarised on the log scale, where the geometric mean lives: the
// interval is the t interval of the mean log score, exponentiated.
struct ScoreSummary {
  size_t n = 0;
  double geometric_mean = 0;
  double ci_low = 0, ci_high = 0;  // 95% interval of the geometric mean
  double mean_log = 0, sd_log = 0;
  double median = 0, min = 0, max = 0;
  double share_of_ones = 0;  // boards where the player never scored
};
ScoreSummary summarise(std::span<const uint64_t> scores, double confidence = 0.95);

// Paired comparison of two score lists on the same boards: the mean of log(a) - log(b)
// with its t interval, reported as the ratio of geometric means a / b.
struct PairedSummary {
  size_t n = 0;
  double mean_log_ratio = 0, sd_log_ratio = 0;
  double ratio = 1, ratio_low = 1, ratio_high = 1;
  bool significant = false;  // the interval excludes a ratio of 1
};
PairedSummary compare_paired(std::span<const uint64_t> a, std::span<const uint64_t> b, double confidence = 0.95);
// log(a[i]) - log(b[i]) per board.
std::vector<double> log_ratios(std::span<const uint64_t> a, std::span<const uint64_t> b);
// The paired summary of per-board log ratios, its interval at two-sided level `alpha`
// (the interval has confidence 1 - alpha).
PairedSummary summarise_log_ratios(std::span<const double> log_ratios, double alpha);

// One look of a symmetric two-sided group-sequential test on a statistic that is standard
// normal under the null hypothesis at every look, with independent increments between looks
// (here the paired t statistic, approximately: each look's boundary is applied through the t
// distribution at the look's nominal level).
struct SequentialBoundary {
  double fraction = 1;       // information fraction: boards at this look / boards at the last
  double spent = 0;          // type I error spent up to and including this look
  double z = 0;              // stop when |Z| >= z
  double nominal_alpha = 0;  // 2 (1 - Phi(z)): the two-sided level one look is tested at
};
// Lan-DeMets alpha spending with the O'Brien-Fleming-type function, alpha/2 per side:
// alpha(t) = 2 (2 - 2 Phi(z_{1-alpha/4} / sqrt(t))) at the given increasing fractions (the
// last must be 1). Each look's z solves P(no stop before, stop now) = alpha(t_k) - alpha(t_k-1)
// by recursive numerical integration (Armitage, McPherson and Rowe), so the chance of ever
// stopping when there is no difference is alpha: early looks demand a lot, the last look
// little more than a fixed-size test.
std::vector<SequentialBoundary> obrien_fleming_design(std::span<const double> fractions, double alpha);
// The chance that a test with these boundaries stops at some look when Z at the last look
// has mean `drift` (0: its type I error; for a paired t test drift = sqrt(n) mean / sd).
double stopping_probability(std::span<const SequentialBoundary> design, double drift);
// The drift at which the design stops with probability `power`.
double drift_for_power(std::span<const SequentialBoundary> design, double power);

}  // namespace ratrace
