#include "morpion/dna.h"

#include <algorithm>
#include <cmath>
#include <emmintrin.h>
#include <limits>
#include <span>

namespace morpion {

Game random_game(ratrace::Rng& rng, Rules rules) {
  Board board(rules);
  Game game;
  game.reserve(128);  // random games rarely pass 100 moves: one allocation
  random_game(rng, board, game);
  return game;
}

void random_game(ratrace::Rng& rng, Board& board, Game& game) {
  board.reset();
  game.clear();
  complete_at_random(rng, board, game);
}

void complete_at_random(ratrace::Rng& rng, Board& board, Game& game) {
  while (!board.legal_moves().empty()) {
    const auto moves = board.legal_moves();
    const uint32_t chosen = rng.below(static_cast<uint32_t>(moves.size()));
    game.push_back(moves[chosen]);
    board.play_legal(chosen);
  }
}

double centre_closeness(int line) {
  static const std::vector<double> closeness = [] {
    std::vector<double> c(kLines);
    for (int l = 0; l < kLines; ++l) {
      const int first = l >> 2;
      const auto dir = static_cast<size_t>(l & 3);
      const double mx = cell_x(first) + 2 * kDx[dir], my = cell_y(first) + 2 * kDy[dir];
      c[static_cast<size_t>(l)] = 1.0 / (1.0 + std::hypot(mx - 4.5, my - 4.5) / 4.0);
    }
    return c;
  }();
  return closeness[static_cast<size_t>(line)];
}

Dna::Dna(uint64_t fill_key, double fill_centre)
    : fill_key_(fill_key), fill_centre_(fill_centre), explicit_(kLines, std::numeric_limits<double>::quiet_NaN()) {}

Dna Dna::of_game(const Game& game, uint64_t fill_key) {
  Dna dna(fill_key);
  dna.encode(game);
  return dna;
}

double Dna::value(int line) const {
  const double v = explicit_[static_cast<size_t>(line)];
  if (!std::isnan(v)) return v;
  // Draw `line` of the stream, as ratrace::Rng(fill_key_) would return it.
  const uint64_t draw = ratrace::mix64(fill_key_ + (static_cast<uint64_t>(line) + 1) * 0x9e3779b97f4a7c15ULL);
  const double uniform = static_cast<double>(draw >> 11) * 0x1.0p-53;
  if (fill_centre_ == 0) return uniform;
  return (uniform + fill_centre_ * centre_closeness(line)) / (1 + fill_centre_);
}

void Dna::set(int line, double value) {
  if (std::isnan(explicit_[static_cast<size_t>(line)])) set_lines_.push_back(line);
  explicit_[static_cast<size_t>(line)] = value;
}

void Dna::refill(uint64_t fill_key) {
  for (int line : set_lines_) explicit_[static_cast<size_t>(line)] = std::numeric_limits<double>::quiet_NaN();
  set_lines_.clear();
  fill_key_ = fill_key;
}

void Dna::encode(const Game& game) {
  const double n = static_cast<double>(game.size());
  for (size_t i = 0; i < game.size(); ++i) set(game[i].line, n + 1 - static_cast<double>(i));
}

Game evaluate(const Dna& dna, Rules rules) {
  Board board(rules);
  Game game;
  evaluate_from(dna, board, game);
  return game;
}

size_t preferred(std::span<const double> values, std::span<const Move> moves) {
  // The maximum first, four values at a time with branch-free SSE2 (x86-64's baseline), then its
  // first place: a scan that kept the best so far mispredicted a branch at each new best.
  const size_t n = values.size();
  __m128d top0 = _mm_set1_pd(values[0]), top1 = top0;
  size_t k = 0;
  for (; k + 4 <= n; k += 4) {
    top0 = _mm_max_pd(top0, _mm_loadu_pd(values.data() + k));
    top1 = _mm_max_pd(top1, _mm_loadu_pd(values.data() + k + 2));
  }
  const __m128d top = _mm_max_pd(top0, top1);
  double best = std::max(_mm_cvtsd_f64(top), _mm_cvtsd_f64(_mm_unpackhi_pd(top, top)));
  for (; k < n; ++k) best = std::max(best, values[k]);
  size_t chosen = 0;
  while (values[chosen] != best) ++chosen;
  for (size_t i = chosen + 1; i < n; ++i)
    if (values[i] == best && moves[i].line < moves[chosen].line) chosen = i;
  return chosen;
}

void evaluate_from(const Dna& dna, Board& board, Game& game) {
  play_preferred(board, game, [&](int line) { return dna.value(line); });
}

}  // namespace morpion
