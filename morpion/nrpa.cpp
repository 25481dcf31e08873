#include "morpion/nrpa.h"

#include <chrono>
#include <cmath>
#include <stdexcept>

namespace morpion {

int nrpa_code(const Move& move) {
  const int k = (move.dot - move.first_cell()) / kStep[static_cast<size_t>(move.dir())];
  return move.line * 5 + k;
}

namespace {
using Clock = std::chrono::steady_clock;
using Policy = std::vector<float>;

// One search's state: its random stream, counters and limits, shared by every level.
class Nrpa {
 public:
  Nrpa(uint64_t key, const NrpaOptions& options, const SearchLimits& limits, const ImprovementCallback& callback,
       SearchResult& result)
      : rng_(key), options_(options), limits_(limits), callback_(callback), result_(result), start_(Clock::now()) {}

  Game run(int level, const Policy& policy) {
    if (level == 0) return playout(policy);
    Policy adapted = policy;
    Game best;
    for (int i = 0; i < options_.iterations && !stopping_; ++i) {
      Game game = run(level - 1, adapted);
      if (game.size() >= best.size()) best = std::move(game);
      adapt(adapted, best);
    }
    return best;
  }

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  Game playout(const Policy& policy) {
    if ((limits_.stop && limits_.stop->load(std::memory_order_relaxed)) ||
        (limits_.seconds > 0 && elapsed() >= limits_.seconds) ||
        (limits_.iterations > 0 && result_.iterations >= limits_.iterations)) {
      stopping_ = true;
      result_.stopped = limits_.iterations == 0 || result_.iterations < limits_.iterations;
      return {};
    }
    Board board(options_.rules);
    Game game;
    std::vector<double> weights;
    while (!board.legal_moves().empty()) {
      const auto moves = board.legal_moves();
      weights.resize(moves.size());
      double total = 0;
      for (size_t i = 0; i < moves.size(); ++i) total += weights[i] = std::exp(policy[static_cast<size_t>(nrpa_code(moves[i]))]);
      double target = rng_.uniform() * total;
      size_t chosen = 0;
      while (chosen + 1 < moves.size() && target >= weights[chosen]) target -= weights[chosen++];
      const Move m = moves[chosen];
      game.push_back(m);
      board.play(m);
    }
    ++result_.iterations;
    if (limits_.work_done) limits_.work_done->fetch_add(1, std::memory_order_relaxed);
    if (game.size() > result_.best.size()) {
      result_.best = game;
      const Improvement step{result_.iterations, static_cast<int>(game.size()), elapsed()};
      result_.improvements.push_back(step);
      if (callback_) callback_(result_.search, step, game);
    }
    return game;
  }

  // Rosin's Adapt: every step of `best` raises its move's weight by alpha and lowers each
  // legal move's by alpha times its probability under the policy as it was on entry.
  void adapt(Policy& policy, const Game& best) {
    deltas_.clear();
    Board board(options_.rules);
    std::vector<double> weights;
    for (const Move& step : best) {
      const auto moves = board.legal_moves();
      weights.resize(moves.size());
      double total = 0;
      for (size_t i = 0; i < moves.size(); ++i) total += weights[i] = std::exp(policy[static_cast<size_t>(nrpa_code(moves[i]))]);
      deltas_.push_back({nrpa_code(step), options_.alpha});
      for (size_t i = 0; i < moves.size(); ++i) deltas_.push_back({nrpa_code(moves[i]), -options_.alpha * weights[i] / total});
      board.play(step);
    }
    for (const auto& [code, delta] : deltas_) policy[static_cast<size_t>(code)] += static_cast<float>(delta);
  }

  ratrace::Rng rng_;
  const NrpaOptions& options_;
  const SearchLimits& limits_;
  const ImprovementCallback& callback_;
  SearchResult& result_;
  Clock::time_point start_;
  bool stopping_ = false;
  std::vector<std::pair<int, double>> deltas_;
};
}  // namespace

SearchResult nrpa_search(uint64_t master_seed, int search, const NrpaOptions& options, const SearchLimits& limits,
                         const ImprovementCallback& on_improvement) {
  if (options.level < 1 || options.iterations < 1) throw std::invalid_argument("NRPA needs level >= 1 and iterations >= 1");
  SearchResult result;
  result.search = search;
  Nrpa nrpa(ratrace::stream_key(master_seed, kTagNrpa, static_cast<uint64_t>(search)), options, limits,
            on_improvement, result);
  nrpa.run(options.level, Policy(kNrpaCodes, 0.0f));
  result.seconds = nrpa.elapsed();
  return result;
}

}  // namespace morpion
