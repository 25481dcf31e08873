#include "morpion/nrpa.h"

#include <cmath>
#include <stdexcept>

namespace morpion {

int nrpa_code(const Move& move) {
  // The dot's place on the line, from x (ne, e, se step one column) or y (s): no division by the step.
  const int k =
      move.dir() == 3 ? cell_y(move.dot) - cell_y(move.first_cell()) : cell_x(move.dot) - cell_x(move.first_cell());
  return move.line * 5 + k;
}

namespace {
// exp(weight) per move code: playouts then need no exp at all, and a whole adaptation step
// one exp per distinct code it touches.
using Policy = std::vector<double>;

// One search's state: its random stream, counters and limits, shared by every level.
class Nrpa {
 public:
  Nrpa(uint64_t key, const NrpaOptions& options, const SearchLimits& limits, const ImprovementCallback& callback,
       SearchResult& result)
      : rng_(key), options_(options), limits_(limits), callback_(callback), result_(result), board_(options.rules) {}

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

  const SearchClock& clock() const { return clock_; }

 private:
  Game playout(const Policy& policy) {
    if ((limits_.stop && limits_.stop->load(std::memory_order_relaxed)) ||
        (clock_.read_due() && clock_.out_of_time(limits_)) ||
        (limits_.iterations > 0 && result_.iterations >= limits_.iterations)) {
      stopping_ = true;
      result_.stopped = limits_.iterations == 0 || result_.iterations < limits_.iterations;
      return {};
    }
    board_.reset();
    Game game;
    game.reserve(256);  // more than the 5T record (178): one allocation
    while (!board_.legal_moves().empty()) {
      const auto moves = board_.legal_moves();
      weights_.resize(moves.size());
      double total = 0;
      for (size_t i = 0; i < moves.size(); ++i) total += weights_[i] = policy[static_cast<size_t>(nrpa_code(moves[i]))];
      double target = rng_.uniform() * total;
      size_t chosen = 0;
      while (chosen + 1 < moves.size() && target >= weights_[chosen]) target -= weights_[chosen++];
      game.push_back(moves[chosen]);
      board_.play_legal(chosen);
    }
    ++result_.iterations;
    if (limits_.work_done) limits_.work_done->fetch_add(1, std::memory_order_relaxed);
    if (game.size() > result_.best.size()) {
      result_.best = game;
      const Improvement step{result_.iterations, static_cast<int>(game.size()), clock_.seconds(), clock_.cpu_seconds()};
      result_.improvements.push_back(step);
      if (callback_) callback_(result_.search, step, game);
    }
    return game;
  }

  // Rosin's Adapt: every step of `best` raises its move's weight by alpha and lowers each
  // legal move's by alpha times its probability under the policy as it was on entry.
  void adapt(Policy& policy, const Game& best) {
    board_.reset();
    auto add = [&](int code, double delta) {
      double& sum = delta_[static_cast<size_t>(code)];
      if (sum == 0) touched_.push_back(code);  // a code listed twice multiplies by exp(0) the second time
      sum += delta;
    };
    for (const Move& step : best) {
      const auto moves = board_.legal_moves();
      double total = 0;
      for (const Move& m : moves) total += policy[static_cast<size_t>(nrpa_code(m))];
      add(nrpa_code(step), options_.alpha);
      for (const Move& m : moves)
        add(nrpa_code(m), -options_.alpha * policy[static_cast<size_t>(nrpa_code(m))] / total);
      board_.play(step);
    }
    for (int code : touched_) {
      policy[static_cast<size_t>(code)] *= std::exp(delta_[static_cast<size_t>(code)]);
      delta_[static_cast<size_t>(code)] = 0;
    }
    touched_.clear();
  }

  ratrace::Rng rng_;
  const NrpaOptions& options_;
  const SearchLimits& limits_;
  const ImprovementCallback& callback_;
  SearchResult& result_;
  SearchClock clock_;
  bool stopping_ = false;
  Board board_;                  // the playouts' and adaptations' board, reset rather than copied each time
  std::vector<double> weights_;  // a playout's weights of the legal moves
  std::vector<double> delta_ = std::vector<double>(kNrpaCodes, 0.0);  // one adaptation's sums per code
  std::vector<int> touched_;
};
}  // namespace

SearchResult nrpa_search(uint64_t master_seed, int search, const NrpaOptions& options, const SearchLimits& limits,
                         const ImprovementCallback& on_improvement) {
  if (options.level < 1 || options.iterations < 1)
    throw std::invalid_argument("NRPA needs level >= 1 and iterations >= 1");
  SearchResult result;
  result.search = search;
  Nrpa nrpa(ratrace::stream_key(master_seed, kTagNrpa, static_cast<uint64_t>(search)), options, limits, on_improvement,
            result);
  nrpa.run(options.level, Policy(kNrpaCodes, 1.0));
  result.seconds = nrpa.clock().seconds();
  result.cpu_seconds = nrpa.clock().cpu_seconds();
  return result;
}

}  // namespace morpion
