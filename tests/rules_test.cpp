// The rules dialects (tracks/rules.h): presets of config switches, and the engine rules
// they switch on, each checked on hand-made or generated tracks.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "ratrace/engine/breeding.h"
#include "ratrace/tests/engine_test_util.h"
#include "ratrace/tracks/config.h"
#include "ratrace/tracks/rules.h"

namespace ratrace::engine_test {
namespace {

TEST(Rules, PresetsSetTheirSwitchesAndNothingElse) {
  Config config;
  config.turns = 77;
  apply_rules(config, "java");
  EXPECT_EQ(config.rules, "java");
  EXPECT_DOUBLE_EQ(config.crossover, 0.025);
  EXPECT_DOUBLE_EQ(config.mutation, 0.01);
  EXPECT_EQ(config.lifespan, 100);  // counted from birth: children get 99 moves (goal_timing)
  EXPECT_EQ(config.breed_before_moves, 1);
  EXPECT_EQ(config.parent_choice, 1);
  EXPECT_EQ(config.offset_draws, 1);
  EXPECT_EQ(config.goal_timing, 1);
  EXPECT_EQ(config.start_search, 1);
  EXPECT_EQ(config.finish_cells, 1);
  EXPECT_EQ(config.off_board, 1);
  EXPECT_EQ(config.turns, 77);  // not a dialect's switch
  apply_rules(config, "java-fork");
  EXPECT_DOUBLE_EQ(config.crossover, 0.05);
  EXPECT_EQ(config.parent_choice, 0);
  EXPECT_EQ(config.breed_before_moves, 1);
  EXPECT_EQ(config.off_board, 1);
  apply_rules(config, "ruby");
  EXPECT_DOUBLE_EQ(config.crossover, 0.025);
  EXPECT_DOUBLE_EQ(config.mutation, 0.0);
  EXPECT_EQ(config.lifespan, 100);
  EXPECT_EQ(config.breed_before_moves, 0);
  EXPECT_EQ(config.goal_timing + config.start_search + config.finish_cells + config.off_board, 0);
  apply_rules(config, "python");
  EXPECT_DOUBLE_EQ(config.mutation, 0.01);
  EXPECT_DOUBLE_EQ(config.crossover, 0.025);
  apply_rules(config, "cpp");
  Config expected;
  expected.turns = 77;
  EXPECT_EQ(config, expected);  // back to the defaults
  EXPECT_THROW(apply_rules(config, "fortran"), std::invalid_argument);
}

TEST(Rules, SetOverridesADialectWhateverTheOrder) {
  const Config config = build_config("", {"crossover=0.1", "rules=java", "lifespan=50"});
  EXPECT_EQ(config.rules, "java");
  EXPECT_DOUBLE_EQ(config.crossover, 0.1);
  EXPECT_EQ(config.lifespan, 50);
  EXPECT_EQ(config.parent_choice, 1);
  // The dialect survives a JSON round trip.
  Config read;
  from_json(nlohmann::json(config), read);
  EXPECT_EQ(read, config);
  EXPECT_THROW(build_config("", {"parent_choice=1"}), std::invalid_argument);  // needs the Java breeding
}

// Java breeding: parents are drawn before the turn's moves, so some children have a parent
// that died in the very turn they were born in; none do under the C++ rules.
TEST(Rules, BreedingBeforeTheMovesLetsSpecimensThatDieThisTurnBreed) {
  for (int before : {0, 1}) {
    Config config;
    config.turns = 80;
    config.breed_before_moves = before;
    const Track track = generate_track(config, board_seed(5, 0));
    TraceLog log;
    const GameResult result = play_traced(config, track, "ForwardRandom", 17, log);
    ASSERT_EQ(result.turns, 80);
    auto [born_turn, died_turn] = log.born_and_died_turns();
    int parents_dead_this_turn = 0;
    for (const auto& e : log.named("born")) {
      const int turn = e.at("turn").get<int>();
      if (turn == 0) continue;
      for (uint64_t p : e.at("parents").get<std::vector<uint64_t>>()) {
        EXPECT_LT(born_turn.at(p), turn);
        if (died_turn.count(p)) {
          EXPECT_GE(died_turn[p], turn);
          parents_dead_this_turn += died_turn[p] == turn;
        }
      }
    }
    if (before) EXPECT_GT(parents_dead_this_turn, 20);
    else EXPECT_EQ(parents_dead_this_turn, 0);
  }
}

// The Java upstream draw: half the draws take the turn's first specimen in hash order (the
// second when the first is already chosen), whatever its fitness; the rest are
// fitness-proportional. Fitness {1, 1000, 1, 1}, hash order 2 then 3: over 40,000 draws
// (binomial standard deviations about 0.0025) the first parent is 2 with probability
// 1/2 + 1/2 * 1/1003, where a fitness-proportional draw would almost never take it.
TEST(Rules, JavaUpstreamParentDrawIsFitnessBlindHalfTheTime) {
  const std::vector<uint64_t> fitness = {1, 1000, 1, 1};
  const ParentSampler sampler(fitness);
  Rng rng(99);
  std::map<size_t, int> first, second;
  const int draws = 40000;
  for (int i = 0; i < draws; ++i) {
    const auto [a, b] = sampler.pick_java_upstream(rng, 2, 3);
    ASSERT_NE(a, b);
    ++first[a];
    ++second[b];
  }
  const double first_is_2 = 0.5 + 0.5 / 1003, first_is_1 = 0.5 * 1000 / 1003, first_is_0 = 0.5 / 1003;
  EXPECT_NEAR(first[2] / double(draws), first_is_2, 0.012);
  EXPECT_NEAR(first[1] / double(draws), first_is_1, 0.012);
  // Second is 3: the hash order's second when the first took 2, or a proportional draw among
  // the other three (1/3 of it when the heavy specimen 1 went first).
  const double second_is_3 = 0.5 * first_is_2 + 0.5 * (first_is_2 / 1002 + first_is_1 / 3 + first_is_0 / 1002);
  EXPECT_NEAR(second[3] / double(draws), second_is_3, 0.012);
}

// Java's offset draws: the two traps pick among 2 distinct offsets, so they share one half
// the time (C++: 1 in 9); a teleporter pair's offset can be (0, 0). Over 400 generated
// tracks the shared share is 0.5 +- 0.025 (one standard deviation).
TEST(Rules, JavaOffsetDrawsShareTrapOffsetsAndAllowStillTeleporters) {
  for (int java : {0, 1}) {
    Config config;
    config.offset_draws = java;
    int shared = 0, still_teleporters = 0;
    const int tracks = 400;
    for (int b = 0; b < tracks; ++b) {
      const Track track = generate_track(config, board_seed(3, b));
      std::vector<std::pair<int, int>> traps;
      for (const ColourRole& r : track.roles()) {
        if (r.role == Role::Trap) traps.push_back({r.dx, r.dy});
        if (r.role == Role::Teleporter && r.dx == 0 && r.dy == 0) ++still_teleporters;
      }
      ASSERT_EQ(traps.size(), 2u);
      shared += traps[0] == traps[1];
    }
    if (java) {
      EXPECT_NEAR(shared / double(tracks), 0.5, 0.1);
      EXPECT_GT(still_teleporters, 0);
    } else {
      EXPECT_NEAR(shared / double(tracks), 1.0 / 9, 0.06);
      EXPECT_EQ(still_teleporters, 0);
    }
  }
}

}  // namespace
}  // namespace ratrace::engine_test
