#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/analysis/tuning.h"
#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/runs/result_file.h"
#include "ratrace/runs/runner.h"

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
  if (options.side_a.starts_with(':') || options.side_b.starts_with(':'))
    words.emplace_back("--player", options.player);
  words.emplace_back("--max-boards", std::to_string(options.max_boards));
  for (auto& word : run_flag_words(flags)) words.push_back(std::move(word));
  return {"compare",
          flags.seed,
          plan.max_boards,
          {a, b},
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

// How far the sequential comparison went: the plan's looks, the last one taken and what it saw.
struct Looks {
  std::vector<int> boards;                 // boards at each planned look
  std::vector<SequentialBoundary> design;  // each look's boundary
  size_t k = 0;                            // the look the run stopped at
  int boards_used = 0;
  LookResult look;
  PairedScores pair;
  nlohmann::json taken = nlohmann::json::array();
};

// Plays up to each look in turn and stops at the first verdict; false when Ctrl-C stopped the
// run. Every look is retaken from the journal on --resume, so a resumed run decides exactly
// as an uninterrupted one.
bool take_looks(JournalledRun& journalled, const SequentialPlan& plan, Looks& looks) {
  const Journal& journal = journalled.journal();
  looks.boards = plan.looks();
  looks.design = plan.design();
  const std::string title = "compare (at most " + std::to_string(journal.header().boards) + " boards)";
  for (looks.k = 0; looks.k < looks.boards.size(); ++looks.k) {
    const size_t k = looks.k;
    looks.boards_used = looks.boards[k];
    std::vector<BoardTask> tasks;
    for (const auto& task : journal.missing())
      if (task.board < looks.boards_used) tasks.push_back(task);
    if (!journalled.play(title, tasks)) return false;
    looks.pair = paired_scores(journal.results()[0], journal.results()[1], looks.boards_used);
    looks.look = sequential_look(looks.design[k], log_ratios(looks.pair.a, looks.pair.b), k + 1 == looks.boards.size());
    const PairedSummary& adjusted = looks.look.adjusted;
    looks.taken.push_back({{"boards", looks.boards_used}, {"paired", paired_to_json(adjusted)}});
    spdlog::info("look {} of {} after {} boards: ratio a/b {}, corrected {} interval {} -> {}", k + 1,
                 looks.boards.size(), looks.boards_used, format_score(adjusted.ratio),
                 confidence_text(looks.design[k].nominal_alpha),
                 format_interval(adjusted.ratio_low, adjusted.ratio_high),
                 looks.look.verdict == Verdict::kContinue ? "go on" : "stop");
    if (looks.look.verdict != Verdict::kContinue) break;
  }
  return true;
}

// The verdict as the result file keeps it.
struct Conclusion {
  std::string reason;
  std::optional<int> needed;  // boards for kPlanningPower at the observed ratio, after no verdict
};

// Prints the comparison and its verdict.
Conclusion print_compare(const RunHeader& run, const Looks& looks, const PairedSummary& plain, bool faulted) {
  const Entrant& a = run.entrants.at(0);
  const Entrant& b = run.entrants.at(1);
  const LookResult& look = looks.look;
  const size_t n = looks.pair.a.size();
  const ScoreSummary summary_a = summarise(looks.pair.a), summary_b = summarise(looks.pair.b);
  const std::string level = confidence_text(looks.design[looks.k].nominal_alpha);
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
  Conclusion conclusion;
  if (look.verdict == Verdict::kNoDifference) {
    conclusion.reason = "no verdict: after " + std::to_string(n) + " boards the corrected " + level +
                        " interval of the ratio a/b, " + adjusted_interval + ", still contains 1";
    std::printf("%s\n", conclusion.reason.c_str());
    conclusion.needed = boards_for_power(looks.design, look.adjusted, kPlanningPower);
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
    conclusion.reason = std::string(look.verdict == Verdict::kFirstBetter ? "a" : "b") + " is better: after " +
                        std::to_string(n) + " boards the corrected " + level + " interval of the ratio a/b, " +
                        adjusted_interval + ", excludes 1";
    std::printf("%s is better, stopped after %d boards (look %zu): the corrected interval excludes 1\n",
                (look.verdict == Verdict::kFirstBetter ? "a (" + a.label + ")" : "b (" + b.label + ")").c_str(),
                looks.boards_used, looks.k + 1);
  }
  return conclusion;
}

nlohmann::json compare_document(const Journal& journal, const SequentialPlan& plan, const Looks& looks,
                                const PairedSummary& plain, const Conclusion& conclusion,
                                const std::vector<std::string>& faults) {
  const RunHeader& run = journal.header();
  const Entrant& a = run.entrants.at(0);
  const Entrant& b = run.entrants.at(1);
  const LookResult& look = looks.look;
  auto side = [](const Entrant& e, const std::vector<uint64_t>& scores) {
    return nlohmann::json{{"entrant", e.label}, {"player", e.player}, {"summary", summary_to_json(summarise(scores))}};
  };
  nlohmann::json planned = nlohmann::json::array();
  for (size_t i = 0; i < looks.boards.size(); ++i)
    planned.push_back({{"boards", looks.boards[i]},
                       {"fraction", looks.design[i].fraction},
                       {"z", looks.design[i].z},
                       {"nominal_alpha", looks.design[i].nominal_alpha},
                       {"alpha_spent", looks.design[i].spent}});
  nlohmann::json out = result_document(journal, {{&a, setting_of(a)}, {&b, setting_of(b)}},
                                       run.extra.value("base_config", nlohmann::json(a.config)), looks.boards_used);
  out["summary"] = {
      {"a", side(a, looks.pair.a)},
      {"b", side(b, looks.pair.b)},
      {"design",
       {{"method",
         "group-sequential paired t test of log score ratios, Lan-DeMets alpha spending, "
         "O'Brien-Fleming type"},
        {"alpha", 1 - plan.confidence},
        {"min_boards", plan.min_boards},
        {"max_boards", plan.max_boards},
        {"looks", planned}}},
      {"looks_taken", looks.taken},
      {"boards_used", looks.boards_used},
      {"paired_boards", looks.pair.a.size()},
      {"verdict", verdict_name(look.verdict)},
      {"reason", conclusion.reason},
      {"ratio", look.adjusted.ratio},
      {"ratio_interval_adjusted", {look.adjusted.ratio_low, look.adjusted.ratio_high}},
      {"ratio_interval_adjusted_confidence", 1 - looks.design[looks.k].nominal_alpha},
      {"ratio_ci95", {plain.ratio_low, plain.ratio_high}},
      {"boards_for_80_percent_power", conclusion.needed ? nlohmann::json(*conclusion.needed) : nlohmann::json(nullptr)},
      {"faults", faults}};
  return out;
}

}  // namespace

