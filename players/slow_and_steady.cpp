// SlowAndSteady (DenDenDo): colour scores from bit counts, peaked at three ones.
#include <array>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

// Colour c owns the 6-bit segment [6c, 6c+6); with n its number of ones the colour
// scores 9 - (n - 3)^2: 0, 5, 8, 9, 8, 5, 0 for n = 0..6.
int colour_score(const Genome& genome, int colour) {
  const int n = genome.ones(6 * colour, 6);
  return 9 - (n - 3) * (n - 3);
}

// Direction correction added to the colour score, by dx: back, vertical, forward.
constexpr int kDirectionBonus[3] = {-2, 0, 2};

// The 7 nearest neighbours looked at: the 8 around the rat except straight back.
constexpr std::array<Move, 7> kNeighbours = {{{1, -1}, {1, 0}, {1, 1}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}}};

Move slow_and_steady_move(const Genome& genome, const View& view, Rng& rng) {
  std::array<Move, 7> best{};
  int tied = 0;
  int best_score = -1000;
  for (const Move m : kNeighbours) {
    const int colour = view(m.dx, m.dy);
    if (colour == kOutOfBounds) continue;
    const int score = colour_score(genome, colour) + kDirectionBonus[m.dx + 1];
    if (score > best_score) {
      best_score = score;
      tied = 0;
    }
    if (score == best_score) best[tied++] = m;
  }
  if (tied == 0) return Move{1, 0};  // off the board (Java's rules), nothing around in bounds
  return tied == 1 ? best[0] : best[rng.below(static_cast<uint32_t>(tied))];
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "SlowAndSteady",
    .author = "DenDenDo",
    .language = "C++",
    .published_score = 9.77,
    .published_games = 100,
    .published_rank = 14,
    .summary = "16 six-bit segments, colour c scored by its count of ones n as 9 - (n-3)^2; of its 7 nearest "
               "neighbours it takes the best colour score plus a direction correction that favours forward, "
               "random among the best.",
    .choices = "Followed: 16 six-bit segments (colour c = bits [6c, 6c+6)), score 9 - (#ones - 3)^2, only the "
               "7 nearest neighbours, a direction correction added to the colour score, random among the "
               "highest. Lost and chosen: which 7 neighbours (the 8 around the rat except straight back, "
               "(-1,0)); the correction (+2 forward, 0 up/down, -2 diagonally back); out-of-bounds neighbours "
               "are never candidates. Draws from the RNG only on a tie.",
    .move = ratrace::slow_and_steady_move,
})
