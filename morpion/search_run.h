#pragma once
// A run of independent Morpion searches as every front end makes it (the `morpion` command and
// the Python package): the searches on oneTBB, the run's rising best, and the result document
// that `morpion search --json` and `morpion nrpa --json` write.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "morpion/nrpa.h"
#include "morpion/population.h"
#include "morpion/search.h"

namespace morpion {

// The bounds of a run's flags and keywords: threads, searches, and seconds (about 30 years: a
// limit, not a typo's 1e300).
constexpr int kMaxThreads = 1024;
constexpr int kMaxSearches = 100000;
constexpr double kMaxRunSeconds = 1e9;

// What a run is: its kind ("search" or "nrpa", the document's format), rules and master seed,
// how many searches on how many threads, each search's limits, and the settings it records.
struct RunRequest {
  std::string kind = "search";
  Rules rules = Rules::k5T;
  uint64_t seed = 1;
  int threads = 0;   // 0: one per core
  int searches = 0;  // 0: one per thread
  double seconds = 0;
  double cpu_seconds = 0;
  uint64_t work_limit = 0;  // iterations of a search, playouts of nrpa (0: none)
  nlohmann::json settings = nlohmann::json::object();
  std::string best_picture;  // an SVG of the run's best grid, redrawn at each new best ("": none)
};

// A run's connections to its caller, all optional.
struct RunHooks {
  const std::atomic<bool>* stop = nullptr;     // once set, every search stops and keeps its best
  std::atomic<uint64_t>* work_done = nullptr;  // iterations or playouts so far, for a progress line
  // Each new best of the whole run, one call at a time, with the seconds since the run began.
  std::function<void(int search, const Improvement& step, const Game& game, double seconds)> on_best;
};

// One search of a run, a pure function of its index and limits.
using SearchFunction = std::function<SearchResult(int search, const SearchLimits&, const ImprovementCallback&)>;

// The searches of a run and their result document.
struct RunOutcome {
  std::vector<SearchResult> results;
  nlohmann::json document;
  bool interrupted = false;
};

// A run ready to start, connected to its caller by the hooks it is given: run_and_record of a
// SearchFunction, or PopulationRun::run.
using RunFunction = std::function<RunOutcome(const RunHooks& hooks)>;

// The searches a request runs: its count, or one per thread.
int search_count(const RunRequest& request);

// Runs the request's searches in parallel and records them.
RunOutcome run_and_record(const RunRequest& request, const SearchFunction& search, const RunHooks& hooks = {});

// Where a population run saves its searches, at most every `every_seconds` of each search's own
// time and when it ends, and what it resumes from when the file exists.
struct CheckpointFile {
  std::string path;  // "": none
  double every_seconds = 60;
};

// A population search run that resumes from its checkpoint file, as `morpion search --checkpoint`
// and ratrace.morpion.search(checkpoint=...) run it: a long run keeps what it found through
// Ctrl-C and kill -9, and a resumed search finds what an uninterrupted one would have found.
class PopulationRun {
 public:
  // The request's settings become the population search's. A checkpoint file that exists is read
  // now; one written by a search with other settings or another number of searches is refused
  // (std::invalid_argument naming the file), and so are "-" and a checkpoint of kept DNAs.
  PopulationRun(RunRequest request, PopulationOptions options, CheckpointFile checkpoint);
  const RunRequest& request() const { return request_; }
  bool resumed() const { return resumed_; }
  uint64_t iterations_done() const;  // before this run, by the searches it resumes
  RunOutcome run(const RunHooks& hooks = {});

 private:
  RunRequest request_;
  PopulationOptions options_;
  CheckpointFile checkpoint_;
  nlohmann::json identity_;  // the settings a checkpoint must have been written with
  std::vector<PopulationState> states_;
  bool resumed_ = false;
};

// A population search's settings as its result document and checkpoint record them: a
// checkpoint resumes only a search with the same ones.
nlohmann::json population_settings(const PopulationOptions& options, uint64_t seed, int searches);

// The settings a result document records: the population search's with its iteration limit and
// checkpoint file ("": none), the local search's and NRPA's with theirs.
nlohmann::json population_run_settings(const PopulationOptions& options, uint64_t seed, int searches,
                                       uint64_t iterations_limit, const std::string& checkpoint);
nlohmann::json local_search_settings(const LocalSearchOptions& options, uint64_t iterations_limit);
nlohmann::json nrpa_settings(const NrpaOptions& options, uint64_t playouts_limit);

// Climbs and kicks are two ways of going on from the sampling's best grid: climbs turn the
// default kicks and bursts of kicks off, and refuse kicks that were asked for (`kick_after_given`).
// Rounds kick from each round's best, so they turn the default bursts off as well; bursts asked for
// (`kick_bursts_given`) stay, for check_population_options to judge.
void settle_climbs_and_kicks(PopulationOptions& options, bool kick_after_given, bool kick_bursts_given);

// Throws ratrace::UsageError when settings that each make sense alone do not go together.
void check_population_options(const PopulationOptions& options);

}  // namespace morpion
