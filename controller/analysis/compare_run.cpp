#include "ratrace/analysis/compare_run.h"

#include <cstdio>

#include <spdlog/spdlog.h>

#include "ratrace/analysis/report.h"
#include "ratrace/runs/result_file.h"

namespace ratrace {

namespace {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kFirstBetter: return "a";
    case Verdict::kSecondBetter: return "b";
    case Verdict::kNoDifference: return "none";
    case Verdict::kContinue: break;
  }
  return "unfinished";
}

// The part of a side's label after its player's name, the config overrides; none for a bare player.
std::optional<std::string> setting_of(const Entrant& side) {
  if (side.label.size() <= side.player.size()) return std::nullopt;
  return side.label.substr(side.player.size() + 1);
}

// The confidence of an interval at two-sided level alpha: "99.5%", or "1 - 5.7e-10" where a
// percentage would round to 100%.
std::string confidence_text(double alpha) {
  char text[32];
  if (alpha >= 1e-4) std::snprintf(text, sizeof text, "%.4g%%", 100 * (1 - alpha));
  else std::snprintf(text, sizeof text, "1 - %.2g", alpha);
  return text;
}

SequentialPlan plan_of(const RunHeader& run) {
  const SequentialPlan plan{run.extra.at("min_boards").get<int>(), run.boards,
                            run.extra.at("confidence").get<double>()};
  plan.validate();
  return plan;
}

}  // namespace

CommandWords CompareRun::words() const {
  CommandWords words{{"--a", request_.side_a}, {"--b", request_.side_b}};
  if (request_.side_a.starts_with(':') || request_.side_b.starts_with(':'))
    words.emplace_back("--player", request_.player);
  words.emplace_back("--max-boards", std::to_string(request_.max_boards));
  for (auto& word : run_flag_words(request_.run)) words.push_back(std::move(word));
  return words;
}

RunHeader CompareRun::new_header() const {
  const RunFlags& flags = request_.run;
  if (request_.side_a.empty() || request_.side_b.empty()) throw std::invalid_argument("give both sides: --a and --b");
  const Config base = build_config(flags.config_file, flags.sets);
  const Entrant a = parse_side(request_.side_a, request_.player, base);
  const Entrant b = parse_side(request_.side_b, request_.player, base);
  if (a.player == b.player && a.config == b.config)
    spdlog::warn("both sides are the same player under the same config: they score alike on every board");
  const SequentialPlan plan{flags.boards, request_.max_boards};
  plan.validate();
  return {"compare",
          flags.seed,
          plan.max_boards,
          {a, b},
          {{"base_config", base}, {"min_boards", plan.min_boards}, {"confidence", plan.confidence}},
          {}};
}

std::vector<BoardTask> CompareRun::next_games(const Journal& journal) {
  if (!plan_) {
    plan_ = plan_of(journal.header());
    looks_.boards = plan_->looks();
    looks_.design = plan_->design();
  }
  while (!decided_) {
    const size_t k = looks_.k;
    looks_.boards_used = looks_.boards[k];
    std::vector<BoardTask> tasks;
    for (const auto& task : journal.missing())
      if (task.board < looks_.boards_used) tasks.push_back(task);
    if (!tasks.empty()) return tasks;
    looks_.pair = paired_scores(journal.results()[0], journal.results()[1], looks_.boards_used);
    looks_.look =
        sequential_look(looks_.design[k], log_ratios(looks_.pair.a, looks_.pair.b), k + 1 == looks_.boards.size());
    const PairedSummary& adjusted = looks_.look.adjusted;
    looks_.taken.push_back(adjusted);
    spdlog::info("look {} of {} after {} boards: ratio a/b {}, corrected {} interval {} -> {}", k + 1,
                 looks_.boards.size(), looks_.boards_used, format_score(adjusted.ratio),
                 confidence_text(looks_.design[k].nominal_alpha),
                 format_interval(adjusted.ratio_low, adjusted.ratio_high),
                 looks_.look.verdict == Verdict::kContinue ? "go on" : "stop");
    if (looks_.look.verdict != Verdict::kContinue) decided_ = true;
    else ++looks_.k;
  }
  return {};
}

