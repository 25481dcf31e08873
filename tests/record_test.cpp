// A game record describes the game the engine played (its totals equal the result), does
// not change it, and is a pure function of the game; its pictures carry what they promise.
#include <gtest/gtest.h>

#include <numeric>
#include <regex>

#include "ratrace/runs/runner.h"
#include "ratrace/see/record.h"
#include "ratrace/see/render.h"
#include "ratrace/see/replay.h"

namespace ratrace {
namespace {

Config short_config() {
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
  play_board(Entrant{player, player, short_config()}, 1, board, run, result, nullptr, &recorder);
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
  const nlohmann::json rec =
      record_board("Running Star (reconstruction)", 3, true, r, {50, 30});  // scores 17 in 300 turns
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
    ASSERT_TRUE(play_board(Entrant{player, player, short_config()}, 1, 2, RunOptions{}, plain));
    const nlohmann::json a = record_board(player, 2, true, cached);
    const nlohmann::json b = record_board(player, 2, false, uncached);
    EXPECT_EQ(plain.score, cached.score);
    EXPECT_EQ(plain.moves, cached.moves);
    EXPECT_EQ(plain.peak_population, cached.peak_population);
    EXPECT_EQ(cached.score, uncached.score);
    EXPECT_EQ(a, b);
  }
}

// Frame i's counts, decoded, with the number of cells.
std::vector<uint32_t> frame(const nlohmann::json& rec, const char* what, size_t i) {
  const size_t cells = rec["track"]["width"].get<size_t>() * rec["track"]["height"].get<size_t>();
  return decode_counts(rec["frames"][what][i].get<std::string>(), cells);
}

TEST(Record, FramesHoldTheCrowdAndItsDeaths) {
  BoardResult r;
  const nlohmann::json rec = record_board("Blind Faith", 1, true, r);  // 300 turns: a frame every 2
  EXPECT_EQ(rec["format"], "ratrace-record-2");
  const nlohmann::json& frames = rec["frames"];
  ASSERT_EQ(frames["every"].get<int>(), 2);
  const size_t n = frames["turns"].size();
  ASSERT_EQ(n, static_cast<size_t>((r.turns + 1) / 2));
  ASSERT_EQ(frames["occupancy"].size(), n);
  ASSERT_EQ(frames["deaths"].size(), n);
  const nlohmann::json& population = rec["turns"]["population"];
  std::vector<uint64_t> deaths_by_cell(frame(rec, "deaths", 0).size(), 0);
  for (size_t i = 0; i < n; ++i) {
    const int turn = frames["turns"][i].get<int>();
    EXPECT_EQ(turn, 1 + 2 * static_cast<int>(i));
    // The crowd at the start of a turn is the population after the turn before.
    const std::vector<uint32_t> crowd = frame(rec, "occupancy", i);
    const uint64_t starting = turn == 1 ? rec["totals"]["initial"].get<uint64_t>()
                                        : population[static_cast<size_t>(turn - 2)].get<uint64_t>();
    EXPECT_EQ(std::accumulate(crowd.begin(), crowd.end(), uint64_t{0}), starting) << "turn " << turn;
    // Its deaths are those of its turns.
    const std::vector<uint32_t> died = frame(rec, "deaths", i);
    uint64_t in_turns = 0;
    for (int t = turn; t < turn + 2 && t <= r.turns; ++t)
      for (const char* cause : {"age", "out_of_bounds", "wall", "trap"})
        in_turns += rec["turns"]["deaths"][cause][static_cast<size_t>(t - 1)].get<uint64_t>();
    EXPECT_EQ(std::accumulate(died.begin(), died.end(), uint64_t{0}), in_turns) << "turn " << turn;
    for (size_t c = 0; c < died.size(); ++c) deaths_by_cell[c] += died[c];
  }
  // Over the whole game, each cell's deaths are its deaths of every cause.
  for (size_t c = 0; c < deaths_by_cell.size(); ++c) {
    uint64_t all = 0;
    for (const char* cause : {"age", "out_of_bounds", "wall", "trap"})
      all += rec["cells"]["deaths"][cause][c].get<uint64_t>();
    EXPECT_EQ(deaths_by_cell[c], all) << "cell " << c;
  }
  // The first frame holds the initial specimens, on start cells.
  const std::vector<uint32_t> first = frame(rec, "occupancy", 0);
  for (size_t c = 0; c < first.size(); ++c) {
    if (first[c] > 0) {
      EXPECT_EQ(c % rec["track"]["width"].get<size_t>(), 0u) << "cell " << c;
    }
  }
}

TEST(Record, FramesAreBoundedByTheirLimit) {
  for (int limit : {0, 1, 7, 200, 1000}) {
    SCOPED_TRACE(limit);
    BoardResult r;
    const nlohmann::json rec = record_board("ColorScorePlayer", 0, true, r, {20, 20, limit});
    const size_t n = rec["frames"]["turns"].size();
    EXPECT_LE(n, static_cast<size_t>(limit));
    EXPECT_EQ(rec["frames"]["every"].get<int>(), limit == 0 ? 0 : (300 + limit - 1) / limit);
    if (limit > 0) {
      EXPECT_GE(n, 1u);
    }
    EXPECT_EQ(rec["frames"]["occupancy"].size(), n);
  }
}

TEST(Record, CountsEncodingRoundTrips) {
  const std::vector<std::vector<uint32_t>> cases = {{},
                                                    {0},
                                                    {1},
                                                    {0, 0, 0},
                                                    {5, 0, 0, 127, 128, 0, 16383, 16384, 0},
                                                    {UINT32_MAX, 0, 1},
                                                    std::vector<uint32_t>(795, 0)};
  for (const auto& counts : cases) {
    const std::string text = encode_counts(counts);
    EXPECT_EQ(text.size() % 4, 0u);
    EXPECT_EQ(decode_counts(text, counts.size()), counts) << text;
  }
  EXPECT_EQ(encode_counts(std::vector<uint32_t>(795, 0)), "AJsG");  // 0, then the run 795: 0x00 0x9b 0x06
  EXPECT_THROW(decode_counts("AJsG", 794), std::invalid_argument);
  EXPECT_THROW(decode_counts("AJs", 795), std::invalid_argument);
  EXPECT_THROW(decode_counts("gA==", 1), std::invalid_argument);  // a number cut short
  EXPECT_THROW(decode_counts("A=A=", 1), std::invalid_argument);
}

TEST(Record, IsAPureFunctionOfTheGameAndTheOptions) {
  BoardResult r1, r2, r3;
  const nlohmann::json a = record_board("Blind Faith", 4, true, r1, {30, 10, 50});
  const nlohmann::json b = record_board("Blind Faith", 4, true, r2, {30, 10, 50});
  EXPECT_EQ(a.dump(), b.dump());
  // Other frame limits change the frames only.
  nlohmann::json c = record_board("Blind Faith", 4, true, r3, {30, 10, 7});
  EXPECT_NE(a["frames"], c["frames"]);
  c["frames"] = a["frames"];
  EXPECT_EQ(a.dump(), c.dump());
}

TEST(Render, ReadsTheFirstRecordFormat) {
  BoardResult r;
  nlohmann::json rec = record_board("ColorScorePlayer", 0, true, r, {20, 20});
  rec["format"] = "ratrace-record-1";
  rec.erase("frames");
  Config config;
  const Track track = track_of_record(rec, config);
  EXPECT_NE(render_svg(track, &rec, RenderOptions{}).find("id=\"heat\""), std::string::npos);
  EXPECT_NE(replay_html(rec).find("\"frames\":null"), std::string::npos);
  rec["format"] = "ratrace-record-9";
  EXPECT_THROW(track_of_record(rec, config), std::invalid_argument);
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
  EXPECT_NE(page.find("\"occupancy\":["), std::string::npos);
  EXPECT_NE(page.find("\"roles\":[{\"dx\""), std::string::npos);
}

}  // namespace
}  // namespace ratrace
