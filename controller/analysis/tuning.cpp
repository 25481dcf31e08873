#include "ratrace/analysis/tuning.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

#include "ratrace/tracks/config.h"

namespace ratrace {

namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// Splits on commas, trimming each piece; an empty piece is an error.
std::vector<std::string> split_list(const std::string& text, const std::string& what) {
  std::vector<std::string> pieces;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    const std::string piece =
        trimmed(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (piece.empty()) throw std::invalid_argument("empty item in " + what + " '" + text + "'");
    pieces.push_back(piece);
    if (comma == std::string::npos) return pieces;
    start = comma + 1;
  }
}

}  // namespace

Assignments parse_assignments(const std::string& text) {
  Assignments assignments;
  for (const auto& piece : split_list(text, "settings")) {
    const auto [key, value] = split_assignment(piece);
    assignments.emplace_back(trimmed(key), trimmed(value));
  }
  return assignments;
}

Config apply_assignments(Config base, const Assignments& assignments) {
  for (const auto& [key, value] : assignments) base.set(key, value);
  base.validate();
  return base;
}

std::string assignments_label(const Assignments& assignments) {
  std::string label;
  for (const auto& [key, value] : assignments) label += (label.empty() ? "" : ",") + key + "=" + value;
  return label;
}

Entrant parse_side(const std::string& text, const std::string& default_player, const Config& base) {
  // The player is the longest registered name the text starts with, followed by its end or a
  // colon: names may hold colons and folders themselves ("players/mine.py:move").
  std::string player;
  for (const auto& [name, info] : registered_players())
    if (name.size() > player.size() && text.starts_with(name) &&
        (text.size() == name.size() || text[name.size()] == ':'))
      player = name;
  const size_t colon = player.empty() ? text.find(':') : player.size();
  if (player.empty()) player = trimmed(text.substr(0, colon));
  if (player.empty()) player = default_player;
  find_player(player);
  if (colon >= text.size()) return entrant_for(player, player, base);
  const Assignments overrides = parse_assignments(text.substr(colon + 1));
  return entrant_for(player + ":" + assignments_label(overrides), player, apply_assignments(base, overrides));
}

ParamAxis parse_param(const std::string& text) {
  const auto [key, values] = split_assignment(text);
  return {trimmed(key), split_list(values, "--param")};
}

std::vector<Setting> expand_grid(const Config& base, const std::vector<ParamAxis>& axes) {
  if (axes.empty() || axes.size() > 2) throw std::invalid_argument("a sweep takes one or two --param");
  std::set<std::string> keys;
  for (const auto& axis : axes)
    if (!keys.insert(axis.key).second) throw std::invalid_argument("--param " + axis.key + " is given twice");

  std::vector<Assignments> combinations{{}};
  for (const auto& axis : axes) {
    std::vector<Assignments> extended;
    for (const auto& partial : combinations)
      for (const auto& value : axis.values) {
        extended.push_back(partial);
        extended.back().emplace_back(axis.key, value);
      }
    combinations = std::move(extended);
  }

  std::vector<Setting> grid;
  for (auto& assignments : combinations) {
    std::string label = assignments_label(assignments);
    Config config;
    try {
      config = apply_assignments(base, assignments);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("--param setting " + label + ": " + e.what());
    }
    for (const auto& earlier : grid)
      if (earlier.config == config)
        throw std::invalid_argument("--param settings " + earlier.label + " and " + label + " are the same config");
    grid.push_back({std::move(assignments), std::move(label), std::move(config)});
  }
  return grid;
}

std::optional<size_t> find_baseline(const std::vector<Setting>& grid, const Config& baseline) {
  for (size_t i = 0; i < grid.size(); ++i)
    if (grid[i].config == baseline) return i;
  return std::nullopt;
}

BestSetting choose_best(std::span<const ScoreSummary> summaries, std::span<const PairedSummary> against_baseline) {
  if (summaries.empty() || summaries.size() != against_baseline.size())
    throw std::invalid_argument("choose_best: one paired summary per setting needed");
  BestSetting best;
  for (size_t i = 1; i < summaries.size(); ++i)
    if (summaries[i].geometric_mean > summaries[best.index].geometric_mean) best.index = i;
  const PairedSummary& paired = against_baseline[best.index];
  best.distinguishable = paired.significant && paired.ratio > 1;
  return best;
}

PairedScores paired_scores(const std::vector<std::optional<BoardResult>>& a,
                           const std::vector<std::optional<BoardResult>>& b, int boards) {
  PairedScores paired;
  for (size_t i = 0; i < static_cast<size_t>(boards); ++i) {
    if (!a.at(i) || !b.at(i)) throw std::logic_error("paired_scores: a board is missing");
    if (!a[i]->fault.empty() || !b[i]->fault.empty()) continue;
    paired.a.push_back(a[i]->score);
    paired.b.push_back(b[i]->score);
  }
  return paired;
}

void SequentialPlan::validate() const {
  if (min_boards < 2) throw std::invalid_argument("--boards (boards before the first look) must be at least 2");
  if (max_boards < min_boards) throw std::invalid_argument("--max-boards must be at least --boards");
  if (!(confidence > 0 && confidence < 1)) throw std::invalid_argument("the confidence must be in (0, 1)");
  if ((max_boards + min_boards - 1) / min_boards > kMaxLooks)
    throw std::invalid_argument("at most " + std::to_string(kMaxLooks) +
                                " looks: --max-boards / --boards must be at most that");
}

std::vector<int> SequentialPlan::looks() const {
  std::vector<int> points;
  for (int done = min_boards; done < max_boards; done += min_boards) points.push_back(done);
  points.push_back(max_boards);
  return points;
}

std::vector<SequentialBoundary> SequentialPlan::design() const {
  std::vector<double> fractions;
  for (const int boards : looks()) fractions.push_back(static_cast<double>(boards) / max_boards);
  return obrien_fleming_design(fractions, 1 - confidence);
}

LookResult sequential_look(const SequentialBoundary& boundary, std::span<const double> log_ratios, bool last_look) {
  LookResult look;
  look.adjusted = summarise_log_ratios(log_ratios, boundary.nominal_alpha);
  if (look.adjusted.significant)
    look.verdict = look.adjusted.ratio > 1 ? Verdict::kFirstBetter : Verdict::kSecondBetter;
  else if (last_look) look.verdict = Verdict::kNoDifference;
  return look;
}

std::optional<int> boards_for_power(std::span<const SequentialBoundary> design, const PairedSummary& observed,
                                    double power) {
  if (observed.mean_log_ratio == 0 || !std::isfinite(observed.mean_log_ratio)) return std::nullopt;
  if (observed.sd_log_ratio == 0) return 2;  // the same difference on every board: the first pair settles it
  const double effect = std::abs(observed.mean_log_ratio) / observed.sd_log_ratio;  // per board, in sds
  const double drift = drift_for_power(design, power);
  return static_cast<int>(std::min(1e9, std::ceil(drift * drift / (effect * effect))));  // 1e9: "never"
}

}  // namespace ratrace
