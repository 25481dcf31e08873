// ratrace: the command line. Parsing only; every subcommand lives in controller/*_command.cpp.
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/common/cli.h"
#include "ratrace/common/io.h"
#include "ratrace/common/version.h"
#include "ratrace/cli/commands.h"
#include "ratrace/runs/distributed.h"
#include "ratrace/engine/player.h"

namespace {

void add_config_flags(CLI::App* cmd, std::string& config_file, std::vector<std::string>& sets) {
  cmd->add_option("--config", config_file, "JSON file of config keys (see README: Config)")->check(CLI::ExistingFile);
  cmd->add_option("--set", sets, "Override one config key, e.g. --set mutation=0.0227 (repeatable)");
  // Defined after --set, whose values it joins; build_config applies the dialect first.
  cmd->add_option_function<std::string>(
      "--rules", [&sets](const std::string& rules) { sets.push_back("rules=" + rules); },
      "Rules dialect of an original controller: cpp (default), java, java-fork, python, ruby (README: Rules dialects)");
}

void add_run_flags(CLI::App* cmd, ratrace::RunFlags& run) {
  add_config_flags(cmd, run.config_file, run.sets);
  cmd->add_option("--boards", run.boards, "Number of boards")
      ->check(ratrace::whole_number(1, ratrace::kMaxBoards))
      ->capture_default_str();
  cmd->add_option("--seed", run.seed, "Master seed: board i's track and game derive from (seed, i)")
      ->check(ratrace::whole_number(0, UINT64_MAX))
      ->capture_default_str();
  cmd->add_option("--threads", run.threads, "Worker threads (default: all cores)")->check(ratrace::whole_number(0, 1024));
  cmd->add_flag("--no-cache", run.no_cache, "Do not memoise player calls (results are identical either way)");
  cmd->add_option("--json", run.json_file, "Write the summary and every board's result here");
  cmd->add_option("--journal", run.journal_file, "Per-game JSON lines, written as games finish (default runs/...)");
  cmd->add_option("--resume", run.resume_file, "Finish an interrupted run from its journal")->check(CLI::ExistingFile);
  cmd->add_flag("--force", run.force,
                "Replace existing output files, and an existing journal (its finished games are lost; "
                "with --resume the journal is kept)");
  // Which flags were given, so --resume can refuse one that would change the run.
  cmd->callback([cmd, &run] {
    for (const CLI::Option* option : cmd->get_options())
      if (option->count() > 0) run.given.push_back(option->get_name());
  });
}

}  // namespace

