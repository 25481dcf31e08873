#pragma once
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/cli/progress.h"
#include "ratrace/common/cli.h"
#include "ratrace/runs/journal.h"
#include "ratrace/runs/run_flags.h"

namespace ratrace {

// The program as it was invoked (argv[0]), for the commands a message tells the user to
// paste; "ratrace" until main sets it.
void set_program_path(const std::string& path);
// The shell command that finishes the run of `command` kept in `journal`, every word quoted.
std::string resume_command(const std::string& command, const std::string& journal);

// The games play_into_journal played now (not those already in the journal).
struct PlayedGames {
  size_t games = 0;
  uint64_t moves = 0;
  double seconds = 0;  // wall time
};

// Plays `tasks` of the journal's run (flags give threads and cache): appends each game to
// the journal as it ends (a failed write stops the run and throws; the games written
// before it stay durable), fsyncs it at the end and reports it to `progress` with its entrant's running geometric
// mean over every finished, unfaulted game, those already in the journal included.
PlayedGames play_into_journal(Journal& journal, const std::vector<BoardTask>& tasks, const RunFlags& flags,
                              const StopOnSignal& stop, Progress& progress);

// How a command's run is opened: its name, the stem of its default journal, the result files
// it writes, and the header of a new run (called only when the journal is not reused, so a
// resumed run keeps its journal's own).
struct RunPlan {
  std::string command;       // score, leaderboard, sweep, compare
  std::string default_name;  // the journal defaults to runs/<default_name>-<run_hash>.jsonl
  std::vector<std::string> outputs;
  std::function<RunHeader()> new_header;
};

// The flow every game-running command shares: opens the journal, plays into it under Ctrl-C
// and a progress line, and at the end prints the speed and the faults, writes the result
// files and picks the exit code. The command keeps its header, its summary and its printout.
//
// The journal: --resume names one (a journal of the same command; a flag that would change
// the run is refused). Otherwise the run goes to --journal or the default name; a journal
// already there holding this very run (the same header) is reused: finished, it is reported
// again; unfinished, it is resumed. A journal of another run is refused unless --force.
// Result files: with a new journal an existing one is refused before any game unless --force;
// with a reused one it is compared at the end: one that holds what the run writes now is left
// as it is, one that differs is refused unless --force.
class JournalledRun {
 public:
  JournalledRun(const RunFlags& flags, const RunPlan& plan);
  JournalledRun(const JournalledRun&) = delete;
  JournalledRun& operator=(const JournalledRun&) = delete;

  const RunHeader& header() const { return journal_.header(); }
  const Journal& journal() const { return journal_; }

  // Plays `tasks` (by default every game not yet in the journal) under a progress line
  // titled `title`; false when Ctrl-C stopped the run.
  bool play(const std::string& title, const std::vector<BoardTask>& tasks);
  bool play(const std::string& title) { return play(title, journal_.missing()); }
  // Says what an interrupted run kept and the command that finishes it; kExitInterrupted.
  int report_interrupted() const;

  // The faulted games among boards [0, boards) (every board: -1), entrant by entrant.
  std::vector<const BoardResult*> faulted(int boards = -1) const;
  // The speed of the games played now (if any), then one line per faulted game.
  void print_speed_and_faults(const char* indent, const std::vector<const BoardResult*>& faulted) const;

  // Writes the result document to `json_file` ("" none, "-" standard output).
  void write_result(const std::string& json_file, const nlohmann::json& document);
  // Writes another text output (Markdown, CSV); `comparable` maps a text to what must match
  // for an existing file to count as this output (e.g. without its date).
  void write_text(const std::string& path, const std::string& text,
                  const std::function<std::string(const std::string&)>& comparable = nullptr) const;
  // Draws FILE.png and FILE.svg from the result with `script` (scripts/), unless they are
  // there already and the result file was left unchanged.
  void draw_plot(const std::string& plot_file, const std::string& script, const std::vector<std::string>& args) const;

  static int exit_code(const std::vector<const BoardResult*>& faulted) {
    return faulted.empty() ? kExitOk : kExitFaults;
  }

 private:
  RunFlags flags_;
  // What StopOnSignal says on the first Ctrl-C or SIGTERM, with the command that finishes the
  // run: under mpirun, a rank's death ends rank 0 with a SIGTERM and then a SIGKILL, so this
  // line may be the last it prints.
  std::string stop_message_;
  // Caught from before the journal exists, so a signal that finds the journal on disk always
  // stops the run and keeps it (a script's background job inherits SIGINT ignored).
  StopOnSignal stop_;
  Journal journal_;
  std::optional<Progress> progress_;
  PlayedGames played_;
  bool result_unchanged_ = false;  // the result file already held this result
};

}  // namespace ratrace
