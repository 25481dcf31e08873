// Gray-Color Lookahead (fluffy): Gray-coded colour scores, a move is worth its tile plus
// its best next move.
#include <array>
#include <limits>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

// Genome layout:
//   bits [4c, 4c+4), c = 0..15   colour c's score, a 4-bit Gray code g = 0..15 mapped by kScore
//   bits [64, 66)                 2-bit Gray code m: the tile's own multiplier is m + 1
//   bits [66, 68)                 2-bit Gray code b: bias per step to the right (b * dx)
// kScore maps 0..15 monotonically onto [-2, 2], with 12 of the 16 codes in [-1, 1].
constexpr std::array<int, 16> kScore = {-2, -2, -1, -1, -1, -1, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2};
constexpr int kMultiplierStart = 64;
constexpr int kBiasStart = 66;

Move gray_color_lookahead_move(const Genome& genome, const View& view, Rng& rng) {
  std::array<int, 16> colour_score{};
  for (int c = 0; c < 16; ++c) colour_score[c] = kScore[genome.gray(4 * c, 4)];
  const int multiplier = static_cast<int>(genome.gray(kMultiplierStart, 2)) + 1;
  const int bias = static_cast<int>(genome.gray(kBiasStart, 2));

  std::array<Move, 9> best{};
  int tied = 0;
  int best_score = std::numeric_limits<int>::min();
  for (int dx = -1; dx <= 1; ++dx) {
    for (int dy = -1; dy <= 1; ++dy) {
      const int colour = view(dx, dy);
      if (colour == kOutOfBounds) continue;
      // The next moves from that tile: the best one's tile score plus its own bias.
      int best_next = std::numeric_limits<int>::min();
      for (int nx = -1; nx <= 1; ++nx) {
        for (int ny = -1; ny <= 1; ++ny) {
          const int next = view(dx + nx, dy + ny);
          if (next == kOutOfBounds) continue;
          const int s = colour_score[next] + bias * nx;
          if (s > best_next) best_next = s;
        }
      }
      // The tile itself is in bounds, so best_next was set.
      const int score = multiplier * colour_score[colour] + bias * dx + best_next;
      if (score > best_score) {
        best_score = score;
        tied = 0;
      }
      if (score == best_score) best[tied++] = Move{dx, dy};
    }
  }
  if (tied == 0) return Move{1, 0};  // off the board (Java's rules), nothing around in bounds
  return tied == 1 ? best[0] : best[rng.below(static_cast<uint32_t>(tied))];
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "Gray-Color Lookahead",
    .author = "fluffy",
    .language = "C++",
    .published_score = 1.04,
    .published_games = 2000,
    .published_rank = 17,
    .summary = "4-bit Gray codes give each colour a score in [-2, 2]; each of the 9 moves is worth its tile "
               "(times a Gray-coded multiplier) plus a Gray-coded bias to the right plus its best next move; "
               "random among the best. Traps get no special treatment.",
    .choices = "Followed: 4-bit Gray codes per colour mapped to a score between -2 and 2 leaning towards "
               "[-1, 1]; a 2-bit Gray code for the multiplier of the tile itself and one for the bias towards "
               "moving right; a score for every possible move from its tile and its next moves; random among "
               "the best; nothing special for traps. Chosen: colour c at bits [4c, 4c+4), the decoded value "
               "0..15 mapped by the table -2,-2,-1,-1,-1,-1,0,0,0,0,1,1,1,1,2,2; the multiplier is bits "
               "[64, 66) decoded + 1 (1..4), the bias is bits [66, 68) decoded (0..3) per step dx; bits "
               "68..99 unused. A move (dx, dy), one of all 9 including staying, scores multiplier * "
               "score(tile) + bias * dx + the best over the 9 next moves from the tile of score(next tile) "
               "+ bias * next dx (next tiles stay inside the 5x5 view). Out-of-bounds tiles are never moved "
               "to and never count as next moves. Integer scores; draws from the RNG only on a tie.",
    .move = ratrace::gray_color_lookahead_move,
})
