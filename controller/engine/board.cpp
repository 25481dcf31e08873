#include "ratrace/engine/board.h"

#include <chrono>

#include "ratrace/common/crash.h"
#include "ratrace/tracks/streams.h"
#include "ratrace/tracks/track.h"

namespace ratrace {

uint64_t board_seed(uint64_t master_seed, int index) {
  return stream_key(master_seed, kTagBoard, static_cast<uint64_t>(index));
}

Entrant entrant_for(std::string label, const std::string& player, Config config) {
  const PlayerInfo& info = find_player(player);
  return {std::move(label), player, std::move(config), info.code, info.source};
}

bool play_board(const Entrant& entrant, uint64_t master_seed, int board, const RunOptions& options, BoardResult& result,
                const std::atomic<size_t>* games_waiting, GameObserver* observer) {
  // A stopped run drops its unfinished games: one not started yet is not worth its track.
  if (options.stop && options.stop->load(std::memory_order_relaxed)) return false;
  const auto start = std::chrono::steady_clock::now();
  result = BoardResult{};
  result.index = board;
  result.seed = board_seed(master_seed, board);
  const PlayerInfo& player = find_player(entrant.player);
  const Track track = generate_track(entrant.config, result.seed);
  GameOptions game_options;
  game_options.cache = options.cache;
  game_options.stop = options.stop;
  game_options.games_waiting = games_waiting;
  game_options.observer = observer;
  // A player that crashes the process (a plugin's bad pointer) is named with its board.
  const CrashScope crash_scope("player '" + entrant.player + "'",
                               "on board " + std::to_string(board) + " (seed " + std::to_string(result.seed) + ")");
  try {
    static_cast<GameResult&>(result) =
        play_game(entrant.config, track, player, stream_key(result.seed, kTagGame, 0), game_options);
  } catch (const GameStopped&) {
    return false;
  } catch (const GameFault& fault) {
    result.turns = fault.turn;
    result.fault = std::string(fault.what()) + " [player " + player.name + ", board " + std::to_string(board) +
                   ", board seed " + std::to_string(result.seed) + ", turn " + std::to_string(fault.turn) +
                   ", specimen #" + std::to_string(fault.specimen) + "]";
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return true;
}

}  // namespace ratrace
