// NeighborsOfNeighbors (user2487951, Python): a port of the surviving original (the copy in
// Ivogrinarr/Piton, python/player.py, commit 1a6e041), decisions identical to it.
#include <array>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

// The Python controller's bit_chunk(6c, 6): bit 6c is the least significant.
int quality_of_colour(const Genome& genome, int colour) {
  int quality = 0;
  for (int k = 0; k < 6; ++k) quality |= genome.bit(6 * colour + k) << k;
  return quality;
}

// The original's value of forward cell (1, dy): out of bounds, 0 (so such a move can win);
// otherwise its quality plus half the mean quality of the cells ahead of it: (2, dy)
// always, and (2, dy +- 1) only when the cell (1, dy +- 1) beside it is in bounds; a cell
// ahead that is out of bounds counts -1. Computed in doubles in the original's order, so
// equal values compare equal exactly when Python's do.
double forward_value(const Genome& genome, const View& view, int dy) {
  if (view(1, dy) == kOutOfBounds) return 0;
  const auto quality = [&](int dx, int y) {
    const int colour = view(dx, y);
    return colour == kOutOfBounds ? -1 : quality_of_colour(genome, colour);
  };
  int sum = quality(2, dy), count = 1;
  if (view(1, dy + 1) != kOutOfBounds) sum += quality(2, dy + 1), ++count;
  if (view(1, dy - 1) != kOutOfBounds) sum += quality(2, dy - 1), ++count;
  return quality(1, dy) + 0.5 * (static_cast<double>(sum) / count);
}

// The best of (1,0), (1,-1), (1,1), ties uniformly at random (a number is drawn only on a
// real tie, so that untied calls can be memoised).
Move neighbors_of_neighbors_move(const Genome& genome, const View& view, Rng& rng) {
  constexpr std::array<int, 3> kOrder = {0, -1, 1};
  std::array<double, 3> value;
  double best = 0;
  for (int i = 0; i < 3; ++i) {
    value[i] = forward_value(genome, view, kOrder[i]);
    if (i == 0 || value[i] > best) best = value[i];
  }
  std::array<int, 3> tied;
  int count = 0;
  for (int i = 0; i < 3; ++i)
    if (value[i] == best) tied[count++] = kOrder[i];
  return Move{1, count == 1 ? tied[0] : tied[rng.below(static_cast<uint32_t>(count))]};
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
    .summary = "6-bit colour qualities; each forward cell (1,dy) is worth its quality plus half the mean quality "
               "of the cells ahead of it, (2,dy) and those of (2,dy-1), (2,dy+1) whose row is on the board; it "
               "takes the best, ties at random.",
    .choices = "A port of the surviving original (Ivogrinarr/Piton, python/player.py, commit 1a6e041), no choice of "
               "ours: quality of colour c = the Python controller's bit_chunk(6c, 6) (bit 6c least significant); "
               "a diagonal cell ahead counts only if the forward cell beside it is in bounds, an out-of-bounds cell "
               "ahead counts -1, an out-of-bounds forward move is worth 0 and can win; ties uniformly at random. "
               "Checked against the original Python code run on 100,000 random (genome, view) pairs: the set of "
               "tied best moves is equal in every case (fixture tests/players/fixtures/neighbors_of_neighbors.txt). "
               "Published: 428.38 on the leaderboard, made on the Python controller (crossover effectively 2.5%); "
               "its write-up claims 259.84 over 100 games.",
    .move = ratrace::neighbors_of_neighbors_move,
    .original_figure = "414: the original's logic with the Python controller's effective 2.5% crossover, on "
                       "ratrace's boards (125.8 at 5%)",
})
