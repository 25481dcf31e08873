#pragma once
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "controller/config.h"
#include "controller/journal.h"
#include "common/cli.h"
#include "common/io.h"
#include "common/stats.h"

namespace ratrace {

// Options every game-running command shares.
struct RunFlags {
  std::string config_file;            // --config FILE
  std::vector<std::string> sets;      // --set key=value, applied after the file
  uint64_t seed = 1;                  // --seed: master seed
  int boards = 100;
  int threads = 0;                    // 0: all cores
  bool no_cache = false;
  std::string json_file;              // final summary
  std::string journal_file;           // per-game JSON lines; default under runs/
  std::string resume_file;            // finish this journal instead of starting afresh
  bool force = false;                 // --force: replace an existing journal (new run) and output files
  std::vector<std::string> given;     // the flags given on the command line, e.g. "--seed"
};

// The config from --config and --set, validated.
Config build_config(const std::string& config_file, const std::vector<std::string>& sets);
// Splits "key=value"; throws naming the text when there is no '='.
std::pair<std::string, std::string> split_assignment(const std::string& text);

// What StopOnSignal (common/cli.h) says on a run's first Ctrl-C.
inline constexpr const char* kStopGamesMessage =
    "\nstopping: unfinished games are dropped, every finished game is kept (Ctrl-C again to kill)\n";

// Progress of a run: a live line on a terminal, plain log lines otherwise.
class Progress {
 public:
  Progress(std::string title, size_t total, size_t already_done);
  void game_finished(const std::string& label, const BoardResult& result, double running_geometric_mean);
  void close();

 private:
  std::string title_;
  size_t total_, done_, done_at_start_;
  bool tty_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

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
// Says what an interrupted run kept and how to finish it; returns the exit code, 130.
int report_interrupted(const Journal& journal);

// Opens the run's journal: resumes --resume (which must be a journal of `command`; a flag
// that would change the run is refused), or creates a new one at --journal (default
// runs/<default_name>-<run_hash>.jsonl; an existing file is refused unless --force) with
// the header that `new_header` builds, called only for a new run: a resumed run keeps its
// journal's own. Before any game is played, checks that every file in `outputs` (the
// command's result files) can be written, and refuses any that exists unless --force.
Journal open_journal(const RunFlags& flags, const std::string& command, const std::string& default_name,
                     const std::vector<std::string>& outputs,
                     const std::function<RunHeader()>& new_header);

nlohmann::json summary_to_json(const ScoreSummary& s);
nlohmann::json paired_to_json(const PairedSummary& p);
// "34.5 [28.1, 41.6]" with sensible precision for numbers from 1 to millions.
std::string format_score(double value);
std::string format_interval(double low, double high);

}  // namespace ratrace