int main(int argc, char** argv) {
  // Under mpirun / srun every rank but 0 only plays the games rank 0 hands out.
  ratrace::DistributedSession distributed(argc, argv);
  if (distributed.is_worker()) return distributed.serve();

  CLI::App app{"ratrace: a fast, exact, multithreaded controller for the Lab Rat Race"};
  app.require_subcommand(1);
  app.set_version_flag("--version", ratrace::build_description());
  std::string log_level = "info";
  ratrace::add_log_level_option(app, log_level);
  std::vector<std::string> player_libraries;
  app.add_option("--player-lib", player_libraries,
                 "Load the players of a plugin built with ratrace_add_player (repeatable; README: Load a C++ player)");

  ratrace::ScoreOptions score;
  auto* score_cmd = app.add_subcommand("score", "Score a player over many boards, with its 95% interval");
  score_cmd->add_option("--player", score.player, "Player name (see 'ratrace players')")->capture_default_str();
  add_run_flags(score_cmd, score.run);
  score_cmd->add_option("--plot", score.plot_file, "Draw the log scores' distribution to FILE.png and FILE.svg");

  ratrace::LeaderboardOptions leaderboard;
  auto* leaderboard_cmd =
      app.add_subcommand("leaderboard", "Every player on the same boards, ranked next to the published leaderboard");
  leaderboard_cmd->add_option("--players", leaderboard.players, "Comma-separated player names (default: every player but calibration candidates)")
      ->delimiter(',');
  leaderboard_cmd->add_option("--markdown", leaderboard.markdown_file, "Write the table and notes as Markdown here");
  leaderboard_cmd->add_option("--plot", leaderboard.plot_file, "Draw a forest plot to FILE.png and FILE.svg");
  add_run_flags(leaderboard_cmd, leaderboard.run);

  bool players_json = false;
  auto* players_cmd = app.add_subcommand("players", "List the registered players and what is published about them");
  players_cmd->add_flag("--json", players_json, "Print JSON");

  ratrace::TrackOptions track;
  auto* track_cmd = app.add_subcommand("track", "Show (or save) the track of one board");
  add_config_flags(track_cmd, track.config_file, track.sets);
  track_cmd->add_option("--seed", track.seed, "Master seed")->check(ratrace::whole_number(0, UINT64_MAX))->capture_default_str();
  track_cmd->add_option("--board", track.board, "Board index")
      ->check(ratrace::whole_number(0, ratrace::kMaxBoards - 1))
      ->capture_default_str();
  track_cmd->add_option("--json", track.json_file, "Write the track file (JSON) here");
  track_cmd->add_flag("--force", track.force, "Replace an existing --json file");
  track_cmd->add_flag("--print-json", track.json, "Print JSON instead of text");

  ratrace::PlayOptions play;
  auto* play_cmd = app.add_subcommand(
      "play", "Play one game, on a track file or exactly as board I of a run, optionally traced or recorded");
  add_config_flags(play_cmd, play.config_file, play.sets);
  play_cmd->add_option("--player", play.player, "Player name")->capture_default_str();
  play_cmd->add_option("--track", play.track_file, "Track file (from 'ratrace track --json', or hand-made)")
      ->check(CLI::ExistingFile);
  play_cmd->add_option("--board", play.board, "Board I of the run with master seed --seed, as 'score' plays it")
      ->check(CLI::NonNegativeNumber);
  play_cmd->add_option("--turns", play.turns, "Turns to play (default: the config's)")
      ->check(ratrace::whole_number(0, 10000000));
  play_cmd->add_option("--seed", play.seed, "Game seed with --track; the run's master seed with --board")
      ->check(ratrace::whole_number(0, UINT64_MAX))
      ->capture_default_str();
  play_cmd->add_option("--trace", play.trace_file, "Write one JSON line per specimen event here (short games)");
  play_cmd->add_option("--record", play.record_file, "Write a compact game record (JSON) here, for render and replay");
  play_cmd->add_flag("--force", play.force, "Replace existing --trace and --record files");
  play_cmd->add_option("--record-scorers", play.record.scorers, "Scorers whose last scoring life the record keeps")
      ->capture_default_str();
  play_cmd->add_option("--record-sampled", play.record.sampled, "Random specimens whose every life the record keeps")
      ->capture_default_str();
  play_cmd->add_flag("--no-cache", play.no_cache, "Do not memoise player calls");

  ratrace::RenderCommandOptions render;
  auto* render_cmd = app.add_subcommand("render", "Draw a track (SVG, PNG) with a legend; overlays from a game record");
  add_config_flags(render_cmd, render.config_file, render.sets);
  render_cmd->add_option("--record", render.record_file, "Game record (from 'play --record'): its track and overlays")
      ->check(CLI::ExistingFile);
  render_cmd->add_option("--track", render.track_file, "Track file instead")->check(CLI::ExistingFile);
  render_cmd->add_option("--seed", render.seed, "Master seed, without --record or --track")->capture_default_str();
  render_cmd->add_option("--board", render.board, "Board index, without --record or --track")->capture_default_str();
  render_cmd->add_option("--out", render.out_file, "Picture: FILE.svg, or FILE.png (with FILE.svg beside it)")
      ->capture_default_str();
  render_cmd->add_flag("--force", render.force, "Replace an existing picture");
  render_cmd->add_option("--overlay", render.overlays, "Comma-separated: heat, deaths, paths or none (default all)")
      ->delimiter(',');
  render_cmd->add_option("--paths", render.paths, "Scorers' paths drawn")->capture_default_str();

  ratrace::ReplayOptions replay;
  auto* replay_cmd = app.add_subcommand("replay", "Write a self-contained HTML page animating a game record");
  replay_cmd->add_option("--record", replay.record_file, "Game record (from 'play --record')")
      ->required()
      ->check(CLI::ExistingFile);
  replay_cmd->add_option("--html", replay.html_file, "The page to write")->capture_default_str();
  replay_cmd->add_flag("--force", replay.force, "Replace an existing page");

  ratrace::BenchOptions bench;
  auto* bench_cmd = app.add_subcommand("bench", "Fixed built-in games: throughput and a signature of every result");
  bench_cmd->add_option("--threads", bench.threads, "Worker threads (default: all cores)")
      ->check(ratrace::whole_number(0, 1024));
  bench_cmd->add_option("--rules", bench.rules, "Rules dialect of the fixed games; each has its own signature")
      ->capture_default_str();
  bench_cmd->add_flag("--no-cache", bench.no_cache, "Do not memoise player calls (the signature must not change)");

  ratrace::SweepOptions sweep;
  auto* sweep_cmd = app.add_subcommand("sweep", "Score a grid of config settings on the same boards against a baseline");
  sweep_cmd->add_option("--player", sweep.player, "Player name")->capture_default_str();
  sweep_cmd->add_option("--param", sweep.params, "Config key and values, e.g. mutation=0.005,0.01,0.0227 (one or two)");
  sweep_cmd->add_option("--baseline", sweep.baseline, "Baseline setting as key=value,... (default: the base config)");
  sweep_cmd->add_option("--csv", sweep.csv_file, "Write one row per setting here");
  sweep_cmd->add_option("--plot", sweep.plot_file, "Draw FILE.png and FILE.svg with scripts/plot_sweep.py");
  add_run_flags(sweep_cmd, sweep.run);

  ratrace::CompareOptions compare;
  auto* compare_cmd =
      app.add_subcommand("compare", "Paired comparison of two players or settings that stops once significant");
  compare_cmd->add_option("--a", compare.side_a, "Side a: \"Player\", \"Player:key=value,...\" or \":key=value,...\"");
  compare_cmd->add_option("--b", compare.side_b, "Side b, as --a");
  compare_cmd->add_option("--player", compare.player, "Player for a side that names none")->capture_default_str();
  compare_cmd->add_option("--max-boards", compare.max_boards, "Stop here at the latest")
      ->check(ratrace::whole_number(1, ratrace::kMaxBoards))
      ->capture_default_str();
  add_run_flags(compare_cmd, compare.run);
  compare_cmd->get_option("--boards")->description("Boards before the first look, and between looks");

  if (const int code = ratrace::parse_command_line(app, argc, argv); code >= 0)
    return ratrace::with_stdout_checked(code);
  ratrace::setup_logging("ratrace", log_level);
  if (!ratrace::registration_errors().empty()) {
    for (const auto& error : ratrace::registration_errors()) spdlog::error("{}", error);
    return ratrace::kExitUsage;
  }
  for (const std::string* result : {&score.run.json_file, &leaderboard.run.json_file, &sweep.run.json_file,
                                    &compare.run.json_file, &track.json_file})
    if (*result == "-") ratrace::keep_stdout_for_results();

  const auto run_command = [&]() -> int {
    try {
      for (const std::string& library : player_libraries) ratrace::load_player_library(library);
      if (*score_cmd) return ratrace::run_score(score);
      if (*leaderboard_cmd) return ratrace::run_leaderboard(leaderboard);
      if (*players_cmd) return ratrace::run_players(players_json);
      if (*track_cmd) return ratrace::run_track(track);
      if (*play_cmd) return ratrace::run_play(play);
      if (*bench_cmd) return ratrace::run_bench(bench);
      if (*render_cmd) return ratrace::run_render(render);
      if (*replay_cmd) return ratrace::run_replay(replay);
      if (*sweep_cmd) return ratrace::run_sweep(sweep);
      if (*compare_cmd) return ratrace::run_compare(compare);
    } catch (const std::exception& e) {
      spdlog::error("{}", e.what());
      return ratrace::kExitUsage;
    }
    return ratrace::kExitOk;
  };
  return ratrace::with_stdout_checked(run_command());
}
