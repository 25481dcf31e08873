#pragma once
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/cli/progress.h"
#include "ratrace/common/cli.h"
#include "ratrace/runs/journal.h"
#include "ratrace/runs/run_flags.h"

namespace ratrace {

// What StopOnSignal (common/cli.h) says on a run's first Ctrl-C.
inline constexpr const char* kStopGamesMessage =
    "\nstopping: unfinished games are dropped, every finished game is kept (Ctrl-C again to kill)\n";

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


}  // namespace ratrace
