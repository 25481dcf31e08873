// The controllers' third sample: a linear combination of the view.
#include "controller/player.h"

namespace ratrace {
namespace {

// Each of the 25 view cells (row by row from the top left) gets the weight
// bit(i) + 2 * bit(i + 1); the weighted sum of the colours, taken modulo 3, picks the
// forward move's dy. The offset keeps the sum positive (out-of-bounds cells read -1).
Move linear_combination_move(const Genome& genome, const View& view, Rng&) {
  long sum = 3333333;
  for (int i = 0; i < 25; ++i) {
    const int weight = genome.bit(i) + 2 * genome.bit(i + 1);
    sum += weight * view(i % 5 - 2, i / 5 - 2);
  }
  return Move{1, static_cast<int>(sum % 3) - 1};
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "LinearCombination",
    .author = "challenge organisers (sample)",
    .language = "Python, ported to C++",
    .summary = "Weights the 25 view colours by bit(i) + 2*bit(i+1) (genome bits 0..25), and moves "
               "forward with dy = (sum mod 3) - 1.",
    .choices = "The sample came without a write-up; this follows the organisers' C++ port of it "
               "(overlapping 2-bit weights, a large positive offset before the modulo).",
    .move = ratrace::linear_combination_move,
})
