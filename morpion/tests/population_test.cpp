#include "morpion/population.h"

#include <fstream>
#include <unordered_set>

#include <gtest/gtest.h>

#include "morpion/checkpoint.h"
#include "ratrace/common/rng.h"

namespace morpion {
namespace {

PopulationOptions small_options() {
  PopulationOptions options;
  options.pool = 50;
  options.end_search_every = 50;
  options.completions = 20;
  options.restart_after = 3000;
  return options;
}

SearchResult run_to(uint64_t iterations, PopulationState& state, int search = 0) {
  SearchLimits limits;
  limits.iterations = iterations;
  return population_search(7, search, small_options(), limits, nullptr, state);
}

// A DNA agrees with its game up to the first changed move: replaying that prefix and
// evaluating from there gives what evaluating from the start gives (the children rely on it).
TEST(MorpionPopulation, EvaluatingFromAReplayedPrefixEqualsEvaluatingFromTheStart) {
  for (uint64_t g = 0; g < 50; ++g) {
    ratrace::Rng rng(ratrace::stream_key(9, 1, g));
    const Game game = random_game(rng, Rules::k5T);
    Dna dna = Dna::of_game(game, g);
    const size_t first = rng.below(static_cast<uint32_t>(game.size()));
    dna.blacklist(game[first].line);
    dna.blacklist(game[first + rng.below(static_cast<uint32_t>(game.size() - first))].line);
    Board board;
    Game resumed(game.begin(), game.begin() + static_cast<std::ptrdiff_t>(first));
    for (const Move& m : resumed) board.play(m);
    evaluate_from(dna, board, resumed);
    EXPECT_EQ(resumed, evaluate(dna, Rules::k5T)) << "game " << g;
  }
}

TEST(MorpionPopulation, LinesHashIgnoresTheOrderOfTheMoves) {
  ratrace::Rng rng(3);
  const Game game = random_game(rng, Rules::k5T);
  Game reversed(game.rbegin(), game.rend());
  EXPECT_EQ(lines_hash(game), lines_hash(reversed));
  EXPECT_NE(lines_hash(game), lines_hash(Game(game.begin(), game.end() - 1)));
}

// The pool holds distinct grids, best first, and the best grid is a legal game whose score
// is the last improvement's.
TEST(MorpionPopulation, ThePoolIsDistinctAndSortedAndTheBestIsLegal) {
  PopulationState state;
  const SearchResult result = run_to(20000, state);
  ASSERT_FALSE(state.pool.empty());
  EXPECT_LE(state.pool.size(), 50u);
  std::unordered_set<uint64_t> hashes;
  for (size_t i = 0; i < state.pool.size(); ++i) {
    EXPECT_TRUE(hashes.insert(lines_hash(state.pool[i])).second) << "pool entry " << i;
    if (i > 0) EXPECT_GE(state.pool[i - 1].size(), state.pool[i].size());
  }
  Board board;
  for (const Move& m : result.best) board.play(m);
  EXPECT_TRUE(board.legal_moves().empty());
  EXPECT_EQ(static_cast<int>(result.best.size()), result.improvements.back().score);
  EXPECT_EQ(result.iterations, 20000u);
  // 20,000 iterations from this seed: far past random play (mean 54) and the local search's
  // first minutes on the write-up's machine (100).
  EXPECT_GE(result.best.size(), 120u);
}

// With --restart-growth g, lineage k waits restart_after * g^k iterations without a better
// pool best before its fresh start, so fewer fresh starts fit in the same budget.
TEST(MorpionPopulation, WithRestartGrowthEachLineageWaitsLonger) {
  PopulationOptions options = small_options();
  SearchLimits limits;
  limits.iterations = 60000;
  PopulationState flat, growing;
  population_search(7, 0, options, limits, nullptr, flat);
  options.restart_growth = 2;
  population_search(7, 0, options, limits, nullptr, growing);
  // Waits of 3000, 6000, 12000, 24000 and 48000 iterations: at most 4 fresh starts in 60,000.
  EXPECT_LE(growing.restarts, 4);
  EXPECT_GT(flat.restarts, growing.restarts);
}

// Stopping after n iterations and going on to m finds what a search run straight to m finds:
// a checkpoint (through its file form) loses nothing.
TEST(MorpionPopulation, ResumingFromACheckpointFindsWhatAnUninterruptedSearchFinds) {
  PopulationState straight;
  const SearchResult whole = run_to(12000, straight);
  PopulationState first;
  run_to(5000, first);
  const nlohmann::json settings = {{"method", "population"}, {"test", 1}};
  const nlohmann::json saved = checkpoint_json(settings, {first}, Rules::k5T);
  const std::string path = ::testing::TempDir() + "/population_checkpoint.json";
  { std::ofstream(path) << saved.dump(); }
  std::vector<PopulationState> loaded = load_checkpoint(path, settings, 1, Rules::k5T);
  EXPECT_EQ(loaded[0].pool, first.pool);
  const SearchResult resumed = run_to(12000, loaded[0]);
  EXPECT_EQ(resumed.best, whole.best);
  EXPECT_EQ(resumed.iterations, whole.iterations);
  ASSERT_EQ(resumed.improvements.size(), whole.improvements.size());
  for (size_t i = 0; i < whole.improvements.size(); ++i) {
    EXPECT_EQ(resumed.improvements[i].iteration, whole.improvements[i].iteration);
    EXPECT_EQ(resumed.improvements[i].score, whole.improvements[i].score);
  }
  EXPECT_EQ(loaded[0].pool, straight.pool);
  EXPECT_EQ(loaded[0].restarts, straight.restarts);
  EXPECT_GT(straight.restarts, 0) << "the test should cover a fresh start";

  EXPECT_THROW(load_checkpoint(path, {{"method", "population"}, {"test", 2}}, 1, Rules::k5T), std::invalid_argument);
  EXPECT_THROW(load_checkpoint(path, settings, 2, Rules::k5T), std::invalid_argument);
  std::string text = saved.dump();
  text.replace(text.find("\"pool\":[\"") + 9, 4, "zzzz");
  std::ofstream(path) << text;
  try {
    load_checkpoint(path, settings, 1, Rules::k5T);
    FAIL() << "a damaged move was read";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("move 1 ('zzzz') is not a legal line there"), std::string::npos) << e.what();
  }
}

// A resumed search's time limits count from its start: one that has had its time stops at once.
TEST(MorpionPopulation, AResumedSearchsTimeLimitsCountFromItsStart) {
  PopulationState state;
  run_to(1000, state);
  state.result.seconds = 100;
  state.result.cpu_seconds = 100;
  for (const bool cpu : {false, true}) {
    SearchLimits limits;
    (cpu ? limits.cpu_seconds : limits.seconds) = 50;
    const SearchResult result = population_search(7, 0, small_options(), limits, nullptr, state);
    EXPECT_TRUE(result.stopped);
    EXPECT_EQ(state.iteration, 1000u);
  }
}

// A search is a pure function of (seed, search index, iterations): the same on one thread or
// two, whatever runs beside it.
TEST(MorpionPopulation, ResultsAreTheSameOnOneThreadOrTwo) {
  auto run = [](int threads) {
    return run_searches(3, threads, [](int s) {
      PopulationState state;
      return run_to(4000, state, s);
    });
  };
  const auto one = run(1), two = run(2);
  for (size_t s = 0; s < one.size(); ++s) EXPECT_EQ(one[s].best, two[s].best) << "search " << s;
  EXPECT_NE(one[0].best, one[1].best);
}

}  // namespace
}  // namespace morpion
