#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/engine/genome.h"

#include "ratrace/engine/player.h"
#include "ratrace/tracks/config.h"
#include "ratrace/tracks/track.h"

namespace ratrace {

// Receives one JSON object per specimen event when a game is traced.
using TraceSink = std::function<void(const nlohmann::json& event)>;

// One specimen's move in one turn, as a GameObserver sees it.
struct ObservedMove {
  static constexpr int8_t kDiedOfAge = -1;  // `move` of a specimen that died of age, making no move
  uint32_t serial;
  uint16_t from;  // cell at the start of the turn
  int8_t move;    // move index (see move_index), or kDiedOfAge
};

// Watches a game for a record (controller/see/record.h) without changing it. Observing runs
// the turns serially (the cache stays on): the calls come in a fixed order.
class GameObserver {
 public:
  virtual ~GameObserver() = default;
  virtual void started(const Config& config, const Track& track, uint64_t game_seed) = 0;
  // Turn 0 for the initial specimens; breeding in turn t comes after moved(t, ...).
  virtual void born(int turn, uint32_t serial, int cell, const Genome& genome) = 0;
  // Every specimen alive at the start of turn t, in population order.
  virtual void moved(int turn, std::span<const ObservedMove> moves) = 0;
};

// How a game is run; none of these change its result.
struct GameOptions {
  bool cache = true;                        // memoise calls that drew no random number
  bool parallel = true;                     // move a large population's specimens in parallel
  const TraceSink* trace = nullptr;         // every event; runs serially without the cache
  const std::atomic<bool>* stop = nullptr;  // checked every turn; a stopped game is discarded
  // Games of the same run still waiting for a thread, checked every turn: while any wait,
  // every core has a game of its own and in-game parallelism would only cost.
  const std::atomic<size_t>* games_waiting = nullptr;
  GameObserver* observer = nullptr;  // sees births and moves; runs serially
};

// What a finished game produced, and what it cost.
struct GameResult {
  uint64_t score = 1;  // 1 + goals
  int turns = 0;       // turns played (fewer than config.turns if it died out)
  uint64_t peak_population = 0;
  uint64_t moves = 0;         // specimen moves made (dying of age is not a move)
  uint64_t player_calls = 0;  // moves that called the player (the rest came from the cache)
  uint64_t peak_genomes = 0;  // most distinct live genomes at once (the cache's size)
};

// Thrown by play_game when GameOptions::stop was set before the game ended: no result.
struct GameStopped {};

// A player fault: an illegal move, a view or genome read out of range, or an exception.
struct GameFault : std::runtime_error {
  GameFault(const std::string& what, int turn, uint64_t specimen)
      : std::runtime_error(what), turn(turn), specimen(specimen) {}
  int turn;
  uint64_t specimen;  // serial number: the n-th specimen created in the game, from 0
};

// Plays one game. A pure function of (config, track, player, game seed): the options only
// change how fast it runs. Throws GameFault on a player fault, GameStopped on a stop.
GameResult play_game(const Config& config, const Track& track, const PlayerInfo& player, uint64_t game_seed,
                     const GameOptions& options = {});

}  // namespace ratrace
