#pragma once
// The choice shared by ColorScorePlayer and its descendants (Run-Bonus Player,
// NeighborsOfNeighbors): step forward onto the best in-bounds cell ahead.
#include "ratrace/engine/player.h"

namespace ratrace {

// The forward move (1, dy), dy in {-1, 0, 1}, onto the in-bounds cell with the highest
// value(dy) >= 0, ties broken at random. A number is drawn only on a real tie, so that an
// untied call draws nothing and the engine can memoise it. On the track (1, 0) is always
// in bounds; off it (Java's board) all three may not be, and then the move is (1, 0), as in
// the organisers' Java sample.
template <class Value>
Move best_forward_move(const View& view, Rng& rng, Value value) {
  int best_value = -1;
  int best[3];
  int tied = 0;
  for (int dy = -1; dy <= 1; ++dy) {
    if (view(1, dy) == kOutOfBounds) continue;
    const int v = value(dy);
    if (v > best_value) {
      best_value = v;
      tied = 0;
    }
    if (v == best_value) best[tied++] = dy;
  }
  if (tied == 0) return Move{1, 0};
  return Move{1, tied == 1 ? best[0] : best[rng.below(static_cast<uint32_t>(tied))]};
}

}  // namespace ratrace
