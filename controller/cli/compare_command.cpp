#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/cli/commands.h"
#include "ratrace/runs/result_file.h"
#include "ratrace/runs/runner.h"
#include "ratrace/analysis/tuning.h"

namespace ratrace {

namespace {

// The chance of a verdict that "what it would take" is sized for.
constexpr double kPlanningPower = 0.8;

RunHeader compare_header(const CompareOptions& options) {
  const RunFlags& flags = options.run;
  if (options.side_a.empty() || options.side_b.empty()) throw std::invalid_argument("give both sides: --a and --b");
  const Config base = build_config(flags.config_file, flags.sets);
  const Entrant a = parse_side(options.side_a, options.player, base);
  const Entrant b = parse_side(options.side_b, options.player, base);
  if (a.player == b.player && a.config == b.config)
    spdlog::warn("both sides are the same player under the same config: they score alike on every board");
  const SequentialPlan plan{flags.boards, options.max_boards};
  plan.validate();
  CommandWords words{{"--a", options.side_a}, {"--b", options.side_b}};
  if (options.side_a.starts_with(':') || options.side_b.starts_with(':')) words.emplace_back("--player", options.player);
  words.emplace_back("--max-boards", std::to_string(options.max_boards));
  for (auto& word : run_flag_words(flags)) words.push_back(std::move(word));
  return {"compare", flags.seed, plan.max_boards, {a, b},
          {{"command_line", command_line("compare", words)},
           {"base_config", base},
           {"min_boards", plan.min_boards},
           {"confidence", plan.confidence}}};
}

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kFirstBetter: return "a";
    case Verdict::kSecondBetter: return "b";
    case Verdict::kNoDifference: return "none";
    case Verdict::kContinue: break;
  }
  return "unfinished";
}

// The part of a side's label after "Player:", the config overrides; none for a bare player.
std::optional<std::string> setting_of(const Entrant& side) {
  const auto colon = side.label.find(':');
  if (colon == std::string::npos) return std::nullopt;
  return side.label.substr(colon + 1);
}

// The confidence of an interval at two-sided level alpha: "99.5%", or "1 - 5.7e-10" where a
// percentage would round to 100%.
std::string confidence_text(double alpha) {
  char text[32];
  if (alpha >= 1e-4) std::snprintf(text, sizeof text, "%.4g%%", 100 * (1 - alpha));
  else std::snprintf(text, sizeof text, "1 - %.2g", alpha);
  return text;
}

}  // namespace

