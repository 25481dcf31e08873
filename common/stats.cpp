#include "common/stats.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace ratrace {

namespace {

// Regularised incomplete beta I_x(a, b) by Lentz's continued fraction.
double incomplete_beta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - incomplete_beta(b, a, 1 - x);
  const double log_front = std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  constexpr double kTiny = 1e-300;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  d = 1 / (std::abs(d) < kTiny ? kTiny : d);
  double f = d;
  for (int m = 1; m <= 300; ++m) {
    for (int half = 0; half < 2; ++half) {
      const double numerator = half == 0 ? m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
                                         : -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
      d = 1 + numerator * d;
      d = 1 / (std::abs(d) < kTiny ? kTiny : d);
      c = 1 + numerator / c;
      if (std::abs(c) < kTiny) c = kTiny;
      f *= c * d;
    }
    if (std::abs(c * d - 1) < 1e-15) break;
  }
  return std::exp(log_front) * f / a;
}

// P(|T| <= t) for Student's t with df degrees of freedom.
double t_central_probability(double t, double df) { return 1 - incomplete_beta(df / 2, 0.5, df / (df + t * t)); }

double mean_of(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

double sd_of(const std::vector<double>& v, double mean) {
  if (v.size() < 2) return 0;
  double sum = 0;
  for (double x : v) sum += (x - mean) * (x - mean);
  return std::sqrt(sum / static_cast<double>(v.size() - 1));
}

// Half-width of the t interval of the mean of n values with standard deviation sd.
double half_width(double sd, size_t n, double confidence) {
  if (n < 2) return INFINITY;
  return t_quantile(confidence, static_cast<double>(n - 1)) * sd / std::sqrt(static_cast<double>(n));
}

}  // namespace

double t_quantile(double confidence, double df) {
  if (!(confidence > 0 && confidence < 1) || !(df > 0)) throw std::invalid_argument("t_quantile: bad arguments");
  double low = 0, high = 1;
  while (t_central_probability(high, df) < confidence) high *= 2;
  for (int i = 0; i < 200 && high - low > 1e-12 * high; ++i) {
    const double mid = (low + high) / 2;
    (t_central_probability(mid, df) < confidence ? low : high) = mid;
  }
  return (low + high) / 2;
}

ScoreSummary summarise(std::span<const uint64_t> scores, double confidence) {
  ScoreSummary s;
  s.n = scores.size();
  if (s.n == 0) return s;
  std::vector<double> logs;
  std::vector<uint64_t> sorted(scores.begin(), scores.end());
  std::sort(sorted.begin(), sorted.end());
  for (uint64_t v : scores) logs.push_back(std::log(static_cast<double>(v)));
  s.mean_log = mean_of(logs);
  s.sd_log = sd_of(logs, s.mean_log);
  const double h = half_width(s.sd_log, s.n, confidence);
  s.geometric_mean = std::exp(s.mean_log);
  s.ci_low = std::exp(s.mean_log - h);
  s.ci_high = std::exp(s.mean_log + h);
  s.min = static_cast<double>(sorted.front());
  s.max = static_cast<double>(sorted.back());
  s.median = s.n % 2 ? static_cast<double>(sorted[s.n / 2])
                     : (static_cast<double>(sorted[s.n / 2 - 1]) + static_cast<double>(sorted[s.n / 2])) / 2;
  s.share_of_ones = static_cast<double>(std::count(sorted.begin(), sorted.end(), 1u)) / static_cast<double>(s.n);
  return s;
}

PairedSummary compare_paired(std::span<const uint64_t> a, std::span<const uint64_t> b, double confidence) {
  if (a.size() != b.size()) throw std::invalid_argument("paired comparison needs the same boards on both sides");
  PairedSummary p;
  p.n = a.size();
  if (p.n == 0) return p;
  std::vector<double> diffs;
  for (size_t i = 0; i < a.size(); ++i)
    diffs.push_back(std::log(static_cast<double>(a[i])) - std::log(static_cast<double>(b[i])));
  p.mean_log_ratio = mean_of(diffs);
  p.sd_log_ratio = sd_of(diffs, p.mean_log_ratio);
  double h = half_width(p.sd_log_ratio, p.n, confidence);
  if (p.sd_log_ratio == 0 && p.n >= 2) h = 0;  // identical differences on every board
  p.ratio = std::exp(p.mean_log_ratio);
  p.ratio_low = std::exp(p.mean_log_ratio - h);
  p.ratio_high = std::exp(p.mean_log_ratio + h);
  p.significant = p.ratio_low > 1 || p.ratio_high < 1;
  return p;
}

}  // namespace ratrace
