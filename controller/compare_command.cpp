#include <algorithm>
#include <cstdio>
#include <thread>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "controller/commands.h"
#include "controller/runner.h"
#include "controller/tuning.h"

namespace ratrace {

namespace {

RunHeader compare_header(const CompareOptions& options) {
  const RunFlags& flags = options.run;
  if (options.side_a.empty() || options.side_b.empty()) throw std::invalid_argument("give both sides: --a and --b");
  const Config base = build_config(flags.config_file, flags.sets);
  const Entrant a = parse_side(options.side_a, options.player, base);
  const Entrant b = parse_side(options.side_b, options.player, base);
  if (a.player == b.player && a.config == b.config)
    spdlog::warn("both sides are the same player under the same config: they score alike on every board");
  // Two boards per thread keep every core busy through a batch.
  const int threads = flags.threads > 0 ? flags.threads : static_cast<int>(std::thread::hardware_concurrency());
  const SequentialPlan plan{flags.boards, options.max_boards, std::max(10, 2 * threads)};
  plan.validate();
  return {"compare", flags.seed, plan.max_boards, {a, b},
          {{"min_boards", plan.min_boards}, {"batch", plan.batch}, {"confidence", plan.confidence}}};
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

}  // namespace

int run_compare(const CompareOptions& options) {
  const RunFlags& flags = options.run;
  Journal journal = open_journal(flags, "compare", "compare-seed" + std::to_string(flags.seed),
                                 [&] { return compare_header(options); });
  const RunHeader& run = journal.header();
  const Entrant& a = run.entrants.at(0);
  const Entrant& b = run.entrants.at(1);
  const SequentialPlan plan{run.extra.at("min_boards").get<int>(), run.boards, run.extra.at("batch").get<int>(),
                            run.extra.at("confidence").get<double>()};
  plan.validate();
  const std::vector<int> looks = plan.looks();

  StopOnSignal stop;
  Progress progress("compare (at most " + std::to_string(run.boards) + " boards)", 2 * static_cast<size_t>(run.boards),
                    journal.finished_count());

  // Every look is retaken from the journal on --resume, so a resumed run decides exactly
  // as an uninterrupted one.
  LookResult look;
  PairedScores pair;
  nlohmann::json looks_taken = nlohmann::json::array();
  int boards_used = 0;
  for (size_t k = 0; k < looks.size() && look.verdict == Verdict::kContinue; ++k) {
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
    look = sequential_look(plan, pair.a, pair.b, k + 1 == looks.size());
    looks_taken.push_back({{"boards", boards_used}, {"paired", paired_to_json(look.adjusted)}});
    progress.close();  // clears the live line for the log line
    spdlog::info("look {} of {} after {} boards: ratio a/b {} {} at {:.4g}% -> {}", k + 1, looks.size(), boards_used,
                 format_score(look.adjusted.ratio), format_interval(look.adjusted.ratio_low, look.adjusted.ratio_high),
                 100 * plan.per_look_confidence(), look.verdict == Verdict::kContinue ? "go on" : "stop");
  }

  std::vector<std::string> faults;
  for (size_t e = 0; e < 2; ++e)
    for (int i = 0; i < boards_used; ++i)
      if (const auto& r = journal.results()[e][static_cast<size_t>(i)]; !r->fault.empty()) faults.push_back(r->fault);
  const PairedSummary plain = compare_paired(pair.a, pair.b);
  const ScoreSummary summary_a = summarise(pair.a), summary_b = summarise(pair.b);
  const double adjusted_percent = 100 * plan.per_look_confidence();

  std::printf("a = %s\nb = %s\n", a.label.c_str(), b.label.c_str());
  std::printf("  %zu paired boards (master seed %llu%s), look %zu of at most %zu\n", pair.a.size(),
              static_cast<unsigned long long>(run.master_seed), faults.empty() ? "" : ", faulted boards left out",
              looks_taken.size(), looks.size());
  std::printf("  geometric means: a %s %s, b %s %s\n", format_score(summary_a.geometric_mean).c_str(),
              format_interval(summary_a.ci_low, summary_a.ci_high).c_str(), format_score(summary_b.geometric_mean).c_str(),
              format_interval(summary_b.ci_low, summary_b.ci_high).c_str());
  std::printf("  ratio a/b %s: %.4g%% interval %s (0.05 split over %zu planned looks); plain 95%% interval %s\n",
              format_score(look.adjusted.ratio).c_str(), adjusted_percent,
              format_interval(look.adjusted.ratio_low, look.adjusted.ratio_high).c_str(), looks.size(),
              format_interval(plain.ratio_low, plain.ratio_high).c_str());
  if (look.verdict == Verdict::kNoDifference)
    std::printf("no significant difference after %d boards\n", boards_used);
  else
    std::printf("%s is better, stopped after %d boards\n",
                (look.verdict == Verdict::kFirstBetter ? "a (" + a.label + ")" : "b (" + b.label + ")").c_str(),
                boards_used);
  for (const auto& fault : faults) std::printf("  FAULT %s\n", fault.c_str());

  if (!flags.json_file.empty()) {
    auto side = [](const Entrant& e, const ScoreSummary& s, const std::vector<uint64_t>& scores) {
      return nlohmann::json{{"label", e.label}, {"player", e.player}, {"config", e.config},
                            {"summary", summary_to_json(s)}, {"scores", scores}};
    };
    write_json_file(flags.json_file,
                    {{"command", "compare"},
                     {"a", side(a, summary_a, pair.a)},
                     {"b", side(b, summary_b, pair.b)},
                     {"master_seed", run.master_seed},
                     {"min_boards", plan.min_boards},
                     {"max_boards", plan.max_boards},
                     {"batch", plan.batch},
                     {"planned_looks", looks},
                     {"per_look_confidence", plan.per_look_confidence()},
                     {"boards_used", boards_used},
                     {"looks", looks_taken},
                     {"verdict", verdict_name(look.verdict)},
                     {"ratio", look.adjusted.ratio},
                     {"ratio_interval_adjusted", {look.adjusted.ratio_low, look.adjusted.ratio_high}},
                     {"ratio_ci95", {plain.ratio_low, plain.ratio_high}},
                     {"faults", faults}});
  }
  return faults.empty() ? 0 : 3;
}

}  // namespace ratrace
