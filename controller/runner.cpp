#include "controller/runner.h"

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <exception>
#include <mutex>

#include <nlohmann/json.hpp>
#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "controller/distributed.h"
#include "controller/game.h"
#include "controller/rng.h"
#include "tracks/track.h"

namespace ratrace {

uint64_t board_seed(uint64_t master_seed, int index) {
  return stream_key(master_seed, kTagBoard, static_cast<uint64_t>(index));
}

void to_json(nlohmann::json& j, const BoardResult& r) {
  j = {{"index", r.index},
       {"seed", r.seed},
       {"score", r.score},
       {"turns", r.turns},
       {"peak_population", r.peak_population},
       {"moves", r.moves},
       {"player_calls", r.player_calls},
       {"peak_genomes", r.peak_genomes},
       {"seconds", r.seconds},
       {"fault", r.fault.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.fault)}};
}

namespace {
// A field of a game record as an integer in [0, most]; throws naming it otherwise (a
// plain get<> would wrap a negative or too large number).
uint64_t counted_field(const nlohmann::json& j, const char* name, uint64_t most) {
  const auto& v = j.at(name);
  if (!v.is_number_unsigned() || v.get<uint64_t>() > most)
    throw std::invalid_argument(std::string("'") + name + "' must be an integer in [0, " + std::to_string(most) + "]");
  return v.get<uint64_t>();
}
}  // namespace

void from_json(const nlohmann::json& j, BoardResult& r) {
  if (!j.is_object()) throw std::invalid_argument("a game record is an object");
  constexpr uint64_t kAny = UINT64_MAX;
  r.index = static_cast<int>(counted_field(j, "index", INT32_MAX));
  r.seed = counted_field(j, "seed", kAny);
  r.score = counted_field(j, "score", kAny);
  r.turns = static_cast<int>(counted_field(j, "turns", INT32_MAX));
  r.peak_population = counted_field(j, "peak_population", kAny);
  r.moves = counted_field(j, "moves", kAny);
  r.player_calls = j.contains("player_calls") ? counted_field(j, "player_calls", kAny) : 0;
  r.peak_genomes = j.contains("peak_genomes") ? counted_field(j, "peak_genomes", kAny) : 0;
  if (!j.at("seconds").is_number()) throw std::invalid_argument("'seconds' must be a number");
  r.seconds = j.at("seconds").get<double>();
  const auto& fault = j.at("fault");
  if (!fault.is_null() && !fault.is_string()) throw std::invalid_argument("'fault' must be null or text");
  r.fault = fault.is_null() ? "" : fault.get<std::string>();
}

bool play_board(const Entrant& entrant, uint64_t master_seed, int board, const RunOptions& options,
                BoardResult& result, const std::atomic<size_t>* games_waiting, GameObserver* observer) {
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
  try {
    const GameResult game = play_game(entrant.config, track, player, stream_key(result.seed, kTagGame, 0), game_options);
    if (game.interrupted) return false;
    result.score = game.score;
    result.turns = game.turns;
    result.peak_population = game.peak_population;
    result.moves = game.moves;
    result.player_calls = game.player_calls;
    result.peak_genomes = game.peak_genomes;
  } catch (const GameFault& fault) {
    result.turns = fault.turn;
    result.fault = std::string(fault.what()) + " [player " + player.name + ", board " + std::to_string(board) +
                   ", board seed " + std::to_string(result.seed) + ", turn " + std::to_string(fault.turn) +
                   ", specimen #" + std::to_string(fault.specimen) + "]";
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return true;
}

void run_boards(const std::vector<Entrant>& entrants, const std::vector<BoardTask>& tasks, uint64_t master_seed,
                const RunOptions& options, const std::function<void(size_t, const BoardResult&)>& finished) {
  if (distributed_run_active()) return run_boards_distributed(entrants, tasks, master_seed, options, finished);
  std::mutex report_mutex;
  std::exception_ptr error;
  std::atomic<size_t> waiting = tasks.size();
  auto play_task = [&](const BoardTask& task) {
    waiting.fetch_sub(1, std::memory_order_relaxed);
    // Anything but a player fault (those are results) is a controller error: keep the
    // first with its context and let the other games finish.
    try {
      BoardResult result;
      if (!play_board(entrants.at(task.entrant), master_seed, task.board, options, result, &waiting)) return;
      std::lock_guard lock(report_mutex);
      finished(task.entrant, result);
    } catch (const std::exception& e) {
      std::lock_guard lock(report_mutex);
      if (!error)
        error = std::make_exception_ptr(std::runtime_error("board " + std::to_string(task.board) + " of '" +
                                                           entrants.at(task.entrant).label + "': " + e.what()));
    }
  };
  tbb::task_arena arena(options.threads > 0 ? options.threads : tbb::info::default_concurrency());
  arena.execute([&] {
    // One task per game (grain 1, simple partitioner): no game waits behind another that
    // happened to share its chunk.
    tbb::parallel_for(
        tbb::blocked_range<size_t>(0, tasks.size(), 1),
        [&](const tbb::blocked_range<size_t>& range) {
          for (size_t t = range.begin(); t < range.end(); ++t) play_task(tasks[t]);
        },
        tbb::simple_partitioner());
  });
  if (error) std::rethrow_exception(error);
}

}  // namespace ratrace
