// The controllers' third sample, LinearCombinationPlayer: a port of the Python controller's
// version (python/player.py), decisions identical to it.
#include <array>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

// View cell i (i = 0..24, column by column from the top left: dx = i / 5 - 2,
// dy = i % 5 - 2) is weighted by the 2-bit chunk at bits 2i, 2i+1 (bit 2i least
// significant); the weighted sum of the colours (-1 out of bounds), taken modulo the
// number of in-bounds forward cells with Python's non-negative modulo, picks one of them
// in the order (1,0), (1,-1), (1,1). No forward cell in bounds (never on a track, where
// (1,0) always is; the original fails there): straight ahead.
Move linear_combination_move(const Genome& genome, const View& view, Rng&) {
  int sum = 0;
  for (int i = 0; i < 25; ++i) sum += (genome.bit(2 * i) + 2 * genome.bit(2 * i + 1)) * view(i / 5 - 2, i % 5 - 2);
  std::array<int, 3> allowed;
  int count = 0;
  for (int dy : {0, -1, 1})
    if (view(1, dy) != kOutOfBounds) allowed[count++] = dy;
  if (count == 0) return Move{1, 0};
  return Move{1, allowed[((sum % count) + count) % count]};
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "LinearCombination",
    .author = "challenge organisers (sample)",
    .language = "Python",
    .summary = "Weights the 25 view colours (column by column) by 2-bit genome chunks and picks among the "
               "in-bounds forward moves by the sum modulo their number.",
    .choices = "Follows the Python controller's sample (python/player.py), the original of the later C++ ports "
               "(the final C++ sample reads 6-bit chunks past the genome's end, an earlier one overlapping 2-bit "
               "weights): checked against the original Python code on 100,000 random (genome, view) pairs, "
               "every decision equal (fixture tests/players/fixtures/linear_combination.txt).",
    .move = ratrace::linear_combination_move,
})
