#include "menace/training.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "ratrace/common/parallel.h"
#include "ratrace/common/rng.h"
#include "ratrace/common/stats.h"
#include "ratrace/common/version.h"

namespace ratrace::menace {

namespace {

constexpr uint64_t kTagLearner = 0x4c4541524e4552ULL;   // "LEARNER"
constexpr uint64_t kTagGame = 0x47414d45ULL;            // "GAME"
constexpr uint64_t kTagBoxes = 0x424f584553ULL;         // "BOXES"
constexpr uint64_t kTagOpponentBoxes = 0x4f424f584553ULL;  // "OBOXES"

// Mean of `values` with its 95% t interval, clipped to [low, high] (shares lie in [0, 1]).
nlohmann::json mean_with_interval(const std::vector<double>& values, double low = -INFINITY, double high = INFINITY) {
  const double n = static_cast<double>(values.size());
  double mean = 0;
  for (double v : values) mean += v;
  mean /= n;
  nlohmann::json j = {{"mean", mean}};
  if (values.size() < 2) {
    j["ci95"] = {nullptr, nullptr};
    return j;
  }
  double ss = 0;
  for (double v : values) ss += (v - mean) * (v - mean);
  const double half = t_quantile(0.95, n - 1) * std::sqrt(ss / (n - 1)) / std::sqrt(n);
  j["ci95"] = {std::max(low, mean - half), std::min(high, mean + half)};
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

LearnerRun train_learner(const TrainConfig& config, int index, const Matchboxes* start,
                         const Matchboxes* opponent_start) {
  const uint64_t key = learner_key(config.seed, index);
  const Reinforcement reinforcement = reinforcement_from_string(config.reinforcement_name);
  Learner menace(start ? *start : fresh_learner_boxes(key, Mark::kX, config.start), reinforcement);
  std::unique_ptr<Player> opponent;
  Learner* opponent_learner = nullptr;
  switch (config.opponent) {
    case OpponentKind::kRandom: opponent = std::make_unique<RandomPlayer>(Mark::kO); break;
    case OpponentKind::kPerfect: opponent = std::make_unique<PerfectPlayer>(Mark::kO, config.opponent_error); break;
    case OpponentKind::kPerfectFixed:
      opponent = std::make_unique<PerfectPlayer>(Mark::kO, config.opponent_error, true);
      break;
    case OpponentKind::kMenace: {
      auto learner = std::make_unique<Learner>(
          opponent_start ? *opponent_start : fresh_learner_boxes(key, Mark::kO, config.start),
          reinforcement);
      opponent_learner = learner.get();
      opponent = std::move(learner);
      break;
    }
  }
  LearnerRun run;
  run.results.reserve(config.games);
  const uint64_t games_before = menace.boxes().games_played;
  for (uint64_t g = 0; g < config.games; ++g) {
    Rng rng(game_key(key, games_before + g));
    const Mark w = play_game(menace, *opponent, rng);
    run.results.push_back(w == Mark::kX ? 1 : w == Mark::kO ? -1 : 0);
  }
  run.boxes = menace.boxes();
  if (opponent_learner) run.opponent_boxes = opponent_learner->boxes();
  return run;
}

std::vector<LearnerRun> train(const TrainConfig& config, const Matchboxes* start, const Matchboxes* opponent_start) {
  if (config.learners < 1) throw std::invalid_argument("at least one learner is needed");
  std::vector<LearnerRun> runs(static_cast<size_t>(config.learners));
  ratrace::run_indexed(runs.size(), config.threads, "learner", [&](size_t i) {
    runs[i] = train_learner(config, static_cast<int>(i), start, opponent_start);
  });
  return runs;
}

std::optional<uint64_t> games_until_no_loss(const std::vector<int8_t>& results, uint64_t window) {
  uint64_t last_loss = 0;  // game number (1-based) of the latest loss; 0: none yet
  for (uint64_t g = 1; g <= results.size(); ++g) {
    if (results[g - 1] < 0) last_loss = g;
    else if (g - last_loss >= window) return last_loss;
  }
  return std::nullopt;
}

nlohmann::json learning_curve(const TrainConfig& config, const std::vector<LearnerRun>& runs) {
  nlohmann::json blocks = nlohmann::json::array();
  const uint64_t games = runs.front().results.size();
  for (uint64_t first = 0; first < games; first += config.block) {
    const uint64_t last = std::min(games, first + config.block);
    std::vector<double> wins, draws, losses;
    for (const auto& run : runs) {
      double w = 0, d = 0, l = 0;
      for (uint64_t g = first; g < last; ++g) (run.results[g] > 0 ? w : run.results[g] == 0 ? d : l) += 1;
      const double n = static_cast<double>(last - first);
      wins.push_back(w / n);
      draws.push_back(d / n);
      losses.push_back(l / n);
    }
    blocks.push_back({{"first_game", first + 1},
                      {"last_game", last},
                      {"win", mean_with_interval(wins, 0, 1)},
                      {"draw", mean_with_interval(draws, 0, 1)},
                      {"loss", mean_with_interval(losses, 0, 1)}});
  }
  // Games until each learner stops losing, and how they spread.
  nlohmann::json per_learner = nlohmann::json::array();
  std::vector<double> reached;
  size_t lost_again = 0;
  for (const auto& run : runs) {
    const auto g = games_until_no_loss(run.results, config.no_loss_window);
    per_learner.push_back(g ? nlohmann::json(*g) : nlohmann::json(nullptr));
    if (!g) continue;
    reached.push_back(static_cast<double>(*g));
    lost_again += std::any_of(run.results.begin() + static_cast<ptrdiff_t>(*g + config.no_loss_window),
                              run.results.end(), [](int8_t r) { return r < 0; });
  }
  nlohmann::json stop = {{"definition", "game number of the last loss before the first " +
                                            std::to_string(config.no_loss_window) +
                                            " games in a row without a loss (0: never lost); null: not reached"},
                         {"window", config.no_loss_window},
                         {"learners", runs.size()},
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
  // Michie's running score (draw +1, win +3, loss -1) after every game, mean over learners.
  nlohmann::json score = nlohmann::json::array();
  std::vector<double> totals(runs.size(), 0.0);
  for (uint64_t g = 0; g < games; ++g) {
    for (size_t i = 0; i < runs.size(); ++i) totals[i] += runs[i].results[g] > 0 ? 3 : runs[i].results[g] == 0 ? 1 : -1;
    score.push_back(mean_with_interval(totals));
  }
  return {{"format", "menace-learning-curve"},
          {"version", 1},
          {"ratrace_version", ratrace::version()},
          {"config",
           {{"seed", config.seed},
            {"games", games},
            {"learners", runs.size()},
            {"opponent", to_string(config.opponent)},
            {"opponent_error", config.opponent_error},
            {"beads", to_string(config.start)},
            {"reinforcement", config.reinforcement_name},
            {"block", config.block},
            {"games_played_before", runs.front().boxes.games_played - games}}},
          {"blocks", blocks},
          {"stops_losing", stop},
          {"running_score", {{"scoring", "draw +1, win +3, loss -1 (Michie 1963)"}, {"after_game", score}}}};
}

}  // namespace ratrace::menace
