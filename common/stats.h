#pragma once
#include <cstddef>
#include <cstdint>
#include <span>

namespace ratrace {

// Two-sided Student t quantile: the t with P(|T| <= t) = confidence for `df` degrees of freedom.
double t_quantile(double confidence, double df);

// A set of game scores summarised on the log scale, where the geometric mean lives: the
// interval is the t interval of the mean log score, exponentiated.
struct ScoreSummary {
  size_t n = 0;
  double geometric_mean = 0;
  double ci_low = 0, ci_high = 0;  // 95% interval of the geometric mean
  double mean_log = 0, sd_log = 0;
  double median = 0, min = 0, max = 0;
  double share_of_ones = 0;        // boards where the player never scored
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

}  // namespace ratrace
