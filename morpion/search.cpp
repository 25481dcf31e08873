#include "morpion/search.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <stdexcept>
#include <string>

#include "ratrace/common/parallel.h"

namespace morpion {

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

SearchClock::SearchClock() : start_(std::chrono::steady_clock::now()), cpu_start_(thread_cpu_seconds()) {}
double SearchClock::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}
double SearchClock::cpu_seconds() const { return thread_cpu_seconds() - cpu_start_; }
bool SearchClock::out_of_time(const SearchLimits& limits) const {
  return (limits.seconds > 0 && seconds() >= limits.seconds) ||
         (limits.cpu_seconds > 0 && cpu_seconds() >= limits.cpu_seconds);
}
bool SearchClock::read_due() {
  if (calls_until_read_ > 0) {
    --calls_until_read_;
    return false;
  }
  calls_until_read_ = kCallsPerRead - 1;
  return true;
}

SearchResult local_search(uint64_t master_seed, int search, const LocalSearchOptions& options,
                          const SearchLimits& limits, const ImprovementCallback& on_improvement) {
  SearchClock clock;
  const uint64_t search_key = ratrace::stream_key(master_seed, kTagLocalSearch, static_cast<uint64_t>(search));
  SearchResult result;
  result.search = search;
  ratrace::Rng start_rng(ratrace::stream_key(search_key, kTagRandomGame, 0));
  Game current = random_game(start_rng, options.rules);
  result.best = current;
  auto improved = [&](uint64_t iteration) {
    const Improvement step{iteration, static_cast<int>(result.best.size()), clock.seconds(), clock.cpu_seconds()};
    result.improvements.push_back(step);
    if (on_improvement) on_improvement(search, step, result.best);
  };
  improved(0);
  Dna dna(0);
  std::vector<size_t> order;
  for (uint64_t iteration = 1; limits.iterations == 0 || iteration <= limits.iterations; ++iteration) {
    if ((limits.stop && limits.stop->load(std::memory_order_relaxed)) ||
        (clock.read_due() && clock.out_of_time(limits))) {
      result.stopped = true;
      break;
    }
    // Every random choice of iteration i comes from its own stream.
    ratrace::Rng rng(ratrace::stream_key(search_key, kTagIteration, iteration));
    dna.refill(rng.next());
    dna.encode(current);
    // A partial Fisher-Yates shuffle picks the distinct moves to blacklist.
    order.resize(current.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    const size_t picks = ratrace::draw_to_front(order, static_cast<size_t>(options.blacklist), rng);
    for (size_t i = 0; i < picks; ++i) dna.blacklist(current[order[i]].line);
    Game next = evaluate(dna, options.rules);
    ++result.iterations;
    if (limits.work_done) limits.work_done->fetch_add(1, std::memory_order_relaxed);
    if (next.size() >= current.size()) {
      current = std::move(next);
      if (current.size() > result.best.size()) {
        result.best = current;
        improved(iteration);
      }
    }
  }
  result.seconds = clock.seconds();
  result.cpu_seconds = clock.cpu_seconds();
  return result;
}

std::vector<SearchResult> run_searches(int count, int threads, const std::function<SearchResult(int)>& search) {
  std::vector<SearchResult> results(static_cast<size_t>(count));
  ratrace::run_indexed(results.size(), threads, "search", [&](size_t i) { results[i] = search(static_cast<int>(i)); });
  return results;
}

const SearchResult& best_of(const std::vector<SearchResult>& results) {
  if (results.empty()) throw std::invalid_argument("no search results");
  return *std::max_element(results.begin(), results.end(), [](const SearchResult& a, const SearchResult& b) {
    return a.best.size() < b.best.size() || (a.best.size() == b.best.size() && a.search > b.search);
  });
}

}  // namespace morpion
