#pragma once
// MORPION.md's DNA: one preference per line; evaluating it plays the preferred legal move
// until none is left. Plus uniform random play, which the searches start from.
#include <cstdint>
#include <span>
#include <vector>

#include "morpion/board.h"
#include "ratrace/common/rng.h"

namespace morpion {

// A game: its moves in the order played.
using Game = std::vector<Move>;

// Plays uniformly random legal moves until none is left.
Game random_game(ratrace::Rng& rng, Rules rules);
// The same game, played on `board` after resetting it to its rules' start, into `game` (cleared
// first): a caller playing many games reuses both, without copying a board or allocating.
void random_game(ratrace::Rng& rng, Board& board, Game& game);
// Plays uniformly random legal moves on `board` from where it stands, appending them to `game`.
void complete_at_random(ratrace::Rng& rng, Board& board, Game& game);

// One value per line (kLines). Entries not set explicitly are uniform in [0, 1): entry i is
// draw i of the counter-based stream `fill_key`, computed when read, so a fresh random fill
// costs nothing. With a `fill_centre` weight w > 0 such an entry is (u + w c) / (1 + w) instead,
// u the draw and c = centre_closeness(line): still in [0, 1), leaning to lines near the cross.
class Dna {
 public:
  explicit Dna(uint64_t fill_key, double fill_centre = 0);
  // The DNA of a finished game: random fill, then move i of n gets (n + 1) - i.
  static Dna of_game(const Game& game, uint64_t fill_key);

  double value(int line) const;
  void set(int line, double value);
  // The line is then played only when it is the only legal move.
  void blacklist(int line) { set(line, -1.0); }
  // Back to a pure random fill drawn from `fill_key` (cheap: only set entries are cleared).
  void refill(uint64_t fill_key);
  void encode(const Game& game);

 private:
  uint64_t fill_key_;
  double fill_centre_;
  std::vector<double> explicit_;  // NaN where the random fill applies
  std::vector<int> set_lines_;
};

// 1 / (1 + d / 4), d the distance of the line's middle point from the cross's centre (4.5, 4.5):
// 1 at the centre, 1/2 four points out.
double centre_closeness(int line);

// Plays the DNA's preferred legal move until none is left (ties, which only blacklisted moves
// can have, go to the smaller line index). Deterministic.
Game evaluate(const Dna& dna, Rules rules);
// The same from a position part-way through: plays the DNA's preferred moves on `board`,
// appending them to `game`. A caller that knows a DNA agrees with a game up to some move
// replays that prefix with Board::play, which costs less than ranking the legal moves.
void evaluate_from(const Dna& dna, Board& board, Game& game);

// The index of the listed move of highest value (values[i] is moves[i]'s), the smaller line
// among equal values. Values must not be NaN.
size_t preferred(std::span<const double> values, std::span<const Move> moves);

// Plays the legal move of highest value(line), the smaller line among equal values, on `board`
// until none is left, appending the moves to `game`. Each move's value is computed once, when
// it becomes legal, and kept with it in the board's move keys.
template <typename Value>
void play_preferred(Board& board, Game& game, Value&& value) {
  for (int i = 0; !board.legal_moves().empty(); i = board.appended_from()) {
    const std::span<const Move> moves = board.legal_moves();
    const std::span<double> values = board.move_keys();
    for (; i < static_cast<int>(moves.size()); ++i)
      values[static_cast<size_t>(i)] = value(moves[static_cast<size_t>(i)].line);
    const size_t best = preferred(values, moves);
    game.push_back(moves[best]);
    board.play_legal(best);
  }
}

}  // namespace morpion
