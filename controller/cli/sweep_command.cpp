#include <algorithm>
#include <cstdio>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/analysis/tuning.h"
#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/runs/result_file.h"
#include "ratrace/runs/runner.h"
#include "ratrace/see/plot.h"

namespace ratrace {

namespace {

// How the journal and the report name a baseline that no --baseline changed.
const std::string kBaseConfig = "the base config";

// The config value of `key` as a JSON number, as the config parsed it.
nlohmann::json config_value(const Config& config, const std::string& key) { return nlohmann::json(config)[key]; }

RunHeader sweep_header(const SweepOptions& options) {
  const RunFlags& flags = options.run;
  if (flags.boards < 1) throw std::invalid_argument("--boards must be at least 1");
  find_player(options.player);
  const Config base = build_config(flags.config_file, flags.sets);
  std::vector<ParamAxis> axes;
  for (const auto& text : options.params) axes.push_back(parse_param(text));
  const std::vector<Setting> grid = expand_grid(base, axes);
  Config baseline = base;
  if (!options.baseline.empty()) {
    try {
      baseline = apply_assignments(base, parse_assignments(options.baseline));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string("--baseline: ") + e.what());
    }
  }

  RunHeader header{"sweep", flags.seed, flags.boards, {}, nlohmann::json::object()};
  for (const auto& setting : grid) header.entrants.push_back({setting.label, options.player, setting.config});
  const auto in_grid = find_baseline(grid, baseline);
  if (!in_grid) header.entrants.push_back({"baseline", options.player, baseline});
  nlohmann::json params = nlohmann::json::array();
  for (const auto& axis : axes) params.push_back({{"key", axis.key}, {"values", axis.values}});
  CommandWords words{{"--player", options.player}};
  for (const auto& param : options.params) words.emplace_back("--param", param);
  if (!options.baseline.empty()) words.emplace_back("--baseline", options.baseline);
  for (auto& word : run_flag_words(flags)) words.push_back(std::move(word));
  if (!options.csv_file.empty()) words.emplace_back("--csv", options.csv_file);
  if (!options.plot_file.empty()) words.emplace_back("--plot", options.plot_file);
  header.extra = {{"command_line", command_line("sweep", words)},
                  {"params", params},
                  {"base_config", base},
                  {"grid_size", grid.size()},
                  {"baseline_entrant", in_grid.value_or(grid.size())},
                  {"baseline_given", options.baseline.empty() ? kBaseConfig : options.baseline}};
  return header;
}

std::string csv_quoted(const std::string& text) { return "\"" + text + "\""; }

// What a finished sweep found: every setting's summary and its paired comparison with the
// baseline, and the best setting.
struct SweepResults {
  size_t baseline = 0;   // entrant index of the baseline
  size_t grid_size = 0;  // entrants [0, grid_size) are the grid; a baseline outside it comes last
  std::vector<std::string> keys;
  std::vector<ScoreSummary> summaries;
  std::vector<PairedSummary> paired;
  BestSetting best;
};

SweepResults sweep_results(const Journal& journal) {
  const RunHeader& run = journal.header();
  SweepResults sweep;
  sweep.baseline = run.extra.at("baseline_entrant").get<size_t>();
  sweep.grid_size = run.extra.at("grid_size").get<size_t>();
  for (const auto& axis : run.extra.at("params")) sweep.keys.push_back(axis.at("key").get<std::string>());
  const auto& results = journal.results();
  for (size_t e = 0; e < run.entrants.size(); ++e) {
    std::vector<uint64_t> scores;
    for (const auto& r : results[e])
      if (r->fault.empty()) scores.push_back(r->score);
    sweep.summaries.push_back(summarise(scores));
    const PairedScores pair = paired_scores(results[e], results[sweep.baseline], run.boards);
    sweep.paired.push_back(compare_paired(pair.a, pair.b));
  }
  sweep.best = choose_best(sweep.summaries, sweep.paired);
  return sweep;
}

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

nlohmann::json sweep_document(const Journal& journal, const SweepResults& sweep,
                              const std::vector<std::string>& faults) {
  const RunHeader& run = journal.header();
  const size_t baseline = sweep.baseline;
  const std::string baseline_given = run.extra.at("baseline_given").get<std::string>();
  nlohmann::json settings = nlohmann::json::array();
  std::vector<EntrantRole> roles;
  for (size_t e = 0; e < run.entrants.size(); ++e) {
    nlohmann::json values = nlohmann::json::object();
    for (const auto& key : sweep.keys) values[key] = config_value(run.entrants[e].config, key);
    settings.push_back({{"entrant", run.entrants[e].label},
                        {"values", values},
                        {"is_baseline", e == baseline},
                        {"in_grid", e < sweep.grid_size},
                        {"summary", summary_to_json(sweep.summaries[e])},
                        {"paired_vs_baseline", paired_to_json(sweep.paired[e])}});
    roles.push_back({&run.entrants[e], e < sweep.grid_size ? run.entrants[e].label : baseline_given});
  }
  nlohmann::json params = run.extra.at("params");
  for (auto& axis : params) {
    nlohmann::json numbers = nlohmann::json::array();
    Config config = run.extra.at("base_config").get<Config>();
    for (const auto& value : axis.at("values")) {
      config.set(axis.at("key").get<std::string>(), value.get<std::string>());
      numbers.push_back(config_value(config, axis.at("key").get<std::string>()));
    }
    axis["values"] = numbers;
  }
  nlohmann::json out = result_document(journal, roles, run.extra.at("base_config"), run.boards);
  out["summary"] = {
      {"player", run.entrants.at(0).player},
      {"boards_per_setting", run.boards},
      {"params", params},
      {"baseline",
       {{"entrant", run.entrants[baseline].label}, {"given", run.extra.at("baseline_given")}, {"index", baseline}}},
      {"best",
       {{"entrant", run.entrants[sweep.best.index].label},
        {"index", sweep.best.index},
        {"distinguishable", sweep.best.distinguishable}}},
      {"faults", faults},
      {"settings", settings}};
  return out;
}

std::string sweep_csv(const RunHeader& run, const SweepResults& sweep) {
  std::ostringstream csv;
  csv << "setting";
  for (const auto& key : sweep.keys) csv << "," << key;
  csv << ",boards,geometric_mean,ci95_low,ci95_high,median,share_of_ones,ratio_to_baseline,ratio_ci95_low,"
         "ratio_ci95_high,significant,is_baseline\n";
  for (size_t e = 0; e < run.entrants.size(); ++e) {
    const ScoreSummary& s = sweep.summaries[e];
    const PairedSummary& p = sweep.paired[e];
    csv << csv_quoted(run.entrants[e].label);
    for (const auto& key : sweep.keys) csv << "," << config_value(run.entrants[e].config, key).dump();
    csv << "," << s.n << "," << s.geometric_mean << "," << s.ci_low << "," << s.ci_high << "," << s.median << ","
        << s.share_of_ones << "," << p.ratio << "," << p.ratio_low << "," << p.ratio_high << ","
        << (p.significant ? "true" : "false") << "," << (e == sweep.baseline ? "true" : "false") << "\n";
  }
  return csv.str();
}

}  // namespace

