#include <cstdio>
#include <memory>

#include "ratrace/analysis/report.h"
#include "ratrace/analysis/score_run.h"
#include "ratrace/cli/command_run.h"
#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/runs/result_file.h"

namespace ratrace {

Subcommand add_score_command(CLI::App& app, ProgramFlags& program) {
  auto request = std::make_shared<ScoreRequest>();
  auto* cmd = app.add_subcommand("score", "Score a player over many boards, with its 95% interval");
  cmd->add_option("--player", request->player, "Player name (see 'ratrace players')")->capture_default_str();
  add_run_flags(cmd, request->run);
  cmd->add_option("--plot", request->plot_file,
                  "Draw the log scores' distribution to FILE.png and FILE.svg (from the result file: --json's, "
                  "else FILE.json, written too)");
  add_program_flags(cmd, program);
  default_player_to_python(cmd, request->player);
  return {cmd, [request] { return run_score(*request); }};
}

int run_score(const ScoreRequest& request) {
  ScoreRun command(request);
  CommandRun cli(command, "score " + request.player);
  if (!cli.play()) return cli.report_interrupted();
  const RunHeader& run = cli.header();
  const Entrant& entrant = run.entrants.at(0);
  const ScoreOutcome outcome = score_outcome(cli.run().journal());
  const ScoreSummary& s = outcome.summary;
  if (s.n == 0) {
    std::printf("%s faulted on every one of its %d boards: no score (first fault: %s)\n", entrant.player.c_str(),
                run.boards, outcome.faulted.front()->fault.c_str());
  } else {
    std::printf("%s over %zu boards (master seed %llu%s)\n", entrant.player.c_str(), s.n,
                static_cast<unsigned long long>(run.master_seed),
                outcome.faulted.empty() ? "" : ", faulted boards left out");
    std::printf("  geometric mean  %s   95%% interval %s\n", format_score(s.geometric_mean).c_str(),
                format_interval(s.ci_low, s.ci_high).c_str());
    std::printf("  median %s, min %s, max %s, boards scoring 1: %.0f%%\n", format_score(s.median).c_str(),
                format_score(s.min).c_str(), format_score(s.max).c_str(), 100 * s.share_of_ones);
  }
  cli.print_speed_and_faults("  ", outcome.faulted);
  const std::string json_file = result_file(request.run.json_file, request.plot_file);
  cli.run().write_result(json_file);
  if (s.n > 0) cli.draw_plot(request.plot_file, "plot_results.py", {"scores", json_file, plot_stem(request.plot_file)});
  return CommandRun::exit_code(outcome.faulted);
}

}  // namespace ratrace
