#include "ratrace/runs/durable_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <filesystem>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "ratrace/common/io.h"
#include "ratrace/common/usage_error.h"

namespace ratrace {

namespace {

std::string program_path = "ratrace";

size_t games_of(const RunHeader& run) { return run.entrants.size() * static_cast<size_t>(run.boards); }

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

// A journal in `folder` of the run `header` but for its players' code: the games of a player
// that has been changed since, which are never reused. Only headers are read.
std::optional<std::string> journal_of_older_code(const std::string& folder, const std::string& stem,
                                                 const RunHeader& header) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with(stem + "-") || !name.ends_with(".jsonl")) continue;
    const std::optional<JournalContents> contents = read_journal(entry.path().string());
    if (!contents) continue;
    const std::string why = run_difference(header, contents->header);
    if (why.find("has changed since") != std::string::npos) return entry.path().string() + ": " + why;
  }
  return std::nullopt;
}

// With --resume the journal's header defines the run: a flag given now that defines it
// otherwise is refused rather than silently ignored. Flags that only load players, name
// outputs or change how the games run are welcome.
void refuse_conflicting_flags(const RunFlags& flags, const CommandWords& asked, const RunHeader& run) {
  for (const std::string& flag : flags.given) {
    const FlagDeclaration& declared = declared_flag(flag);
    if (flag == "--journal" && flags.journal_file != flags.resume_file)
      throw std::invalid_argument(
          "--journal cannot be combined with --resume: --resume already names the journal, and its games are "
          "appended to it");
    if (declared.role != FlagRole::kDefinesRun) continue;
    const std::string written = std::string(declared.written_as.empty() ? declared.flag : declared.written_as);
    const std::vector<std::string> now = values_of(asked, written), then = values_of(run.words, written);
    if (now == then) continue;
    CommandWords journal_words;
    for (const std::string& value : then) journal_words.emplace_back(written, value);
    const std::string journal_line = command_line(run.command, journal_words);
    const std::string asked_then = journal_line.substr(("ratrace " + run.command + " ").size());
    throw std::invalid_argument(flag + " cannot be combined with --resume here: the journal's run was asked with " +
                                (then.empty() ? "no " + written : asked_then) + " (leave " + flag +
                                " out to finish that run, or start a new run without --resume)");
  }
}

// The journal's players as this process knows them: each loaded from its source if need be,
// and its code the one the journal's games were played with.
void check_players(const RunHeader& run, const std::string& path) {
  for (const Entrant& e : run.entrants) {
    const PlayerInfo& player = find_or_load_player(e.player, e.source);
    if (player.code != e.code)
      throw std::invalid_argument("journal '" + path + "': the player '" + e.player +
                                  "' has changed since its games were played (its code was " + e.code + ", now " +
                                  player.code +
                                  "), so they cannot be reused: start a new run without --resume (the old games "
                                  "stay in the journal)");
  }
}

