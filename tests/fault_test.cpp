// Player faults (docs/RULES.md, "What a player may do", "A game" step 1.2) stop the game and are reported
// with player, board, seed, turn and specimen; they never crash a run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>

#include "ratrace/engine/player.h"
#include "ratrace/runs/runner.h"
#include "ratrace/tests/engine_test_util.h"
#include "ratrace/tests/text_test_util.h"
#include "ratrace/tracks/streams.h"

namespace ratrace {
namespace {

using namespace engine_test;

Move move_two(const Genome&, const View&, Rng&) { return {2, 0}; }
Move read_outside_view(const Genome&, const View& view, Rng&) { return {view(3, 0) >= 0 ? 1 : 0, 0}; }
Move read_past_genome(const Genome& genome, const View&, Rng&) { return {genome.bit(100), 0}; }
Move give_up(const Genome&, const View&, Rng&) { throw std::runtime_error("test player gave up"); }
// Moves like ForwardRandom until a specimen carries seven leading ones (1 in 128 genomes).
Move fail_on_rare_genome(const Genome& genome, const View&, Rng& rng) {
  if (genome.chunk(0, 7) == 127) throw std::runtime_error("rare genome");
  return {1, rng.between(-1, 1)};
}

// Stays put; faults on any cell of colour 7.
Move fail_on_colour_seven(const Genome&, const View& view, Rng&) {
  if (view(0, 0) == 7) throw std::runtime_error("stood on colour 7");
  return {0, 0};
}

const bool kFaultyPlayersRegistered = [] {
  register_player(test_player("TestFaultyMoveTwo", "Returns (2, 0).", move_two));
  register_player(test_player("TestFaultyView", "Reads view(3, 0).", read_outside_view));
  register_player(test_player("TestFaultyGenome", "Reads genome bit 100.", read_past_genome));
  register_player(test_player("TestFaultyThrow", "Throws.", give_up));
  register_player(test_player("TestFaultyRare", "Throws for genomes starting with seven ones.", fail_on_rare_genome));
  register_player(test_player("TestFaultyColourSeven", "Stays put; throws on colour 7.", fail_on_colour_seven));
  return true;
}();

using testing::contains;

TEST(Faults, EachKindOfFaultIsReportedWithItsContext) {
  const std::map<std::string, std::string> what{
      {"TestFaultyMoveTwo", "illegal move (2, 0)"},
      {"TestFaultyView", "view read at (3, 0)"},
      {"TestFaultyGenome", "genome read of bits [100, 101)"},
      {"TestFaultyThrow", "test player gave up"},
  };
  for (const auto& [player, message] : what) {
    SCOPED_TRACE(player);
    Config config;
    config.turns = 50;
    BoardResult result;
    ASSERT_TRUE(play_board({player, player, config}, 99, 3, RunOptions{}, result));
    const std::string& fault = result.fault;
    EXPECT_TRUE(contains(fault, message)) << fault;
    EXPECT_TRUE(contains(fault, "player " + player)) << fault;
    EXPECT_TRUE(contains(fault, "board 3")) << fault;
    EXPECT_TRUE(contains(fault, "board seed " + std::to_string(board_seed(99, 3)))) << fault;
    EXPECT_TRUE(contains(fault, "turn 1")) << fault;
    EXPECT_TRUE(contains(fault, "specimen #0")) << fault;  // the first specimen to move
    EXPECT_EQ(result.turns, 1);
    EXPECT_EQ(result.index, 3);
    EXPECT_EQ(result.seed, board_seed(99, 3));
  }
}

// The reported turn and specimen are those of the first call that faulted: the lowest
// serial among the rare genomes alive on the first turn any of them moves. Checked against
// the trace, and the same with and without the cache and the parallel path.
TEST(Faults, FaultNamesTheFirstFaultingSpecimenAndTurn) {
  Config config;
  int checked = 0;
  for (int board = 0; board < 6 && checked < 2; ++board) {
    const uint64_t seed = board_seed(123, board);
    const Track track = generate_track(config, seed);
    const uint64_t game_seed = stream_key(seed, kTagGame, 0);
    TraceLog log;
    int turn = 0;
    uint64_t specimen = 0;
    try {
      play_traced(config, track, "TestFaultyRare", game_seed, log);
    } catch (const GameFault& f) {
      turn = f.turn;
      specimen = f.specimen;
    }
    if (turn <= 1) continue;  // no fault (died out), or the initial population had one: want a later fault
    int first_rare_turn = INT32_MAX;
    uint64_t first_rare = UINT64_MAX;
    for (const auto& e : log.named("born"))
      if (e.at("genome").get<std::string>().rfind("1111111", 0) == 0) {
        const int born = e.at("turn").get<int>();
        const uint64_t serial = e.at("specimen").get<uint64_t>();
        if (born < first_rare_turn) first_rare = serial;
        if (born == first_rare_turn) first_rare = std::min(first_rare, serial);
        first_rare_turn = std::min(first_rare_turn, born);
      }
    EXPECT_EQ(turn, first_rare_turn + 1);  // a newborn first moves on the next turn
    EXPECT_EQ(specimen, first_rare);

    for (auto [parallel, cache] : {std::pair{true, true}, std::pair{false, false}}) {
      GameOptions options;
      options.parallel = parallel;
      options.cache = cache;
      try {
        play_game(config, track, find_player("TestFaultyRare"), game_seed, options);
        FAIL() << "no fault untraced";
      } catch (const GameFault& f) {
        EXPECT_EQ(f.turn, turn);
        EXPECT_EQ(f.specimen, specimen);
      }
    }
    BoardResult result;
    ASSERT_TRUE(play_board({"rare", "TestFaultyRare", config}, 123, board, RunOptions{}, result));
    EXPECT_TRUE(contains(result.fault, "rare genome")) << result.fault;
    EXPECT_TRUE(contains(result.fault, "turn " + std::to_string(turn) + ",")) << result.fault;
    EXPECT_TRUE(contains(result.fault, "specimen #" + std::to_string(specimen) + "]")) << result.fault;
    EXPECT_EQ(result.turns, turn);
    ++checked;
  }
  EXPECT_EQ(checked, 2);
}

// 5000 initial specimens move in parallel chunks on turn 1, and those on rows 3 and 11
// (colour 7) all fault: the report must still name the lowest serial, as a serial game does.
TEST(Faults, ParallelPathReportsTheSameFaultAsTheSerialGame) {
  Config config;
  config.initial_specimens = 5000;
  std::vector<int8_t> colours(static_cast<size_t>(config.width * config.height), 0);
  for (int y : {3, 11}) colours[static_cast<size_t>(y * config.width)] = 7;
  const Track track(config, colours, standard_roles());
  ASSERT_EQ(track.start_rows().size(), 15u);
  TraceLog log;
  uint64_t expected = UINT64_MAX;
  try {
    play_traced(config, track, "TestFaultyColourSeven", 77, log);
    FAIL() << "no fault";
  } catch (const GameFault& f) {
    EXPECT_EQ(f.turn, 1);
    expected = f.specimen;
  }
  uint64_t first_on_seven = UINT64_MAX, last_on_seven = 0;
  for (const auto& e : log.named("born"))
    if (e.at("at")[1] == 3 || e.at("at")[1] == 11) {
      first_on_seven = std::min(first_on_seven, e.at("specimen").get<uint64_t>());
      last_on_seven = std::max(last_on_seven, e.at("specimen").get<uint64_t>());
    }
  EXPECT_EQ(expected, first_on_seven);
  EXPECT_GT(last_on_seven, 4096u);  // faults in several chunks of the parallel loop
  for (bool cache : {true, false}) {
    GameOptions options;
    options.parallel = true;
    options.cache = cache;
    try {
      play_game(config, track, find_player("TestFaultyColourSeven"), 77, options);
      FAIL() << "no fault";
    } catch (const GameFault& f) {
      EXPECT_EQ(f.turn, 1);
      EXPECT_EQ(f.specimen, expected) << "cache " << cache;
    }
  }
}

TEST(Faults, OtherGamesOfTheSameRunFinishNormally) {
  Config config;
  config.turns = 300;
  const std::vector<Entrant> entrants{{"faulty", "TestFaultyThrow", config},
                                      {"random", "ForwardRandom", config},
                                      {"illegal", "TestFaultyMoveTwo", config}};
  std::vector<BoardTask> tasks;
  for (int b = 0; b < 3; ++b)
    for (size_t e = 0; e < entrants.size(); ++e) tasks.push_back({e, b});
  RunOptions options;
  options.threads = 2;
  std::map<std::pair<size_t, int>, BoardResult> results;
  run_boards(entrants, tasks, 8, options, [&](size_t e, const BoardResult& r) { results[{e, r.index}] = r; });
  ASSERT_EQ(results.size(), 9u);
  for (int b = 0; b < 3; ++b) {
    EXPECT_TRUE(contains(results[{0, b}].fault, "player TestFaultyThrow, board " + std::to_string(b)));
    EXPECT_TRUE(contains(results[{2, b}].fault, "player TestFaultyMoveTwo, board " + std::to_string(b)));
    const BoardResult& good = results[{1, b}];
    EXPECT_TRUE(good.fault.empty()) << good.fault;
    BoardResult alone;
    ASSERT_TRUE(play_board(entrants[1], 8, b, options, alone));
    expect_same_board(alone, good, true, "board " + std::to_string(b));
  }
}

}  // namespace
}  // namespace ratrace
