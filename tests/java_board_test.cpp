// Java's board (config goal_timing, start_search, finish_cells, off_board): the rules of the
// Java controllers' Board.java and game loop, on hand-made tracks read back from the trace,
// and their rates on generated tracks.
#include <gtest/gtest.h>

#include <array>
#include <atomic>

#include "ratrace/engine/player.h"
#include "ratrace/runs/runner.h"
#include "ratrace/tests/engine_test_util.h"
#include "ratrace/tracks/rules.h"

namespace ratrace {
namespace {

using namespace engine_test;

Move ahead(const Genome&, const View&, Rng&) { return {1, 0}; }

// Counts the colours seen two cells ahead: the goal cells' colours on Java's board.
std::array<std::atomic<int>, 16> seen_ahead;
Move ahead_counting(const Genome&, const View& view, Rng&) {
  if (view(2, 0) >= 0) ++seen_ahead[static_cast<size_t>(view(2, 0))];
  return {1, 0};
}

// On the board: up, off it. Off it: back down and forward when the cell there is on the
// board, else forward. From row 0 it zigzags along the top edge towards the goal.
Move zigzag_above(const Genome&, const View& view, Rng&) {
  if (view(0, 0) != kOutOfBounds) return {0, -1};
  return view(1, 1) != kOutOfBounds ? Move{1, 1} : Move{1, 0};
}

const bool kJavaPlayersRegistered = [] {
  register_player(test_player("TestJavaAhead", "Always (1, 0).", ahead));
  register_player(
      test_player("TestJavaCountAhead", "Always (1, 0); counts the colour two cells ahead.", ahead_counting));
  register_player(
      test_player("TestZigzagAbove", "Up off the board, then back down and forward, along row 0.", zigzag_above));
  return true;
}();

Config java_config(int width, int height, int goal_column) {
  Config config = small_config(width, height, goal_column);
  config.goal_timing = config.finish_cells = config.off_board = config.start_search = 1;
  config.offspring = 0;
  return config;
}

// A track of one row of empty cells, as wide as the config says, starting on row 0.
Track corridor(Config& config) {
  const std::vector<int> starts{0};
  return draw_track(config, {std::string(static_cast<size_t>(config.width), '0')}, standard_roles(), &starts);
}

std::vector<nlohmann::json> events_of(const TraceLog& log, uint64_t specimen, const std::string& what) {
  std::vector<nlohmann::json> out;
  for (const auto& e : log.of(specimen))
    if (e.at("event") == what) out.push_back(e);
  return out;
}

// Goal timing: a specimen entering the goal on turn 4 stands there on turn 4, is scored and
// respawned on turn 5 without moving, and moves again on turn 6; C++ scores it on turn 4.
// After 8 turns Java has scored the 15 specimens once, C++ twice.
TEST(JavaBoard, GoalTimingStandsOneTurnOnTheGoalBeforeScoringAndCountsItAtTheEnd) {
  for (int java : {0, 1}) {
    Config config = small_config(6, 1, 4);
    config.offspring = 0;
    config.turns = 8;
    config.goal_timing = java;
    const Track track = corridor(config);
    TraceLog log;
    const GameResult result = play_traced(config, track, "TestJavaAhead", 3, log);
    EXPECT_EQ(result.score, java ? 16u : 31u);
    const auto scored = events_of(log, 0, "scored");
    ASSERT_FALSE(scored.empty());
    EXPECT_EQ(scored[0].at("turn"), java ? 5 : 4);
    EXPECT_EQ(events_of(log, 0, "reached goal").size(), java ? 1u : 0u);
    const auto moves = events_of(log, 0, "moved");
    EXPECT_EQ(moves.size(), java ? 7u : 8u);  // no move in the turn it is scored
    // After 4 turns all 15 stand on the goal: Java counts them at the end, C++ has scored them.
    config.turns = 4;
    EXPECT_EQ(play_game(config, track, find_player("TestJavaAhead"), 3).score, 16u);
  }
}

// Java's clock: the initial specimens get `lifespan` moves, children lifespan - 1 (C++: all
// get `lifespan`). Nobody reaches the goal here, so every death is of age.
TEST(JavaBoard, GoalTimingGivesChildrenOneMoveFewer) {
  for (int java : {0, 1}) {
    Config config = small_config(40, 1, 39);
    config.lifespan = 10;
    config.turns = 30;
    config.goal_timing = java;
    const Track track = corridor(config);
    TraceLog log;
    play_traced(config, track, "TestJavaAhead", 5, log);
    auto [born, died] = log.born_and_died_turns();
    int children = 0;
    for (const auto& [specimen, turn] : died) {
      const int lived = turn - born.at(specimen);
      if (born.at(specimen) == 0) {
        EXPECT_EQ(lived, 11);  // moves on turns 1..10, dies at the start of turn 11
      } else {
        EXPECT_EQ(lived, java ? 10 : 11);
        ++children;
      }
    }
    EXPECT_GT(children, 50);
  }
}

// Finish cells: every look at a goal cell shows a random empty colour. The track is all
// colour 0, so anything else seen two cells ahead is a drawn goal colour: over the 15
// specimens' many looks each of the 8 empty colours comes up about 1/8 of the time.
TEST(JavaBoard, FinishCellsShowADrawnEmptyColourAtEachLook) {
  Config config = java_config(7, 3, 4);
  config.initial_specimens = 3000;
  config.turns = 3;  // looks from x = 2 on turn 3
  for (auto& count : seen_ahead) count = 0;
  const std::vector<int> starts{0, 1, 2};
  const Track track = draw_track(config, {"0000000", "0000000", "0000000"}, standard_roles(), &starts);
  play_game(config, track, find_player("TestJavaCountAhead"), 11);
  int total = 0;
  for (int c = 0; c < 16; ++c) total += seen_ahead[static_cast<size_t>(c)];
  ASSERT_EQ(total, 3 * 3000);
  const int goal_looks = 3000;  // only the turn-3 looks, from x = 2, see the goal at x = 4
  for (int c = 1; c < 8; ++c) EXPECT_NEAR(seen_ahead[static_cast<size_t>(c)] / double(goal_looks), 1.0 / 8, 0.02) << c;
  for (int c = 8; c < 16; ++c) EXPECT_EQ(seen_ahead[static_cast<size_t>(c)], 0) << c;
}

// Finish cells: with 2 of the 8 empty colours deadly at the goal, each arrival dies with
// probability 1/4. 4000 arrivals: standard deviation 0.007, tolerance 0.03.
TEST(JavaBoard, FinishCellsKillAnArrivalWithTheShareOfDeadlyColours) {
  Config config = java_config(6, 1, 4);
  config.initial_specimens = 4000;
  config.turns = 4;
  const std::vector<int> starts{0};
  const std::vector<int> deadly{3, 5};
  std::vector<int8_t> colours(6, 0);
  const Track track(config, colours, standard_roles(), &starts, &deadly);
  TraceLog log;
  const GameResult result = play_traced(config, track, "TestJavaAhead", 13, log);
  const double died = static_cast<double>(log.named("died").size());
  EXPECT_NEAR(died / 4000, 0.25, 0.03);
  EXPECT_EQ(result.score, 1 + 4000 - static_cast<uint64_t>(died));  // the rest stand on the goal at the end
}

// Off the board: with no trap aimed off it, a specimen leaving the board lives on, can walk
// beyond the goal column outside the rows and come back in. The zigzag along row 0 reaches
// the goal; with a trap aimed off the board (or under C++ rules) its first step kills.
TEST(JavaBoard, OffTheBoardSpecimensLiveOnUnlessATrapAimsThere) {
  for (int deadly : {0, 1}) {
    Config config = java_config(8, 2, 6);
    config.turns = 30;
    auto roles = standard_roles();
    roles[kTrapA] = {Role::Trap, 0, 2};  // from row 1 to row 3: off the board
    const std::vector<int> starts{0};
    const Track track = draw_track(config, {"00000000", deadly ? "00000C00" : "00000000"}, roles, &starts);
    EXPECT_EQ(track.off_board_deadly(), deadly == 1);
    TraceLog log;
    const GameResult result = play_traced(config, track, "TestZigzagAbove", 2, log);
    const auto moves = events_of(log, 0, "moved");
    ASSERT_FALSE(moves.empty());
    EXPECT_EQ(moves[0].at("to"), nlohmann::json({0, -1}));
    if (deadly) {
      EXPECT_EQ(result.score, 1u);
      EXPECT_EQ(events_of(log, 0, "died").at(0).at("why"), "out of bounds");
    } else {
      EXPECT_GT(result.score, 15u);
      EXPECT_TRUE(events_of(log, 0, "died").empty() || events_of(log, 0, "died")[0].at("why") == "age");
      EXPECT_FALSE(events_of(log, 0, "reached goal").empty());
    }
  }
}

// Java's breeding checks for life before the moves: when every specimen dies each turn, the
// children conceived before the moves keep the game going to its last turn; C++ ends it.
TEST(JavaBoard, JavaBreedingNeverLetsTheGameDieOut) {
  for (int java : {0, 1}) {
    Config config = small_config(8, 1, 6);
    config.turns = 50;
    config.breed_before_moves = java;
    auto roles = standard_roles();
    roles[kTrapA] = {Role::Trap, -1, 0};  // the trap at x = 2 makes x = 1 deadly
    const std::vector<int> starts{0};
    const Track track = draw_track(config, {"00C00000"}, roles, &starts);
    const GameResult result = play_game(config, track, find_player("TestJavaAhead"), 4);
    EXPECT_EQ(result.turns, java ? 50 : 1);
    EXPECT_EQ(result.score, 1u);
  }
}

// Java's start-row search: no step limit, walls are landings that kill, survivable
// off-board squares lead to the goal, and a deadly goal arrival still counts as an exit.
TEST(JavaBoard, StartSearchHasNoStepLimitAndWalksOffTheBoard) {
  // A corridor of 29 cells: C++ with lifespan 10 finds no start row, Java finds it.
  for (int java : {0, 1}) {
    Config config = small_config(31, 1, 30);
    config.lifespan = 10;
    config.start_search = java;
    const Track track = draw_track(config, {std::string(31, '0')}, standard_roles());
    EXPECT_EQ(track.start_rows(), java ? std::vector<int>{0} : std::vector<int>{}) << java;
  }
  // Row 1 is walled in on the board; only a step off it (x = -1) leaves. It is a start row
  // under Java's board unless a trap aims off the board.
  const std::vector<std::string> walled = {"EE00000", "0E00000", "EE00000"};
  for (int deadly : {0, 1}) {
    Config config = java_config(7, 3, 5);
    auto roles = standard_roles();
    roles[kTrapA] = {Role::Trap, 0, -1};
    std::vector<std::string> rows = walled;
    if (deadly) rows[0][3] = 'C';  // aims at row -1
    const Track track = draw_track(config, rows, roles);
    const auto& found = track.start_rows();
    EXPECT_EQ(std::count(found.begin(), found.end(), 1), deadly ? 0 : 1) << deadly;
  }
  Config cpp = small_config(7, 3, 5);
  EXPECT_TRUE(draw_track(cpp, walled, standard_roles()).start_rows() == (std::vector<int>{}));
  // Only way out: onto a goal cell a trap makes deadly. C++ does not count it, Java does.
  for (int java : {0, 1}) {
    Config config = small_config(4, 1, 3);
    config.start_search = java;
    auto roles = standard_roles();
    roles[kTrapA] = {Role::Trap, 1, 0};
    const Track track = draw_track(config, {"00C0"}, roles);
    EXPECT_EQ(track.start_rows().size(), java ? 1u : 0u) << java;
  }
}

// On generated tracks: Java's single off-board square is deadly on about 84% of the
// boards, and some goal colour is deadly on about 35% (measured on the Java fork's
// generator over 2,000 boards). 600 boards: standard deviations 0.015 and 0.02.
TEST(JavaBoard, GeneratedJavaBoardsHaveTheJavaControllersRates) {
  Config config;
  apply_rules(config, "java-fork");
  const int boards = 600;
  int off_board_deadly = 0, finish_deadly = 0;
  for (int b = 0; b < boards; ++b) {
    const Track track = generate_track(config, board_seed(21, b));
    off_board_deadly += track.off_board_deadly();
    finish_deadly += !track.finish_deadly().empty();
  }
  EXPECT_NEAR(off_board_deadly / double(boards), 0.84, 0.05);
  EXPECT_NEAR(finish_deadly / double(boards), 0.35, 0.06);
}

// A track file keeps the deadly goal colours drawn with the track; rules and file must agree.
TEST(JavaBoard, TrackFilesCarryTheDeadlyGoalColours) {
  Config config;
  apply_rules(config, "java-fork");
  for (int b = 0; b < 40; ++b) {
    const Track track = generate_track(config, board_seed(4, b));
    Config read_config = config;
    const Track read = track_from_json(track_to_json(track), read_config);
    EXPECT_EQ(read.finish_deadly(), track.finish_deadly());
    EXPECT_EQ(read.off_board_deadly(), track.off_board_deadly());
    EXPECT_EQ(read.start_rows(), track.start_rows());
  }
  Config cpp;
  nlohmann::json j = track_to_json(generate_track(cpp, board_seed(4, 0)));
  EXPECT_THROW(track_from_json(j, config), std::invalid_argument);  // java rules, no deadly goal colours
  j["finish_deadly_colours"] = nlohmann::json::array();
  EXPECT_THROW(track_from_json(j, cpp), std::invalid_argument);  // C++ rules have none
}

}  // namespace
}  // namespace ratrace
