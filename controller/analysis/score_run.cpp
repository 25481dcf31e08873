#include "ratrace/analysis/score_run.h"

#include <stdexcept>

#include "ratrace/analysis/report.h"
#include "ratrace/runs/result_file.h"

namespace ratrace {

ScoreOutcome score_outcome(const Journal& journal) {
  ScoreOutcome outcome;
  std::vector<uint64_t> scores;
  for (const auto& r : journal.results().at(0)) {
    outcome.total_moves += r->moves;
    if (r->fault.empty()) scores.push_back(r->score);
    else outcome.faulted.push_back(&*r);
  }
  outcome.summary = summarise(scores);
  return outcome;
}

CommandWords ScoreRun::words() const {
  CommandWords words{{"--player", request_.player}};
  for (auto& word : run_flag_words(request_.run)) words.push_back(std::move(word));
  if (!request_.plot_file.empty()) words.emplace_back("--plot", request_.plot_file);
  return words;
}

std::string ScoreRun::journal_stem() const {
  return "score-" + request_.player + "-seed" + std::to_string(request_.run.seed);
}

std::vector<std::string> ScoreRun::outputs() const {
  return result_outputs(request_.run.json_file, request_.plot_file);
}

RunHeader ScoreRun::new_header() const {
  const RunFlags& flags = request_.run;
  if (flags.boards < 1 || flags.boards > kMaxBoards)
    throw std::invalid_argument("boards must be in [1, " + std::to_string(kMaxBoards) + "]");
  return RunHeader{"score",
                   flags.seed,
                   flags.boards,
                   {entrant_for(request_.player, request_.player, build_config(flags.config_file, flags.sets))},
                   nlohmann::json::object(),
                   {}};
}

nlohmann::json ScoreRun::document(const Journal& journal) {
  const RunHeader& run = journal.header();
  const Entrant& entrant = run.entrants.at(0);
  const ScoreOutcome outcome = score_outcome(journal);
  nlohmann::json out = result_document(journal, {{&entrant, std::nullopt}}, entrant.config, run.boards);
  nlohmann::json summary = summary_to_json(outcome.summary);
  summary["faulted_boards"] = outcome.faulted.size();
  summary["total_moves"] = outcome.total_moves;
  out["summary"] = summary;
  return out;
}

}  // namespace ratrace
