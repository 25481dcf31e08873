// A run of searches as every front end makes it: its document, whatever the thread count, and the
// settings read by name.
#include <filesystem>

#include <gtest/gtest.h>

#include "morpion/search_run.h"
#include "ratrace/common/usage_error.h"

namespace morpion {
namespace {

// A document without what depends on the clock or the thread count.
nlohmann::json timeless(nlohmann::json document) {
  for (const char* key : {"elapsed_seconds", "timeline", "threads"}) document.erase(key);
  for (auto& run : document["runs"]) {
    run.erase("seconds");
    run.erase("cpu_seconds");
    for (auto& step : run["improvements"]) step.erase(step.begin() + 2, step.end());
  }
  return document;
}

RunOutcome short_run(int threads) {
  PopulationOptions options;
  options.kick_after = 0;
  RunRequest request;
  request.seed = 5;
  request.threads = threads;
  request.searches = 3;
  request.work_limit = 4000;
  request.settings = population_settings(options, request.seed, 3);
  return run_and_record(request, [&](int s, const SearchLimits& limits, const ImprovementCallback& cb) {
    PopulationState state;
    return population_search(request.seed, s, options, limits, cb, state);
  });
}

TEST(MorpionSearchRun, TheDocumentIsTheSameOnOneThreadAndOnThree) {
  const RunOutcome one = short_run(1), three = short_run(3);
  EXPECT_EQ(timeless(one.document), timeless(three.document));
  const nlohmann::json& d = one.document;
  EXPECT_EQ(d["format"], "morpion-search");
  EXPECT_EQ(d["searches"], 3);
  EXPECT_EQ(d["total_iterations"], 3 * 4000);
  EXPECT_FALSE(d["interrupted"]);
  // The best is the highest search score, the lowest index among equals.
  int best = 0, at = -1;
  for (const auto& run : d["runs"])
    if (run["score"].get<int>() > best) best = run["score"].get<int>(), at = run["search"].get<int>();
  EXPECT_EQ(d["best"]["score"], best);
  EXPECT_EQ(d["best"]["search"], at);
  // The timeline holds the run's new bests: each higher than the one before, ending at the best.
  int last = -1;
  for (const auto& step : d["timeline"]) {
    EXPECT_GT(step["score"].get<int>(), last);
    last = step["score"].get<int>();
  }
  EXPECT_EQ(last, best);
}

TEST(MorpionSearchRun, AStopEndsEverySearchAndSaysSo) {
  const std::atomic<bool> stop{true};
  RunRequest request;
  request.searches = 2;
  request.threads = 2;
  RunHooks hooks;
  hooks.stop = &stop;
  const RunOutcome outcome = run_and_record(
      request,
      [](int s, const SearchLimits& limits, const ImprovementCallback& cb) {
        return local_search(1, s, LocalSearchOptions{}, limits, cb);
      },
      hooks);
  EXPECT_TRUE(outcome.interrupted);
  EXPECT_TRUE(outcome.document["interrupted"]);
  for (const auto& run : outcome.document["runs"]) EXPECT_TRUE(run["stopped"]);
}

TEST(MorpionSearchRun, SettingsThatDoNotGoTogetherAreRefused) {
  PopulationOptions o;
  EXPECT_NO_THROW(check_population_options(o));
  o.drift = true;
  EXPECT_THROW(check_population_options(o), ratrace::UsageError);
  o = {};
  o.kick_least = 0.6;
  o.kick_most = 0.3;
  EXPECT_THROW(check_population_options(o), ratrace::UsageError);
  o = {};
  o.climb_after = 100;
  settle_climbs_and_kicks(o, false, false);
  EXPECT_EQ(o.kick_after, 0U);  // climbs turn the default kicks off
  EXPECT_EQ(o.kick_bursts, 0);  // and the default bursts
  o.kick_after = 5;
  EXPECT_THROW(settle_climbs_and_kicks(o, true, false), ratrace::UsageError);
  o = {};
  o.round_iterations = 62000000;
  settle_climbs_and_kicks(o, false, false);
  EXPECT_EQ(o.kick_bursts, 0);  // rounds kick from their own best: no default bursts
  EXPECT_NO_THROW(check_population_options(o));
  o = {};
  o.round_iterations = 62000000;
  settle_climbs_and_kicks(o, false, true);  // bursts asked for stay, and are refused with rounds
  EXPECT_EQ(o.kick_bursts, PopulationOptions{}.kick_bursts);
  EXPECT_THROW(check_population_options(o), ratrace::UsageError);
  o = {};
  settle_climbs_and_kicks(o, false, false);
  EXPECT_EQ(o.kick_bursts, 10);  // the default: ten kicks after each new best of at least 150
  EXPECT_EQ(o.kick_burst_from, 150);
}

// A checkpointed run stopped after part of its iterations and run again to the whole finds what
// one uninterrupted run finds; the file refuses a run with other settings or searches.
TEST(MorpionSearchRun, APopulationRunResumedFromItsCheckpointFindsWhatAnUninterruptedOneFinds) {
  PopulationOptions options;
  options.kick_after = 0;
  options.restart_after = 3000;
  RunRequest request;
  request.seed = 8;
  request.threads = 2;
  request.searches = 2;
  request.work_limit = 12000;
  const RunOutcome whole = PopulationRun(request, options, {}).run();

  const std::string path = ::testing::TempDir() + "/search_run_checkpoint.json";
  std::filesystem::remove(path);
  RunRequest first = request;
  first.work_limit = 5000;
  PopulationRun part(first, options, {path, 60});
  EXPECT_FALSE(part.resumed());
  part.run();
  PopulationRun rest(request, options, {path, 60});
  EXPECT_TRUE(rest.resumed());
  EXPECT_EQ(rest.iterations_done(), 2U * 5000);
  EXPECT_EQ(rest.request().settings["checkpoint"], path);
  const RunOutcome resumed = rest.run();
  for (size_t s = 0; s < 2; ++s) {
    EXPECT_EQ(resumed.results[s].best, whole.results[s].best) << "search " << s;
    EXPECT_EQ(resumed.results[s].iterations, 12000U);
  }

  PopulationOptions other = options;
  other.pool = 7;
  EXPECT_THROW(PopulationRun(request, other, {path, 60}), std::invalid_argument);
  RunRequest three = request;
  three.searches = 3;
  EXPECT_THROW(PopulationRun(three, options, {path, 60}), std::invalid_argument);
  EXPECT_THROW(PopulationRun(request, options, {"-", 60}), ratrace::UsageError);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace morpion
