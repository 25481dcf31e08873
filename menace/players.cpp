#include "menace/players.h"

#include <stdexcept>

namespace ratrace::menace {

namespace {

constexpr int8_t kUnknown = 127;

// Minimax values of every position (X's view), filled once.
int solve(const Board& b, Mark to_move, std::vector<int8_t>& memo) {
  const uint32_t code = encode(b);
  if (memo[code] != kUnknown) return memo[code];
  const Mark w = winner(b);
  int value;
  if (w != Mark::kEmpty) {
    // A sooner win is worth more, so a perfect player wins as fast as it can and loses as late.
    value = (1 + count(b, Mark::kEmpty)) * (w == Mark::kX ? 1 : -1);
  } else if (count(b, Mark::kEmpty) == 0) {
    value = 0;
  } else {
    value = to_move == Mark::kX ? -100 : 100;
    for (int cell = 0; cell < 9; ++cell) {
      if (b[cell] != Mark::kEmpty) continue;
      Board next = b;
      next[cell] = to_move;
      const int v = solve(next, other(to_move), memo);
      value = to_move == Mark::kX ? std::max(value, v) : std::min(value, v);
    }
  }
  memo[code] = static_cast<int8_t>(value);
  return value;
}

// The side to move follows from the counts, so one table serves both sides.
const std::vector<int8_t>& minimax_table() {
  static const std::vector<int8_t> table = [] {
    std::vector<int8_t> memo(kBoardCodes, kUnknown);
    solve(Board{}, Mark::kX, memo);
    return memo;
  }();
  return table;
}

}  // namespace

int minimax_value(const Board& b, Mark to_move) {
  const auto& table = minimax_table();
  if (table[encode(b)] != kUnknown) return table[encode(b)];
  std::vector<int8_t> memo(kBoardCodes, kUnknown);  // a position no game reaches from the empty board
  return solve(b, to_move, memo);
}

std::vector<int> perfect_moves(const Board& b, Mark to_move) {
  std::vector<int> best;
  int best_value = 0;
  for (int cell = 0; cell < 9; ++cell) {
    if (b[cell] != Mark::kEmpty) continue;
    Board next = b;
    next[cell] = to_move;
    const int v = minimax_value(next, other(to_move)) * (to_move == Mark::kX ? 1 : -1);
    if (best.empty() || v > best_value) {
      best = {cell};
      best_value = v;
    } else if (v == best_value) {
      best.push_back(cell);
    }
  }
  return best;
}

int RandomPlayer::move(const Board& b, Rng& rng) {
  std::vector<int> empty;
  for (int cell = 0; cell < 9; ++cell)
    if (b[cell] == Mark::kEmpty) empty.push_back(cell);
  return empty[rng.below(static_cast<uint32_t>(empty.size()))];
}

int PerfectPlayer::move(const Board& b, Rng& rng) {
  if (error_ > 0 && rng.chance(error_)) return RandomPlayer(mark()).move(b, rng);
  const std::vector<int> best = perfect_moves(b, mark());
  if (fixed_) return best.front();
  return best[rng.below(static_cast<uint32_t>(best.size()))];
}

Mark play_game(Player& x, Player& o, Rng& rng) {
  Board b{};
  Player* side = &x;
  while (!finished(b)) {
    const int cell = side->move(b, rng);
    if (cell < 0 || cell > 8 || b[cell] != Mark::kEmpty)
      throw std::logic_error("illegal move " + std::to_string(cell) + " on " + to_string(b));
    b[cell] = side->mark();
    side = side == &x ? &o : &x;
  }
  const Mark w = winner(b);
  x.game_over(w);
  o.game_over(w);
  return w;
}

}  // namespace ratrace::menace
