#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "controller/config.h"
#include "controller/runner.h"
#include "common/stats.h"

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

// A sequential paired comparison: look once `min_boards` boards are done, then after every
// `batch` more, up to `max_boards`. Each look tests at a Bonferroni share of the overall
// error rate, so the chance of ever declaring two equal sides different stays below it,
// however many looks are taken.
struct SequentialPlan {
  int min_boards = 20;
  int max_boards = 200;
  int batch = 10;
  double confidence = 0.95;  // overall

  // Throws unless 2 <= min_boards <= max_boards and batch >= 1.
  void validate() const;
  // Boards done at each look: min_boards, min_boards + batch, ..., max_boards.
  std::vector<int> looks() const;
  // 1 - (1 - confidence) / number of looks.
  double per_look_confidence() const;
};

enum class Verdict { kContinue, kFirstBetter, kSecondBetter, kNoDifference };

// What one look decides from the paired scores so far (all boards up to this look).
struct LookResult {
  PairedSummary adjusted;  // at the per-look confidence
  Verdict verdict = Verdict::kContinue;
};
LookResult sequential_look(const SequentialPlan& plan, std::span<const uint64_t> a, std::span<const uint64_t> b,
                           bool last_look);

}  // namespace ratrace
