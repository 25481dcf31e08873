#include <cstdio>
#include <fstream>
#include <optional>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/cli/commands.h"
#include "ratrace/common/io.h"
#include "ratrace/engine/game.h"
#include "ratrace/see/record.h"
#include "ratrace/tracks/streams.h"
#include "ratrace/runs/runner.h"
#include "ratrace/tracks/track.h"

namespace ratrace {

int run_players(bool as_json) {
  if (as_json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& [name, p] : registered_players())
      list.push_back({{"name", name}, {"author", p.author}, {"language", p.language},
                      {"published_score", p.published_score}, {"published_games", p.published_games},
                      {"published_rank", p.published_rank}, {"summary", p.summary}, {"choices", p.choices},
                      {"candidate_for", p.candidate_for ? nlohmann::json(p.candidate_for) : nlohmann::json(nullptr)}});
    std::printf("%s\n", list.dump(2).c_str());
    return 0;
  }
  for (const auto& [name, p] : registered_players()) {
    std::printf("%s  (%s, %s)", name.c_str(), p.author.c_str(), p.language.c_str());
    if (p.published_score > 0) std::printf("  published %s", format_score(p.published_score).c_str());
    if (p.published_games > 0) std::printf(" over %d games", p.published_games);
    if (p.published_rank > 0) std::printf(", rank %d", p.published_rank);
    if (p.candidate_for) std::printf("  calibration candidate for %s", p.candidate_for);
    std::printf("\n    %s\n", p.summary.c_str());
    if (!p.choices.empty()) std::printf("    choices: %s\n", p.choices.c_str());
  }
  return 0;
}

int run_track(const TrackOptions& options) {
  check_output_path(options.json_file, options.force);
  const Config config = build_config(options.config_file, options.sets);
  const uint64_t seed = board_seed(options.seed, options.board);
  const Track track = generate_track(config, seed);
  nlohmann::json j = track_to_json(track);
  j["master_seed"] = options.seed;
  j["board"] = options.board;
  j["board_seed"] = seed;
  if (!options.json_file.empty()) {
    write_json_file(options.json_file, j);
    spdlog::info("wrote {}", options.json_file);
  }
  if (options.json) std::printf("%s\n", j.dump(2).c_str());
  else std::printf("board %d of master seed %llu (board seed %llu)\n%s", options.board,
                   static_cast<unsigned long long>(options.seed), static_cast<unsigned long long>(seed),
                   track_to_text(track).c_str());
  return 0;
}

namespace {

void write_record(const std::string& path, nlohmann::json record, const nlohmann::json& about) {
  record["game"] = about;
  std::fflush(stdout);  // the game's line before the log's
  write_file_atomically(path, record.dump() + "\n");
  spdlog::info("wrote {}", path);
}

// Board `options.board` of a run under master seed `options.seed`, through the very
// function `score` and `leaderboard` play each board with.
int play_run_board(const PlayOptions& options, const Config& config, const PlayerInfo& player) {
  if (!options.trace_file.empty()) throw std::invalid_argument("--trace needs --track (use --record with --board)");
  std::optional<GameRecorder> recorder;
  if (!options.record_file.empty()) recorder.emplace(options.record);
  RunOptions run;
  run.cache = !options.no_cache;
  BoardResult r;
  play_board(Entrant{player.name, player.name, config}, options.seed, options.board, run, r, nullptr,
             recorder ? &*recorder : nullptr);
  const std::string where = "board " + std::to_string(options.board) + " of master seed " + std::to_string(options.seed);
  if (!r.fault.empty()) {
    std::printf("FAULT: %s\n", r.fault.c_str());  // with player, board, seed, turn and specimen
    return 3;
  }
  std::printf("%s on %s (board seed %llu): score %llu after %d turns (peak %llu specimens, %llu moves)\n",
              player.name.c_str(), where.c_str(), static_cast<unsigned long long>(r.seed),
              static_cast<unsigned long long>(r.score), r.turns, static_cast<unsigned long long>(r.peak_population),
              static_cast<unsigned long long>(r.moves));
  if (recorder) {
    write_record(options.record_file, recorder->finish(r.score, r.turns, r.moves),
                 {{"player", player.name}, {"master_seed", options.seed}, {"board", options.board},
                  {"board_seed", r.seed}});
  }
  return 0;
}

}  // namespace

int run_play(const PlayOptions& options) {
  Config config = build_config(options.config_file, options.sets);
  if (options.turns >= 0) config.turns = options.turns;
  const PlayerInfo& player = find_player(options.player);
  if (options.track_file.empty() == (options.board < 0))
    throw std::invalid_argument("give either --track FILE or --board I (with --seed as the run's master seed)");
  check_output_path(options.trace_file, options.force);
  check_output_path(options.record_file, options.force);
  if (options.board >= 0) return play_run_board(options, config, player);

  std::ifstream in(options.track_file);
  if (!in) throw std::invalid_argument("cannot read track file '" + options.track_file + "'");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    throw std::invalid_argument("track file '" + options.track_file + "' is not valid JSON: " + e.what());
  }
  const Track track = track_from_json(j, config);

  CheckedFile trace_out;
  TraceSink sink;
  if (!options.trace_file.empty()) {
    trace_out = CheckedFile(options.trace_file, CheckedFile::Mode::kTruncate);
    sink = [&](const nlohmann::json& event) { trace_out.write(event.dump() + "\n"); };
  }
  std::optional<GameRecorder> recorder;
  if (!options.record_file.empty()) recorder.emplace(options.record);
  GameOptions game_options;
  game_options.cache = !options.no_cache;
  game_options.trace = sink ? &sink : nullptr;
  game_options.observer = recorder ? &*recorder : nullptr;
  try {
    const GameResult r = play_game(config, track, player, options.seed, game_options);
    if (sink) trace_out.sync();
    std::printf("%s on %s: score %llu after %d turns (peak %llu specimens, %llu moves)\n", player.name.c_str(),
                options.track_file.c_str(), static_cast<unsigned long long>(r.score), r.turns,
                static_cast<unsigned long long>(r.peak_population), static_cast<unsigned long long>(r.moves));
    if (recorder)
      write_record(options.record_file, recorder->finish(r.score, r.turns, r.moves),
                   {{"player", player.name}, {"track_file", options.track_file}, {"game_seed", options.seed}});
  } catch (const GameFault& fault) {
    std::printf("FAULT: %s [player %s, track %s, game seed %llu, turn %d, specimen #%llu]\n", fault.what(),
                player.name.c_str(), options.track_file.c_str(), static_cast<unsigned long long>(options.seed),
                fault.turn, static_cast<unsigned long long>(fault.specimen));
    return 3;
  }
  return 0;
}

}  // namespace ratrace
