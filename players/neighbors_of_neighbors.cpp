// NeighborsOfNeighbors (user2487951, Python): ColorScorePlayer with a look at the cells
// beyond each forward cell.
#include "players/best_forward.h"

namespace ratrace {
namespace {

// Colour c has quality bits 6c..6c+5 read as a number. An in-bounds forward cell (1, dy)
// is worth its quality plus half the mean quality of the three cells ahead of it,
// (2, dy-1), (2, dy), (2, dy+1), an out-of-bounds one counting 0. Best value wins, ties at
// random. Values are kept times 6 to stay in integers: 6 q + (q1 + q2 + q3).
Move neighbors_of_neighbors_move(const Genome& genome, const View& view, Rng& rng) {
  const auto quality = [&](int dx, int dy) {
    const int colour = view(dx, dy);
    return colour == kOutOfBounds ? 0 : static_cast<int>(genome.chunk(6 * colour, 6));
  };
  return best_forward_move(view, rng, [&](int dy) {
    return 6 * quality(1, dy) + quality(2, dy - 1) + quality(2, dy) + quality(2, dy + 1);
  });
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "NeighborsOfNeighbors",
    .author = "user2487951",
    .language = "Python",
    .published_score = 428.38,
    .published_games = 0,
    .published_rank = 5,
    .summary = "6-bit colour qualities as in ColorScorePlayer; each in-bounds forward cell (1,dy) is worth its "
               "quality plus half the mean quality of the three cells ahead of it, (2,dy-1..dy+1); it takes "
               "the best, ties at random.",
    .choices = "Followed: quality of colour c = bits 6c..6c+5 as a number, value = quality + 1/2 * mean of the "
               "next 3 cells, only the three forward moves. Chosen: an out-of-bounds cell ahead counts as "
               "quality 0 and still counts in the mean of 3 (the editor's note says an 'else None' became "
               "'else 0' to compute the score); out-of-bounds forward cells are never chosen; ties are broken "
               "uniformly at random, as in ColorScorePlayer (RNG used only then). Published: 428.38 on the "
               "leaderboard; its write-up claims 259.84 over 100 games.",
    .move = ratrace::neighbors_of_neighbors_move,
})
