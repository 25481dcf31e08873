#include <algorithm>
#include <cstdio>
#include <memory>

#include "ratrace/analysis/report.h"
#include "ratrace/analysis/sweep_run.h"
#include "ratrace/cli/command_run.h"
#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/runs/result_file.h"

namespace ratrace {

namespace {

void print_sweep(const RunHeader& run, const SweepResults& sweep, bool faulted) {
  const size_t baseline = sweep.baseline;
  size_t label_width = 7;
  for (const auto& e : run.entrants) label_width = std::max(label_width, e.label.size());
  const int w = static_cast<int>(label_width);
  const std::string baseline_given = run.extra.at("baseline_given").get<std::string>();
  std::printf("%s sweep over %d boards (master seed %llu%s); baseline: %s\n", run.entrants.at(0).player.c_str(),
              run.boards, static_cast<unsigned long long>(run.master_seed), faulted ? ", faulted boards left out" : "",
              (baseline >= sweep.grid_size     ? baseline_given + ", not in the grid, run as the row 'baseline'"
               : baseline_given == kBaseConfig ? run.entrants[baseline].label + " (" + kBaseConfig + ")"
                                               : run.entrants[baseline].label)
                  .c_str());
  std::printf("  %-*s  %9s  %-20s  %8s  %5s  %11s  %s\n", w, "setting", "geo mean", "95% interval", "median", "ones",
              "vs baseline", "95% interval");
  for (size_t e = 0; e < run.entrants.size(); ++e) {
    const ScoreSummary& s = sweep.summaries[e];
    const PairedSummary& p = sweep.paired[e];
    const std::string versus = e == baseline ? "(baseline)" : format_score(p.ratio) + "x";
    const std::string versus_interval = e == baseline ? "" : format_interval(p.ratio_low, p.ratio_high);
    std::printf("  %-*s  %9s  %-20s  %8s  %4.0f%%  %11s  %s%s\n", w, run.entrants[e].label.c_str(),
                format_score(s.geometric_mean).c_str(), format_interval(s.ci_low, s.ci_high).c_str(),
                format_score(s.median).c_str(), 100 * s.share_of_ones, versus.c_str(), versus_interval.c_str(),
                p.significant ? " *" : "");
  }
  std::printf("  (* the paired 95%% interval of the ratio to the baseline excludes 1)\n");
  const BestSetting& best = sweep.best;
  const PairedSummary& best_paired = sweep.paired[best.index];
  if (best.distinguishable)
    std::printf("best: %s, %sx the baseline's geometric mean, 95%% interval %s\n",
                run.entrants[best.index].label.c_str(), format_score(best_paired.ratio).c_str(),
                format_interval(best_paired.ratio_low, best_paired.ratio_high).c_str());
  else if (best.index == baseline)
    std::printf("the baseline has the highest geometric mean: no setting is distinguishably better\n");
  else
    std::printf(
        "no setting is distinguishable from the baseline: the highest geometric mean, %s, is %sx the "
        "baseline's, 95%% interval %s\n",
        run.entrants[best.index].label.c_str(), format_score(best_paired.ratio).c_str(),
        format_interval(best_paired.ratio_low, best_paired.ratio_high).c_str());
}

}  // namespace

Subcommand add_sweep_command(CLI::App& app, ProgramFlags& program) {
  auto request = std::make_shared<SweepRequest>();
  auto* cmd = app.add_subcommand("sweep", "Score a grid of config settings on the same boards against a baseline");
  cmd->add_option("--player", request->player, "Player name")->capture_default_str();
  cmd->add_option("--param", request->params, "Config key and values, e.g. mutation=0.005,0.01,0.0227 (one or two)");
  cmd->add_option("--baseline", request->baseline, "Baseline setting as key=value,... (default: the base config)");
  cmd->add_option("--csv", request->csv_file, "Write one row per setting here");
  cmd->add_option("--plot", request->plot_file,
                  "Draw FILE.png and FILE.svg with the plot script of sweeps (from the result file: --json's, "
                  "else FILE.json, written too)");
  add_run_flags(cmd, request->run);
  add_program_flags(cmd, program);
  default_player_to_python(cmd, request->player);
  return {cmd, [request] { return run_sweep(*request); }};
}

int run_sweep(const SweepRequest& request) {
  SweepRun command(request);
  CommandRun cli(command, "sweep " + request.player);
  if (!cli.play()) return cli.report_interrupted();
  const RunHeader& run = cli.header();
  const std::vector<const BoardResult*> faulted = cli.run().faulted();
  const SweepResults sweep = sweep_results(cli.run().journal());
  print_sweep(run, sweep, !faulted.empty());
  cli.print_speed_and_faults("  ", faulted);
  const std::string json_file = result_file(request.run.json_file, request.plot_file);
  cli.run().write_result(json_file);
  cli.run().write_text(request.csv_file, sweep_csv(run, sweep));
  cli.draw_plot(request.plot_file, "plot_sweep.py", {json_file, plot_stem(request.plot_file)});
  return CommandRun::exit_code(faulted);
}

}  // namespace ratrace
