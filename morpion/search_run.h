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

// The searches a request runs: its count, or one per thread.
int search_count(const RunRequest& request);

// Runs the request's searches in parallel and records them.
RunOutcome run_and_record(const RunRequest& request, const SearchFunction& search, const RunHooks& hooks = {});

// A population search's settings as its result document and checkpoint record them: a
// checkpoint resumes only a search with the same ones.
nlohmann::json population_settings(const PopulationOptions& options, uint64_t seed, int searches);

// The settings a result document records: the population search's with its iteration limit and
// checkpoint file ("": none), the local search's and NRPA's with theirs.
nlohmann::json population_run_settings(const PopulationOptions& options, uint64_t seed, int searches,
                                       uint64_t iterations_limit, const std::string& checkpoint);
nlohmann::json local_search_settings(const LocalSearchOptions& options, uint64_t iterations_limit);
nlohmann::json nrpa_settings(const NrpaOptions& options, uint64_t playouts_limit);

// Sets a population setting that is a choice by its name and value, as the command line spells
// them ("same_grid", "dots"); throws std::invalid_argument naming the choices otherwise.
void set_population_choice(PopulationOptions& options, const std::string& name, const std::string& value);
// The names of those settings, and the values one of them takes (the first its default).
const std::vector<std::string>& population_choice_names();
std::vector<std::string> population_choice_values(const std::string& name);

// Climbs and kicks are two ways of going on from the sampling's best grid: climbs turn the
// default kicks off, and refuse kicks that were asked for (`kick_after_given`).
void settle_climbs_and_kicks(PopulationOptions& options, bool kick_after_given);

// Throws ratrace::UsageError when settings that each make sense alone do not go together.
void check_population_options(const PopulationOptions& options);

}  // namespace morpion
