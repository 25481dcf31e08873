// LookAheadPlayer (aschmack, C++): striped colour scores, each forward move worth its cell
// plus the cells its next moves could reach.
#include <array>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

struct Weighted {
  int dx, dy, weight;
};
// The cells summed for each forward move: the move's own cell counts twice, and the cells
// of the moves that could follow it once each (for (1,0) the cell straight ahead twice).
constexpr Weighted kUpRight[] = {{1, -1, 2}, {1, -2, 1}, {2, -2, 1}, {2, -1, 1}, {2, 0, 1}};
constexpr Weighted kRight[] = {{1, 0, 2}, {2, 0, 2}, {2, -1, 1}, {2, 1, 1}};
constexpr Weighted kDownRight[] = {{1, 1, 2}, {1, 2, 1}, {2, 2, 1}, {2, 1, 1}, {2, 0, 1}};

// Colour c scores bits c, c+16, ..., c+80 (first most significant). Of the in-bounds
// forward moves, in the order (1,-1), (1,0), (1,1), the first with the highest positive
// sum of weighted cell scores wins (out-of-bounds cells score 0); (1,0) if none is positive.
Move look_ahead_move(const Genome& genome, const View& view, Rng&) {
  std::array<int, 16> score;
  for (int c = 0; c < 16; ++c) score[c] = static_cast<int>(genome.striped(c, 16, 6));
  const auto sum = [&](const auto& cells) {
    int total = 0;
    for (const Weighted& w : cells) {
      const int colour = view(w.dx, w.dy);
      if (colour != kOutOfBounds) total += w.weight * score[colour];
    }
    return total;
  };
  int best_dy = 0, best_sum = 0;
  const auto consider = [&](int dy, const auto& cells) {
    if (view(1, dy) == kOutOfBounds) return;
    const int total = sum(cells);
    if (total > best_sum) {
      best_sum = total;
      best_dy = dy;
    }
  };
  consider(-1, kUpRight);
  consider(0, kRight);
  consider(1, kDownRight);
  return Move{1, best_dy};
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "LookAheadPlayer",
    .author = "aschmack",
    .language = "C++",
    .published_score = 89.90,
    .published_games = 0,
    .published_rank = 9,
    .summary = "16 six-bit colour scores whose bits are striped across the genome (colour c: bits c, c+16, ..., "
               "c+80); each in-bounds forward move is worth its cell twice plus the cells of its possible "
               "follow-up moves, and the best sum wins. No randomness.",
    .choices = "The write-up says only 'striped 6-bit scores, sum the scores of the current moves and of the "
               "next moves, take the best'. The details follow the author's published C++ code: stripe stride "
               "16 with the first bit most significant; (1,-1) sums 2x(1,-1) + (1,-2) + (2,-2) + (2,-1) + (2,0), "
               "(1,0) sums 2x(1,0) + 2x(2,0) + (2,-1) + (2,1), (1,1) mirrors (1,-1); out-of-bounds cells score 0; "
               "out-of-bounds forward moves are skipped; ties go to the first of (1,-1), (1,0), (1,1) with a "
               "strictly higher sum, and when no sum is above 0 it moves (1,0). Deterministic, so it never "
               "draws from the RNG.",
    .move = ratrace::look_ahead_move,
})
