#include "menace/learner.h"

#include <limits>
#include <stdexcept>
#include <string>

namespace ratrace::menace {

namespace {

// A bead drawn uniformly from a box: cell c with probability beads[c] / total.
int draw_bead(const std::array<uint32_t, 9>& beads, uint32_t total, Rng& rng) {
  uint32_t pick = rng.below(total);
  for (int c = 0; c < 9; ++c) {
    if (pick < beads[c]) return c;
    pick -= beads[c];
  }
  throw std::logic_error("bead draw out of range");
}

}  // namespace

Reinforcement reinforcement_from_string(const std::string& s) {
  if (s == "challenge") return {1, 0};
  if (s == "michie") return {3, 1};
  throw std::invalid_argument("reinforcement must be 'challenge' or 'michie', not '" + s + "'");
}

Learner::Learner(Matchboxes boxes, Reinforcement reinforcement)
    : Player(boxes.catalogue->player), boxes_(std::move(boxes)), reinforcement_(reinforcement) {}

int Learner::move(const Board& b, Rng& rng) {
  std::vector<int> empty;
  for (int c = 0; c < 9; ++c)
    if (b[c] == Mark::kEmpty) empty.push_back(c);
  if (empty.size() == 1) return empty[0];
  int symmetry = 0;
  const int box = boxes_.catalogue->find(b, symmetry);
  if (box < 0) throw std::logic_error("no box for position " + to_string(b));
  auto& beads = boxes_.beads[box];
  int cell = draw_bead(beads, boxes_.total(box), rng);
  --beads[cell];
  if (boxes_.total(box) == 0) {
    // Three random beads of cells empty on the picture (the picture's empty cells are the
    // board's, transformed), then one of them is drawn for this move.
    const Board& picture = boxes_.catalogue->pictures[box];
    std::vector<int> legal;
    for (int c = 0; c < 9; ++c)
      if (picture[c] == Mark::kEmpty) legal.push_back(c);
    for (int k = 0; k < 3; ++k) ++beads[legal[rng.below(static_cast<uint32_t>(legal.size()))]];
    cell = draw_bead(beads, 3, rng);
    --beads[cell];
  }
  used_.push_back({box, cell});
  return kSymmetries[symmetry][cell];
}

void Learner::game_over(Mark winner) {
  if (boxes_.games_played >= kMaxGamesPlayed)
    throw std::overflow_error("the boxes have learnt from " + std::to_string(boxes_.games_played) +
                              " games, the most they may count");
  const bool won = winner == mark();
  if (winner == Mark::kEmpty || won) {
    const uint32_t back = 1 + (won ? reinforcement_.win_bonus : reinforcement_.draw_bonus);
    // A box's total must stay a 32-bit count (the draw picks below it); checked before any change.
    for (const UsedBead& u : used_)
      if (boxes_.total(u.box) > std::numeric_limits<uint32_t>::max() - back)
        throw std::overflow_error("box " + std::to_string(u.box) + " would hold more beads than it can count");
    for (const UsedBead& u : used_) boxes_.beads[u.box][u.picture_cell] += back;
  }
  used_.clear();
  ++boxes_.games_played;
}

}  // namespace ratrace::menace
