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

}  // namespace ratrace
