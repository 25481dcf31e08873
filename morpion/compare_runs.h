#pragma once
// `morpion compare` as every front end makes it: the mean best score of a result file's
// searches at given points of a clock, with its 95% interval, and of two files, search i against
// search i (the same seed and index), the mean difference with its 95% interval.
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace morpion {

// The clock a search's improvements are read on: its own CPU time, the wall clock, or its own
// iterations (playouts for nrpa), which do not depend on the machine's speed that day.
enum class Clock { kCpu, kWall, kIterations };
// "cpu", "wall" or "iterations"; throws std::invalid_argument otherwise.
Clock parse_clock(const std::string& text);

// The largest point a comparison takes: iteration counts run far past any count of seconds.
constexpr double kMaxComparePoint = 1e15;

// One search of a result file: its improvements as (time, score) and how long it ran.
struct SearchTrace {
  std::vector<std::pair<double, int>> steps;
  double ran = 0;
  int final_score = 0;
  int best_at(double time) const;  // the best score at `time`
};

// The searches of a `morpion search` or `nrpa` result document, on one clock.
struct SearchRun {
  std::string name, method;  // name: the file's path, or what the caller calls the document
  uint64_t master_seed = 0;
  std::vector<SearchTrace> searches;
};

// Reads a result document; throws std::invalid_argument naming `name` and what is wrong.
SearchRun search_run_of(const nlohmann::json& document, const std::string& name, Clock clock);
SearchRun load_search_run(const std::string& path, Clock clock);

// A sample's mean and the half width of its 95% t interval, 0 for a single value.
std::pair<double, double> mean_and_half_width(const std::vector<double>& values);

// The comparison of one run or two paired ones (same seed and number of searches, else
// ratrace::UsageError) at `points` (each in (0, kMaxComparePoint], else std::invalid_argument;
// empty: 60, 120, 300, 600, 1800 s, or 1e6 ... 1e9 iterations and the runs' end), keeping the
// points every search reached:
// {"clock", "unit", "runs": [{"name", "method", "searches", "master_seed", "final_scores"}],
//  "points": [{"at", "runs": [{"bests", "mean", "ci95", "min", "max"}],
//              "difference": {"values", "mean", "ci95", "better", "tied", "worse"} (two runs)}]}
nlohmann::json compare_runs(const std::vector<SearchRun>& runs, std::vector<double> points, Clock clock);

}  // namespace morpion
