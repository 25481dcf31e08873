#pragma once
// `morpion compare` as every front end makes it: the mean best score of a result file's
// searches at given points of a clock, with its 95% interval, and of two files, search i against
// search i (the same seed and index), the mean difference with its 95% interval. Several files of
// other seeds pool into one run, so a claim made on several seeds is one comparison.
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

// One result document's share of a run: its master seed and how many searches it holds.
struct RunPart {
  uint64_t master_seed = 0;
  size_t searches = 0;
  bool operator==(const RunPart&) const = default;
};

// The searches of one `morpion search` or `nrpa` result document, or of several pooled, on one clock.
struct SearchRun {
  std::string name, method;    // name: the file's path, or what the caller calls the document
  std::vector<RunPart> parts;  // the documents' seeds and sizes, in the order of `searches`
  std::vector<SearchTrace> searches;
};

// Reads a result document; throws std::invalid_argument naming `name` and what is wrong.
SearchRun search_run_of(const nlohmann::json& document, const std::string& name, Clock clock);
SearchRun load_search_run(const std::string& path, Clock clock);
// The searches of `runs` as one run, in order, named by their names joined with commas; throws
// ratrace::UsageError for none, for runs of different methods or of one seed twice (the same searches).
SearchRun pooled(const std::vector<SearchRun>& runs);

// A sample's mean and the half width of its 95% t interval, 0 for a single value.
std::pair<double, double> mean_and_half_width(const std::vector<double>& values);

// The comparison of one run or two paired ones (the same seeds and numbers of searches, document
// by document, else ratrace::UsageError) at `points` (each in (0, kMaxComparePoint], else std::invalid_argument;
// empty: 60, 120, 300, 600, 1800 s, or 1e6 ... 1e9 iterations and the runs' end), keeping the
// points every search reached:
// {"clock", "unit", "runs": [{"name", "method", "searches", "master_seeds", "master_seed" (one
//  document), "final_scores"}],
//  "points": [{"at", "runs": [{"bests", "mean", "ci95", "min", "max"}],
//              "difference": {"values", "mean", "ci95", "better", "tied", "worse"} (two runs)}]}
nlohmann::json compare_runs(const std::vector<SearchRun>& runs, std::vector<double> points, Clock clock);

}  // namespace morpion
