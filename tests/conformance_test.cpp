// Every registered player, including ones added later, on two short games: it never
// faults, and its results depend only on the seeds (same again, same without the cache).
// Test players named "TestFaulty..." fault on purpose and are left out.
#include <gtest/gtest.h>

#include <cctype>
#include <map>

#include "ratrace/engine/player.h"
#include "ratrace/runs/runner.h"
#include "ratrace/tests/engine_test_util.h"

namespace ratrace {
namespace {

using namespace engine_test;

std::vector<std::string> conforming_players() {
  std::vector<std::string> names;
  for (const auto& [name, info] : registered_players())
    if (name.rfind("TestFaulty", 0) != 0) names.push_back(name);
  return names;
}

class Conformance : public ::testing::TestWithParam<std::string> {};

std::map<int, BoardResult> play_two_boards(const Entrant& entrant, int threads, bool cache) {
  RunOptions options;
  options.threads = threads;
  options.cache = cache;
  std::map<int, BoardResult> results;
  run_boards({entrant}, {{0, 0}, {0, 1}}, 2718, options, [&](size_t, const BoardResult& r) { results[r.index] = r; });
  return results;
}

TEST_P(Conformance, NoFaultsAndResultsDependOnlyOnTheSeeds) {
  const PlayerInfo& info = find_player(GetParam());
  EXPECT_EQ(info.name, GetParam());
  EXPECT_TRUE(static_cast<bool>(info.move));
  EXPECT_FALSE(info.summary.empty());
  Config config;
  config.turns = 300;
  const Entrant entrant{info.name, info.name, config};
  const auto first = play_two_boards(entrant, 2, true);
  const auto again = play_two_boards(entrant, 1, true);
  const auto uncached = play_two_boards(entrant, 2, false);
  ASSERT_EQ(first.size(), 2u);
  for (const auto& [board, r] : first) {
    EXPECT_TRUE(r.fault.empty()) << r.fault;
    EXPECT_GE(r.score, 1u);
    EXPECT_GE(r.turns, 1);
    EXPECT_LE(r.turns, 300);
    EXPECT_LE(r.player_calls, r.moves);
    expect_same_board(r, again.at(board), true, "same seeds again, board " + std::to_string(board));
    expect_same_board(r, uncached.at(board), false, "cache off, board " + std::to_string(board));
    // Without the cache every move calls the player (dying of age is not a move).
    EXPECT_LE(r.player_calls, uncached.at(board).player_calls);
    EXPECT_EQ(uncached.at(board).player_calls, uncached.at(board).moves);
  }
}

// A calibration candidate is an alternative to a registered player that is not itself a
// candidate, and carries no published figures of its own (they belong to that player).
TEST(CalibrationCandidates, EachIsAnAlternativeToARegisteredPlayer) {
  int candidates = 0;
  for (const auto& [name, info] : registered_players()) {
    if (info.candidate_for == nullptr) continue;
    ++candidates;
    const auto it = registered_players().find(info.candidate_for);
    ASSERT_NE(it, registered_players().end()) << name << " is a candidate for unknown '" << info.candidate_for << "'";
    EXPECT_EQ(it->second.candidate_for, nullptr) << name;
    EXPECT_EQ(info.published_score, 0) << name;
    EXPECT_EQ(info.published_rank, 0) << name;
    EXPECT_EQ(info.author, it->second.author) << name;
  }
  EXPECT_GT(candidates, 0);
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name;
  for (char c : info.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

// Evaluated when tests are registered, after every player's static registration.
INSTANTIATE_TEST_SUITE_P(AllPlayers, Conformance, ::testing::ValuesIn(conforming_players()), test_name);

}  // namespace
}  // namespace ratrace
