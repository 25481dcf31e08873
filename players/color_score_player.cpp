// ColorScorePlayer: the organisers' example, ported to every original controller.
#include "controller/player.h"

namespace ratrace {
namespace {

// Colour c scores bits [6c, 6c + 6) as a number; of the in-bounds forward cells, go to
// the best-scoring one, ties broken at random.
Move color_score_move(const Genome& genome, const View& view, Rng& rng) {
  int best_score = -1;
  int best[3];
  int tied = 0;
  for (int dy = -1; dy <= 1; ++dy) {
    const int colour = view(1, dy);
    if (colour == kOutOfBounds) continue;
    const int score = static_cast<int>(genome.chunk(6 * colour, 6));
    if (score > best_score) {
      best_score = score;
      tied = 0;
    }
    if (score == best_score) best[tied++] = dy;
  }
  // Draw only on a real tie: a call that draws nothing can be memoised by the engine.
  return Move{1, tied == 1 ? best[0] : best[rng.below(static_cast<uint32_t>(tied))]};
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "ColorScorePlayer",
    .author = "Martin Büttner",
    .language = "all",
    .published_score = 34.45,
    .published_games = 5000,
    .published_rank = 0,
    .summary = "16 colour scores of 6 bits each (colour c reads bits 6c..6c+5 as a number); takes the "
               "in-bounds forward move (1,-1), (1,0) or (1,1) onto the best-scoring colour, ties at random.",
    .choices = "The organisers' code always drew a random index, even with one candidate; this one "
               "draws only on a tie (same distribution of moves, and untied calls become memoisable).",
    .move = ratrace::color_score_move,
})
