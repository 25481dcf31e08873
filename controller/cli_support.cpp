#include "controller/cli_support.h"

#include <unistd.h>

#include <cmath>
#include <exception>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "common/cli.h"

namespace ratrace {

Config build_config(const std::string& config_file, const std::vector<std::string>& sets) {
  Config config = config_file.empty() ? Config{} : load_config(config_file);
  // A rules dialect first (it resets its switches), then every other key in order.
  for (bool dialect : {true, false})
    for (const auto& text : sets) {
      const auto [key, value] = split_assignment(text);
      if ((key == "rules") == dialect) config.set(key, value);
    }
  config.validate();
  return config;
}

std::pair<std::string, std::string> split_assignment(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) throw std::invalid_argument("expected key=value, got '" + text + "'");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

Progress::Progress(std::string title, size_t total, size_t already_done)
    : title_(std::move(title)),
      total_(total),
      done_(already_done),
      done_at_start_(already_done),
      tty_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void Progress::game_finished(const std::string& label, const BoardResult& result, double running_geometric_mean) {
  ++done_;
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = static_cast<double>(done_ - done_at_start_) / std::max(elapsed, 1e-9);
  const double eta = rate > 0 ? static_cast<double>(total_ - done_) / rate : 0;
  if (!result.fault.empty()) {
    if (tty_) draw_status_line("");
    spdlog::error("{}", result.fault);
  }
  if (tty_) {
    if (done_ < total_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
    last_draw_ = now;
    char line[512];
    std::snprintf(line, sizeof line, "%s %zu/%zu games | %s board %d: %llu | running geo mean %s | ETA %dm%02ds",
                  title_.c_str(), done_, total_, label.c_str(), result.index,
                  static_cast<unsigned long long>(result.score), format_score(running_geometric_mean).c_str(),
                  static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
    draw_status_line(line);
  } else {
    spdlog::info("{} {}/{} games: {} board {} scored {} ({} turns, peak {} specimens, {:.2f} s); running geo mean {}",
                 title_, done_, total_, label, result.index, result.score, result.turns, result.peak_population,
                 result.seconds, format_score(running_geometric_mean));
  }
}

void Progress::close() {
  if (tty_) draw_status_line("");
}

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

namespace {
nlohmann::json finite_or_null(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }
}  // namespace

nlohmann::json summary_to_json(const ScoreSummary& s) {
  return {{"boards", s.n},
          {"geometric_mean", finite_or_null(s.geometric_mean)},
          {"ci95", {finite_or_null(s.ci_low), finite_or_null(s.ci_high)}},
          {"mean_log", s.mean_log},
          {"sd_log", s.sd_log},
          {"median", s.median},
          {"min", s.min},
          {"max", s.max},
          {"share_of_ones", s.share_of_ones}};
}

nlohmann::json paired_to_json(const PairedSummary& p) {
  return {{"boards", p.n},
          {"mean_log_ratio", p.mean_log_ratio},
          {"sd_log_ratio", p.sd_log_ratio},
          {"ratio", finite_or_null(p.ratio)},
          {"ratio_ci95", {finite_or_null(p.ratio_low), finite_or_null(p.ratio_high)}},
          {"significant", p.significant}};
}

std::string format_score(double value) {
  if (!std::isfinite(value)) return "inf";
  std::ostringstream out;
  // Ratios far below 1 keep two significant digits instead of printing as 0.00.
  if (value > 0 && value < 0.01) out << std::scientific << std::setprecision(1) << value;
  else out << std::fixed << std::setprecision(value < 10 ? 2 : value < 1000 ? 1 : 0) << value;
  return out.str();
}

std::string format_interval(double low, double high) {
  std::string text = "[";
  text.append(format_score(low)).append(", ").append(format_score(high)).append("]");
  return text;
}


}  // namespace ratrace
