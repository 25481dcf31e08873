#include "ratrace/analysis/report.h"

#include <cmath>
#include <iomanip>
#include <sstream>

#include <nlohmann/json.hpp>

namespace ratrace {

namespace {
nlohmann::json finite_or_null(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }
}  // namespace

nlohmann::json summary_to_json(const ScoreSummary& s) {
  return {{"boards", s.n},
          {"geometric_mean", finite_or_null(s.geometric_mean)},
          {"ci95", {finite_or_null(s.ci_low), finite_or_null(s.ci_high)}},
          {"mean_log", s.mean_log},
          {"sd_log", s.sd_log},
          {"median", s.median},
          {"min", s.min},
          {"max", s.max},
          {"share_of_ones", s.share_of_ones}};
}

nlohmann::json paired_to_json(const PairedSummary& p) {
  return {{"boards", p.n},
          {"mean_log_ratio", p.mean_log_ratio},
          {"sd_log_ratio", p.sd_log_ratio},
          {"ratio", finite_or_null(p.ratio)},
          {"ratio_ci95", {finite_or_null(p.ratio_low), finite_or_null(p.ratio_high)}},
          {"significant", p.significant}};
}

std::string format_score(double value) {
  if (!std::isfinite(value)) return "inf";
  std::ostringstream out;
  // Ratios far below 1 keep two significant digits instead of printing as 0.00; past 1e9 (an
  // interval bound of very few boards) the digits would be noise, so two significant ones too.
  if ((value > 0 && value < 0.01) || value >= 1e9) out << std::scientific << std::setprecision(1) << value;
  else out << std::fixed << std::setprecision(value < 10 ? 2 : value < 1000 ? 1 : 0) << value;
  return out.str();
}

std::string format_interval(double low, double high) {
  std::string text = "[";
  text.append(format_score(low)).append(", ").append(format_score(high)).append("]");
  return text;
}

}  // namespace ratrace
