#pragma once
// Training: MENACE (as X) against an opponent for many games, many independent learners in
// parallel, and the learning curve and "stops losing" figures over them.
#include <cstdint>
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
  double opponent_error = 0;       // kPerfect(Fixed): share of its moves played at random
  uint64_t block = 100;            // games per learning-curve point
  uint64_t no_loss_window = 100;   // "stopped losing": this many games in a row without a loss
};

// The stream of learner `index` under `seed`, of its game number `game` (counted over every
// run of its boxes), and its fresh boxes: `menace play` uses learner 0's.
uint64_t learner_key(uint64_t seed, int index);
uint64_t game_key(uint64_t learner, uint64_t game);
Matchboxes fresh_learner_boxes(uint64_t learner, Mark player, StartBeads start);

// Each game's result for MENACE and the boxes it ends with.
struct LearnerRun {
  std::vector<int8_t> results;  // +1 win, 0 draw, -1 loss, game by game
  Matchboxes boxes;
  std::optional<Matchboxes> opponent_boxes;  // kMenace only
};

// Trains learner `index` alone. `start` / `opponent_start`: boxes to continue from (else fresh).
LearnerRun train_learner(const TrainConfig& config, int index, const Matchboxes* start = nullptr,
                         const Matchboxes* opponent_start = nullptr);
// Every learner, in parallel on oneTBB; identical whatever config.threads. A failing learner
// stops the run with an exception naming it.
std::vector<LearnerRun> train(const TrainConfig& config, const Matchboxes* start = nullptr,
                              const Matchboxes* opponent_start = nullptr);

// Games until a learner stops losing: the game number of its last loss before its first run
// of `window` games without a loss (0: it never lost); empty when no such run happened.
// (The learning curve also counts learners that lost again after such a run.)
std::optional<uint64_t> games_until_no_loss(const std::vector<int8_t>& results, uint64_t window);

// The learning-curve file: per block of games, the win, draw and loss shares' mean over
// learners with a 95% t interval; the "stops losing" distribution; the running score.
nlohmann::json learning_curve(const TrainConfig& config, const std::vector<LearnerRun>& runs);

}  // namespace ratrace::menace
