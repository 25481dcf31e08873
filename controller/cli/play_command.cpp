#include <cstdio>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/common/io.h"
#include "ratrace/engine/game.h"
#include "ratrace/runs/runner.h"
#include "ratrace/see/board_view.h"
#include "ratrace/tracks/track.h"

namespace ratrace {

Subcommand add_play_command(CLI::App& app, ProgramFlags& program) {
  auto options = std::make_shared<PlayOptions>();
  auto* cmd = app.add_subcommand(
      "play", "Play one game, on a track file or exactly as board I of a run, optionally traced or recorded");
  add_config_flags(cmd, options->config_file, options->sets);
  cmd->add_option("--player", options->player, "Player name")->capture_default_str();
  cmd->add_option("--track", options->track_file, "Track file (from 'ratrace track --json', or hand-made)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--board", options->board, "Board I of the run with master seed --seed, as 'score' plays it")
      ->check(whole_number(0, kMaxBoards - 1));
  cmd->add_option("--turns", options->turns, "Turns to play (default: the config's)")->check(whole_number(0, 10000000));
  cmd->add_option("--seed", options->seed, "Game seed with --track; the run's master seed with --board")
      ->check(whole_number(0, UINT64_MAX))
      ->capture_default_str();
  cmd->add_option("--trace", options->trace_file, "Write one JSON line per specimen event here (short games)");
  cmd->add_option("--record", options->record_file, "Write a compact game record (JSON) here, for render and replay");
  cmd->add_flag("--force", options->force, "Replace existing --trace and --record files");
  cmd->add_option("--record-scorers", options->record.scorers, "Scorers whose last scoring life the record keeps")
      ->check(whole_number(0, kMaxRecordPaths))
      ->capture_default_str();
  cmd->add_option("--record-sampled", options->record.sampled, "Random specimens whose every life the record keeps")
      ->check(whole_number(0, kMaxRecordPaths))
      ->capture_default_str();
  cmd->add_option("--record-frames", options->record.frames,
                  "Crowd frames the record keeps at most: every cell's specimens and deaths, one turn in "
                  "ceil(turns / N); 0 for none")
      ->check(whole_number(0, kMaxRecordFrames))
      ->capture_default_str();
  cmd->add_flag("--no-cache", options->no_cache, "Do not memoise player calls");
  add_program_flags(cmd, program);
  default_player_to_python(cmd, options->player);
  return {cmd, [options] { return run_play(*options); }};
}

namespace {

void write_record(const std::string& path, const nlohmann::json& record) {
  std::fflush(stdout);  // the game's line before the log's
  write_file_atomically(path, record.dump() + "\n");
  spdlog::info("wrote {}", path);
}

// Board `options.board` of a run under master seed `options.seed`, through the very
// function `score` and `leaderboard` play each board with.
int play_run_board(const PlayOptions& options, const Config& config, const PlayerInfo& player) {
  if (!options.trace_file.empty()) throw std::invalid_argument("--trace needs --track (use --record with --board)");
  const Entrant entrant{player.name, player.name, config};
  RunOptions run;
  run.cache = !options.no_cache;
  BoardResult r;
  std::optional<nlohmann::json> record;
  if (options.record_file.empty()) play_board(entrant, options.seed, options.board, run, r);
  else record = record_board(entrant, options.seed, options.board, options.record, run, r);
  const std::string where =
      "board " + std::to_string(options.board) + " of master seed " + std::to_string(options.seed);
  if (!r.fault.empty()) {
    std::printf("FAULT: %s\n", r.fault.c_str());  // with player, board, seed, turn and specimen
    return kExitFaults;
  }
  std::printf("%s on %s (board seed %llu): score %llu after %d turns (peak %llu specimens, %llu moves)\n",
              player.name.c_str(), where.c_str(), static_cast<unsigned long long>(r.seed),
              static_cast<unsigned long long>(r.score), r.turns, static_cast<unsigned long long>(r.peak_population),
              static_cast<unsigned long long>(r.moves));
  if (record) write_record(options.record_file, std::move(*record));
  return kExitOk;
}

}  // namespace

int run_play(const PlayOptions& options) {
  Config config = build_config(options.config_file, options.sets);
  if (options.turns >= 0) config.turns = options.turns;
  const PlayerInfo& player = find_player(options.player);
  if (options.track_file.empty() == (options.board < 0))
    throw std::invalid_argument("give either --track FILE or --board I (with --seed as the run's master seed)");
  if (options.trace_file == "-" || options.record_file == "-") keep_stdout_for_results();
  check_distinct_files({{"--track", options.track_file},
                        {"--config", options.config_file},
                        {"--trace", options.trace_file},
                        {"--record", options.record_file}});
  check_output_path(options.trace_file, options.force);
  check_output_path(options.record_file, options.force);
  if (options.board >= 0) return play_run_board(options, config, player);

  const Track track = track_from_json(read_json_file(options.track_file, "track file"), config);

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
    if (recorder) {
      nlohmann::json record = recorder->finish(r.score, r.turns, r.moves);
      record["game"] = {{"player", player.name}, {"track_file", options.track_file}, {"game_seed", options.seed}};
      write_record(options.record_file, record);
    }
  } catch (const GameFault& fault) {
    std::printf("FAULT: %s [player %s, track %s, game seed %llu, turn %d, specimen #%llu]\n", fault.what(),
                player.name.c_str(), options.track_file.c_str(), static_cast<unsigned long long>(options.seed),
                fault.turn, static_cast<unsigned long long>(fault.specimen));
    return kExitFaults;
  }
  return kExitOk;
}

}  // namespace ratrace
