#include <algorithm>
#include <cstdio>
#include <memory>

#include "ratrace/analysis/compare_run.h"
#include "ratrace/analysis/report.h"
#include "ratrace/cli/command_run.h"
#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"

namespace ratrace {

namespace {

// Prints the comparison and its verdict.
void print_compare(const RunHeader& run, const Looks& looks, const CompareConclusion& conclusion, bool faulted) {
  const Entrant& a = run.entrants.at(0);
  const Entrant& b = run.entrants.at(1);
  const LookResult& look = looks.look;
  const size_t n = looks.pair.a.size();
  const ScoreSummary summary_a = summarise(looks.pair.a), summary_b = summarise(looks.pair.b);
  const std::string& level = conclusion.level;
  const PairedSummary& plain = conclusion.plain;
  const std::string adjusted_interval = format_interval(look.adjusted.ratio_low, look.adjusted.ratio_high);

  std::printf("a = %s\nb = %s\n", a.label.c_str(), b.label.c_str());
  std::printf("  %zu paired boards (master seed %llu%s), look %zu of at most %zu\n", n,
              static_cast<unsigned long long>(run.master_seed), faulted ? ", faulted boards left out" : "", looks.k + 1,
              looks.boards.size());
  std::printf("  geometric means: a %s %s, b %s %s\n", format_score(summary_a.geometric_mean).c_str(),
              format_interval(summary_a.ci_low, summary_a.ci_high).c_str(),
              format_score(summary_b.geometric_mean).c_str(),
              format_interval(summary_b.ci_low, summary_b.ci_high).c_str());
  std::printf(
      "  ratio a/b %s: corrected %s interval %s (this look's share of the 5%% error; see README: compare); "
      "plain 95%% interval %s\n",
      format_score(look.adjusted.ratio).c_str(), level.c_str(), adjusted_interval.c_str(),
      format_interval(plain.ratio_low, plain.ratio_high).c_str());
  if (look.verdict == Verdict::kNoDifference) {
    std::printf("%s\n", conclusion.reason.c_str());
    const int planned = static_cast<int>(looks.boards.size());
    if (!conclusion.needed) {
      std::printf("  the observed ratio is exactly 1: no number of boards is expected to separate them\n");
    } else {
      const int needed = *conclusion.needed;
      const int first = std::max(2, (needed + planned - 1) / planned);
      std::printf(
          "  if the true ratio were the observed %s (sd of the log ratio %.3g), about %d boards would give "
          "this design an %.0f%% chance of a verdict: e.g. --boards %d --max-boards %d (the same %zu looks)\n",
          format_score(look.adjusted.ratio).c_str(), look.adjusted.sd_log_ratio, needed, 100 * kPlanningPower, first,
          needed, looks.boards.size());
    }
  } else {
    std::printf("%s is better, stopped after %d boards (look %zu): the corrected interval excludes 1\n",
                (look.verdict == Verdict::kFirstBetter ? "a (" + a.label + ")" : "b (" + b.label + ")").c_str(),
                looks.boards_used, looks.k + 1);
  }
}

}  // namespace

Subcommand add_compare_command(CLI::App& app, ProgramFlags& program) {
  auto request = std::make_shared<CompareRequest>();
  auto* cmd = app.add_subcommand("compare", "Paired comparison of two players or settings that stops once significant");
  cmd->add_option("--a", request->side_a, "Side a: \"Player\", \"Player:key=value,...\" or \":key=value,...\"");
  cmd->add_option("--b", request->side_b, "Side b, as --a");
  cmd->add_option("--player", request->player, "Player for a side that names none")->capture_default_str();
  cmd->add_option("--max-boards", request->max_boards, "Stop here at the latest")
      ->check(whole_number(1, kMaxBoards))
      ->capture_default_str();
  add_run_flags(cmd, request->run);
  cmd->get_option("--boards")->description("Boards before the first look, and between looks");
  add_program_flags(cmd, program);
  return {cmd, [request] { return run_compare(*request); }};
}

int run_compare(const CompareRequest& request) {
  CompareRun command(request);
  CommandRun cli(command, "compare");
  if (!cli.play()) return cli.report_interrupted();
  cli.run().document();  // decides the comparison
  const std::vector<const BoardResult*> faulted = cli.run().faulted(command.looks().boards_used);
  print_compare(cli.header(), command.looks(), command.conclusion(), !faulted.empty());
  cli.print_speed_and_faults("  ", faulted);
  cli.run().write_result(request.run.json_file);
  return CommandRun::exit_code(faulted);
}

}  // namespace ratrace
