// SkyWalker (Dominik Müller): the genome names only the dangerous colours.
#include <array>

#include "controller/player.h"

namespace ratrace {
namespace {

// Genome layout (52 bits; the write-up's own table was lost, see .choices):
//   bits [0, 4), [4, 8)       the two wall colours
//   bits [8, 12), [12, 16)    the offsets of trap 1 and trap 2: two bits dx, two bits dy,
//                             each read as (value mod 3) - 1
//   bits [16, 20), [20, 24)   the two trap colours
//   bits [24 + 7t, 31 + 7t)   teleporter t = 0..3: four bits colour, then a 3-bit
//                             "decider"; decider > 3 (its first bit set) marks it bad
constexpr int kWallStart = 0;
constexpr int kTrapOffsetStart = 8;
constexpr int kTrapColourStart = 16;
constexpr int kTeleporterStart = 24;
constexpr int kTeleporterSlot = 7;

int offset_component(uint32_t code) { return static_cast<int>(code % 3) - 1; }

// Preference categories, best first; within a category the choice is random.
constexpr std::array<std::array<Move, 2>, 5> kCategories = {{
    {{{1, 0}, {1, 0}}},     // straight ahead (a category of one)
    {{{1, -1}, {1, 1}}},    // diagonally ahead
    {{{0, -1}, {0, 1}}},    // up or down
    {{{-1, -1}, {-1, 1}}},  // diagonally back
    {{{-1, 0}, {-1, 0}}},   // straight back (a category of one)
}};
constexpr std::array<int, 5> kCategorySize = {1, 2, 2, 2, 1};

Move sky_walker_move(const Genome& genome, const View& view, Rng& rng) {
  // Colours forbidden outright: walls and teleporters judged bad.
  std::array<bool, 16> bad_colour{};
  bad_colour[genome.chunk(kWallStart, 4)] = true;
  bad_colour[genome.chunk(kWallStart + 4, 4)] = true;
  for (int t = 0; t < 4; ++t) {
    const int start = kTeleporterStart + kTeleporterSlot * t;
    if (genome.chunk(start + 4, 3) > 3) bad_colour[genome.chunk(start, 4)] = true;
  }
  const int trap_colour[2] = {static_cast<int>(genome.chunk(kTrapColourStart, 4)),
                              static_cast<int>(genome.chunk(kTrapColourStart + 4, 4))};
  int trap_dx[2], trap_dy[2];
  for (int k = 0; k < 2; ++k) {
    trap_dx[k] = offset_component(genome.chunk(kTrapOffsetStart + 4 * k, 2));
    trap_dy[k] = offset_component(genome.chunk(kTrapOffsetStart + 4 * k + 2, 2));
  }

  // Forbidden cells of the 3x3 neighbourhood, indexed [dx + 1][dy + 1].
  bool forbidden[3][3] = {};
  for (int dy = -2; dy <= 2; ++dy) {
    for (int dx = -2; dx <= 2; ++dx) {
      const int colour = view(dx, dy);
      const bool near = dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
      if (near && (colour == kOutOfBounds || bad_colour[colour])) forbidden[dx + 1][dy + 1] = true;
      if (colour == kOutOfBounds) continue;
      for (int k = 0; k < 2; ++k) {
        if (colour != trap_colour[k]) continue;
        const int tx = dx + trap_dx[k], ty = dy + trap_dy[k];
        if (tx >= -1 && tx <= 1 && ty >= -1 && ty <= 1) forbidden[tx + 1][ty + 1] = true;
      }
    }
  }

  for (size_t c = 0; c < kCategories.size(); ++c) {
    Move open[2];
    int count = 0;
    for (int i = 0; i < kCategorySize[c]; ++i) {
      const Move m = kCategories[c][i];
      if (!forbidden[m.dx + 1][m.dy + 1]) open[count++] = m;
    }
    if (count == 1) return open[0];
    if (count == 2) return open[rng.below(2)];
  }
  // Every move is forbidden: leap straight ahead anyway.
  return Move{1, 0};
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "SkyWalker",
    .author = "Dominik Müller",
    .language = "Python",
    .published_score = 122.92,
    .published_games = 0,
    .published_rank = 8,
    .summary = "The genome names only the dangerous colours (two walls, two traps with their offsets, four "
               "teleporters each with a good/bad decider); out-of-bounds cells, cells of those colours and trap "
               "targets are forbidden, and the first open move in a fixed preference order is taken, random "
               "within a category.",
    .choices = "Followed: 4-bit colour numbers, 52 bits in all, of which only the first bit of each 3-bit "
               "teleporter decider matters (decider > 3); a trap colour forbids only the cell at its stored "
               "offset (the trap cell itself is not forbidden), wall and bad-teleporter colours and "
               "out-of-bounds cells are forbidden themselves; two open moves of one category are chosen at "
               "random. The write-up's genome table and its preference list were lost; chosen layout: walls "
               "at bits 0-3 and 4-7, trap offsets at 8-11 and 12-15, trap colours at 16-19 and 20-23 (a "
               "commenter cites bit_chunk(16,4) and bit_chunk(20,4) as the two trap slots), then four "
               "teleporter slots of 7 bits (colour, then decider) at 24-51; bits 52-99 unused. A trap offset "
               "is two bits dx and two bits dy, each (value mod 3) - 1. A decider > 3 marks that teleporter "
               "colour bad. Preference order chosen: (1,0); (1,-1)/(1,1); (0,-1)/(0,1); (-1,-1)/(-1,1); "
               "(-1,0); if all are forbidden, (1,0) anyway. Trap colours in the whole 5x5 view are used, "
               "marking targets inside the 3x3 neighbourhood. Draws from the RNG only when two moves of the "
               "chosen category are open.",
    .move = ratrace::sky_walker_move,
})
