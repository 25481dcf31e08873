// Run-Bonus Player (feersum, C++): ColorScorePlayer with a run-bonus reading of the
// colour scores and an occasional random forward move.
#include "ratrace/players/best_forward.h"

namespace ratrace {
namespace {

// With probability 1/30 a random forward move; otherwise the in-bounds forward cell whose
// colour has the highest run bonus (bits 6c..6c+5, a run of n ones worth n(n+1)/2), ties
// at random.
Move run_bonus_move(const Genome& genome, const View& view, Rng& rng) {
  if (rng.below(30) == 0) return Move{1, rng.between(-1, 1)};
  return best_forward_move(view, rng, [&](int dy) { return genome.run_bonus(6 * view(1, dy), 6); });
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "Run-Bonus Player",
    .author = "feersum",
    .language = "C++",
    .published_score = 50.35,
    .published_games = 5000,
    .published_rank = 12,
    .summary = "ColorScorePlayer with colour c scored by the run bonus of bits 6c..6c+5 (each run of n "
               "consecutive ones is worth n(n+1)/2, so 0..21) instead of the bits as a number; with "
               "probability 1/30 it makes a random forward move instead.",
    .choices = "Followed: 6-bit chunk per colour at 6c, run of n ones worth n(n+1)/2, a random forward move "
               "with chance 1 in 30, otherwise ColorScorePlayer's choice among the in-bounds forward cells "
               "with ties at random. Chosen: the 1-in-30 draw is made on every call, before anything else; the "
               "random forward move is (1, dy) with dy uniform in {-1,0,1} without a bounds check, like the "
               "controllers' random forward sample (so on the top or bottom row it can step out and die).",
    .move = ratrace::run_bonus_move,
})