Subcommand add_compare_command(CLI::App& app, ProgramFlags& program) {
  auto options = std::make_shared<CompareOptions>();
  auto* cmd = app.add_subcommand("compare", "Paired comparison of two players or settings that stops once significant");
  cmd->add_option("--a", options->side_a, "Side a: \"Player\", \"Player:key=value,...\" or \":key=value,...\"");
  cmd->add_option("--b", options->side_b, "Side b, as --a");
  cmd->add_option("--player", options->player, "Player for a side that names none")->capture_default_str();
  cmd->add_option("--max-boards", options->max_boards, "Stop here at the latest")
      ->check(whole_number(1, kMaxBoards))
      ->capture_default_str();
  add_run_flags(cmd, options->run);
  cmd->get_option("--boards")->description("Boards before the first look, and between looks");
  add_program_flags(cmd, program);
  return {cmd, [options] { return run_compare(*options); }};
}

int run_compare(const CompareOptions& options) {
  const RunFlags& flags = options.run;
  JournalledRun journalled(flags, {"compare", "compare-seed" + std::to_string(flags.seed), {flags.json_file}, [&] {
                                     return compare_header(options);
                                   }});
  const RunHeader& run = journalled.header();
  const SequentialPlan plan{run.extra.at("min_boards").get<int>(), run.boards,
                            run.extra.at("confidence").get<double>()};
  plan.validate();
  Looks looks;
  if (!take_looks(journalled, plan, looks)) return journalled.report_interrupted();

  const std::vector<const BoardResult*> faulted = journalled.faulted(looks.boards_used);
  std::vector<std::string> faults;
  for (const BoardResult* r : faulted) faults.push_back(r->fault);
  const PairedSummary plain = compare_paired(looks.pair.a, looks.pair.b);
  const Conclusion conclusion = print_compare(run, looks, plain, !faulted.empty());
  journalled.print_speed_and_faults("  ", faulted);
  if (!flags.json_file.empty())
    journalled.write_result(flags.json_file,
                            compare_document(journalled.journal(), plan, looks, plain, conclusion, faults));
  return JournalledRun::exit_code(faulted);
}

}  // namespace ratrace
