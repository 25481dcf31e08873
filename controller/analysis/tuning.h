#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ratrace/common/stats.h"
#include "ratrace/runs/runner.h"
#include "ratrace/tracks/config.h"

// The pure logic behind 'ratrace sweep' and 'ratrace compare', kept apart from the games
// so tests can check it on synthetic scores.
namespace ratrace {

using Assignments = std::vector<std::pair<std::string, std::string>>;

// "mutation=0.0227,crossover=0.1" -> {{mutation, 0.0227}, {crossover, 0.1}} (blanks trimmed).
Assignments parse_assignments(const std::string& text);
// `base` with the assignments applied and validated; throws naming the bad key or value.
Config apply_assignments(Config base, const Assignments& assignments);
// "mutation=0.0227,crossover=0.1" in the order given.
std::string assignments_label(const Assignments& assignments);

// One side of 'ratrace compare': "Blind Faith", "Blind Faith:mutation=0.0227", or
// ":mutation=0.0227" (then default_player), its overrides applied to `base`.
Entrant parse_side(const std::string& text, const std::string& default_player, const Config& base);

// One swept config key (one --param) and the values to try.
struct ParamAxis {
  std::string key;
  std::vector<std::string> values;
};
// Parses "mutation=0.005,0.01,0.0227".
ParamAxis parse_param(const std::string& text);

// One point of a sweep's grid.
struct Setting {
  Assignments assignments;  // one per axis, in axis order
  std::string label;        // "mutation=0.0227,crossover=0.1"
  Config config;
};
// Every combination of the axes' values (the first axis varies slowest) applied to `base`.
// Throws, before any game runs, on unknown keys, bad or invalid values, a key swept twice,
// more than two axes, or two settings that are the same config.
std::vector<Setting> expand_grid(const Config& base, const std::vector<ParamAxis>& axes);

// The setting a sweep compares every other against: the grid point with exactly the
// baseline's config, or none (then the baseline runs as an extra entrant).
std::optional<size_t> find_baseline(const std::vector<Setting>& grid, const Config& baseline);

// The setting with the highest geometric mean, and whether its paired interval against the
// baseline excludes a ratio of 1 (only then is it worth naming as better).
struct BestSetting {
  size_t index = 0;
  bool distinguishable = false;
};
BestSetting choose_best(std::span<const ScoreSummary> summaries, std::span<const PairedSummary> against_baseline);

// Scores of two entrants on the boards [0, boards) both finished without a fault, paired
// by board.
struct PairedScores {
  std::vector<uint64_t> a, b;
};
PairedScores paired_scores(const std::vector<std::optional<BoardResult>>& a,
                           const std::vector<std::optional<BoardResult>>& b, int boards);

// A group-sequential paired comparison: looks after min_boards, 2 min_boards, 3 min_boards...
// boards and at max_boards. Each look tests the paired t statistic of the log score ratios
// at its own nominal level from an O'Brien-Fleming-type alpha spending design
// (obrien_fleming_design), so the chance of ever declaring two equal sides different is
// 1 - confidence over all looks together; early looks need a large difference, the last
// one little more than a single test over max_boards boards.
struct SequentialPlan {
  static constexpr int kMaxLooks = 100;
  int min_boards = 20;
  int max_boards = 200;
  double confidence = 0.95;  // overall

  // Throws unless 2 <= min_boards <= max_boards and there are at most kMaxLooks looks.
  void validate() const;
  // Boards done at each look: min_boards, 2 min_boards, ..., max_boards.
  std::vector<int> looks() const;
  // One boundary per look, at information fractions looks / max_boards.
  std::vector<SequentialBoundary> design() const;
};

enum class Verdict { kContinue, kFirstBetter, kSecondBetter, kNoDifference };

// What one look decides from the paired log ratios so far (all boards up to this look).
struct LookResult {
  PairedSummary adjusted;  // interval at the look's nominal level (a repeated confidence interval)
  Verdict verdict = Verdict::kContinue;
};
LookResult sequential_look(const SequentialBoundary& boundary, std::span<const double> log_ratios, bool last_look);

// Boards the design (its looks at the same fractions of a larger maximum) needs to reach a
// verdict with probability `power` if the true mean log ratio and its sd are the observed
// ones (normal approximation); nullopt when the observed effect is 0.
std::optional<int> boards_for_power(std::span<const SequentialBoundary> design, const PairedSummary& observed,
                                    double power);

}  // namespace ratrace
