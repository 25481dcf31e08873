// LeapForward: the genome lists four colours to avoid; move forward onto a colour that is
// not listed, or leap anyway when every forward cell is listed.
#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

constexpr int kAvoidSlots = 4;  // slot s: colour in bits 4s..4s+3

bool avoided(const Genome& genome, int colour) {
  for (int s = 0; s < kAvoidSlots; ++s)
    if (static_cast<int>(genome.chunk(4 * s, 4)) == colour) return true;
  return false;
}

Move leap_forward_move(const Genome& genome, const View& view, Rng& rng) {
  int safe[3], any[3];
  int n_safe = 0, n_any = 0;
  for (int dy = -1; dy <= 1; ++dy) {
    const int colour = view(1, dy);
    if (colour == kOutOfBounds) continue;
    any[n_any++] = dy;
    if (!avoided(genome, colour)) safe[n_safe++] = dy;
  }
  if (n_any == 0) return Move{1, 0};  // only off the board (Java's rules): on it (1,0) is in bounds
  // Forward onto a colour not listed; if all are listed, leap into the unknown anyway.
  const int* choices = n_safe > 0 ? safe : any;
  const int n = n_safe > 0 ? n_safe : n_any;
  return Move{1, n == 1 ? choices[0] : choices[rng.below(static_cast<uint32_t>(n))]};
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "LeapForward",
    .author = "not named in the write-up",
    .language = "Python",
    .published_score = 0,
    .published_games = 0,
    .published_rank = 0,
    .summary = "Four 4-bit genome slots name colours to avoid; it moves forward, (1,-1), (1,0) or (1,1), "
               "onto a colour not named, at random among those; if every forward cell is named it leaps "
               "forward anyway, at random.",
    .choices = "Followed from the write-up (Python 2): four colours of 4 bits each to avoid; move forward "
               "onto a colour not in that list; if all are bad, still leap into the unknown. Chosen (the "
               "code is lost): slot s is bits 4s..4s+3 read as a number, first bit most significant (the "
               "Python controller read a chunk lowest bit first; on contiguous slots the two readings are "
               "the same up to a relabelling of the bits); bits 16..99 are unused; 'forward' means the "
               "three moves (1,-1), (1,0), (1,1); out-of-bounds forward cells are never taken (as in the "
               "Python controller's ColorScorePlayer sample); among several acceptable cells, and among "
               "all in-bounds forward cells when none is acceptable, the choice is uniform at random "
               "(random.choice, as in the Python samples). Draws from the rng only when more than one "
               "cell is left to choose from.",
    .move = ratrace::leap_forward_move,
})
