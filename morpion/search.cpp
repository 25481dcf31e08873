#include "morpion/search.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <stdexcept>
#include <string>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace morpion {

namespace {
using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }
}  // namespace

SearchResult local_search(uint64_t master_seed, int search, const LocalSearchOptions& options,
                          const SearchLimits& limits, const ImprovementCallback& on_improvement) {
  const auto start = Clock::now();
  const uint64_t search_key = ratrace::stream_key(master_seed, kTagLocalSearch, static_cast<uint64_t>(search));
  SearchResult result;
  result.search = search;
  ratrace::Rng start_rng(ratrace::stream_key(search_key, kTagRandomGame, 0));
  Game current = random_game(start_rng, options.rules);
  result.best = current;
  auto improved = [&](uint64_t iteration) {
    const Improvement step{iteration, static_cast<int>(result.best.size()), seconds_since(start)};
    result.improvements.push_back(step);
    if (on_improvement) on_improvement(search, step, result.best);
  };
  improved(0);
  Dna dna(0);
  std::vector<size_t> order;
  for (uint64_t iteration = 1; limits.iterations == 0 || iteration <= limits.iterations; ++iteration) {
    if ((limits.stop && limits.stop->load(std::memory_order_relaxed)) ||
        (limits.seconds > 0 && seconds_since(start) >= limits.seconds)) {
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
    const size_t picks = std::min(order.size(), static_cast<size_t>(options.blacklist));
    for (size_t i = 0; i < picks; ++i) {
      std::swap(order[i], order[i + rng.below(static_cast<uint32_t>(order.size() - i))]);
      dna.blacklist(current[order[i]].line);
    }
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
  result.seconds = seconds_since(start);
  return result;
}

std::vector<SearchResult> run_searches(int count, int threads, const std::function<SearchResult(int)>& search) {
  std::vector<SearchResult> results(static_cast<size_t>(count));
  std::vector<std::exception_ptr> errors(static_cast<size_t>(count));
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(0, count, [&](int i) {
      try {
        results[static_cast<size_t>(i)] = search(i);
      } catch (...) {
        errors[static_cast<size_t>(i)] = std::current_exception();
      }
    });
  });
  for (int i = 0; i < count; ++i)
    if (errors[static_cast<size_t>(i)]) {
      try {
        std::rethrow_exception(errors[static_cast<size_t>(i)]);
      } catch (const std::exception& e) {
        throw std::runtime_error("search " + std::to_string(i) + ": " + e.what());
      }
    }
  return results;
}

const SearchResult& best_of(const std::vector<SearchResult>& results) {
  if (results.empty()) throw std::invalid_argument("no search results");
  return *std::max_element(results.begin(), results.end(), [](const SearchResult& a, const SearchResult& b) {
    return a.best.size() < b.best.size() || (a.best.size() == b.best.size() && a.search > b.search);
  });
}

}  // namespace morpion
