// ColorFarSeeker (bitpwner, C++): ColorScorePlayer with a two-step look-ahead, and
// sideways or backward moves when nothing ahead looks safe.
#include <algorithm>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

constexpr int kFirstStepWeight = 2;   // the cell a move enters
constexpr int kSecondStepWeight = 1;  // the best cell one forward step further

// Colour c scores bits 6c..6c+5 as a number; a cell is safe when it is in bounds and its
// colour scores above 0. A move onto a safe cell is worth 2 x its cell's score plus the
// best score among the three cells one forward step further (out of bounds: 0). Forward
// moves first, then sideways moves, each time the best safe one (ties at random); if none
// is safe, a random step back (onto an in-bounds cell if there is one).
Move color_far_seeker_move(const Genome& genome, const View& view, Rng& rng) {
  const auto score = [&](int dx, int dy) {
    const int colour = view(dx, dy);
    return colour == kOutOfBounds ? -1 : static_cast<int>(genome.chunk(6 * colour, 6));
  };
  const auto value = [&](int dx, int dy) {
    int follow = 0;
    for (int j = -1; j <= 1; ++j)
      if (dy + j >= -2 && dy + j <= 2) follow = std::max(follow, score(dx + 1, dy + j));
    return kFirstStepWeight * score(dx, dy) + kSecondStepWeight * follow;
  };
  // The best of the given moves whose cell is safe; {0,0} marks "none safe".
  const auto best_safe = [&](const Move* moves, int count) {
    int best_value = -1;
    Move best[3];
    int tied = 0;
    for (int i = 0; i < count; ++i) {
      if (score(moves[i].dx, moves[i].dy) <= 0) continue;
      const int v = value(moves[i].dx, moves[i].dy);
      if (v > best_value) {
        best_value = v;
        tied = 0;
      }
      if (v == best_value) best[tied++] = moves[i];
    }
    if (tied == 0) return Move{0, 0};
    return tied == 1 ? best[0] : best[rng.below(static_cast<uint32_t>(tied))];
  };

  static constexpr Move kForward[] = {{1, -1}, {1, 0}, {1, 1}};
  static constexpr Move kSideways[] = {{0, -1}, {0, 1}};
  if (const Move m = best_safe(kForward, 3); m != Move{0, 0}) return m;
  if (const Move m = best_safe(kSideways, 2); m != Move{0, 0}) return m;

  int back[3];
  int count = 0;
  for (int dy = -1; dy <= 1; ++dy)
    if (view(-1, dy) != kOutOfBounds) back[count++] = dy;
  if (count == 0) return Move{-1, rng.between(-1, 1)};
  return Move{-1, count == 1 ? back[0] : back[rng.below(static_cast<uint32_t>(count))]};
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "ColorFarSeeker",
    .author = "bitpwner",
    .language = "C++",
    .published_score = 74.7,
    .published_games = 0,
    .published_rank = 10,
    .summary = "ColorScorePlayer's 6-bit colour scores with a two-step look-ahead: a move is worth 2x its cell's "
               "score plus the best cell one step further forward; it takes the best safe forward move, else "
               "the best safe sideways move, else a random step back.",
    .choices = "The write-up gives only the ideas (weighted two-step look-ahead, the first step weighted more; "
               "forward if a safe move is seen, else sideways, else randomly backwards). Chosen: colour c scores "
               "bits 6c..6c+5 as a number; a cell is 'safe' when in bounds with a score above 0 (a score of 0 "
               "marks an unsafe colour: the only reading of a plain score that can say 'unsafe' without a made-"
               "up threshold); weights 2 for the entered cell and 1 for the best of the three cells one forward "
               "step further (out-of-bounds ones count 0); sideways moves are (0,-1) and (0,1), valued the same "
               "way; ties at random (RNG used only then); the random step back is uniform among the in-bounds "
               "cells of (-1,-1), (-1,0), (-1,1), and among all three (a fatal step) when none is in bounds.",
    .move = ratrace::color_far_seeker_move,
})
