#include <chrono>
#include <cstdio>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "controller/commands.h"
#include "controller/runner.h"

namespace ratrace {

int run_score(const ScoreOptions& options) {
  const RunFlags& flags = options.run;
  RunHeader header;
  if (flags.resume_file.empty()) {
    if (flags.boards < 1) throw std::invalid_argument("--boards must be at least 1");
    find_player(options.player);
    header = {"score", flags.seed, flags.boards, {{options.player, options.player, build_config(flags.config_file, flags.sets)}}, {}};
  }
  Journal journal = open_journal(flags, "score-" + options.player + "-seed" + std::to_string(flags.seed), header);
  if (journal.header().command != "score") throw std::invalid_argument("--resume: that journal is not from 'score'");
  const RunHeader& run = journal.header();
  const Entrant& entrant = run.entrants.at(0);
  const int threads = flags.threads;

  StopOnSignal stop;
  const auto tasks = journal.missing();
  Progress progress("score " + entrant.player, static_cast<size_t>(run.boards), journal.finished_count());
  std::vector<uint64_t> running;
  for (const auto& r : journal.results()[0])
    if (r && r->fault.empty()) running.push_back(r->score);
  const auto start = std::chrono::steady_clock::now();
  uint64_t moves_now = 0;
  run_boards(run.entrants, tasks, run.master_seed, {threads, !flags.no_cache, stop.flag()},
             [&](size_t e, const BoardResult& r) {
               journal.append(e, r);
               moves_now += r.moves;
               if (r.fault.empty()) running.push_back(r.score);
               progress.game_finished(entrant.player, r, summarise(running).geometric_mean);
             });
  progress.close();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (stop.stopped()) {
    std::fprintf(stderr, "interrupted: %zu of %d boards kept in %s; finish with: ratrace score --resume %s\n",
                 journal.finished_count(), run.boards, journal.path().c_str(), journal.path().c_str());
    return 130;
  }

  std::vector<uint64_t> scores;
  std::vector<const BoardResult*> faulted;
  nlohmann::json per_board = nlohmann::json::array();
  uint64_t total_moves = 0;
  for (const auto& r : journal.results()[0]) {
    per_board.push_back(*r);
    total_moves += r->moves;
    if (r->fault.empty()) scores.push_back(r->score);
    else faulted.push_back(&*r);
  }
  const ScoreSummary s = summarise(scores);
  std::printf("%s over %zu boards (master seed %llu%s)\n", entrant.player.c_str(), s.n,
              static_cast<unsigned long long>(run.master_seed), faulted.empty() ? "" : ", faulted boards left out");
  std::printf("  geometric mean  %s   95%% interval %s\n", format_score(s.geometric_mean).c_str(),
              format_interval(s.ci_low, s.ci_high).c_str());
  std::printf("  median %s, min %s, max %s, boards scoring 1: %.0f%%\n", format_score(s.median).c_str(),
              format_score(s.min).c_str(), format_score(s.max).c_str(), 100 * s.share_of_ones);
  if (!tasks.empty())
    std::printf("  speed: %.2f boards/s, %.1f million specimen moves/s (%zu games in %.1f s)\n",
                static_cast<double>(tasks.size()) / wall, static_cast<double>(moves_now) / wall / 1e6, tasks.size(), wall);
  for (const BoardResult* r : faulted) std::printf("  FAULT board %d: %s\n", r->index, r->fault.c_str());

  if (!flags.json_file.empty()) {
    nlohmann::json out = {{"command", "score"},
                          {"player", entrant.player},
                          {"config", entrant.config},
                          {"master_seed", run.master_seed},
                          {"boards", run.boards},
                          {"faulted_boards", faulted.size()},
                          {"total_moves", total_moves},
                          {"summary", summary_to_json(s)},
                          {"results", per_board}};
    out["geometric_mean"] = out["summary"]["geometric_mean"];
    out["ci95"] = out["summary"]["ci95"];
    write_json_file(flags.json_file, out);
  }
  return faulted.empty() ? 0 : 3;
}

}  // namespace ratrace
