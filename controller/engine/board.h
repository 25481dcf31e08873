#pragma once
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "ratrace/engine/game.h"
#include "ratrace/tracks/config.h"

// The engine's one entry point for a run: (config, player, master seed, board) -> result.
namespace ratrace {

// Seed of board `index` under a master seed; the board's track and game derive from it.
uint64_t board_seed(uint64_t master_seed, int index);

// One board's game as it goes into result files: the game's result, where and how long.
struct BoardResult : GameResult {
  int index = 0;
  uint64_t seed = 0;
  double seconds = 0;
  std::string fault;  // empty unless the player faulted; the score is then not valid
};

// Something that plays boards: a player under a config, with a label for reports, and what
// the games depend on besides: the player's code fingerprint (PlayerInfo::code) and, for a
// player made outside the program, where it is loaded from.
struct Entrant {
  std::string label;
  std::string player;
  Config config;
  std::string code = {};                    // the player's code fingerprint (PlayerInfo::code)
  std::optional<PlayerSource> source = {};  // where it loads from, if not compiled in
};
// The entrant `label` playing the registered `player` under `config`, its code and source
// taken from the registry; throws std::invalid_argument for an unknown player.
Entrant entrant_for(std::string label, const std::string& player, Config config);

// How games are run; none of these change a result.
struct RunOptions {
  int threads = 0;  // 0: all cores
  bool cache = true;
  const std::atomic<bool>* stop = nullptr;  // unfinished games are dropped when it is set
};

// Plays one board. Player faults are caught and recorded, with player, board, seed, turn
// and specimen, in BoardResult::fault. Returns false (and nothing) if stopped.
// `games_waiting` (see GameOptions) is set by run_boards; `observer` (see GameOptions) by
// `play --board`, which replays one board of a run exactly through this same function.
bool play_board(const Entrant& entrant, uint64_t master_seed, int board, const RunOptions& options, BoardResult& result,
                const std::atomic<size_t>* games_waiting = nullptr, GameObserver* observer = nullptr);

}  // namespace ratrace
