// ColorScorePlayer: the organisers' example, ported to every original controller.
#include "ratrace/players/best_forward.h"

namespace ratrace {
namespace {

// Colour c scores bits [6c, 6c + 6) as a number; of the in-bounds forward cells, go to
// the best-scoring one, ties broken at random.
Move color_score_move(const Genome& genome, const View& view, Rng& rng) {
  return best_forward_move(view, rng, [&](int dy) { return static_cast<int>(genome.chunk(6 * view(1, dy), 6)); });
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
    .original_figure = "45.6 [17.3, 120.5] over 100 games: the sample's Java code on the Java fork's controller",
})
