#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "ratrace/runs/journal.h"
#include "ratrace/runs/run_flags.h"

// The durable run: what every front end (the command line, Python) does with a game-running
// command. It opens, resumes or refuses the run's journal, plays the missing games into it
// (through the oneTBB pool, or MPI ranks) while an observer watches, stops on request, and
// builds the result document and writes it, never replacing a user's file silently.
namespace ratrace {

// What one game-running command (score, compare, sweep, leaderboard) brings to a durable run.
class RunCommand {
 public:
  virtual ~RunCommand() = default;
  virtual std::string name() const = 0;  // "score"
  virtual const RunFlags& flags() const = 0;
  // Every word of the command as asked, in the command's declared order: the words that
  // define the run, then its outputs (each flag declared in run_flags.cpp).
  virtual CommandWords words() const = 0;
  // The start of its default journal's name, runs/<stem>-<run hash>.jsonl (made safe for a file name).
  virtual std::string journal_stem() const = 0;
  // Every file the run writes besides its journal ("" for an output not asked for).
  virtual std::vector<std::string> outputs() const = 0;
  // The header of a new run; throws std::invalid_argument for a request that cannot run.
  virtual RunHeader new_header() const = 0;
  // The games to play next, given the journal so far; none once the run is decided.
  virtual std::vector<BoardTask> next_games(const Journal& journal) = 0;
  // The result document of the decided run: result_document's fields and a summary.
  virtual nlohmann::json document(const Journal& journal) = 0;
};

// Watches a durable run; called on the thread that plays it, one call at a time.
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  // Before its first game: the run's games in all and those already in the journal.
  virtual void started(size_t games, size_t finished) = 0;
  // A game as it ends, with its entrant's geometric mean over every finished, unfaulted game
  // so far (those already in the journal included).
  virtual void game_finished(const Entrant& entrant, const BoardResult& result, double running_geometric_mean) = 0;
  // After the last game played now (also when stopped).
  virtual void ended() = 0;
};

// The games a durable run played itself (not those it found in its journal).
struct PlayedGames {
  size_t games = 0;
  uint64_t moves = 0;
  double seconds = 0;  // wall time
};

// The program as it was invoked (argv[0]), for the commands a message tells the user to
// paste; "ratrace" until a front end sets it.
void set_program_path(const std::string& path);

// "score-color_score.py-move-seed1" from words that may hold folders and colons: the text
// after any folder, every character a file name should not hold replaced by '-'.
std::string file_name_part(const std::string& text);

// A durable run of one command. The journal: --resume names one (a journal of the same
// command; a flag that would define the run otherwise is refused, and so is a player whose
// code changed since). Otherwise the run goes to --journal or to the default name in
// `journal_folder`; a journal already there holding this very run (the same identity) is
// reused: finished, it is reported again; unfinished, it is resumed. A journal of another run
// is refused unless --force, saying what differs. Result files: with a new journal an
// existing one is refused before any game unless --force; with a reused one it is compared at
// the end: one that holds what the run writes now is left as it is, one that differs is
// refused unless --force.
class DurableRun {
 public:
  // Opens the journal. `stop_flag` (a Ctrl-C handler's) stops the games when set; without
  // one the run has its own, set by stop().
  DurableRun(RunCommand& command, const std::string& journal_folder, std::atomic<bool>* stop_flag = nullptr);
  ~DurableRun();
  DurableRun(const DurableRun&) = delete;
  DurableRun& operator=(const DurableRun&) = delete;

  const RunHeader& header() const { return journal_.header(); }
  const Journal& journal() const { return journal_; }
  void set_observer(RunObserver* observer) { observer_ = observer; }

  // Plays the command's games on this thread until the run is decided or stopped; true if
  // decided. A failed journal write stops the games and throws, naming what was kept.
  bool run();
  // run() on a thread of its own, so that the caller keeps its thread (Python's main thread
  // polls it and takes Ctrl-C); wait() says when it has ended, and rethrows its error.
  void start();
  // Waits up to `seconds` for a started run; true once it has ended.
  bool wait(double seconds);
  // Stops the games from any thread: unfinished ones are dropped, finished ones kept.
  void stop();
  bool stopped() const { return stop_flag_->load(); }
  const std::atomic<bool>* stop_flag() const { return stop_flag_; }
  // Games in the journal now (readable while the run plays) and in all.
  size_t finished_games() const { return finished_.load(); }
  size_t total_games() const;
  const PlayedGames& played() const { return played_; }

  // The command that finishes this run after an interruption: the program, the flags that
  // load its players from outside, the command and --resume JOURNAL, each word quoted.
  std::string resume_command() const;
  // The result document of the decided run (built once).
  const nlohmann::json& document();
  // The faulted games among boards [0, boards) (every board: -1), entrant by entrant.
  std::vector<const BoardResult*> faulted(int boards = -1) const;

  // Writes the result document to `path` ("" none, "-" standard output).
  void write_result(const std::string& path);
  // Writes another text output (Markdown, CSV); `comparable` maps a text to what must match
  // for an existing file to count as this output (e.g. without its date).
  void write_text(const std::string& path, const std::string& text,
                  const std::function<std::string(const std::string&)>& comparable = nullptr) const;
  // Whether `files` made from the result file (pictures) are there already and current, so
  // that they need not be made again: they are when every one exists and the result file
  // already held this very result. False when one is missing or --force replaces them; an
  // existing one made from another result is refused (UsageError) unless --force.
  bool outputs_current(const std::vector<std::string>& files) const;

 private:
  bool play(const std::vector<BoardTask>& tasks);

  RunCommand& command_;
  std::atomic<bool> own_stop_ = false;
  std::atomic<bool>* stop_flag_;
  Journal journal_;
  RunObserver* observer_ = nullptr;
  std::atomic<size_t> finished_;
  PlayedGames played_;
  std::optional<nlohmann::json> document_;
  bool result_unchanged_ = false;
  std::thread thread_;
  std::atomic<bool> ended_ = false;
  std::mutex error_mutex_;
  std::exception_ptr error_;
};

}  // namespace ratrace
