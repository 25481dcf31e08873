#include "ratrace/cli/journalled_run.h"

#include <unistd.h>

#include <cmath>
#include <exception>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/common/cli.h"

namespace ratrace {

PlayedGames play_into_journal(Journal& journal, const std::vector<BoardTask>& tasks, const RunFlags& flags,
                              const StopOnSignal& stop, Progress& progress) {
  const RunHeader& run = journal.header();
  // Running sums of log scores, so each game updates its entrant's mean in O(1).
  std::vector<double> log_sum(run.entrants.size(), 0);
  std::vector<size_t> counted(run.entrants.size(), 0);
  auto count = [&](size_t e, const BoardResult& r) {
    if (!r.fault.empty()) return;
    log_sum[e] += std::log(static_cast<double>(r.score));
    ++counted[e];
  };
  for (size_t e = 0; e < run.entrants.size(); ++e)
    for (const auto& r : journal.results()[e])
      if (r) count(e, *r);
  PlayedGames played;
  std::exception_ptr write_error;
  const auto start = std::chrono::steady_clock::now();
  run_boards(run.entrants, tasks, run.master_seed, {flags.threads, !flags.no_cache, stop.flag()},
             [&](size_t e, const BoardResult& r) {
               if (write_error) return;
               try {
                 journal.append(e, r);
               } catch (...) {
                 write_error = std::current_exception();
                 stop.stop_now();
                 return;
               }
               ++played.games;
               played.moves += r.moves;
               count(e, r);
               progress.game_finished(run.entrants[e].label, r,
                                      counted[e] ? std::exp(log_sum[e] / static_cast<double>(counted[e])) : 0);
             });
  played.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (write_error) {
    progress.close();
    try {
      std::rethrow_exception(write_error);
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string(e.what()) + "; the run stopped: the " +
                               std::to_string(journal.finished_count()) + " games written before are kept in " +
                               journal.path() + " (finish later with --resume " + journal.path() + ")");
    }
  }
  journal.sync();
  return played;
}

int report_interrupted(const Journal& journal) {
  const RunHeader& run = journal.header();
  std::fprintf(stderr, "interrupted: %zu of %zu games kept in %s; finish with: ratrace %s --resume %s\n",
               journal.finished_count(), run.entrants.size() * static_cast<size_t>(run.boards), journal.path().c_str(),
               run.command.c_str(), journal.path().c_str());
  return 130;
}

namespace {

// With --resume the journal's header defines the run: a flag that would define it
// differently is refused rather than silently ignored.
void refuse_conflicting_flags(const RunFlags& flags, const RunHeader& run) {
  for (const std::string& flag : flags.given) {
    if (flag == "--resume" || flag == "--threads" || flag == "--no-cache" || flag == "--json" || flag == "--markdown" ||
        flag == "--csv" || flag == "--plot" || flag == "--log-level" || flag == "--force")
      continue;
    if (flag == "--seed" && flags.seed == run.master_seed) continue;
    if (flag == "--boards" && run.command != "compare" && flags.boards == run.boards) continue;
    if (flag == "--journal" && flags.journal_file == flags.resume_file) continue;
    std::string why = "the journal's header fixes the run";
    if (flag == "--seed") why = "the journal's run has master seed " + std::to_string(run.master_seed);
    if (flag == "--boards") why = "the journal's run has " + std::to_string(run.boards) + " boards";
    if (flag == "--journal") why = "--resume already names the journal, and its games are appended to it";
    throw std::invalid_argument(flag + " cannot be combined with --resume: " + why + " (leave " + flag +
                                " out to finish that run, or start a new run without --resume)");
  }
}

}  // namespace

Journal open_journal(const RunFlags& flags, const std::string& command, const std::string& default_name,
                     const std::vector<std::string>& outputs, const std::function<RunHeader()>& new_header) {
  for (const std::string& file : outputs) check_output_path(file, flags.force);
  if (!flags.resume_file.empty()) {
    Journal journal = Journal::resume(flags.resume_file);
    if (journal.header().command != command)
      throw std::invalid_argument("--resume: " + flags.resume_file + " is a journal of '" + journal.header().command +
                                  "', not of '" + command + "'");
    refuse_conflicting_flags(flags, journal.header());
    for (const Entrant& e : journal.header().entrants) find_player(e.player);
    spdlog::info("resuming {}: {} games already finished", flags.resume_file, journal.finished_count());
    return journal;
  }
  RunHeader header = new_header();  // first: a bad option fails before the journal is named
  const std::string path =
      flags.journal_file.empty() ? "runs/" + default_name + "-" + run_hash(header) + ".jsonl" : flags.journal_file;
  Journal journal = Journal::create(path, std::move(header), flags.force);
  spdlog::info("journal: {} (resume an interrupted run with --resume {})", path, path);
  return journal;
}



}  // namespace ratrace
