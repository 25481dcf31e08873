// Triple Score (Wouter ibens): every candidate move is worth three sub-scores.
#include <array>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

// Genome layout (our choice; the write-up gives none):
//   bits [5c, 5c+5), c = 0..15   colour score S(c), bits as a number (0..31)
//   bits [80, 85)                forward score F, added to the three forward moves
//   bits [85, 89)                look-ahead factor K, in eighths (0 .. 15/8)
constexpr int kColourBits = 5;
constexpr int kForwardStart = 80, kForwardBits = 5;
constexpr int kFactorStart = 85, kFactorBits = 4;
constexpr int kFactorScale = 8;  // every score is kept multiplied by 8: integer arithmetic

int colour_score(const Genome& genome, int colour) {
  return static_cast<int>(genome.chunk(kColourBits * colour, kColourBits));
}

// Score (times 8) of the move to (dx, dy), whose cell must be in bounds:
//   1. the destination's colour score,
//   2. the forward score when the move goes forward (dx == 1),
//   3. the best colour score among the three forward moves from the destination,
//      times the genome's factor (out-of-bounds cells are not candidates).
int move_score(const Genome& genome, const View& view, int dx, int dy, int forward, int factor) {
  int score = kFactorScale * colour_score(genome, view(dx, dy));
  if (dx == 1) score += kFactorScale * forward;
  int best_next = 0;
  for (int ny = dy - 1; ny <= dy + 1; ++ny) {
    const int colour = view(dx + 1, ny);
    if (colour == kOutOfBounds) continue;
    const int s = colour_score(genome, colour);
    if (s > best_next) best_next = s;
  }
  return score + factor * best_next;
}

Move triple_score_move(const Genome& genome, const View& view, Rng& rng) {
  const int forward = static_cast<int>(genome.chunk(kForwardStart, kForwardBits));
  const int factor = static_cast<int>(genome.chunk(kFactorStart, kFactorBits));

  std::array<Move, 5> best{};
  int tied = 0;
  int best_score = -1;
  auto consider = [&](int dx, int dy, int score) {
    if (score > best_score) {
      best_score = score;
      tied = 0;
    }
    if (score == best_score) best[tied++] = Move{dx, dy};
  };

  // Up and down first: each stays a candidate only when it beats standing still, so the
  // rat does not bounce up, down, up, ... between two cells.
  const int stay = move_score(genome, view, 0, 0, forward, factor);
  for (int dy : {-1, 1}) {
    if (view(0, dy) == kOutOfBounds) continue;
    const int score = move_score(genome, view, 0, dy, forward, factor);
    if (score > stay) consider(0, dy, score);
  }
  // Then the three forward moves.
  for (int dy = -1; dy <= 1; ++dy) {
    if (view(1, dy) == kOutOfBounds) continue;
    consider(1, dy, move_score(genome, view, 1, dy, forward, factor));
  }
  if (tied == 0) return Move{1, 0};  // off the board (Java's rules), nothing around in bounds
  return tied == 1 ? best[0] : best[rng.below(static_cast<uint32_t>(tied))];
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "Triple Score",
    .author = "Wouter ibens",
    .language = "C++",
    .published_score = 145.35,
    .published_games = 2000,
    .published_rank = 6,
    .summary = "Scores up, down and the three forward moves, each as the destination's colour score plus a "
               "forward score plus the best forward follow-up from the destination times a genome factor; up "
               "and down count only when they beat standing still; random among the best.",
    .choices = "Followed: five directions (up, down, forward-up, forward, forward-down); up/down are scored "
               "first, compared with the value of staying put (scored the same way) and dropped when staying "
               "is better; random choice among the highest scores. The list of the three sub-scores was lost "
               "from the write-up; chosen: (1) the destination's colour score, (2) a genome 'forward' score "
               "added to the three forward moves, (3) the best colour score of the three forward cells from "
               "the destination, multiplied by a genome factor. Genome layout chosen: colour c scores bits "
               "[5c, 5c+5) as a number (0..31), the forward score is bits [80, 85) as a number, the factor is "
               "bits [85, 89) as a number in eighths (0..1.875); bits 89..99 unused. Up/down need a strictly "
               "higher score than staying (a tie drops them). Out-of-bounds cells are never entered and are "
               "skipped in the look-ahead. Draws from the RNG only on a tie.",
    .move = ratrace::triple_score_move,
})