nlohmann::json CompareRun::document(const Journal& journal) {
  const RunHeader& run = journal.header();
  const Entrant& a = run.entrants.at(0);
  const Entrant& b = run.entrants.at(1);
  const LookResult& look = looks_.look;
  CompareConclusion& c = conclusion_;
  for (const auto& per_entrant : journal.results())
    for (int i = 0; i < looks_.boards_used; ++i)
      if (!per_entrant[static_cast<size_t>(i)]->fault.empty())
        c.faults.push_back(per_entrant[static_cast<size_t>(i)]->fault);
  c.plain = compare_paired(looks_.pair.a, looks_.pair.b);
  c.level = confidence_text(looks_.design[looks_.k].nominal_alpha);
  const size_t n = looks_.pair.a.size();
  const std::string adjusted_interval = format_interval(look.adjusted.ratio_low, look.adjusted.ratio_high);
  if (look.verdict == Verdict::kNoDifference) {
    c.reason = "no verdict: after " + std::to_string(n) + " boards the corrected " + c.level +
               " interval of the ratio a/b, " + adjusted_interval + ", still contains 1";
    c.needed = boards_for_power(looks_.design, look.adjusted, kPlanningPower);
  } else {
    c.reason = std::string(look.verdict == Verdict::kFirstBetter ? "a" : "b") + " is better: after " +
               std::to_string(n) + " boards the corrected " + c.level + " interval of the ratio a/b, " +
               adjusted_interval + ", excludes 1";
  }

  auto side = [](const Entrant& e, const std::vector<uint64_t>& scores) {
    return nlohmann::json{{"entrant", e.label}, {"player", e.player}, {"summary", summary_to_json(summarise(scores))}};
  };
  const SequentialPlan& plan = *plan_;
  nlohmann::json planned = nlohmann::json::array(), taken = nlohmann::json::array();
  for (size_t i = 0; i < looks_.boards.size(); ++i)
    planned.push_back({{"boards", looks_.boards[i]},
                       {"fraction", looks_.design[i].fraction},
                       {"z", looks_.design[i].z},
                       {"nominal_alpha", looks_.design[i].nominal_alpha},
                       {"alpha_spent", looks_.design[i].spent}});
  for (size_t i = 0; i < looks_.taken.size(); ++i)
    taken.push_back({{"boards", looks_.boards[i]}, {"paired", paired_to_json(looks_.taken[i])}});
  nlohmann::json out = result_document(journal, {{&a, setting_of(a)}, {&b, setting_of(b)}},
                                       run.extra.value("base_config", nlohmann::json(a.config)), looks_.boards_used);
  out["summary"] = {{"a", side(a, looks_.pair.a)},
                    {"b", side(b, looks_.pair.b)},
                    {"design",
                     {{"method",
                       "group-sequential paired t test of log score ratios, Lan-DeMets alpha spending, "
                       "O'Brien-Fleming type"},
                      {"alpha", 1 - plan.confidence},
                      {"min_boards", plan.min_boards},
                      {"max_boards", plan.max_boards},
                      {"looks", planned}}},
                    {"looks_taken", taken},
                    {"boards_used", looks_.boards_used},
                    {"paired_boards", n},
                    {"verdict", verdict_name(look.verdict)},
                    {"reason", c.reason},
                    {"ratio", look.adjusted.ratio},
                    {"ratio_interval_adjusted", {look.adjusted.ratio_low, look.adjusted.ratio_high}},
                    {"ratio_interval_adjusted_confidence", 1 - looks_.design[looks_.k].nominal_alpha},
                    {"ratio_ci95", {c.plain.ratio_low, c.plain.ratio_high}},
                    {"boards_for_80_percent_power", c.needed ? nlohmann::json(*c.needed) : nlohmann::json(nullptr)},
                    {"faults", c.faults}};
  return out;
}

}  // namespace ratrace
