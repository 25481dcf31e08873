#pragma once
// Helpers shared by the engine tests: hand-made tracks, traced games, result comparison.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ratrace/engine/game.h"
#include "ratrace/engine/player.h"
#include "ratrace/runs/runner.h"
#include "ratrace/tracks/config.h"
#include "ratrace/tracks/track.h"

namespace ratrace::engine_test {

// Colour roles of every hand-made track: 0..7 empty, 8..11 teleporters, 12..13 traps,
// 14..15 walls. Tests set the teleporter and trap offsets they need.
constexpr int kEmpty = 0;
constexpr int kTeleporterA = 8;
constexpr int kTeleporterB = 9;
constexpr int kTeleporterC = 10;
constexpr int kTeleporterD = 11;
constexpr int kTrapA = 12;
constexpr int kTrapB = 13;
constexpr int kWall = 14;

inline std::vector<ColourRole> standard_roles() {
  std::vector<ColourRole> roles(16);
  roles[kTeleporterA] = {Role::Teleporter, 1, 0};
  roles[kTeleporterB] = {Role::Teleporter, -1, 0};
  roles[kTeleporterC] = {Role::Teleporter, 0, 1};
  roles[kTeleporterD] = {Role::Teleporter, 0, -1};
  roles[kTrapA] = {Role::Trap, 0, 0};
  roles[kTrapB] = {Role::Trap, 0, 0};
  roles[14] = {Role::Wall, 0, 0};
  roles[15] = {Role::Wall, 0, 0};
  return roles;
}

// A small config for hand-made tracks; the other constants keep the spec's defaults.
inline Config small_config(int width, int height, int goal_column) {
  Config config;
  config.width = width;
  config.height = height;
  config.goal_column = goal_column;
  config.min_start_cells = 1;
  return config;
}

// A track drawn as rows of hex digits (one colour per cell, row y = 0 first). The config's
// width and height are taken from the drawing. Start rows are searched unless given.
inline Track draw_track(Config& config, const std::vector<std::string>& rows, const std::vector<ColourRole>& roles,
                        const std::vector<int>* start_rows = nullptr) {
  config.height = static_cast<int>(rows.size());
  config.width = static_cast<int>(rows.at(0).size());
  std::vector<int8_t> colours;
  for (const std::string& row : rows) {
    if (static_cast<int>(row.size()) != config.width) throw std::invalid_argument("ragged track drawing");
    for (char c : row) colours.push_back(static_cast<int8_t>(std::stoi(std::string(1, c), nullptr, 16)));
  }
  return Track(config, std::move(colours), roles, start_rows);
}

// A test-only player for the registry.
inline PlayerInfo test_player(std::string name, std::string summary, MoveFunction move) {
  PlayerInfo info;
  info.name = std::move(name);
  info.author = "engine tests";
  info.language = "C++";
  info.summary = std::move(summary);
  info.move = move;
  return info;
}

// Collects every event of a traced game.
struct TraceLog {
  std::vector<nlohmann::json> events;
  TraceSink sink() {
    return [this](const nlohmann::json& e) { events.push_back(e); };
  }
  // Events of one specimen, in order.
  std::vector<nlohmann::json> of(uint64_t specimen) const {
    std::vector<nlohmann::json> out;
    for (const auto& e : events)
      if (e.at("specimen").get<uint64_t>() == specimen) out.push_back(e);
    return out;
  }
  // Turn each specimen was born in, and turn each one died in (those that died).
  std::pair<std::map<uint64_t, int>, std::map<uint64_t, int>> born_and_died_turns() const {
    std::map<uint64_t, int> born, died;
    for (const auto& e : events) {
      const uint64_t s = e.at("specimen").get<uint64_t>();
      if (e.at("event") == "born") born[s] = e.at("turn").get<int>();
      if (e.at("event") == "died") died[s] = e.at("turn").get<int>();
    }
    return {born, died};
  }
  std::vector<nlohmann::json> named(const std::string& what) const {
    std::vector<nlohmann::json> out;
    for (const auto& e : events)
      if (e.at("event") == what) out.push_back(e);
    return out;
  }
};

inline GameResult play_traced(const Config& config, const Track& track, const std::string& player, uint64_t seed,
                              TraceLog& log) {
  const TraceSink sink = log.sink();
  GameOptions options;
  options.trace = &sink;
  return play_game(config, track, find_player(player), seed, options);
}

// Everything a game decides must agree; `seconds` is wall time, and player_calls depends
// on the cache, so it is compared only when asked.
inline void expect_same_board(const BoardResult& a, const BoardResult& b, bool compare_player_calls,
                              const std::string& context) {
  SCOPED_TRACE(context);
  EXPECT_EQ(a.index, b.index);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.score, b.score);
  EXPECT_EQ(a.turns, b.turns);
  EXPECT_EQ(a.peak_population, b.peak_population);
  EXPECT_EQ(a.moves, b.moves);
  EXPECT_EQ(a.peak_genomes, b.peak_genomes);
  EXPECT_EQ(a.fault, b.fault);
  if (compare_player_calls) {
    EXPECT_EQ(a.player_calls, b.player_calls);
  }
}

}  // namespace ratrace::engine_test
