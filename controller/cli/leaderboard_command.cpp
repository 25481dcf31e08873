#include <cstdio>
#include <memory>

#include "ratrace/analysis/leaderboard_run.h"
#include "ratrace/cli/command_run.h"
#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/runs/result_file.h"

namespace ratrace {

Subcommand add_leaderboard_command(CLI::App& app, ProgramFlags& program) {
  auto request = std::make_shared<LeaderboardRequest>();
  auto* cmd =
      app.add_subcommand("leaderboard", "Every player on the same boards, ranked next to the published leaderboard");
  cmd->add_option("--players", request->players,
                  "Comma-separated player names (default: every player but calibration candidates)")
      ->delimiter(',');
  cmd->add_option("--markdown", request->markdown_file, "Write the table and notes as Markdown here");
  cmd->add_option("--plot", request->plot_file,
                  "Draw a forest plot to FILE.png and FILE.svg (from the result file: --json's, else FILE.json, "
                  "written too)");
  add_run_flags(cmd, request->run);
  add_program_flags(cmd, program);
  return {cmd, [request] { return run_leaderboard(*request); }};
}

int run_leaderboard(const LeaderboardRequest& request) {
  LeaderboardRun command(request);
  CommandRun cli(command, "leaderboard");
  if (!cli.play()) return cli.report_interrupted();
  const RunHeader& run = cli.header();
  cli.run().document();  // ranks the players
  const std::vector<const BoardResult*> faulted = cli.run().faulted();
  std::printf("leaderboard of %zu players on the same %d boards (master seed %llu%s)\n\n", command.rows().size(),
              run.boards, static_cast<unsigned long long>(run.master_seed),
              faulted.empty() ? "" : ", faulted boards left out");
  std::printf("%s\n", leaderboard_text(command.rows()).c_str());
  std::printf("%s\n",
              rank_agreement_text(command.agreement(), "under " + run.entrants.at(0).config.rules + " rules").c_str());
  std::printf("%s\n",
              rank_agreement_text(command.author_agreement(), "under each author's controller's rules").c_str());
  cli.print_speed_and_faults("", faulted);
  const std::string json_file = result_file(request.run.json_file, request.plot_file);
  cli.run().write_result(json_file);
  cli.draw_plot(request.plot_file, "plot_results.py", {"leaderboard", json_file, plot_stem(request.plot_file)});
  cli.run().write_text(request.markdown_file, command.markdown(run, utc_now()), without_date);
  return CommandRun::exit_code(faulted);
}

}  // namespace ratrace
