#include "ratrace/cli/journalled_run.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/common/io.h"
#include "ratrace/runs/result_file.h"
#include "ratrace/see/plot.h"

namespace ratrace {

namespace {

std::string program_path = "ratrace";

// `word` as one shell word, quoted as command_line quotes a flag's value.
std::string shell_quoted(const std::string& word) {
  const std::string line = command_line("x", {{"-", word}});  // "ratrace x - WORD"
  return line.substr(line.find(" - ") + 3);
}

size_t games_of(const RunHeader& run) { return run.entrants.size() * static_cast<size_t>(run.boards); }

}  // namespace

void set_program_path(const std::string& path) { program_path = path; }

std::string resume_command(const std::string& command, const std::string& journal) {
  const std::string line = command_line(command, {{"--resume", journal}});  // "ratrace COMMAND --resume JOURNAL"
  return shell_quoted(program_path) + line.substr(line.find(' '));
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
                               journal.path() + " (finish later with: " + resume_command(run.command, journal.path()) +
                               ")");
    }
  }
  journal.sync();
  return played;
}

namespace {

// With --resume the journal's header defines the run: a flag that would define it
// differently is refused rather than silently ignored.
void refuse_conflicting_flags(const RunFlags& flags, const RunHeader& run) {
  for (const std::string& flag : flags.given) {
    if (flag == "--resume" || flag == "--threads" || flag == "--no-cache" || flag == "--json" || flag == "--markdown" ||
        flag == "--csv" || flag == "--plot" || flag == "--log-level" || flag == "--player-lib" || flag == "--force")
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

// The journal already at `path`, if it parses; a missing, empty or broken one is left to
// Journal::create or Journal::resume to refuse or replace.
std::optional<JournalContents> read_journal(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error) || std::filesystem::file_size(path, error) == 0)
    return std::nullopt;
  try {
    return parse_journal(read_text(path, "journal"));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Two headers of the same run: equal but for how the run was typed (output files, threads).
bool same_run(const RunHeader& a, const RunHeader& b) {
  nlohmann::json ja = header_to_json(a), jb = header_to_json(b);
  for (nlohmann::json* j : {&ja, &jb})
    if ((*j)["extra"].is_object()) (*j)["extra"].erase("command_line");
  return ja == jb;
}

// Opens the journal as JournalledRun describes.
Journal open_journal(const RunFlags& flags, const RunPlan& plan) {
  // A result sent to standard output (--json among them) travels alone there: the report goes to
  // standard error.
  if (std::find(plan.outputs.begin(), plan.outputs.end(), "-") != plan.outputs.end()) keep_stdout_for_results();
  std::string path = flags.resume_file;
  std::optional<RunHeader> header;
  std::optional<JournalContents> existing;
  if (path.empty()) {
    header = plan.new_header();  // first: a bad option fails before the journal is named
    path = flags.journal_file.empty() ? "runs/" + plan.default_name + "-" + run_hash(*header) + ".jsonl"
                                      : flags.journal_file;
    if (!flags.force) existing = read_journal(path);
    if (existing && !same_run(existing->header, *header)) existing.reset();
  } else {
    existing = read_journal(path);
  }
  std::vector<FileFlag> files{{"the journal", path}};
  for (const std::string& file : plan.outputs) files.push_back({"an output", file});
  check_distinct_files(files);
  // A reused journal keeps every game, so a result file already there is compared with what
  // the run writes at its end rather than refused now: it may well be this run's own.
  std::error_code error;
  for (const std::string& file : plan.outputs)
    if (!existing || !std::filesystem::exists(file, error)) check_output_path(file, flags.force);

  if (header && !existing) {
    Journal journal = Journal::create(path, std::move(*header), flags.force);
    spdlog::info("journal: {}; if interrupted, finish the run with: {}", path, resume_command(plan.command, path));
    return journal;
  }
  Journal journal = Journal::resume(path);
  if (journal.header().command != plan.command)
    throw std::invalid_argument("--resume: " + path + " is a journal of '" + journal.header().command + "', not of '" +
                                plan.command + "'");
  if (!header) refuse_conflicting_flags(flags, journal.header());
  for (const Entrant& e : journal.header().entrants) find_player(e.player);
  if (journal.finished_count() == games_of(journal.header()))
    spdlog::info("this run is already finished in {}; reporting it again", path);
  else if (header)
    spdlog::info("resuming {}, which holds this very run: {} of {} games already finished", path,
                 journal.finished_count(), games_of(journal.header()));
  else spdlog::info("resuming {}: {} games already finished", path, journal.finished_count());
  return journal;
}

// A result document as it must match an existing file: without the game's timings and the
// version of the program that wrote it.
nlohmann::json comparable_result(nlohmann::json document) {
  if (!document.is_object()) return document;
  document.erase("tool");
  if (document.contains("boards") && document["boards"].is_array())
    for (auto& record : document["boards"])
      if (record.is_object()) record.erase("seconds");
  return document;
}

// An existing regular file (not "-", not a device) that --force does not allow to replace.
bool kept_unless_same(const std::string& path, bool force) {
  std::error_code error;
  return !force && path != "-" && std::filesystem::is_regular_file(path, error);
}

// Another result is at `path`: `write` (a commit that never replaces) keeps this one beside it
// under a numbered name, and the run ends with exit 2 naming both.
void keep_beside(const std::string& path, const std::function<void()>& write) {
  try {
    write();
  } catch (const OutputTaken& taken) {
    throw UsageError("'" + path + "' exists and differs from what this run writes; this run's result is kept in '" +
                     taken.kept + "' (add --force to replace '" + path + "')");
  }
}

UsageError differs(const std::string& path) {
  return UsageError("'" + path + "' exists and differs from what this run writes; add --force to replace it");
}

}  // namespace

JournalledRun::JournalledRun(const RunFlags& flags, const RunPlan& plan)
    : flags_(flags),
      stop_("\nstopping before the first game (Ctrl-C again to kill)\n"),
      journal_(open_journal(flags, plan)) {
  stop_message_ = "\nstopping: unfinished games are dropped, every finished game is kept in " + journal_.path() +
                  "; finish with: " + resume_command(plan.command, journal_.path()) + " (Ctrl-C again to kill)\n";
  stop_.say(stop_message_.c_str());
}

bool JournalledRun::play(const std::string& title, const std::vector<BoardTask>& tasks) {
  if (!progress_) progress_.emplace(title, games_of(header()), journal_.finished_count());
  const PlayedGames played = play_into_journal(journal_, tasks, flags_, stop_, *progress_);
  progress_->close();
  played_.games += played.games;
  played_.moves += played.moves;
  played_.seconds += played.seconds;
  return !stop_.stopped();
}

int JournalledRun::report_interrupted() const {
  spdlog::warn("interrupted: {} of {} games kept in {}; finish with: {}", journal_.finished_count(), games_of(header()),
               journal_.path(), resume_command(header().command, journal_.path()));
  return kExitInterrupted;
}

std::vector<const BoardResult*> JournalledRun::faulted(int boards) const {
  std::vector<const BoardResult*> faults;
  for (const auto& per_entrant : journal_.results())
    for (size_t i = 0; i < per_entrant.size() && (boards < 0 || i < static_cast<size_t>(boards)); ++i)
      if (per_entrant[i] && !per_entrant[i]->fault.empty()) faults.push_back(&*per_entrant[i]);
  return faults;
}

void JournalledRun::print_speed_and_faults(const char* indent, const std::vector<const BoardResult*>& faulted) const {
  // With one entrant a game is a board.
  if (played_.games > 0)
    std::printf("%sspeed: %.2f %s/s, %.1f million specimen moves/s (%zu games in %.1f s)\n", indent,
                static_cast<double>(played_.games) / played_.seconds,
                header().entrants.size() == 1 ? "boards" : "games",
                static_cast<double>(played_.moves) / played_.seconds / 1e6, played_.games, played_.seconds);
  for (const BoardResult* r : faulted) std::printf("%sFAULT board %d: %s\n", indent, r->index, r->fault.c_str());
}

void JournalledRun::write_result(const std::string& json_file, const nlohmann::json& document) {
  if (json_file.empty()) return;
  if (kept_unless_same(json_file, flags_.force)) {
    nlohmann::json existing;
    try {
      existing = parse_json(read_text(json_file, "result file"));
    } catch (const std::exception&) {
      throw differs(json_file);
    }
    if (comparable_result(existing) != comparable_result(document))
      return keep_beside(json_file, [&] { write_json_file(json_file, document, false); });
    spdlog::info("{} already holds this result; left as it is", json_file);
    result_unchanged_ = true;
    return;
  }
  write_json_file(json_file, document, flags_.force);
}

void JournalledRun::write_text(const std::string& path, const std::string& text,
                               const std::function<std::string(const std::string&)>& comparable) const {
  if (path.empty()) return;
  if (kept_unless_same(path, flags_.force)) {
    const std::string existing = read_text(path, "the existing file");
    if (comparable ? comparable(existing) != comparable(text) : existing != text)
      return keep_beside(path, [&] { write_file_atomically(path, text, false); });
    spdlog::info("{} already holds this result; left as it is", path);
    return;
  }
  write_file_atomically(path, text, flags_.force);
  spdlog::info("wrote {}", path);
}

void JournalledRun::draw_plot(const std::string& plot_file, const std::string& script,
                              const std::vector<std::string>& args) const {
  if (plot_file.empty()) return;
  const std::string stem = plot_stem(plot_file);
  bool drawn = true;
  for (const std::string& picture : {stem + ".png", stem + ".svg"}) {
    if (!kept_unless_same(picture, flags_.force)) drawn = false;
    else if (!result_unchanged_) throw differs(picture);  // drawn from another result
  }
  if (drawn) {
    spdlog::info("{}.png and {}.svg are drawn from this result already; left as they are", stem, stem);
    return;
  }
  draw_with_matplotlib(script, args);
}

}  // namespace ratrace
