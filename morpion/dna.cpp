#include "morpion/dna.h"

#include <cmath>
#include <limits>

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

Dna::Dna(uint64_t fill_key) : fill_key_(fill_key), explicit_(kLines, std::numeric_limits<double>::quiet_NaN()) {}

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
  return static_cast<double>(draw >> 11) * 0x1.0p-53;
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

void evaluate_from(const Dna& dna, Board& board, Game& game) {
  while (!board.legal_moves().empty()) {
    const Move* best = nullptr;
    double best_value = 0;
    for (const Move& m : board.legal_moves()) {
      const double v = dna.value(m.line);
      if (!best || v > best_value || (v == best_value && m.line < best->line)) best = &m, best_value = v;
    }
    game.push_back(*best);
    board.play_legal(static_cast<size_t>(best - board.legal_moves().data()));
  }
}

}  // namespace morpion