// Opens the journal as DurableRun describes.
Journal open_journal(RunCommand& command, const std::string& journal_folder) {
  const RunFlags& flags = command.flags();
  const std::vector<std::string> outputs = command.outputs();
  // A result sent to standard output (--json among them) travels alone there: the report goes to
  // standard error.
  if (std::find(outputs.begin(), outputs.end(), "-") != outputs.end()) keep_stdout_for_results();
  std::string path = flags.resume_file;
  std::optional<RunHeader> header;
  std::optional<JournalContents> existing;
  std::string other_run;  // what differs in a journal found at the path of a new run
  if (path.empty()) {
    header = command.new_header();  // first: a bad option fails before the journal is named
    header->words = command.words();
    const std::string stem = file_name_part(command.journal_stem());
    path = flags.journal_file.empty() ? journal_folder + "/" + stem + "-" + run_hash(*header) + ".jsonl"
                                      : flags.journal_file;
    if (!flags.force) existing = read_journal(path);
    if (existing) other_run = run_difference(*header, existing->header);
    if (!other_run.empty()) existing.reset();
    if (!existing && flags.journal_file.empty())
      if (const auto older = journal_of_older_code(journal_folder, stem, *header))
        spdlog::info("a new run: {}", *older);
  } else {
    existing = read_journal(path);
  }
  std::vector<FileFlag> files{{"the journal", path}};
  for (const std::string& file : outputs) files.push_back({"an output", file});
  check_distinct_files(files);
  // A reused journal keeps every game, so a result file already there is compared with what
  // the run writes at its end rather than refused now: it may well be this run's own.
  std::error_code error;
  for (const std::string& file : outputs)
    if (!existing || !std::filesystem::exists(file, error)) check_output_path(file, flags.force);

  if (header && !existing) {
    try {
      Journal journal = Journal::create(path, std::move(*header), flags.force);
      spdlog::info("journal: {}", path);
      return journal;
    } catch (const std::invalid_argument& e) {
      if (other_run.empty()) throw;
      throw std::invalid_argument(std::string(e.what()) + "; it holds another run: " + other_run);
    }
  }
  Journal journal = Journal::resume(path);
  if (journal.header().command != command.name())
    throw std::invalid_argument("--resume: " + path + " is a journal of '" + journal.header().command + "', not of '" +
                                command.name() + "'");
  if (!header) refuse_conflicting_flags(flags, command.words(), journal.header());
  check_players(journal.header(), path);
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
      if (record.is_object()) record.erase("timing");
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

void set_program_path(const std::string& path) { program_path = path; }

std::string file_name_part(const std::string& text) {
  std::string name;
  for (const char c : text) {
    if (c == '/') name.clear();  // a folder of a path: only the file's own name is kept
    else if (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' || c == '+' || c == '=')
      name += c;
    else name += '-';
  }
  return name;
}

DurableRun::DurableRun(RunCommand& command, const std::string& journal_folder, std::atomic<bool>* stop_flag)
    : command_(command),
      stop_flag_(stop_flag ? stop_flag : &own_stop_),
      journal_(open_journal(command, journal_folder)),
      finished_(journal_.finished_count()) {}

DurableRun::~DurableRun() {
  if (!thread_.joinable()) return;
  stop();
  thread_.join();
}

size_t DurableRun::total_games() const { return games_of(header()); }

bool DurableRun::run() {
  while (!stopped()) {
    const std::vector<BoardTask> tasks = command_.next_games(journal_);
    if (tasks.empty()) return true;
    if (!play(tasks)) return false;
  }
  return false;
}

void DurableRun::start() {
  thread_ = std::thread([this] {
    try {
      run();
    } catch (...) {
      std::lock_guard lock(error_mutex_);
      error_ = std::current_exception();
    }
    ended_ = true;
  });
}

bool DurableRun::wait(double seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!ended_ && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (!ended_) return false;
  if (thread_.joinable()) thread_.join();
  std::lock_guard lock(error_mutex_);
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  return true;
}

void DurableRun::stop() { stop_flag_->store(true); }

bool DurableRun::play(const std::vector<BoardTask>& tasks) {
  const RunHeader& run = header();
  const RunFlags& flags = command_.flags();
  // Running sums of log scores, so each game updates its entrant's mean in O(1).
  std::vector<double> log_sum(run.entrants.size(), 0);
  std::vector<size_t> counted(run.entrants.size(), 0);
  auto count = [&](size_t e, const BoardResult& r) {
    if (!r.fault.empty()) return;
    log_sum[e] += std::log(static_cast<double>(r.score));
    ++counted[e];
  };
  for (size_t e = 0; e < run.entrants.size(); ++e)
    for (const auto& r : journal_.results()[e])
      if (r) count(e, *r);
  // An interpreted player's calls take turns on its interpreter's lock: more threads than one
  // only add switching (measured: 19.5 s on two threads against 11.8 s on one).
  int threads = flags.threads;
  if (threads == 0 && std::any_of(run.entrants.begin(), run.entrants.end(),
                                  [](const Entrant& e) { return find_player(e.player).interpreted; }))
    threads = 1;
  if (observer_) observer_->started(total_games(), finished_.load());
  std::exception_ptr write_error;
  const auto start = std::chrono::steady_clock::now();
  try {
    const auto run_games = flags.isolate ? run_boards_isolated : run_boards;
    run_games(run.entrants, tasks, run.master_seed, {threads, !flags.no_cache, stop_flag_},
              [&](size_t e, const BoardResult& r) {
                if (write_error) return;
                try {
                  journal_.append(e, r);
                } catch (...) {
                  write_error = std::current_exception();
                  stop();
                  return;
                }
                ++finished_;
                ++played_.games;
                played_.moves += r.moves;
                count(e, r);
                if (observer_)
                  observer_->game_finished(run.entrants[e], r,
                                           counted[e] ? std::exp(log_sum[e] / static_cast<double>(counted[e])) : 0);
              });
  } catch (...) {
    if (observer_) observer_->ended();
    throw;
  }
  played_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (observer_) observer_->ended();
  if (write_error) {
    try {
      std::rethrow_exception(write_error);
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string(e.what()) + "; the run stopped: the " +
                               std::to_string(journal_.finished_count()) + " games written before are kept in " +
                               journal_.path() + " (finish later with: " + resume_command() + ")");
    }
  }
  journal_.sync();
  return !stopped();
}

std::string DurableRun::resume_command() const {
  std::string line = shell_word(program_path) + " " + header().command;
  std::vector<PlayerSource> sources;
  for (const Entrant& e : header().entrants)
    if (e.source && std::find(sources.begin(), sources.end(), *e.source) == sources.end()) sources.push_back(*e.source);
  for (const PlayerSource& source : sources) line += std::string(" ") + source.flag() + " " + shell_word(source.path);
  return line + " --resume " + shell_word(journal_.path());
}

const nlohmann::json& DurableRun::document() {
  if (!document_) document_ = command_.document(journal_);
  return *document_;
}

std::vector<const BoardResult*> DurableRun::faulted(int boards) const {
  std::vector<const BoardResult*> faults;
  for (const auto& per_entrant : journal_.results())
    for (size_t i = 0; i < per_entrant.size() && (boards < 0 || i < static_cast<size_t>(boards)); ++i)
      if (per_entrant[i] && !per_entrant[i]->fault.empty()) faults.push_back(&*per_entrant[i]);
  return faults;
}

void DurableRun::write_result(const std::string& path) {
  if (path.empty()) return;
  const bool force = command_.flags().force;
  const nlohmann::json& result = document();
  if (kept_unless_same(path, force)) {
    nlohmann::json existing;
    try {
      existing = parse_json(read_text(path, "result file"));
    } catch (const std::exception&) {
      throw differs(path);
    }
    if (comparable_result(existing) != comparable_result(result))
      return keep_beside(path, [&] { write_json_file(path, result, false); });
    spdlog::info("{} already holds this result; left as it is", path);
    result_unchanged_ = true;
    return;
  }
  write_json_file(path, result, force);
  if (path != "-") spdlog::info("wrote {}", path);
}

void DurableRun::write_text(const std::string& path, const std::string& text,
                            const std::function<std::string(const std::string&)>& comparable) const {
  if (path.empty()) return;
  const bool force = command_.flags().force;
  if (kept_unless_same(path, force)) {
    const std::string existing = read_text(path, "the existing file");
    if (comparable ? comparable(existing) != comparable(text) : existing != text)
      return keep_beside(path, [&] { write_file_atomically(path, text, false); });
    spdlog::info("{} already holds this result; left as it is", path);
    return;
  }
  write_file_atomically(path, text, force);
  spdlog::info("wrote {}", path);
}

bool DurableRun::outputs_current(const std::vector<std::string>& files) const {
  bool current = true;
  for (const std::string& file : files) {
    if (!kept_unless_same(file, command_.flags().force)) current = false;
    else if (!result_unchanged_) throw differs(file);  // made from another result
  }
  return current;
}

}  // namespace ratrace