Subcommand add_sweep_command(CLI::App& app, ProgramFlags& program) {
  auto options = std::make_shared<SweepOptions>();
  auto* cmd = app.add_subcommand("sweep", "Score a grid of config settings on the same boards against a baseline");
  cmd->add_option("--player", options->player, "Player name")->capture_default_str();
  cmd->add_option("--param", options->params, "Config key and values, e.g. mutation=0.005,0.01,0.0227 (one or two)");
  cmd->add_option("--baseline", options->baseline, "Baseline setting as key=value,... (default: the base config)");
  cmd->add_option("--csv", options->csv_file, "Write one row per setting here");
  cmd->add_option("--plot", options->plot_file, "Draw FILE.png and FILE.svg with scripts/plot_sweep.py");
  add_run_flags(cmd, options->run);
  add_program_flags(cmd, program);
  default_player_to_python(cmd, options->player);
  return {cmd, [options] { return run_sweep(*options); }};
}

int run_sweep(const SweepOptions& options) {
  const RunFlags& flags = options.run;
  std::vector<std::string> outputs = result_outputs(flags.json_file, options.plot_file);
  outputs.push_back(options.csv_file);
  JournalledRun journalled(flags, {"sweep", "sweep-" + options.player + "-seed" + std::to_string(flags.seed), outputs,
                                   [&] { return sweep_header(options); }});
  const RunHeader& run = journalled.header();
  if (!journalled.play("sweep " + run.entrants.at(0).player)) return journalled.report_interrupted();

  const std::vector<const BoardResult*> faulted = journalled.faulted();
  std::vector<std::string> faults;
  for (const BoardResult* r : faulted) faults.push_back(r->fault);
  const SweepResults sweep = sweep_results(journalled.journal());
  print_sweep(run, sweep, !faulted.empty());
  journalled.print_speed_and_faults("  ", faulted);

  const std::string json_file = result_file(flags.json_file, options.plot_file);
  if (!json_file.empty()) journalled.write_result(json_file, sweep_document(journalled.journal(), sweep, faults));
  journalled.write_text(options.csv_file, sweep_csv(run, sweep));
  journalled.draw_plot(options.plot_file, "plot_sweep.py", {json_file, plot_stem(options.plot_file)});
  return JournalledRun::exit_code(faulted);
}

}  // namespace ratrace
