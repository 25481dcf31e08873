#include "ratrace/common/stats.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <vector>

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

namespace ratrace {

namespace {

double mean_of(std::span<const double> v) {
  double sum = 0;
  for (double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

double sd_of(std::span<const double> v, double mean) {
  if (v.size() < 2) return 0;
  double sum = 0;
  for (double x : v) sum += (x - mean) * (x - mean);
  return std::sqrt(sum / static_cast<double>(v.size() - 1));
}

// Half-width of the two-sided t interval at level alpha of the mean of n values with
// standard deviation sd.
double half_width(double sd, size_t n, double alpha) {
  if (n < 2) return INFINITY;
  return t_critical(alpha, static_cast<double>(n - 1)) * sd / std::sqrt(static_cast<double>(n));
}

}  // namespace

double t_critical(double alpha, double df) {
  if (!(alpha > 0 && alpha < 1) || !(df > 0)) throw std::invalid_argument("t_critical: bad arguments");
  return boost::math::quantile(boost::math::complement(boost::math::students_t(df), alpha / 2));
}

double t_quantile(double confidence, double df) {
  if (!(confidence > 0 && confidence < 1)) throw std::invalid_argument("t_quantile: bad arguments");
  return t_critical(1 - confidence, df);
}

MeanInterval mean_interval(std::span<const double> values, double confidence) {
  if (values.empty()) throw std::invalid_argument("mean_interval: no values");
  if (!(confidence > 0 && confidence < 1)) throw std::invalid_argument("mean_interval: bad confidence");
  const double mean = mean_of(values);
  return {mean, half_width(sd_of(values, mean), values.size(), 1 - confidence)};
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
  const double h = half_width(s.sd_log, s.n, 1 - confidence);
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

std::vector<double> log_ratios(std::span<const uint64_t> a, std::span<const uint64_t> b) {
  if (a.size() != b.size()) throw std::invalid_argument("paired comparison needs the same boards on both sides");
  std::vector<double> ratios;
  for (size_t i = 0; i < a.size(); ++i)
    ratios.push_back(std::log(static_cast<double>(a[i])) - std::log(static_cast<double>(b[i])));
  return ratios;
}

PairedSummary summarise_log_ratios(std::span<const double> log_ratios, double alpha) {
  PairedSummary p;
  p.n = log_ratios.size();
  if (p.n == 0) return p;
  p.mean_log_ratio = mean_of(log_ratios);
  p.sd_log_ratio = sd_of(log_ratios, p.mean_log_ratio);
  double h = half_width(p.sd_log_ratio, p.n, alpha);
  if (p.sd_log_ratio == 0 && p.n >= 2) h = 0;  // identical differences on every board
  p.ratio = std::exp(p.mean_log_ratio);
  p.ratio_low = std::exp(p.mean_log_ratio - h);
  p.ratio_high = std::exp(p.mean_log_ratio + h);
  p.significant = p.ratio_low > 1 || p.ratio_high < 1;
  return p;
}

PairedSummary compare_paired(std::span<const uint64_t> a, std::span<const uint64_t> b, double confidence) {
  if (!(confidence > 0 && confidence < 1)) throw std::invalid_argument("compare_paired: bad confidence");
  return summarise_log_ratios(log_ratios(a, b), 1 - confidence);
}

namespace {

// P(Z >= z) for a standard normal Z, accurate far into the tail.
double upper_tail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }
double normal_density(double z) { return std::exp(-0.5 * z * z) / std::sqrt(2 * M_PI); }
// The z with P(Z >= z) = p.
double upper_quantile(double p) { return boost::math::quantile(boost::math::complement(boost::math::normal(), p)); }

// The sub-density of the score statistic S (Z * sqrt(fraction)) at one look over the region
// where the test went on, on a Simpson grid. S has independent increments: from one look to
// the next it gains N(drift * dt, dt).
struct Continuation {
  double fraction = 0;
  std::vector<double> s, weighted_density;  // Simpson weight times density at each grid point
};

// Probability of stopping at a look at `fraction` with boundary z, given where the test
// went on at the previous look (nullptr: this is the first look).
double stop_probability(const Continuation* previous, double fraction, double z, double drift) {
  const double bound = z * std::sqrt(fraction);
  if (!previous) {
    const double sd = std::sqrt(fraction), mean = drift * fraction;
    return upper_tail((bound - mean) / sd) + upper_tail((bound + mean) / sd);
  }
  const double step = fraction - previous->fraction, sd = std::sqrt(step), shift = drift * step;
  double p = 0;
  for (size_t i = 0; i < previous->s.size(); ++i) {
    const double centre = previous->s[i] + shift;
    p += previous->weighted_density[i] * (upper_tail((bound - centre) / sd) + upper_tail((bound + centre) / sd));
  }
  return p;
}

Continuation go_on(const Continuation* previous, double fraction, double z, double drift) {
  const double bound = z * std::sqrt(fraction);
  const double step = previous ? fraction - previous->fraction : fraction, sd = std::sqrt(step);
  // Ten points per standard deviation of the increment: Simpson's error is then far below
  // the 1e-4 the designs are checked to.
  size_t intervals = static_cast<size_t>(std::ceil(2 * bound / (sd / 10)));
  intervals = std::max<size_t>(intervals + intervals % 2, 20);
  const double h = 2 * bound / static_cast<double>(intervals);
  Continuation next;
  next.fraction = fraction;
  for (size_t j = 0; j <= intervals; ++j) {
    const double y = -bound + h * static_cast<double>(j);
    double density = 0;
    if (!previous) {
      density = normal_density((y - drift * fraction) / sd) / sd;
    } else {
      for (size_t i = 0; i < previous->s.size(); ++i)
        density += previous->weighted_density[i] * normal_density((y - previous->s[i] - drift * step) / sd) / sd;
    }
    const double simpson = (j == 0 || j == intervals ? 1.0 : j % 2 ? 4.0 : 2.0) * h / 3;
    next.s.push_back(y);
    next.weighted_density.push_back(simpson * density);
  }
  return next;
}

}  // namespace

std::vector<SequentialBoundary> obrien_fleming_design(std::span<const double> fractions, double alpha) {
  if (fractions.empty() || std::abs(fractions.back() - 1) > 1e-12 || !(alpha > 0 && alpha < 1))
    throw std::invalid_argument("obrien_fleming_design: the fractions must end at 1 and alpha be in (0, 1)");
  // Each side spends half: 2 - 2 Phi(z_{1-alpha/4} / sqrt(t)) (the convention of gsDesign
  // and ldbounds; K = 5 equal looks give the textbook 4.877, 3.357, 2.680, 2.290, 2.031).
  const double z_side = upper_quantile(alpha / 4);
  auto spending = [&](double t) { return 4 * upper_tail(z_side / std::sqrt(t)); };
  std::vector<SequentialBoundary> design;
  std::optional<Continuation> previous;
  for (const double t : fractions) {
    if (!(t > (design.empty() ? 0.0 : design.back().fraction) && t <= 1))
      throw std::invalid_argument("obrien_fleming_design: fractions must increase within (0, 1]");
    SequentialBoundary look{t, spending(t), 0, 0};
    const double increment = look.spent - (design.empty() ? 0.0 : design.back().spent);
    const Continuation* before = previous ? &*previous : nullptr;
    if (!before) {
      look.z = upper_quantile(increment / 2);
    } else {
      double low = 0, high = 40;  // stopping is less likely the higher the boundary
      for (int i = 0; i < 100 && high - low > 1e-10; ++i) {
        const double mid = (low + high) / 2;
        (stop_probability(before, t, mid, 0) > increment ? low : high) = mid;
      }
      look.z = (low + high) / 2;
    }
    look.nominal_alpha = 2 * upper_tail(look.z);
    previous = go_on(before, t, look.z, 0);
    design.push_back(look);
  }
  return design;
}

double stopping_probability(std::span<const SequentialBoundary> design, double drift) {
  double p = 0;
  std::optional<Continuation> previous;
  for (const SequentialBoundary& look : design) {
    const Continuation* before = previous ? &*previous : nullptr;
    p += stop_probability(before, look.fraction, look.z, drift);
    previous = go_on(before, look.fraction, look.z, drift);
  }
  return p;
}

double drift_for_power(std::span<const SequentialBoundary> design, double power) {
  if (!(power > 0 && power < 1)) throw std::invalid_argument("drift_for_power: power must be in (0, 1)");
  double low = 0, high = 20;
  for (int i = 0; i < 40; ++i) {
    const double mid = (low + high) / 2;
    (stopping_probability(design, mid) < power ? low : high) = mid;
  }
  return (low + high) / 2;
}

}  // namespace ratrace
