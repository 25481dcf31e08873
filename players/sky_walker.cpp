// SkyWalker (Dominik Müller): the genome names only the dangerous colours.
#include <array>
#include <span>

#include "ratrace/engine/player.h"

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

// A preference category: moves of equal preference, chosen among at random when several are open.
struct Category {
  std::array<Move, 3> moves;
  int size;
};

// Preference categories, best first: the three forward moves as one category (the reading
// the calibration chose), or straight ahead before the diagonals ahead (a candidate).
constexpr std::array<Category, 5> kStraightFirst = {{
    {{{{1, 0}}}, 1},
    {{{{1, -1}, {1, 1}}}, 2},
    {{{{0, -1}, {0, 1}}}, 2},
    {{{{-1, -1}, {-1, 1}}}, 2},
    {{{{-1, 0}}}, 1},
}};
constexpr std::array<Category, 4> kForwardTied = {{
    {{{{1, -1}, {1, 0}, {1, 1}}}, 3},
    {{{{0, -1}, {0, 1}}}, 2},
    {{{{-1, -1}, {-1, 1}}}, 2},
    {{{{-1, 0}}}, 1},
}};

// The readings the lost genome table and preference list leave open.
struct Reading {
  bool forbid_trap_cells;  // a trap colour forbids its own cell as well as its target
  bool forward_tied;       // kForwardTied instead of kStraightFirst
};

template <Reading kReading>
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
        if (kReading.forbid_trap_cells && near) forbidden[dx + 1][dy + 1] = true;
        const int tx = dx + trap_dx[k], ty = dy + trap_dy[k];
        if (tx >= -1 && tx <= 1 && ty >= -1 && ty <= 1) forbidden[tx + 1][ty + 1] = true;
      }
    }
  }

  const std::span<const Category> categories =
      kReading.forward_tied ? std::span<const Category>(kForwardTied) : std::span<const Category>(kStraightFirst);
  for (const Category& category : categories) {
    Move open[3];
    int count = 0;
    for (int i = 0; i < category.size; ++i) {
      const Move m = category.moves[i];
      if (!forbidden[m.dx + 1][m.dy + 1]) open[count++] = m;
    }
    if (count == 1) return open[0];
    if (count > 1) return open[rng.below(static_cast<uint32_t>(count))];
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
               "teleporter decider matters (decider > 3); wall and bad-teleporter colours and out-of-bounds "
               "cells are forbidden themselves; open moves of one category are chosen at random. The write-up's "
               "genome table and its preference list were lost; chosen layout: walls at bits 0-3 and 4-7, trap "
               "offsets at 8-11 and 12-15, trap colours at 16-19 and 20-23 (a commenter cites bit_chunk(16,4) "
               "and bit_chunk(20,4) as the two trap slots), then four teleporter slots of 7 bits (colour, then "
               "decider) at 24-51; bits 52-99 unused. A trap offset is two bits dx and two bits dy, each (value "
               "mod 3) - 1. A decider > 3 marks that teleporter colour bad. Trap colours in the whole 5x5 view "
               "are used, marking targets inside the 3x3 neighbourhood. Chosen by the calibration on seed 7 "
               "under Python rules (docs/RECONCILIATION.md; published 122.9): the preference order "
               "(1,-1)/(1,0)/(1,1); (0,-1)/(0,1); (-1,-1)/(-1,1); (-1,0), and if all are forbidden (1,0) anyway "
               "(130.8, against 11.3 with straight ahead first); a trap colour forbids only the cell at its "
               "offset, not its own cell (8.9 with both forbidden). Draws from the RNG only when two or more "
               "moves of the chosen category are open.",
    .move = ratrace::sky_walker_move<ratrace::Reading{.forbid_trap_cells = false, .forward_tied = true}>,
})

RATRACE_PLAYER({
    .name = "SkyWalker (straight ahead first)",
    .author = "Dominik Müller",
    .language = "Python",
    .summary = "SkyWalker preferring straight ahead, then the two diagonals ahead, then up or down, then "
               "diagonally back, then back.",
    .choices = "As SkyWalker, but the preference list's first category is (1,0) alone and the second "
               "(1,-1)/(1,1).",
    .move = ratrace::sky_walker_move<ratrace::Reading{.forbid_trap_cells = false, .forward_tied = false}>,
    .candidate_for = "SkyWalker",
})

RATRACE_PLAYER({
    .name = "SkyWalker (trap cells forbidden)",
    .author = "Dominik Müller",
    .language = "Python",
    .summary = "SkyWalker with each trap colour's own cell forbidden as well as the cell at its offset.",
    .choices = "As SkyWalker, but a cell of one of the two trap colours in the 3x3 neighbourhood is forbidden "
               "too.",
    .move = ratrace::sky_walker_move<ratrace::Reading{.forbid_trap_cells = true, .forward_tied = true}>,
    .candidate_for = "SkyWalker",
})

RATRACE_PLAYER({
    .name = "SkyWalker (trap cells forbidden and straight ahead first)",
    .author = "Dominik Müller",
    .language = "Python",
    .summary = "SkyWalker with both of the other readings: trap colours' own cells forbidden and straight ahead "
               "preferred to the diagonals ahead.",
    .choices = "As SkyWalker, with the changes of 'SkyWalker (trap cells forbidden)' and 'SkyWalker (straight "
               "ahead first)' together.",
    .move = ratrace::sky_walker_move<ratrace::Reading{.forbid_trap_cells = true, .forward_tied = false}>,
    .candidate_for = "SkyWalker",
})
