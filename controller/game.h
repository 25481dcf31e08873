#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "controller/config.h"
#include "controller/player.h"
#include "tracks/track.h"

namespace ratrace {

// Receives one JSON object per specimen event when a game is traced.
using TraceSink = std::function<void(const nlohmann::json& event)>;

// How a game is run; none of these change its result.
struct GameOptions {
  bool cache = true;                          // memoise calls that drew no random number
  bool parallel = true;                       // move a large population's specimens in parallel
  const TraceSink* trace = nullptr;           // every event; runs serially without the cache
  const std::atomic<bool>* stop = nullptr;    // checked every turn; a stopped game is discarded
  // Games of the same run still waiting for a thread, checked every turn: while any wait,
  // every core has a game of its own and in-game parallelism would only cost.
  const std::atomic<size_t>* games_waiting = nullptr;
};

// What a finished game produced, and what it cost.
struct GameResult {
  uint64_t score = 1;            // 1 + goals
  int turns = 0;                 // turns played (fewer than config.turns if it died out)
  uint64_t peak_population = 0;
  uint64_t moves = 0;            // specimen moves made (dying of age is not a move)
  uint64_t player_calls = 0;     // moves that called the player (the rest came from the cache)
  uint64_t peak_genomes = 0;     // most distinct live genomes at once (the cache's size)
  bool interrupted = false;      // stopped through GameOptions::stop; not a result
};

// A player fault: an illegal move, a view or genome read out of range, or an exception.
struct GameFault : std::runtime_error {
  GameFault(const std::string& what, int turn, uint64_t specimen)
      : std::runtime_error(what), turn(turn), specimen(specimen) {}
  int turn;
  uint64_t specimen;  // serial number: the n-th specimen created in the game, from 0
};

// Plays one game. A pure function of (config, track, player, game seed): the options only
// change how fast it runs. Throws GameFault on a player fault.
GameResult play_game(const Config& config, const Track& track, const PlayerInfo& player, uint64_t game_seed,
                     const GameOptions& options = {});

}  // namespace ratrace
