#pragma once
// MENACE itself: the bead-drawing move rule and the learning rule of the challenge.
#include <vector>

#include "menace/boxes.h"
#include "menace/players.h"

namespace ratrace::menace {

// Beads added to a used box after a game, beside the drawn bead that goes back. The
// challenge: +1 for a win, none for a draw. Michie's 1961 machine: +3 and +1.
struct Reinforcement {
  uint32_t win_bonus = 1;
  uint32_t draw_bonus = 0;
};
Reinforcement reinforcement_from_string(const std::string& s);  // "challenge" or "michie"; throws otherwise

// A learning MENACE playing its boxes' side (X, or O for a second learner).
class Learner final : public Player {
 public:
  // The bead drawn from one box in the current game, as a cell of the box's picture.
  struct UsedBead {
    int box;
    int picture_cell;
  };

  explicit Learner(Matchboxes boxes, Reinforcement reinforcement = {});

  // Finds the box of `b`, draws a bead uniformly and takes it out; an emptied box gets three
  // random legal beads, one of which is drawn and used instead. Maps the bead back onto the
  // board. With a single empty cell there is no box: the forced move is played.
  int move(const Board& b, Rng& rng) override;
  // Win: every drawn bead back plus win_bonus more; draw: back plus draw_bonus; loss: kept out.
  // Throws std::overflow_error, the boxes unchanged, when games_played is at kMaxGamesPlayed or
  // a box would hold more beads than a count holds.
  void game_over(Mark winner) override;

  const Matchboxes& boxes() const { return boxes_; }
  const std::vector<UsedBead>& used() const { return used_; }

 private:
  Matchboxes boxes_;
  Reinforcement reinforcement_;
  std::vector<UsedBead> used_;
};

}  // namespace ratrace::menace
