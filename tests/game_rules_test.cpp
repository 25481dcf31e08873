// The rules of a whole game (docs/RULES.md, "A game", "Breeding") on
// hand-made tracks, read back from the game's trace.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "ratrace/engine/breeding.h"
#include "ratrace/engine/player.h"
#include "ratrace/runs/runner.h"
#include "ratrace/tests/engine_test_util.h"

namespace ratrace {
namespace {

using namespace engine_test;

Move forward(const Genome&, const View&, Rng&) { return {1, 0}; }
Move stay(const Genome&, const View&, Rng&) { return {0, 0}; }
// Genome bit 0 decides: 1 stays put, 0 steps back (off the track from column 0).
Move stay_or_back(const Genome& genome, const View&, Rng&) { return genome.bit(0) ? Move{0, 0} : Move{-1, 0}; }

const bool kRulePlayersRegistered = [] {
  register_player(test_player("TestForward", "Always (1, 0).", forward));
  register_player(test_player("TestStay", "Always (0, 0).", stay));
  register_player(test_player("TestStayOrBack", "Genome bit 0: 1 stays, 0 moves (-1, 0).", stay_or_back));
  return true;
}();

std::vector<std::string> names_of(const std::vector<nlohmann::json>& events) {
  std::vector<std::string> names;
  for (const auto& e : events) names.push_back(e.at("event").get<std::string>());
  return names;
}

TEST(GameRules, WallBlocksAndTheSpecimenStaysUntilItDiesOfAge) {
  Config config = small_config(6, 3, 4);
  config.lifespan = 3;
  config.turns = 6;
  const std::vector<int> starts{1};
  const Track track = draw_track(config, {"000000", "0E0000", "000000"}, standard_roles(), &starts);
  TraceLog log;
  const GameResult result = play_traced(config, track, "TestForward", 7, log);
  const auto events = log.of(0);
  EXPECT_EQ(names_of(events),
            (std::vector<std::string>{"born", "blocked", "moved", "blocked", "moved", "blocked", "moved", "died"}));
  for (const auto& e : log.of(0))
    if (e.at("event") == "moved") {
      EXPECT_EQ(e.at("to"), nlohmann::json({0, 1}));
    }
  EXPECT_EQ(events.back().at("why"), "age");
  EXPECT_EQ(events.back().at("turn"), 4);
  EXPECT_EQ(result.score, 1u);
}

// Lifespan L: a specimen moves on turns 1..L and dies at the start of turn L + 1.
TEST(GameRules, DeathByAgeAfterExactlyLifespanMoves) {
  for (int lifespan : {1, 3, 7}) {
    SCOPED_TRACE("lifespan " + std::to_string(lifespan));
    Config config = small_config(6, 3, 4);
    config.lifespan = lifespan;
    config.turns = lifespan + 3;
    const std::vector<int> starts{0, 1, 2};  // given: with lifespan 1 no goal is reachable
    const Track track = draw_track(config, {"012345", "670123", "456701"}, standard_roles(), &starts);
    TraceLog log;
    play_traced(config, track, "TestStay", 11, log);
    for (uint64_t specimen : {0u, 14u}) {
      int moves = 0;
      for (const auto& e : log.of(specimen)) {
        if (e.at("event") == "moved") {
          ++moves;
          EXPECT_EQ(e.at("turn"), moves);
        }
        if (e.at("event") == "died") {
          EXPECT_EQ(e.at("why"), "age");
          EXPECT_EQ(e.at("turn"), lifespan + 1);
        }
      }
      EXPECT_EQ(moves, lifespan);
      EXPECT_EQ(log.of(specimen).back().at("event"), "died");
    }
  }
}

TEST(GameRules, GoalScoresRespawnsOnAStartCellResetsAgeAndKeepsGoals) {
  Config config = small_config(6, 3, 4);
  config.lifespan = 5;  // shorter than the 8 turns to a second goal: only a reset age lets it score twice
  config.turns = 20;
  const std::vector<int> starts{0, 2};
  const Track track = draw_track(config, {"000000", "000000", "000000"}, standard_roles(), &starts);
  TraceLog log;
  const GameResult result = play_traced(config, track, "TestForward", 3, log);

  std::vector<int> score_turns;
  uint64_t goals = 0;
  for (const auto& e : log.of(0)) {
    if (e.at("event") == "scored") score_turns.push_back(e.at("turn").get<int>());
    if (e.at("event") == "respawned") {
      EXPECT_EQ(e.at("goals").get<uint64_t>(), ++goals);  // goals are kept and counted
      EXPECT_EQ(e.at("turn"), score_turns.back());
    }
    EXPECT_NE(e.at("event"), "died");
  }
  EXPECT_EQ(score_turns, (std::vector<int>{4, 8, 12, 16, 20}));

  std::set<int> respawn_rows;
  for (const auto& e : log.named("respawned")) {
    EXPECT_EQ(e.at("at")[0], 0);
    respawn_rows.insert(e.at("at")[1].get<int>());
  }
  EXPECT_EQ(respawn_rows, (std::set<int>{0, 2}));
  EXPECT_EQ(result.score, 1 + log.named("scored").size());
  EXPECT_GT(result.score, 1u);
}

// Four moves to the goal: lifespan 4 scores, lifespan 3 dies of age on the way.
TEST(GameRules, LifespanIsTheNumberOfMovesASpecimenGets) {
  for (int lifespan : {3, 4}) {
    Config config = small_config(6, 3, 4);
    config.lifespan = lifespan;
    config.turns = 10;
    const std::vector<int> starts{1};
    const Track track = draw_track(config, {"000000", "000000", "000000"}, standard_roles(), &starts);
    TraceLog log;
    const GameResult result = play_traced(config, track, "TestForward", 5, log);
    if (lifespan == 3) {
      EXPECT_EQ(result.score, 1u);
      EXPECT_TRUE(log.named("scored").empty());
    } else {
      EXPECT_EQ(log.of(0).at(4).at("event"), "moved");
      EXPECT_EQ(log.of(0).at(5).at("event"), "scored");
      EXPECT_EQ(log.of(0).at(5).at("turn"), 4);
      EXPECT_TRUE(log.named("died").empty());
    }
  }
}

TEST(GameRules, TeleporterInAGame) {
  Config config = small_config(6, 3, 4);
  config.turns = 2;
  auto roles = standard_roles();
  roles[kTeleporterA] = {Role::Teleporter, 2, 0};
  const std::vector<int> starts{1};
  const Track track = draw_track(config, {"000000", "080000", "000000"}, roles, &starts);
  TraceLog log;
  play_traced(config, track, "TestForward", 5, log);
  const auto events = log.of(0);
  EXPECT_EQ(names_of(events),
            (std::vector<std::string>{"born", "moved", "teleported", "moved", "scored", "respawned"}));
  EXPECT_EQ(events[2].at("to"), nlohmann::json({3, 1}));
}

TEST(GameRules, TrapOnTheFirstGoalColumnKillsInsteadOfScoring) {
  Config config = small_config(6, 3, 4);
  config.turns = 8;
  auto roles = standard_roles();
  roles[kTrapA] = {Role::Trap, 1, 0};
  const std::vector<int> starts{1};
  const Track track = draw_track(config, {"000000", "000C00", "000000"}, roles, &starts);
  TraceLog log;
  const GameResult result = play_traced(config, track, "TestForward", 5, log);
  EXPECT_EQ(result.score, 1u);
  EXPECT_TRUE(log.named("scored").empty());
  const auto last = log.of(0).back();
  EXPECT_EQ(last.at("event"), "died");
  EXPECT_EQ(last.at("why"), "trap");
  EXPECT_EQ(last.at("turn"), 4);
  EXPECT_EQ(last.at("at"), nlohmann::json({4, 1}));
}

// (0, 1) is the target of the trap at (1, 1). The search keeps it as a start cell; a
// specimen placed there lives until its first move.
TEST(GameRules, DeadlyStartCellKillsOnlyAfterTheFirstMove) {
  Config config = small_config(6, 3, 4);
  auto roles = standard_roles();
  roles[kTrapA] = {Role::Trap, -1, 0};
  const Track searched = draw_track(config, {"000000", "0C0000", "000000"}, roles);
  EXPECT_EQ(searched.hazard(0, 1), Hazard::Trap);
  EXPECT_EQ(searched.start_rows(), (std::vector<int>{0, 1, 2}));

  const std::vector<int> starts{1};
  const Track track = draw_track(config, {"000000", "0C0000", "000000"}, roles, &starts);
  TraceLog stayers;
  const GameResult stayed = play_traced(config, track, "TestStay", 9, stayers);
  EXPECT_EQ(stayers.named("born").size(), 15u);
  for (const auto& e : stayers.named("died")) {
    EXPECT_EQ(e.at("turn"), 1);
    EXPECT_EQ(e.at("why"), "trap");
  }
  EXPECT_EQ(stayers.named("died").size(), 15u);
  // Everyone died on turn 1: the game ends early, nobody bred, the score stays 1.
  EXPECT_EQ(stayed.turns, 1);
  EXPECT_LT(stayed.turns, config.turns);
  EXPECT_EQ(stayed.score, 1u);
  EXPECT_EQ(stayed.moves, 15u);

  config.turns = 3;
  TraceLog movers;
  const GameResult moved = play_traced(config, track, "TestForward", 9, movers);
  EXPECT_TRUE(movers.named("died").empty());  // (1, 1) is the trap cell itself: safe
  EXPECT_EQ(moved.turns, 3);
}

// The game ends as soon as fewer than two specimens are alive after a turn.
TEST(GameRules, GameEndsWhenFewerThanTwoAreAlive) {
  Config config = small_config(6, 3, 4);
  config.initial_specimens = 3;
  config.offspring = 0;
  config.turns = 5;
  const std::vector<int> starts{1};
  const Track track = draw_track(config, {"000000", "000000", "000000"}, standard_roles(), &starts);
  std::map<int, int> games_by_survivors;
  for (uint64_t seed = 1; seed <= 48; ++seed) {
    TraceLog log;
    const GameResult result = play_traced(config, track, "TestStayOrBack", seed, log);
    int survivors = 0;
    for (const auto& e : log.named("born")) survivors += e.at("genome").get<std::string>()[0] == '1';
    ++games_by_survivors[survivors];
    EXPECT_EQ(result.turns, survivors < 2 ? 1 : 5) << "seed " << seed << ", " << survivors << " survivors";
  }
  EXPECT_GT(games_by_survivors[0], 0);
  EXPECT_GT(games_by_survivors[1], 0);
  EXPECT_GT(games_by_survivors[2] + games_by_survivors[3], 0);
}

TEST(GameRules, InitialSpecimensThenOffspringEveryTurnOnStartCells) {
  for (int offspring : {10, 3}) {
    SCOPED_TRACE("offspring " + std::to_string(offspring));
    Config config = small_config(6, 3, 4);
    config.lifespan = 255;
    config.turns = 5;
    config.offspring = offspring;
    const std::vector<int> starts{0, 2};
    const Track track = draw_track(config, {"000000", "000000", "000000"}, standard_roles(), &starts);
    TraceLog log;
    const GameResult result = play_traced(config, track, "TestStay", 21, log);
    std::map<int, int> born_per_turn;
    for (const auto& e : log.named("born")) {
      ++born_per_turn[e.at("turn").get<int>()];
      EXPECT_EQ(e.at("at")[0], 0);
      EXPECT_TRUE(e.at("at")[1] == 0 || e.at("at")[1] == 2);
      EXPECT_EQ(e.at("genome").get<std::string>().size(), 100u);
    }
    EXPECT_EQ(born_per_turn[0], 15);
    for (int turn = 1; turn <= 5; ++turn) EXPECT_EQ(born_per_turn[turn], offspring);
    EXPECT_EQ(result.turns, 5);
    EXPECT_EQ(result.peak_population, 15u + 5u * offspring);
    EXPECT_EQ(result.moves, 5u * 15u + 10u * offspring);  // turn t moves 15 + (t - 1) * offspring
    EXPECT_EQ(result.score, 1u);                          // nobody scored: the score starts at 1
  }
}

// Parents are two distinct specimens alive after the turn's moves, never one born in the
// same turn.
TEST(GameRules, ParentsAreDistinctLivingSpecimensFromEarlierTurns) {
  Config config;
  config.turns = 80;
  const Track track = generate_track(config, board_seed(5, 0));
  TraceLog log;
  const GameResult result = play_traced(config, track, "ForwardRandom", 17, log);
  ASSERT_EQ(result.turns, 80);
  auto [born_turn, died_turn] = log.born_and_died_turns();
  size_t children = 0;
  for (const auto& e : log.named("born")) {
    const int turn = e.at("turn").get<int>();
    if (turn == 0) {
      EXPECT_TRUE(e.at("parents").is_null());
      continue;
    }
    ++children;
    const auto parents = e.at("parents").get<std::vector<uint64_t>>();
    ASSERT_EQ(parents.size(), 2u);
    EXPECT_NE(parents[0], parents[1]);
    for (uint64_t p : parents) {
      ASSERT_TRUE(born_turn.count(p));
      EXPECT_LT(born_turn[p], turn) << "parent " << p << " of a child of turn " << turn;
      if (died_turn.count(p)) {
        EXPECT_GT(died_turn[p], turn) << "parent " << p << " was dead";
      }
    }
  }
  EXPECT_EQ(children, 80u * 10u);
}

// In a game, the first parent is drawn with probability proportional to fitness
// 1 + x + 50 * goals of the specimens alive after the turn's moves, and the second the
// same way among the rest. Each draw's fitness is compared with its expectation under
// that rule, summed over all births: the standardised sum is within 4 (the draws are
// independent given the population, so it is close to normal), while a uniform choice
// of parents is far off, which shows the check has power.
TEST(GameRules, ParentsAreDrawnProportionalToFitnessInAGame) {
  Config config;
  config.turns = 150;
  std::vector<int8_t> colours(static_cast<size_t>(config.width * config.height));
  for (size_t c = 0; c < colours.size(); ++c) colours[c] = static_cast<int8_t>(c % 8);  // empty colours only
  const Track track(config, colours, standard_roles());
  TraceLog log;
  play_traced(config, track, "ForwardRandom", 2024, log);

  struct State {
    int x = 0;
    uint64_t goals = 0;
    int born = 0;
  };
  std::map<uint64_t, State> alive;
  double first_sum = 0, first_var = 0, second_sum = 0, second_var = 0, uniform_sum = 0, uniform_var = 0;
  size_t births = 0;
  for (const auto& e : log.events) {
    const std::string what = e.at("event");
    const uint64_t s = e.at("specimen").get<uint64_t>();
    const int turn = e.at("turn").get<int>();
    if (what == "moved") alive[s].x = e.at("to")[0].get<int>();
    if (what == "respawned") {
      alive[s].x = 0;
      alive[s].goals = e.at("goals").get<uint64_t>();
    }
    if (what == "died") alive.erase(s);
    if (what != "born") continue;
    if (!e.at("parents").is_null()) {
      const auto parents = e.at("parents").get<std::vector<uint64_t>>();
      std::map<uint64_t, double> f;
      for (const auto& [serial, state] : alive)
        if (state.born < turn) f[serial] = static_cast<double>(fitness(state.x, state.goals));
      double sum = 0, sum2 = 0, sum3 = 0;
      for (const auto& [serial, value] : f) {
        sum += value;
        sum2 += value * value;
        sum3 += value * value * value;
      }
      const double fa = f.at(parents[0]), fb = f.at(parents[1]);
      const double mean1 = sum2 / sum;
      first_sum += fa - mean1;
      first_var += sum3 / sum - mean1 * mean1;
      const double rest = sum - fa, rest2 = sum2 - fa * fa, rest3 = sum3 - fa * fa * fa;
      const double mean2 = rest2 / rest;
      second_sum += fb - mean2;
      second_var += rest3 / rest - mean2 * mean2;
      const double n = static_cast<double>(f.size()), uniform_mean = sum / n;
      uniform_sum += fa - uniform_mean;
      uniform_var += sum2 / n - uniform_mean * uniform_mean;
      ++births;
    }
    alive[s] = State{0, 0, turn};
  }
  ASSERT_EQ(births, 1500u);
  EXPECT_LT(std::abs(first_sum / std::sqrt(first_var)), 4.0);
  EXPECT_LT(std::abs(second_sum / std::sqrt(second_var)), 4.0);
  EXPECT_GT(uniform_sum / std::sqrt(uniform_var), 10.0);
}

}  // namespace
}  // namespace ratrace
