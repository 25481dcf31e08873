#pragma once
// What every Morpion search shares: limits, improvements, results, and the oneTBB runner
// that runs independent searches, each a pure function of (master seed, search index).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "morpion/dna.h"

namespace morpion {

// Stream tags below the master seed: one per kind of search.
enum StreamTag : uint64_t { kTagLocalSearch = 1, kTagIteration = 2, kTagNrpa = 3, kTagRandomGame = 4 };

// CPU time of the calling thread. A search runs as one oneTBB task, so on one thread: on a
// machine shared with other work its CPU time is a fairer clock than wall time.
double thread_cpu_seconds();

// When a search stops: after `iterations` (0: no limit), after `seconds` of its own running
// time or `cpu_seconds` of its own CPU time (0: no limit), or when *stop turns true. `work_done`, when given, counts
// iterations or playouts as they happen, for a progress line.
struct SearchLimits {
  uint64_t iterations = 0;
  double seconds = 0;
  double cpu_seconds = 0;
  const std::atomic<bool>* stop = nullptr;
  std::atomic<uint64_t>* work_done = nullptr;
};

// A new best score of one search: at which iteration (or playout) and second.
struct Improvement {
  uint64_t iteration = 0;
  int score = 0;
  double seconds = 0;
  double cpu_seconds = 0;
};

// One lineage of a population search, from its fresh start to the next: how its pool's best rose.
struct Lineage {
  uint64_t iterations = 0;                      // how long it lasted
  std::vector<std::pair<uint64_t, int>> steps;  // (iterations since its start, pool best): at its start and each rise
  // Whether a kick began it (from the search's best grid) rather than a random game; unknown for
  // the lineages of files and checkpoints written before 0.15.0.
  std::optional<bool> kicked;
  int best() const { return steps.empty() ? 0 : steps.back().second; }
  bool operator==(const Lineage&) const = default;
};

// What one search found.
struct SearchResult {
  int search = 0;
  Game best;
  uint64_t iterations = 0;  // local-search iterations, or NRPA playouts
  double seconds = 0;
  double cpu_seconds = 0;
  std::vector<Improvement> improvements;
  bool stopped = false;  // ended by *stop or the time limit rather than by its own count
  int restarts = 0;      // fresh starts of a population search
  // A population search's lineages that a fresh start ended, in order: the search's best is the
  // largest of their bests and the current lineage's, so their spread says what more lineages (a
  // longer search) would give, and their rises what a sooner fresh start would have kept.
  std::vector<Lineage> lineages;
  // A population search's climbs from its best grid after the hand-over, each from the best the
  // ones before it found: a climb's steps are its pool's rises, from the grid it started at.
  std::vector<Lineage> climbs;
};

// A search's two clocks, both started when the search starts.
class SearchClock {
 public:
  SearchClock();
  double seconds() const;
  double cpu_seconds() const;
  // True once either limit of `limits` is reached.
  bool out_of_time(const SearchLimits& limits) const;
  // True on the first call and every kCallsPerRead-th after it: a search loop reads its clocks
  // only then. A read of the thread's CPU clock is a system call, which at every iteration took
  // about a seventh of a population search's time; a limit now ends a search at most that many
  // iterations late, where it ends makes no difference to what it found by then.
  bool read_due();

 private:
  static constexpr int kCallsPerRead = 64;
  std::chrono::steady_clock::time_point start_;
  double cpu_start_;
  int calls_until_read_ = 0;
};

// Called (from the search's thread) on each improvement, with the new best game.
using ImprovementCallback = std::function<void(int search, const Improvement&, const Game&)>;

// MORPION.md's local search: encode the current grid with a fresh random fill, blacklist
// `blacklist` of its moves at random, evaluate, keep the result if it scores at least as well.
struct LocalSearchOptions {
  Rules rules = Rules::k5T;
  int blacklist = 3;
};
SearchResult local_search(uint64_t master_seed, int search, const LocalSearchOptions& options,
                          const SearchLimits& limits, const ImprovementCallback& on_improvement);

// Runs searches 0..count-1 on `threads` oneTBB threads and returns their results in index
// order. An exception inside a search is rethrown as std::runtime_error naming the search.
std::vector<SearchResult> run_searches(int count, int threads, const std::function<SearchResult(int)>& search);

// The best result: highest score, then lowest search index (so independent of timing).
const SearchResult& best_of(const std::vector<SearchResult>& results);

}  // namespace morpion