int run_compare(const CompareOptions& options) {
  const RunFlags& flags = options.run;
  Journal journal = open_journal(flags, "compare", "compare-seed" + std::to_string(flags.seed), {flags.json_file},
                                 [&] { return compare_header(options); });
  const RunHeader& run = journal.header();
  const Entrant& a = run.entrants.at(0);
  const Entrant& b = run.entrants.at(1);
  const SequentialPlan plan{run.extra.at("min_boards").get<int>(), run.boards, run.extra.at("confidence").get<double>()};
  plan.validate();
  const std::vector<int> looks = plan.looks();
  const std::vector<SequentialBoundary> design = plan.design();

  StopOnSignal stop(kStopGamesMessage);
  Progress progress("compare (at most " + std::to_string(run.boards) + " boards)", 2 * static_cast<size_t>(run.boards),
                    journal.finished_count());

  // Every look is retaken from the journal on --resume, so a resumed run decides exactly
  // as an uninterrupted one.
  LookResult look;
  PairedScores pair;
  nlohmann::json looks_taken = nlohmann::json::array();
  int boards_used = 0;
  size_t k = 0;
  for (; k < looks.size(); ++k) {
    boards_used = looks[k];
    std::vector<BoardTask> tasks;
    for (const auto& task : journal.missing())
      if (task.board < boards_used) tasks.push_back(task);
    play_into_journal(journal, tasks, flags, stop, progress);
    if (stop.stopped()) {
      progress.close();
      return report_interrupted(journal);
    }
    pair = paired_scores(journal.results()[0], journal.results()[1], boards_used);
    look = sequential_look(design[k], log_ratios(pair.a, pair.b), k + 1 == looks.size());
    looks_taken.push_back({{"boards", boards_used}, {"paired", paired_to_json(look.adjusted)}});
    progress.close();  // clears the live line for the log line
    spdlog::info("look {} of {} after {} boards: ratio a/b {}, corrected {} interval {} -> {}", k + 1, looks.size(),
                 boards_used, format_score(look.adjusted.ratio), confidence_text(design[k].nominal_alpha),
                 format_interval(look.adjusted.ratio_low, look.adjusted.ratio_high),
                 look.verdict == Verdict::kContinue ? "go on" : "stop");
    if (look.verdict != Verdict::kContinue) break;
  }
  const SequentialBoundary& boundary = design[k];

  std::vector<std::string> faults;
  for (size_t e = 0; e < 2; ++e)
    for (int i = 0; i < boards_used; ++i)
      if (const auto& r = journal.results()[e][static_cast<size_t>(i)]; !r->fault.empty()) faults.push_back(r->fault);
  const PairedSummary plain = compare_paired(pair.a, pair.b);
  const ScoreSummary summary_a = summarise(pair.a), summary_b = summarise(pair.b);
  const std::string level = confidence_text(boundary.nominal_alpha);
  const std::string adjusted_interval = format_interval(look.adjusted.ratio_low, look.adjusted.ratio_high);

  std::printf("a = %s\nb = %s\n", a.label.c_str(), b.label.c_str());
  std::printf("  %zu paired boards (master seed %llu%s), look %zu of at most %zu\n", pair.a.size(),
              static_cast<unsigned long long>(run.master_seed), faults.empty() ? "" : ", faulted boards left out",
              k + 1, looks.size());
  std::printf("  geometric means: a %s %s, b %s %s\n", format_score(summary_a.geometric_mean).c_str(),
              format_interval(summary_a.ci_low, summary_a.ci_high).c_str(), format_score(summary_b.geometric_mean).c_str(),
              format_interval(summary_b.ci_low, summary_b.ci_high).c_str());
  std::printf("  ratio a/b %s: corrected %s interval %s (this look's share of the 5%% error; see README: compare); "
              "plain 95%% interval %s\n",
              format_score(look.adjusted.ratio).c_str(), level.c_str(), adjusted_interval.c_str(),
              format_interval(plain.ratio_low, plain.ratio_high).c_str());
  std::string reason;
  std::optional<int> needed;
  if (look.verdict == Verdict::kNoDifference) {
    reason = "no verdict: after " + std::to_string(pair.a.size()) + " boards the corrected " + level +
             " interval of the ratio a/b, " + adjusted_interval + ", still contains 1";
    std::printf("%s\n", reason.c_str());
    needed = boards_for_power(design, look.adjusted, kPlanningPower);
    if (!needed) {
      std::printf("  the observed ratio is exactly 1: no number of boards is expected to separate them\n");
    } else {
      const int first = std::max(2, (*needed + static_cast<int>(looks.size()) - 1) / static_cast<int>(looks.size()));
      std::printf("  if the true ratio were the observed %s (sd of the log ratio %.3g), about %d boards would give "
                  "this design an %.0f%% chance of a verdict: e.g. --boards %d --max-boards %d (the same %zu looks)\n",
                  format_score(look.adjusted.ratio).c_str(), look.adjusted.sd_log_ratio, *needed,
                  100 * kPlanningPower, first, *needed, looks.size());
    }
  } else {
    reason = std::string(look.verdict == Verdict::kFirstBetter ? "a" : "b") + " is better: after " +
             std::to_string(pair.a.size()) + " boards the corrected " + level + " interval of the ratio a/b, " +
             adjusted_interval + ", excludes 1";
    std::printf("%s is better, stopped after %d boards (look %zu): the corrected interval excludes 1\n",
                (look.verdict == Verdict::kFirstBetter ? "a (" + a.label + ")" : "b (" + b.label + ")").c_str(),
                boards_used, k + 1);
  }
  for (const auto& fault : faults) std::printf("  FAULT %s\n", fault.c_str());

  if (!flags.json_file.empty()) {
    auto side = [](const Entrant& e, const ScoreSummary& s) {
      return nlohmann::json{{"entrant", e.label}, {"player", e.player}, {"summary", summary_to_json(s)}};
    };
    nlohmann::json planned = nlohmann::json::array();
    for (size_t i = 0; i < looks.size(); ++i)
      planned.push_back({{"boards", looks[i]},
                         {"fraction", design[i].fraction},
                         {"z", design[i].z},
                         {"nominal_alpha", design[i].nominal_alpha},
                         {"alpha_spent", design[i].spent}});
    nlohmann::json out = result_document(journal, {{&a, setting_of(a)}, {&b, setting_of(b)}},
                                         run.extra.value("base_config", nlohmann::json(a.config)), boards_used);
    out["summary"] = {
        {"a", side(a, summary_a)},
        {"b", side(b, summary_b)},
        {"design", {{"method", "group-sequential paired t test of log score ratios, Lan-DeMets alpha spending, "
                               "O'Brien-Fleming type"},
                    {"alpha", 1 - plan.confidence},
                    {"min_boards", plan.min_boards},
                    {"max_boards", plan.max_boards},
                    {"looks", planned}}},
        {"looks_taken", looks_taken},
        {"boards_used", boards_used},
        {"paired_boards", pair.a.size()},
        {"verdict", verdict_name(look.verdict)},
        {"reason", reason},
        {"ratio", look.adjusted.ratio},
        {"ratio_interval_adjusted", {look.adjusted.ratio_low, look.adjusted.ratio_high}},
        {"ratio_interval_adjusted_confidence", 1 - boundary.nominal_alpha},
        {"ratio_ci95", {plain.ratio_low, plain.ratio_high}},
        {"boards_for_80_percent_power", needed ? nlohmann::json(*needed) : nlohmann::json(nullptr)},
        {"faults", faults}};
    write_json_file(flags.json_file, out);
  }
  return faults.empty() ? 0 : 3;
}

}  // namespace ratrace
