#include "menace/training.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "ratrace/common/parallel.h"
#include "ratrace/common/rng.h"
#include "ratrace/common/stats.h"
#include "ratrace/common/usage_error.h"
#include "ratrace/common/version.h"

namespace ratrace::menace {

namespace {

constexpr uint64_t kTagLearner = 0x4c4541524e4552ULL;      // "LEARNER"
constexpr uint64_t kTagGame = 0x47414d45ULL;               // "GAME"
constexpr uint64_t kTagBoxes = 0x424f584553ULL;            // "BOXES"
constexpr uint64_t kTagOpponentBoxes = 0x4f424f584553ULL;  // "OBOXES"

// Mean of `values` with its 95% t interval, clipped to [low, high] (shares lie in [0, 1]).
nlohmann::json mean_with_interval(const std::vector<double>& values, double low = -INFINITY, double high = INFINITY) {
  const MeanInterval m = mean_interval(values);
  nlohmann::json j = {{"mean", m.mean}};
  if (values.size() < 2) {
    j["ci95"] = {nullptr, nullptr};
    return j;
  }
  j["ci95"] = {std::max(low, m.mean - m.half_width), std::min(high, m.mean + m.half_width)};
  return j;
}

double quantile(std::vector<double> sorted, double q) {
  std::sort(sorted.begin(), sorted.end());
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const size_t lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(sorted.size() - 1, lo + 1);
  return sorted[lo] + (pos - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

}  // namespace

uint64_t learner_key(uint64_t seed, int index) { return stream_key(seed, kTagLearner, static_cast<uint64_t>(index)); }

uint64_t game_key(uint64_t learner, uint64_t game) { return stream_key(learner, kTagGame, game); }

Matchboxes fresh_learner_boxes(uint64_t learner, Mark player, StartBeads start) {
  return fresh_boxes(player, start, stream_key(learner, player == Mark::kX ? kTagBoxes : kTagOpponentBoxes, 0));
}

OpponentKind opponent_from_string(const std::string& s) {
  if (s == "random") return OpponentKind::kRandom;
  if (s == "perfect") return OpponentKind::kPerfect;
  if (s == "perfect-fixed") return OpponentKind::kPerfectFixed;
  if (s == "menace") return OpponentKind::kMenace;
  throw std::invalid_argument("opponent must be 'random', 'perfect', 'perfect-fixed' or 'menace', not '" + s + "'");
}

std::string to_string(OpponentKind k) {
  switch (k) {
    case OpponentKind::kRandom: return "random";
    case OpponentKind::kPerfect: return "perfect";
    case OpponentKind::kPerfectFixed: return "perfect-fixed";
    default: return "menace";
  }
}

uint64_t default_block(uint64_t games) {
  for (uint64_t decade = 100;; decade *= 10)
    for (uint64_t step : {1, 2, 5})
      if (const uint64_t block = decade * step; block_count(games, block) <= kMaxDefaultBlocks) return block;
}

void NoLossTracker::add(int result) {
  ++games;
  if (reached) {
    lost_again = lost_again || result < 0;
  } else if (result < 0) {
    last_loss = games;
  } else if (games - last_loss >= window) {
    reached = last_loss;
  }
}

nlohmann::json curve_row(uint64_t first_game, uint64_t last_game, const std::vector<std::array<uint64_t, 3>>& counts,
                         const std::vector<int64_t>& scores) {
  const double n = static_cast<double>(last_game - first_game + 1);
  std::vector<double> shares[3];
  for (const auto& c : counts)
    for (int k = 0; k < 3; ++k) shares[k].push_back(static_cast<double>(c[k]) / n);
  return {{"first_game", first_game},
          {"last_game", last_game},
          {"win", mean_with_interval(shares[0], 0, 1)},
          {"draw", mean_with_interval(shares[1], 0, 1)},
          {"loss", mean_with_interval(shares[2], 0, 1)},
          {"score", mean_with_interval(std::vector<double>(scores.begin(), scores.end()))}};
}

namespace {

// Everything one learner carries from block to block.
struct LearnerState {
  uint64_t key = 0;
  Learner menace;
  std::optional<Learner> opponent;  // kMenace
  NoLossTracker no_loss;
  int64_t score = 0;  // Michie's running score
};

// Learners meet after every round of whole blocks: at least kRoundGames games each, so short
// blocks do not cost a parallel launch apiece, and at most kRoundTallies tallies over all
// learners, so the round's memory stays small whatever the number of learners.
constexpr uint64_t kRoundGames = 16384;
constexpr uint64_t kRoundTallies = uint64_t{1} << 20;
// Progress is published every kProgressGames games, not every game, to keep the shared
// counter off the hot path.
constexpr uint64_t kProgressGames = 4096;

std::unique_ptr<Player> fixed_opponent(const TrainConfig& config) {
  switch (config.opponent) {
    case OpponentKind::kRandom: return std::make_unique<RandomPlayer>(Mark::kO);
    case OpponentKind::kPerfect: return std::make_unique<PerfectPlayer>(Mark::kO, config.opponent_error);
    case OpponentKind::kPerfectFixed: return std::make_unique<PerfectPlayer>(Mark::kO, config.opponent_error, true);
    default: return nullptr;
  }
}

}  // namespace

TrainOutcome train(const TrainConfig& config, const Matchboxes* start, const Matchboxes* opponent_start,
                   const TrainHooks& hooks) {
  if (config.learners < 1) throw std::invalid_argument("at least one learner is needed");
  if (config.block < 1) throw std::invalid_argument("a block holds at least one game");
  const size_t learners = static_cast<size_t>(config.learners);
  const Reinforcement reinforcement = reinforcement_from_string(config.reinforcement_name);
  std::vector<LearnerState> states;
  states.reserve(learners);
  for (size_t i = 0; i < learners; ++i) {
    const uint64_t key = learner_key(config.seed, static_cast<int>(i));
    std::optional<Learner> opponent;
    if (config.opponent == OpponentKind::kMenace)
      opponent.emplace(opponent_start ? *opponent_start : fresh_learner_boxes(key, Mark::kO, config.start),
                       reinforcement);
    NoLossTracker no_loss;
    no_loss.window = config.no_loss_window;
    states.push_back({key, Learner(start ? *start : fresh_learner_boxes(key, Mark::kX, config.start), reinforcement),
                      std::move(opponent), no_loss, 0});
  }
  const uint64_t blocks_per_round =
      std::max<uint64_t>(1, std::min(block_count(kRoundGames, config.block), kRoundTallies / learners));
  // A round plays on copies: when a stop cuts it short, `states` still holds the end of the
  // last whole round, so the boxes kept match the blocks kept.
  std::vector<LearnerState> next = states;
  std::vector<std::array<uint64_t, 3>> counts;  // [block of the round][learner]: wins, draws, losses
  std::vector<int64_t> scores;                  // [block of the round][learner]: score after it
  uint64_t done = 0;
  bool stopped = false;
  while (done < config.games) {
    const uint64_t round = std::min(config.games - done, blocks_per_round * config.block);
    const uint64_t blocks = block_count(round, config.block);
    counts.assign(blocks * learners, {});
    scores.assign(blocks * learners, 0);
    std::atomic<bool> cut{false};
    ratrace::run_indexed(learners, config.threads, "learner", [&](size_t i) {
      LearnerState s = states[i];
      const auto fixed = fixed_opponent(config);
      Player& opponent = s.opponent ? static_cast<Player&>(*s.opponent) : *fixed;
      uint64_t unpublished = 0;
      for (uint64_t g = 0; g < round; ++g) {
        if (hooks.stop && hooks.stop->load(std::memory_order_relaxed)) {
          cut = true;
          return;
        }
        Rng rng(game_key(s.key, s.menace.boxes().games_played));
        const Mark w = play_game(s.menace, opponent, rng);
        const int result = w == Mark::kX ? 1 : w == Mark::kO ? -1 : 0;
        const size_t at = (g / config.block) * learners + i;
        ++counts[at][result > 0 ? 0 : result == 0 ? 1 : 2];
        s.score += result > 0 ? 3 : result == 0 ? 1 : -1;
        scores[at] = s.score;
        s.no_loss.add(result);
        if (hooks.games_played && ++unpublished == kProgressGames) {
          hooks.games_played->fetch_add(unpublished, std::memory_order_relaxed);
          unpublished = 0;
        }
      }
      if (hooks.games_played) hooks.games_played->fetch_add(unpublished, std::memory_order_relaxed);
      next[i] = std::move(s);
    });
    if (cut) {
      stopped = true;
      break;
    }
    states.swap(next);
    for (uint64_t b = 0; b < blocks; ++b) {
      const uint64_t first = done + b * config.block + 1, last = std::min(done + round, first + config.block - 1);
      const auto begin = static_cast<ptrdiff_t>(b * learners), end = begin + static_cast<ptrdiff_t>(learners);
      const nlohmann::json row = curve_row(first, last, {counts.begin() + begin, counts.begin() + end},
                                           {scores.begin() + begin, scores.begin() + end});
      if (hooks.on_block) hooks.on_block(row);
    }
    done += round;
  }
  TrainOutcome outcome;
  outcome.games = done;
  outcome.stopped = stopped;
  for (auto& s : states) {
    outcome.boxes.push_back(s.menace.boxes());
    outcome.opponent_boxes.push_back(s.opponent ? std::optional<Matchboxes>(s.opponent->boxes()) : std::nullopt);
    outcome.no_loss.push_back(s.no_loss);
  }
  return outcome;
}

nlohmann::json curve_header(const TrainConfig& config, uint64_t games_played_before) {
  return {{"format", "menace-learning-curve"},
          {"version", 2},
          {"ratrace_version", ratrace::version()},
          {"config",
           {{"seed", config.seed},
            {"games", config.games},
            {"learners", config.learners},
            {"opponent", to_string(config.opponent)},
            {"opponent_error", config.opponent_error},
            {"beads", to_string(config.start)},
            {"reinforcement", config.reinforcement_name},
            {"block", config.block},
            {"no_loss_window", config.no_loss_window},
            {"games_played_before", games_played_before}}},
          {"score", "Michie's running score (draw +1, win +3, loss -1, Michie 1963) after each block's last game"}};
}

nlohmann::json stops_losing(uint64_t window, const std::vector<NoLossTracker>& learners) {
  nlohmann::json per_learner = nlohmann::json::array();
  std::vector<double> reached;
  size_t lost_again = 0;
  for (const auto& t : learners) {
    per_learner.push_back(t.reached ? nlohmann::json(*t.reached) : nlohmann::json(nullptr));
    if (!t.reached) continue;
    reached.push_back(static_cast<double>(*t.reached));
    lost_again += t.lost_again;
  }
  nlohmann::json stop = {{"definition", "game number of the last loss before the first " + std::to_string(window) +
                                            " games in a row without a loss (0: never lost); null: not reached"},
                         {"window", window},
                         {"learners", learners.size()},
                         {"reached", reached.size()},
                         {"lost_again_later", lost_again},
                         {"per_learner", per_learner}};
  if (!reached.empty()) {
    double mean = 0;
    for (double v : reached) mean += v;
    stop["mean"] = mean / static_cast<double>(reached.size());
    stop["quartiles"] = {quantile(reached, 0.25), quantile(reached, 0.5), quantile(reached, 0.75)};
    stop["min"] = *std::min_element(reached.begin(), reached.end());
    stop["max"] = *std::max_element(reached.begin(), reached.end());
  }
  return stop;
}

nlohmann::json curve_tail(const TrainConfig& config, const TrainOutcome& outcome) {
  return {{"games_completed", outcome.games},
          {"interrupted", outcome.stopped},
          {"stops_losing", stops_losing(config.no_loss_window, outcome.no_loss)}};
}

void check_training(const TrainConfig& config, const Matchboxes* start, const Matchboxes* opponent_start) {
  const uint64_t points = block_count(config.games, config.block);
  if (points > kMaxBlocks)
    throw UsageError("--block: " + std::to_string(config.block) + " games per point make " + std::to_string(points) +
                     " points of --games " + std::to_string(config.games) + "; at most " + std::to_string(kMaxBlocks) +
                     " (leave --block out for a size that fits)");
  if (config.opponent_error > 0 && config.opponent != OpponentKind::kPerfect &&
      config.opponent != OpponentKind::kPerfectFixed)
    throw UsageError("--opponent-error needs --opponent perfect or perfect-fixed");
  if ((start || opponent_start) && config.learners != 1)
    throw UsageError("start boxes are one learner's: use them with one learner");
  if (opponent_start && config.opponent != OpponentKind::kMenace)
    throw UsageError("the O learner's start boxes need --opponent menace");
  for (const Matchboxes* boxes : {start, opponent_start})
    if (boxes && config.games > kMaxGamesPlayed - boxes->games_played)
      throw UsageError("--games: the loaded boxes have learnt from " + std::to_string(boxes->games_played) +
                       " games; " + std::to_string(config.games) + " more would pass the most they may count (2^53)");
}

}  // namespace ratrace::menace
