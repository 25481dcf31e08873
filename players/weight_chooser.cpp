// WeightChooser (C#): a forward move is worth the mean weight of the moves that can follow it.
#include <algorithm>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

// Colour c's weight is bits [6c, 6c+6) as a number (0..63).
int weight(const Genome& genome, int colour) { return static_cast<int>(genome.chunk(6 * colour, 6)); }

// How a forward move's worth is read from the one-sentence write-up: the mean over its own
// cell and the cells that could follow it, the mean over the following cells only (the
// literal reading), or its own weight plus the mean of the following cells.
enum class Worth { kMeanWithOwn, kMeanOfFollowing, kOwnPlusMeanOfFollowing };

template <Worth kWorth>
Move weight_chooser_move(const Genome& genome, const View& view, Rng& rng) {
  // The candidate ("blue") moves are the in-bounds forward moves (1, dy); the cells that
  // could follow one are the in-bounds cells one step further ahead, (2, dy-1..dy+1)
  // ("yellow"). A worth is a fraction sum / count, compared exactly.
  int best_sum = -1, best_count = 1;
  int best[3];
  int tied = 0;
  for (int dy = -1; dy <= 1; ++dy) {
    if (view(1, dy) == kOutOfBounds) continue;
    const int own = weight(genome, view(1, dy));
    int sum = 0, count = 0;
    for (int ny = dy - 1; ny <= dy + 1; ++ny) {
      const int colour = view(2, ny);
      if (colour == kOutOfBounds) continue;
      sum += weight(genome, colour);
      ++count;
    }
    if constexpr (kWorth == Worth::kMeanWithOwn) {
      sum += own;
      ++count;
    }
    count = std::max(count, 1);  // no cell ahead in bounds: their mean counts as 0
    if constexpr (kWorth == Worth::kOwnPlusMeanOfFollowing) sum += own * count;
    const int lhs = sum * best_count, rhs = best_sum * count;
    if (lhs > rhs) {
      best_sum = sum;
      best_count = count;
      tied = 0;
    }
    if (sum * best_count == best_sum * count) best[tied++] = dy;
  }
  if (tied == 0) return Move{1, 0};  // off the board (Java's rules), nothing ahead in bounds
  return Move{1, tied == 1 ? best[0] : best[rng.below(static_cast<uint32_t>(tied))]};
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "WeightChooser",
    .author = "unknown (the write-up names no author)",
    .language = "C#",
    .published_score = 220.83,
    .published_games = 1520,
    .published_rank = 0,
    .summary = "Each colour has a 6-bit weight; each forward move is worth its own cell's weight plus the mean "
               "weight of the cells its own forward moves would reach (the three cells beyond it); takes the "
               "best, random on ties.",
    .choices = "Followed: the weight of a possible next move is the average weight of the moves that could "
               "follow it. The write-up is one sentence over a lost picture, so almost everything is chosen: "
               "colour weights are 6-bit numbers at bits [6c, 6c+6) (the C# controller's sample layout); the "
               "possible next moves are the three forward moves (1,-1), (1,0), (1,1), never out of bounds; the "
               "moves that could follow are that cell's three forward moves, the cells (2, dy-1..dy+1), "
               "out-of-bounds ones left out of the mean; a move's worth is its own weight plus the mean of the "
               "cells that could follow it, chosen by the calibration on seed 7 (docs/RECONCILIATION.md: 129.5 "
               "against 19.9 for the mean including the own cell and 2.0 for the literal reading, following "
               "cells only; published 220.8); ties at random (drawing only on a tie).",
    .move = ratrace::weight_chooser_move<ratrace::Worth::kOwnPlusMeanOfFollowing>,
})

RATRACE_PLAYER({
    .name = "WeightChooser (following cells only)",
    .author = "unknown (the write-up names no author)",
    .language = "C#",
    .summary = "WeightChooser read literally: a forward move is worth the mean weight of the (in-bounds) cells "
               "that could follow it, its own cell left out.",
    .choices = "As WeightChooser, but the move's own weight is left out; a move with no in-bounds cell "
               "ahead is worth 0.",
    .move = ratrace::weight_chooser_move<ratrace::Worth::kMeanOfFollowing>,
    .candidate_for = "WeightChooser",
})

RATRACE_PLAYER({
    .name = "WeightChooser (mean with own cell)",
    .author = "unknown (the write-up names no author)",
    .language = "C#",
    .summary = "WeightChooser with a forward move worth the mean weight of its own cell and the cells that could "
               "follow it, all counted alike.",
    .choices = "As WeightChooser, but a move's worth is the mean over its own cell and the in-bounds cells ahead "
               "of it.",
    .move = ratrace::weight_chooser_move<ratrace::Worth::kMeanWithOwn>,
    .candidate_for = "WeightChooser",
})
