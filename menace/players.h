#pragma once
// Who can play a game of noughts and crosses: the interface, a random mover, a perfect
// (minimax) mover, and one game between two of them.
#include <vector>

#include "menace/board.h"
#include "ratrace/common/rng.h"

namespace ratrace::menace {

// One side of a game. move() returns an empty cell of `b`; game_over() tells the side who
// won (kEmpty: a draw) so a learner can learn.
class Player {
 public:
  explicit Player(Mark mark) : mark_(mark) {}
  virtual ~Player() = default;
  Mark mark() const { return mark_; }
  virtual int move(const Board& b, Rng& rng) = 0;
  virtual void game_over(Mark /*winner*/) {}

 private:
  Mark mark_;
};

// Plays a uniformly random empty cell.
class RandomPlayer final : public Player {
 public:
  using Player::Player;
  int move(const Board& b, Rng& rng) override;
};

// Plays a uniformly random one of the moves with the best minimax value: never loses, wins
// as soon as it can. With `error` > 0 it plays a random empty cell instead with that
// probability: a strong but fallible opponent (a person trying "unsound variations").
class PerfectPlayer final : public Player {
 public:
  // `fixed`: always the first best move (lowest cell) instead of a random one, so the
  // opponent repeats one line of best play (Michie's "best strategy") game after game.
  explicit PerfectPlayer(Mark mark, double error = 0, bool fixed = false)
      : Player(mark), error_(error), fixed_(fixed) {}
  int move(const Board& b, Rng& rng) override;

 private:
  double error_;
  bool fixed_;
};

// The game's value with perfect play from `b`, `to_move` to play: 0 a draw, positive X wins,
// negative O wins; the size is 1 + the cells left empty at the end (a sooner win is larger).
int minimax_value(const Board& b, Mark to_move);
// The empty cells whose minimax value is best for `to_move`.
std::vector<int> perfect_moves(const Board& b, Mark to_move);

// Plays one game, X first, every random choice from `rng`; tells both sides the result and
// returns the winner (kEmpty for a draw). Throws std::logic_error on an illegal move.
Mark play_game(Player& x, Player& o, Rng& rng);

}  // namespace ratrace::menace
