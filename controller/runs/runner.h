#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/engine/board.h"

namespace ratrace {

// One game to play: entrant `entrant` on board `board`.
struct BoardTask {
  size_t entrant = 0;
  int board = 0;
};

// Plays every task on a oneTBB arena of options.threads threads. `finished` is called,
// serialised, as each game ends. A game's result does not depend on thread count or order.
void run_boards(const std::vector<Entrant>& entrants, const std::vector<BoardTask>& tasks, uint64_t master_seed,
                const RunOptions& options, const std::function<void(size_t entrant, const BoardResult&)>& finished);

// run_boards with every game in a process of its own (fork), up to options.threads at once
// (0: one per core), for players that may crash the process (--isolate). A game whose process
// dies of a signal (SIGSEGV, SIGABRT...) or exits without its result is that game's player
// fault, crashed_fault(); the other games go on. `finished` is called on this thread. SIGINT,
// SIGTERM or SIGHUP to a game's process alone drops that game. One process only (not under MPI).
void run_boards_isolated(const std::vector<Entrant>& entrants, const std::vector<BoardTask>& tasks,
                         uint64_t master_seed, const RunOptions& options,
                         const std::function<void(size_t entrant, const BoardResult&)>& finished);

// The fault of a game whose process ended without its result: "crashed: SIGSEGV [player P,
// board B, board seed S]" (`how`: "SIGSEGV", or "exit code 4").
std::string crashed_fault(const std::string& how, const std::string& player, const BoardResult& r);

}  // namespace ratrace
