#include "ratrace/analysis/sweep_run.h"

#include <sstream>

#include "ratrace/analysis/report.h"
#include "ratrace/runs/result_file.h"

namespace ratrace {

namespace {

// The config value of `key` as a JSON number, as the config parsed it.
nlohmann::json config_value(const Config& config, const std::string& key) { return nlohmann::json(config)[key]; }

std::string csv_quoted(const std::string& text) { return "\"" + text + "\""; }

}  // namespace

CommandWords SweepRun::words() const {
  CommandWords words{{"--player", request_.player}};
  for (const auto& param : request_.params) words.emplace_back("--param", param);
  if (!request_.baseline.empty()) words.emplace_back("--baseline", request_.baseline);
  for (auto& word : run_flag_words(request_.run)) words.push_back(std::move(word));
  if (!request_.csv_file.empty()) words.emplace_back("--csv", request_.csv_file);
  if (!request_.plot_file.empty()) words.emplace_back("--plot", request_.plot_file);
  return words;
}

std::string SweepRun::journal_stem() const {
  return "sweep-" + request_.player + "-seed" + std::to_string(request_.run.seed);
}

std::vector<std::string> SweepRun::outputs() const {
  std::vector<std::string> outputs = result_outputs(request_.run.json_file, request_.plot_file);
  outputs.push_back(request_.csv_file);
  return outputs;
}

RunHeader SweepRun::new_header() const {
  const SweepRequest& options = request_;
  const RunFlags& flags = options.run;
  if (flags.boards < 1 || flags.boards > kMaxBoards)
    throw std::invalid_argument("boards must be in [1, " + std::to_string(kMaxBoards) + "]");
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

  RunHeader header{"sweep", flags.seed, flags.boards, {}, nlohmann::json::object(), {}};
  for (const auto& setting : grid)
    header.entrants.push_back(entrant_for(setting.label, options.player, setting.config));
  const auto in_grid = find_baseline(grid, baseline);
  if (!in_grid) header.entrants.push_back(entrant_for("baseline", options.player, baseline));
  nlohmann::json params = nlohmann::json::array();
  for (const auto& axis : axes) params.push_back({{"key", axis.key}, {"values", axis.values}});
  header.extra = {{"params", params},
                  {"base_config", base},
                  {"grid_size", grid.size()},
                  {"baseline_entrant", in_grid.value_or(grid.size())},
                  {"baseline_given", options.baseline.empty() ? kBaseConfig : options.baseline}};
  return header;
}

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
    for (const auto& r : results[e])
      if (!r->fault.empty()) sweep.faults.push_back(r->fault);
  }
  sweep.best = choose_best(sweep.summaries, sweep.paired);
  return sweep;
}

nlohmann::json SweepRun::document(const Journal& journal) {
  const RunHeader& run = journal.header();
  const SweepResults sweep = sweep_results(journal);
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
      {"faults", sweep.faults},
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

}  // namespace ratrace
