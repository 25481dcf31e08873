#include <cstdio>
#include <memory>

#include <nlohmann/json.hpp>

#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/runs/result_file.h"
#include "ratrace/runs/runner.h"
#include "ratrace/see/plot.h"

namespace ratrace {

Subcommand add_score_command(CLI::App& app, ProgramFlags& program) {
  auto options = std::make_shared<ScoreOptions>();
  auto* cmd = app.add_subcommand("score", "Score a player over many boards, with its 95% interval");
  cmd->add_option("--player", options->player, "Player name (see 'ratrace players')")->capture_default_str();
  add_run_flags(cmd, options->run);
  cmd->add_option("--plot", options->plot_file, "Draw the log scores' distribution to FILE.png and FILE.svg");
  add_program_flags(cmd, program);
  default_player_to_python(cmd, options->player);
  return {cmd, [options] { return run_score(*options); }};
}

namespace {

RunHeader score_header(const ScoreOptions& options) {
  const RunFlags& flags = options.run;
  if (flags.boards < 1) throw std::invalid_argument("--boards must be at least 1");
  find_player(options.player);
  CommandWords words{{"--player", options.player}};
  for (auto& word : run_flag_words(flags)) words.push_back(std::move(word));
  return RunHeader{"score",
                   flags.seed,
                   flags.boards,
                   {{options.player, options.player, build_config(flags.config_file, flags.sets)}},
                   {{"command_line", command_line("score", words)}}};
}

}  // namespace

int run_score(const ScoreOptions& options) {
  const RunFlags& flags = options.run;
  JournalledRun journalled(flags,
                           {"score", "score-" + options.player + "-seed" + std::to_string(flags.seed),
                            result_outputs(flags.json_file, options.plot_file), [&] { return score_header(options); }});
  const RunHeader& run = journalled.header();
  const Entrant& entrant = run.entrants.at(0);
  if (!journalled.play("score " + entrant.player)) return journalled.report_interrupted();

  const std::vector<const BoardResult*> faulted = journalled.faulted();
  std::vector<uint64_t> scores;
  uint64_t total_moves = 0;
  for (const auto& r : journalled.journal().results()[0]) {
    total_moves += r->moves;
    if (r->fault.empty()) scores.push_back(r->score);
  }
  if (scores.empty()) {
    std::printf("%s faulted on every one of its %d boards: no score (first fault: %s)\n", entrant.player.c_str(),
                run.boards, faulted.front()->fault.c_str());
    return kExitFaults;
  }
  const ScoreSummary s = summarise(scores);
  std::printf("%s over %zu boards (master seed %llu%s)\n", entrant.player.c_str(), s.n,
              static_cast<unsigned long long>(run.master_seed), faulted.empty() ? "" : ", faulted boards left out");
  std::printf("  geometric mean  %s   95%% interval %s\n", format_score(s.geometric_mean).c_str(),
              format_interval(s.ci_low, s.ci_high).c_str());
  std::printf("  median %s, min %s, max %s, boards scoring 1: %.0f%%\n", format_score(s.median).c_str(),
              format_score(s.min).c_str(), format_score(s.max).c_str(), 100 * s.share_of_ones);
  journalled.print_speed_and_faults("  ", faulted);

  const std::string json_file = result_file(flags.json_file, options.plot_file);
  if (!json_file.empty()) {
    nlohmann::json out = result_document(journalled.journal(), {{&entrant, std::nullopt}}, entrant.config, run.boards);
    nlohmann::json summary = summary_to_json(s);
    summary["faulted_boards"] = faulted.size();
    summary["total_moves"] = total_moves;
    out["summary"] = summary;
    journalled.write_result(json_file, out);
  }
  journalled.draw_plot(options.plot_file, "plot_results.py", {"scores", json_file, plot_stem(options.plot_file)});
  return JournalledRun::exit_code(faulted);
}

}  // namespace ratrace
