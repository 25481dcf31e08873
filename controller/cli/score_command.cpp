#include <cstdio>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/cli/commands.h"
#include "ratrace/see/plot.h"
#include "ratrace/runs/result_file.h"
#include "ratrace/runs/runner.h"

namespace ratrace {

int run_score(const ScoreOptions& options) {
  const RunFlags& flags = options.run;
  Journal journal =
      open_journal(flags, "score", "score-" + options.player + "-seed" + std::to_string(flags.seed),
                   result_outputs(flags.json_file, options.plot_file), [&] {
        if (flags.boards < 1) throw std::invalid_argument("--boards must be at least 1");
        find_player(options.player);
        CommandWords words{{"--player", options.player}};
        for (auto& word : run_flag_words(flags)) words.push_back(std::move(word));
        return RunHeader{"score", flags.seed, flags.boards,
                         {{options.player, options.player, build_config(flags.config_file, flags.sets)}},
                         {{"command_line", command_line("score", words)}}};
      });
  const RunHeader& run = journal.header();
  const Entrant& entrant = run.entrants.at(0);

  StopOnSignal stop(kStopGamesMessage);
  Progress progress("score " + entrant.player, static_cast<size_t>(run.boards), journal.finished_count());
  const PlayedGames played = play_into_journal(journal, journal.missing(), flags, stop, progress);
  progress.close();
  if (stop.stopped()) return report_interrupted(journal);

  std::vector<uint64_t> scores;
  std::vector<const BoardResult*> faulted;
  uint64_t total_moves = 0;
  for (const auto& r : journal.results()[0]) {
    total_moves += r->moves;
    if (r->fault.empty()) scores.push_back(r->score);
    else faulted.push_back(&*r);
  }
  if (scores.empty()) {
    std::printf("%s faulted on every one of its %d boards: no score (first fault: %s)\n", entrant.player.c_str(),
                run.boards, faulted.front()->fault.c_str());
    return 3;
  }
  const ScoreSummary s = summarise(scores);
  std::printf("%s over %zu boards (master seed %llu%s)\n", entrant.player.c_str(), s.n,
              static_cast<unsigned long long>(run.master_seed), faulted.empty() ? "" : ", faulted boards left out");
  std::printf("  geometric mean  %s   95%% interval %s\n", format_score(s.geometric_mean).c_str(),
              format_interval(s.ci_low, s.ci_high).c_str());
  std::printf("  median %s, min %s, max %s, boards scoring 1: %.0f%%\n", format_score(s.median).c_str(),
              format_score(s.min).c_str(), format_score(s.max).c_str(), 100 * s.share_of_ones);
  if (played.games > 0)
    std::printf("  speed: %.2f boards/s, %.1f million specimen moves/s (%zu games in %.1f s)\n",
                static_cast<double>(played.games) / played.seconds,
                static_cast<double>(played.moves) / played.seconds / 1e6, played.games, played.seconds);
  for (const BoardResult* r : faulted) std::printf("  FAULT board %d: %s\n", r->index, r->fault.c_str());

  const std::string json_file = result_file(flags.json_file, options.plot_file);
  if (!json_file.empty()) {
    nlohmann::json out = result_document(journal, {{&entrant, std::nullopt}}, entrant.config, run.boards);
    nlohmann::json summary = summary_to_json(s);
    summary["faulted_boards"] = faulted.size();
    summary["total_moves"] = total_moves;
    out["summary"] = summary;
    write_json_file(json_file, out);
  }
  if (!options.plot_file.empty()) draw_with_matplotlib("plot_results.py", {"scores", json_file, plot_stem(options.plot_file)});
  return faulted.empty() ? 0 : 3;
}

}  // namespace ratrace
