#pragma once
// Training: MENACE (as X) against an opponent for many games, many independent learners in
// parallel, and the learning curve and "stops losing" figures over them.
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "menace/boxes.h"
#include "menace/learner.h"

namespace ratrace::menace {

// Who MENACE plays. kMenace: a second MENACE with its own boxes of O positions (its own
// enumeration, same bead start and rule), learning from the same games -- "itself as O".
// kPerfectFixed: minimax always playing its first best move, one repeated line of best play.
enum class OpponentKind { kRandom, kPerfect, kPerfectFixed, kMenace };
// "random", "perfect", "perfect-fixed", "menace"; throws otherwise.
OpponentKind opponent_from_string(const std::string& s);
std::string to_string(OpponentKind k);

// One training run. Learner i's stream is stream_key(seed, learner tag, i); game g's is
// stream_key(learner stream, game tag, games already played + g), so a run continued from
// saved boxes draws what one long run would have drawn.
struct TrainConfig {
  uint64_t seed = 1;
  uint64_t games = 2000;
  int learners = 1;
  int threads = 0;  // 0: all cores
  StartBeads start = StartBeads::kRandom;
  std::string reinforcement_name = "challenge";
  OpponentKind opponent = OpponentKind::kRandom;
  double opponent_error = 0;      // kPerfect(Fixed): share of its moves played at random
  uint64_t block = 100;           // games per learning-curve point
  uint64_t no_loss_window = 100;  // "stopped losing": this many games in a row without a loss
};

// The games per learning-curve point when none is asked for: 100, or for longer runs the
// smallest of 200, 500, 1000, 2000, 5000, ... that keeps the curve within kMaxDefaultBlocks
// points, so a curve's size follows its points and never the number of games.
constexpr uint64_t kMaxDefaultBlocks = 2000;
uint64_t default_block(uint64_t games);
// The most points a curve may have, whatever --block asks: a curve file stays a few MB.
constexpr uint64_t kMaxBlocks = 20000;
// The learning-curve points of `games` games: the last block may be short.
constexpr uint64_t block_count(uint64_t games, uint64_t block) { return games / block + (games % block != 0); }

// The stream of learner `index` under `seed`, of its game number `game` (counted over every
// run of its boxes), and its fresh boxes: `menace play` uses learner 0's.
uint64_t learner_key(uint64_t seed, int index);
uint64_t game_key(uint64_t learner, uint64_t game);
Matchboxes fresh_learner_boxes(uint64_t learner, Mark player, StartBeads start);

// When a learner stops losing, followed one game at a time: the game number of its last loss
// before its first `window` games in a row without a loss (0: it had not lost), and whether it
// lost again after that run.
struct NoLossTracker {
  uint64_t window = 100;
  uint64_t games = 0;
  uint64_t last_loss = 0;           // game number of the latest loss so far; 0: none
  std::optional<uint64_t> reached;  // set once the run of `window` games happened
  bool lost_again = false;

  void add(int result);  // +1 win, 0 draw, -1 loss
};

// What the learners did in games [first_game, last_game] of this run: the win, draw and loss
// shares and Michie's running score after last_game (draw +1, win +3, loss -1), each the mean
// over learners with its 95% t interval (shares clipped to [0, 1]).
nlohmann::json curve_row(uint64_t first_game, uint64_t last_game, const std::vector<std::array<uint64_t, 3>>& counts,
                         const std::vector<int64_t>& scores);

// Optional connections of a run to its caller.
struct TrainHooks {
  // Every finished block's curve_row, in order, as soon as every learner has played it.
  std::function<void(const nlohmann::json& row)> on_block;
  // Once set, every learner stops within a game; the run keeps the blocks that every learner
  // finished and rolls the boxes back to the end of the last of them.
  const std::atomic<bool>* stop = nullptr;
  // Games played so far over all learners, for a progress display (it may run ahead of the
  // finished blocks by games that a stop then discards).
  std::atomic<uint64_t>* games_played = nullptr;
};

// Where a run ended: after `games` games of every learner (config.games unless stopped).
struct TrainOutcome {
  uint64_t games = 0;
  bool stopped = false;
  std::vector<Matchboxes> boxes;                          // per learner
  std::vector<std::optional<Matchboxes>> opponent_boxes;  // per learner, kMenace only
  std::vector<NoLossTracker> no_loss;                     // per learner
};

// Trains every learner, block by block, in parallel on oneTBB; identical whatever
// config.threads. Memory stays the same whatever config.games: only the boxes and the current
// blocks' tallies are kept. `start` / `opponent_start`: boxes to continue from (else fresh).
// A failing learner stops the run with an exception naming it.
TrainOutcome train(const TrainConfig& config, const Matchboxes* start = nullptr,
                   const Matchboxes* opponent_start = nullptr, const TrainHooks& hooks = {});

// The learning-curve file's fields before its blocks: format, version and the run's settings
// (`games_played_before`: the games the start boxes had learnt from).
nlohmann::json curve_header(const TrainConfig& config, uint64_t games_played_before);

// The "stops losing" distribution over learners, for the curve file and the summary.
nlohmann::json stops_losing(uint64_t window, const std::vector<NoLossTracker>& learners);

// The learning-curve file's fields after its blocks: how far the run got and the "stops
// losing" distribution.
nlohmann::json curve_tail(const TrainConfig& config, const TrainOutcome& outcome);

// Throws ratrace::UsageError when a run cannot be made as asked: too many curve points, an
// opponent error without a perfect opponent, start boxes for more than one learner or for an
// opponent that is not MENACE, or start boxes with too little room left to count the games.
void check_training(const TrainConfig& config, const Matchboxes* start, const Matchboxes* opponent_start);

}  // namespace ratrace::menace
