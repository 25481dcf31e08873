#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/cli/commands.h"
#include "ratrace/see/plot.h"
#include "ratrace/runs/result_file.h"
#include "ratrace/runs/runner.h"
#include "ratrace/analysis/tuning.h"

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

}  // namespace

int run_sweep(const SweepOptions& options) {
  const RunFlags& flags = options.run;
  std::vector<std::string> outputs = result_outputs(flags.json_file, options.plot_file);
  outputs.push_back(options.csv_file);
  Journal journal = open_journal(flags, "sweep", "sweep-" + options.player + "-seed" + std::to_string(flags.seed),
                                 outputs, [&] { return sweep_header(options); });
  const RunHeader& run = journal.header();
  const size_t baseline = run.extra.at("baseline_entrant").get<size_t>();
  const size_t grid_size = run.extra.at("grid_size").get<size_t>();
  const std::string& player = run.entrants.at(0).player;
  std::vector<std::string> keys;
  for (const auto& axis : run.extra.at("params")) keys.push_back(axis.at("key").get<std::string>());

  StopOnSignal stop(kStopGamesMessage);
  const auto tasks = journal.missing();
  Progress progress("sweep " + player, run.entrants.size() * static_cast<size_t>(run.boards), journal.finished_count());
  play_into_journal(journal, tasks, flags, stop, progress);
  progress.close();
  if (stop.stopped()) return report_interrupted(journal);

  const auto& results = journal.results();
  std::vector<ScoreSummary> summaries;
  std::vector<PairedSummary> paired;
  std::vector<std::string> faults;
  for (size_t e = 0; e < run.entrants.size(); ++e) {
    std::vector<uint64_t> scores;
    for (const auto& r : results[e]) {
      if (r->fault.empty()) scores.push_back(r->score);
      else faults.push_back(r->fault);
    }
    summaries.push_back(summarise(scores));
    const PairedScores pair = paired_scores(results[e], results[baseline], run.boards);
    paired.push_back(compare_paired(pair.a, pair.b));
  }
  const BestSetting best = choose_best(summaries, paired);

  size_t label_width = 7;
  for (const auto& e : run.entrants) label_width = std::max(label_width, e.label.size());
  const int w = static_cast<int>(label_width);
  const std::string baseline_given = run.extra.at("baseline_given").get<std::string>();
  std::printf("%s sweep over %d boards (master seed %llu%s); baseline: %s\n", player.c_str(), run.boards,
              static_cast<unsigned long long>(run.master_seed), faults.empty() ? "" : ", faulted boards left out",
              (baseline >= grid_size           ? baseline_given + ", not in the grid, run as the row 'baseline'"
               : baseline_given == kBaseConfig ? run.entrants[baseline].label + " (" + kBaseConfig + ")"
                                               : run.entrants[baseline].label)
                  .c_str());
  std::printf("  %-*s  %9s  %-20s  %8s  %5s  %11s  %s\n", w, "setting", "geo mean", "95% interval", "median", "ones",
              "vs baseline", "95% interval");
  for (size_t e = 0; e < run.entrants.size(); ++e) {
    const ScoreSummary& s = summaries[e];
    const PairedSummary& p = paired[e];
    const std::string versus = e == baseline ? "(baseline)" : format_score(p.ratio) + "x";
    const std::string versus_interval = e == baseline ? "" : format_interval(p.ratio_low, p.ratio_high);
    std::printf("  %-*s  %9s  %-20s  %8s  %4.0f%%  %11s  %s%s\n", w, run.entrants[e].label.c_str(),
                format_score(s.geometric_mean).c_str(), format_interval(s.ci_low, s.ci_high).c_str(),
                format_score(s.median).c_str(), 100 * s.share_of_ones, versus.c_str(), versus_interval.c_str(),
                p.significant ? " *" : "");
  }
  std::printf("  (* the paired 95%% interval of the ratio to the baseline excludes 1)\n");
  const PairedSummary& best_paired = paired[best.index];
  if (best.distinguishable)
    std::printf("best: %s, %sx the baseline's geometric mean, 95%% interval %s\n",
                run.entrants[best.index].label.c_str(), format_score(best_paired.ratio).c_str(),
                format_interval(best_paired.ratio_low, best_paired.ratio_high).c_str());
  else if (best.index == baseline)
    std::printf("the baseline has the highest geometric mean: no setting is distinguishably better\n");
  else
    std::printf("no setting is distinguishable from the baseline: the highest geometric mean, %s, is %sx the "
                "baseline's, 95%% interval %s\n",
                run.entrants[best.index].label.c_str(), format_score(best_paired.ratio).c_str(),
                format_interval(best_paired.ratio_low, best_paired.ratio_high).c_str());
  for (const auto& fault : faults) std::printf("  FAULT %s\n", fault.c_str());

  const std::string json_file = result_file(flags.json_file, options.plot_file);
  if (!json_file.empty()) {
    nlohmann::json settings = nlohmann::json::array();
    std::vector<EntrantRole> roles;
    for (size_t e = 0; e < run.entrants.size(); ++e) {
      nlohmann::json values = nlohmann::json::object();
      for (const auto& key : keys) values[key] = config_value(run.entrants[e].config, key);
      settings.push_back({{"entrant", run.entrants[e].label},
                          {"values", values},
                          {"is_baseline", e == baseline},
                          {"in_grid", e < grid_size},
                          {"summary", summary_to_json(summaries[e])},
                          {"paired_vs_baseline", paired_to_json(paired[e])}});
      roles.push_back({&run.entrants[e], e < grid_size ? run.entrants[e].label : baseline_given});
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
    out["summary"] = {{"player", player},
                      {"boards_per_setting", run.boards},
                      {"params", params},
                      {"baseline", {{"entrant", run.entrants[baseline].label},
                                    {"given", run.extra.at("baseline_given")},
                                    {"index", baseline}}},
                      {"best", {{"entrant", run.entrants[best.index].label},
                                {"index", best.index},
                                {"distinguishable", best.distinguishable}}},
                      {"faults", faults},
                      {"settings", settings}};
    write_json_file(json_file, out);
  }
  if (!options.csv_file.empty()) {
    std::ostringstream csv;
    csv << "setting";
    for (const auto& key : keys) csv << "," << key;
    csv << ",boards,geometric_mean,ci95_low,ci95_high,median,share_of_ones,ratio_to_baseline,ratio_ci95_low,"
           "ratio_ci95_high,significant,is_baseline\n";
    for (size_t e = 0; e < run.entrants.size(); ++e) {
      const ScoreSummary& s = summaries[e];
      const PairedSummary& p = paired[e];
      csv << csv_quoted(run.entrants[e].label);
      for (const auto& key : keys) csv << "," << config_value(run.entrants[e].config, key).dump();
      csv << "," << s.n << "," << s.geometric_mean << "," << s.ci_low << "," << s.ci_high << "," << s.median << ","
          << s.share_of_ones << "," << p.ratio << "," << p.ratio_low << "," << p.ratio_high << ","
          << (p.significant ? "true" : "false") << "," << (e == baseline ? "true" : "false") << "\n";
    }
    write_file_atomically(options.csv_file, csv.str());
  }
  if (!options.plot_file.empty()) draw_with_matplotlib("plot_sweep.py", {json_file, plot_stem(options.plot_file)});
  return faults.empty() ? 0 : 3;
}

}  // namespace ratrace
