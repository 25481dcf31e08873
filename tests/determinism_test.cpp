// A game is a pure function of (config, track, player, seed): thread count, the cache and
// the in-game parallel path change only how fast it runs.
#include <gtest/gtest.h>

#include <map>

#include "ratrace/engine/player.h"
#include "ratrace/runs/runner.h"
#include "ratrace/tests/engine_test_util.h"
#include "ratrace/tracks/rules.h"

namespace ratrace {
namespace {

using namespace engine_test;

// Genome bit 0 set: always (1, 0), memoisable. Otherwise a coin decides between (1, 0) and
// (0, 0). Bit 1 set adds a random vertical step, which can walk off the track.
Move drift(const Genome& genome, const View&, Rng& rng) {
  const int dx = genome.bit(0) ? 1 : rng.between(0, 1);
  const int dy = genome.bit(1) ? rng.between(-1, 1) : 0;
  return {dx, dy};
}

const bool kDriftPlayerRegistered = [] {
  register_player(
      test_player("TestDrift", "Bit 0: (1, 0), else a coin between (1, 0) and (0, 0); bit 1 adds a random dy.", drift));
  return true;
}();

using Results = std::map<std::pair<size_t, int>, BoardResult>;

Results run(const std::vector<Entrant>& entrants, int boards, uint64_t master_seed, int threads, bool cache) {
  std::vector<BoardTask> tasks;
  for (int b = 0; b < boards; ++b)
    for (size_t e = 0; e < entrants.size(); ++e) tasks.push_back({e, b});
  RunOptions options;
  options.threads = threads;
  options.cache = cache;
  Results results;
  run_boards(entrants, tasks, master_seed, options, [&](size_t entrant, const BoardResult& r) {
    results[{entrant, r.index}] = r;
  });
  return results;
}

TEST(Determinism, RunBoardsGivesTheSameResultsForAnyThreadCountAndCache) {
  Config config;
  config.turns = 1500;
  std::vector<Entrant> entrants;
  for (const char* name : {"ForwardRandom", "ColorScorePlayer", "Run-Bonus Player", "TestDrift"})
    if (registered_players().count(name)) entrants.push_back({name, name, config});
  // Java's board draws goal colours and keeps specimens off the board (TestDrift walks off).
  Config java = config;
  apply_rules(java, "java-fork");
  for (const char* name : {"ColorScorePlayer", "TestDrift"})
    if (registered_players().count(name)) entrants.push_back({std::string(name) + " (java-fork)", name, java});
  ASSERT_GE(entrants.size(), 3u);
  const int boards = 4;
  const Results one = run(entrants, boards, 77, 1, true);
  ASSERT_EQ(one.size(), entrants.size() * boards);
  uint64_t total_goals = 0;
  for (const auto& [key, r] : one) {
    EXPECT_TRUE(r.fault.empty()) << r.fault;
    EXPECT_EQ(r.seed, board_seed(77, key.second));
    total_goals += r.score - 1;
  }
  EXPECT_GT(total_goals, 0u);  // the comparison covers games with goals, not only empty ones
  for (auto [threads, cache] :
       {std::pair{2, true}, std::pair{8, true}, std::pair{1, false}, std::pair{2, false}, std::pair{8, false}}) {
    const Results other = run(entrants, boards, 77, threads, cache);
    ASSERT_EQ(other.size(), one.size());
    for (const auto& [key, r] : one)
      expect_same_board(r, other.at(key), cache,
                        entrants[key.first].label + " board " + std::to_string(key.second) + ", " +
                            std::to_string(threads) + " threads, cache " + (cache ? "on" : "off"));
  }
}

TEST(Determinism, CacheSavesPlayerCallsOfDeterministicPlayers) {
  Config config;
  config.turns = 1500;
  const std::vector<Entrant> entrants{{"ColorScorePlayer", "ColorScorePlayer", config}};
  const Results cached = run(entrants, 2, 5, 2, true);
  const Results uncached = run(entrants, 2, 5, 2, false);
  for (const auto& [key, r] : cached) {
    EXPECT_LE(uncached.at(key).player_calls, uncached.at(key).moves);  // deaths of age call nobody
    EXPECT_LT(r.player_calls, uncached.at(key).player_calls / 2);
  }
}

// A population past 4096 moves in parallel inside the game. On an all-empty track, specimens
// with genome bit 1 clear never die (they score and reset their age long before 255), so
// with 100 offspring a turn the population passes 4096 by turn 41.
TEST(Determinism, InGameParallelPathGivesTheSameGame) {
  Config config;
  config.lifespan = 255;
  config.offspring = 100;
  config.turns = 150;
  std::vector<int8_t> colours(static_cast<size_t>(config.width * config.height));
  for (size_t c = 0; c < colours.size(); ++c) colours[c] = static_cast<int8_t>(c % 8);  // empty colours only
  const Track track(config, colours, standard_roles());
  ASSERT_EQ(track.start_rows().size(), 15u);
  const PlayerInfo& player = find_player("TestDrift");

  GameOptions serial;
  serial.parallel = false;
  serial.cache = false;
  const GameResult reference = play_game(config, track, player, 31337, serial);
  EXPECT_GT(reference.peak_population, 4096u * 2);
  EXPECT_GT(reference.score, 100u);
  EXPECT_EQ(reference.turns, 150);
  EXPECT_EQ(reference.player_calls, reference.moves);

  for (auto [parallel, cache] : {std::pair{true, false}, std::pair{true, true}, std::pair{false, true}}) {
    SCOPED_TRACE(std::string("parallel ") + (parallel ? "on" : "off") + ", cache " + (cache ? "on" : "off"));
    GameOptions options;
    options.parallel = parallel;
    options.cache = cache;
    const GameResult r = play_game(config, track, player, 31337, options);
    EXPECT_EQ(r.score, reference.score);
    EXPECT_EQ(r.turns, reference.turns);
    EXPECT_EQ(r.peak_population, reference.peak_population);
    EXPECT_EQ(r.moves, reference.moves);
    EXPECT_EQ(r.peak_genomes, reference.peak_genomes);
    if (!cache) {
      EXPECT_EQ(r.player_calls, reference.player_calls);
    }
    if (cache) {
      EXPECT_LT(r.player_calls, r.moves);
    }
  }
}

// A traced game (serial, uncached) is the same game as an untraced one.
TEST(Determinism, TracingDoesNotChangeTheGame) {
  for (const char* rules : {"cpp", "java-fork"}) {
    Config config;
    apply_rules(config, rules);
    config.turns = 200;
    const Track track = generate_track(config, board_seed(12, 3));
    for (const char* name : {"ForwardRandom", "ColorScorePlayer", "TestDrift"}) {
      if (!registered_players().count(name)) continue;
      SCOPED_TRACE(std::string(name) + ", " + rules);
      TraceLog log;
      const GameResult traced = play_traced(config, track, name, 8, log);
      const GameResult plain = play_game(config, track, find_player(name), 8);
      EXPECT_EQ(traced.score, plain.score);
      EXPECT_EQ(traced.turns, plain.turns);
      EXPECT_EQ(traced.moves, plain.moves);
      EXPECT_EQ(traced.peak_population, plain.peak_population);
      // Under Java's goal timing the specimens standing on the goal at the end count too.
      if (config.goal_timing) EXPECT_GE(traced.score, 1 + log.named("scored").size());
      else EXPECT_EQ(traced.score, 1 + log.named("scored").size());
    }
  }
}

}  // namespace
}  // namespace ratrace
