// A game record describes the game the engine played (its totals equal the result), does
// not change it, and is a pure function of the game; its pictures carry what they promise.
#include <gtest/gtest.h>

#include <numeric>
#include <regex>

#include "ratrace/see/record.h"
#include "ratrace/see/render.h"
#include "ratrace/see/replay.h"
#include "ratrace/runs/runner.h"

namespace ratrace {
namespace {

Config small_config() {
  Config config;
  config.turns = 300;
  return config;
}

uint64_t sum(const nlohmann::json& series) {
  uint64_t total = 0;
  for (const auto& v : series) total += v.get<uint64_t>();
  return total;
}

nlohmann::json record_board(const std::string& player, int board, bool cache, BoardResult& result,
                            RecordOptions options = {}) {
  GameRecorder recorder(options);
  RunOptions run;
  run.cache = cache;
  play_board(Entrant{player, player, small_config()}, 1, board, run, result, nullptr, &recorder);
  EXPECT_TRUE(result.fault.empty()) << result.fault;
  return recorder.finish(result.score, result.turns, result.moves);
}

TEST(Record, TotalsEqualTheGamesResult) {
  for (const std::string player : {"ColorScorePlayer", "Blind Faith", "Running Star"}) {
    for (int board : {0, 1}) {
      SCOPED_TRACE(player + " board " + std::to_string(board));
      BoardResult r;
      const nlohmann::json rec = record_board(player, board, true, r);
      const nlohmann::json& turns = rec["turns"];
      EXPECT_EQ(sum(turns["goals"]), r.score - 1);
      EXPECT_EQ(turns["population"].size(), static_cast<size_t>(r.turns));
      uint64_t deaths = 0, cell_deaths = 0;
      for (const char* cause : {"age", "out_of_bounds", "wall", "trap"}) {
        const uint64_t by_turn = sum(turns["deaths"][cause]);
        EXPECT_EQ(by_turn, rec["totals"]["deaths"][cause].get<uint64_t>()) << cause;
        EXPECT_EQ(sum(rec["cells"]["deaths"][cause]), by_turn) << cause;
        deaths += by_turn;
        cell_deaths += sum(rec["cells"]["deaths"][cause]);
      }
      EXPECT_EQ(sum(turns["births"]), static_cast<uint64_t>(10 * r.turns) - (r.turns < 300 ? 10 : 0));
      const uint64_t initial = rec["totals"]["initial"].get<uint64_t>();
      EXPECT_EQ(initial, 15u);
      EXPECT_EQ(initial + sum(turns["births"]) - deaths, turns["population"].back().get<uint64_t>());
      // Every specimen alive at the start of a turn visits its cell: it moves or dies of age.
      EXPECT_EQ(sum(rec["cells"]["visits"]), r.moves + sum(turns["deaths"]["age"]));
      EXPECT_EQ(cell_deaths, deaths);
    }
  }
}

TEST(Record, PathsEndWhereTheirLivesEnded) {
  BoardResult r;
  const nlohmann::json rec = record_board("Running Star (reconstruction)", 3, true, r, {50, 30});  // scores 17 in 300 turns
  Config config;
  const Track track = track_of_record(rec, config);
  ASSERT_GT(r.score, 1u);
  ASSERT_FALSE(rec["paths"]["scorers"].empty());
  EXPECT_LE(rec["paths"]["scorers"].size(), 50u);
  uint64_t previous_goals = UINT64_MAX;
  for (const auto& j : rec["paths"]["scorers"]) {
    const Life life = j.get<Life>();
    EXPECT_LE(j["goals"].get<uint64_t>(), previous_goals);  // most goals first
    previous_goals = j["goals"].get<uint64_t>();
    ASSERT_FALSE(life.moves.empty());
    const std::vector<int> cells = life_cells(track, life);
    ASSERT_EQ(cells.size(), life.moves.size());
    EXPECT_EQ(track.cell_x(cells.front()), 0);
    EXPECT_EQ(track.next(cells.back(), life.moves.back() - '0'), Track::kGoal);
  }
  std::set<uint64_t> serials;
  for (const auto& j : rec["paths"]["sampled"]) {
    const Life life = j.get<Life>();
    serials.insert(life.serial);
    const std::vector<int> cells = life_cells(track, life);
    if (life.end == "alive" || life.end == "age") {
      EXPECT_EQ(cells.size(), life.moves.size() + 1);
    } else if (!life.moves.empty()) {
      const int16_t last = track.next(cells.back(), life.moves.back() - '0');
      EXPECT_EQ(last, life.end == "goal" ? Track::kGoal : Track::kDead) << life.end;
    }
  }
  EXPECT_LE(serials.size(), 30u);
  EXPECT_GE(serials.size(), 20u);  // most of the 30 drawn from 3,015 serial numbers are born in 300 turns
}

TEST(Record, RecordingChangesNeitherTheGameNorItsRecord) {
  for (const std::string player : {"ColorScorePlayer", "Blind Faith"}) {
    SCOPED_TRACE(player);
    BoardResult plain, cached, uncached;
    ASSERT_TRUE(play_board(Entrant{player, player, small_config()}, 1, 2, RunOptions{}, plain));
    const nlohmann::json a = record_board(player, 2, true, cached);
    const nlohmann::json b = record_board(player, 2, false, uncached);
    EXPECT_EQ(plain.score, cached.score);
    EXPECT_EQ(plain.moves, cached.moves);
    EXPECT_EQ(plain.peak_population, cached.peak_population);
    EXPECT_EQ(cached.score, uncached.score);
    EXPECT_EQ(a, b);
  }
}

TEST(Render, SvgHasEveryCellAndALegendOfEveryColour) {
  BoardResult r;
  const nlohmann::json rec = record_board("Running Star (reconstruction)", 3, true, r);
  Config config;
  const Track track = track_of_record(rec, config);
  const std::string svg = render_svg(track, &rec, RenderOptions{});
  const auto count = [&](const std::string& needle) {
    size_t n = 0;
    for (size_t at = svg.find(needle); at != std::string::npos; at = svg.find(needle, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("class=\"cell\""), static_cast<size_t>(track.cells()));
  EXPECT_EQ(count("class=\"swatch\""), 16u);
  EXPECT_NE(svg.find("data-cells=\"795\""), std::string::npos);
  for (const char* text : {"id=\"legend\"", "colour 15:", "teleporter to (", "kills (", "start cell", "goal column",
                           "visits per cell", "deaths: trap", "best scorers", "id=\"paths\""})
    EXPECT_NE(svg.find(text), std::string::npos) << text;
  const std::string bare = render_svg(track, nullptr, RenderOptions{});
  EXPECT_EQ(bare.find("id=\"heat\""), std::string::npos);
}

TEST(Replay, PageIsSelfContained) {
  BoardResult r;
  const nlohmann::json rec = record_board("ColorScorePlayer", 0, true, r, {20, 20});
  const std::string page = replay_html(rec);
  EXPECT_EQ(page.find("/*DATA*/"), std::string::npos);
  EXPECT_EQ(page.find("http"), std::string::npos);  // nothing fetched from anywhere
  EXPECT_EQ(page.find(" src="), std::string::npos);
  EXPECT_NE(page.find("\"turns\":300"), std::string::npos);
}

}  // namespace
}  // namespace ratrace
