#pragma once
// View geometry shared by the players that reason about cells around them (Blind Faith,
// Hard Believers, Cautious Specimens, Pathfinder).
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "ratrace/tracks/streams.h"
#include "ratrace/tracks/view.h"

// RATRACE_POPCNT_CLONES before a function: on x86-64 (GCC or Clang, ELF), the compiler
// builds it twice, with and without the POPCNT instruction, and the loader picks the clone
// for the CPU it runs on (function multiversioning), so std::popcount inside is one
// instruction where the CPU has it and libgcc's software count elsewhere. Elsewhere empty.
#if defined(__x86_64__) && defined(__ELF__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define RATRACE_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#endif
#endif
#ifndef RATRACE_POPCNT_CLONES
#define RATRACE_POPCNT_CLONES
#endif

namespace ratrace::view_geometry {

constexpr int kRadius = 2;  // the 5x5 view
constexpr int kSide = 2 * kRadius + 1;

// The 8 neighbours of a cell, row by row around it, centre skipped (dx right, dy down): the
// order of the write-ups' 3-bit trap directions.
constexpr std::array<Move, 8> kNeighbourOffsets = {
    {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}};

// Index of view cell (dx, dy), row by row from the top left.
constexpr int view_index(int dx, int dy) { return (dy + kRadius) * kSide + dx + kRadius; }
constexpr bool in_view(int dx, int dy) { return dx >= -kRadius && dx <= kRadius && dy >= -kRadius && dy <= kRadius; }

// Sets of view cells as masks: cell (dx, dy) is bit view_index(dx, dy) of a uint32_t.
constexpr uint32_t kAllView = (1u << (kSide * kSide)) - 1;
constexpr uint32_t view_bit(int dx, int dy) { return 1u << view_index(dx, dy); }
constexpr uint32_t view_column(int dx) {
  uint32_t mask = 0;
  for (int dy = -kRadius; dy <= kRadius; ++dy) mask |= view_bit(dx, dy);
  return mask;
}
// Cells within 3 of the rat (the view and a ring around it) as bits of a uint64_t, row by
// row: (dx, dy) is bit wide_index(dx, dy). A trap at the view's edge can point into the ring.
constexpr int kWideSide = kSide + 2;
constexpr int wide_index(int dx, int dy) { return (dy + kRadius + 1) * kWideSide + dx + kRadius + 1; }

// Blind Faith's 4-bit colour genes (Cautious Specimens reads them too): 11xx good, 10xx bad,
// 0ttt a trap that makes the neighbour in direction ttt unsafe, its own cell staying safe.
// kFourBitMarks[gene], or [kOffBoardGene] for an out-of-bounds cell (unsafe): the cell a view
// cell marks unsafe, as one word to shift by the cell's own wide_index() and OR in (no
// branch on the gene). The word is raised by kMarkOffset so that a mark above or left of
// the cell stays in it: shift the ORed grid down by kMarkOffset once at the end.
constexpr int kOffBoardGene = 16;
constexpr int kMarkOffset = kWideSide + 1;
// The gene of a view cell's colour, read from the genome's first 64 bits (colour c's at bits
// 60 - 4c of them, the number genome.chunk(4c, 4) gives), or kOffBoardGene out of bounds.
inline int four_bit_gene(uint64_t genes, int colour) {
  return colour == kOutOfBounds ? kOffBoardGene : static_cast<int>((genes >> (60 - 4 * colour)) & 0b1111);
}
constexpr std::array<uint64_t, 17> kFourBitMarks = [] {
  std::array<uint64_t, 17> marks{};
  for (int gene = 0; gene < 16; ++gene) {
    const Move d = kNeighbourOffsets[gene & 0b0111];
    const bool trap = !(gene & 0b1000), bad = !trap && !(gene & 0b0100);
    if (trap) marks[gene] = uint64_t{1} << (kMarkOffset + wide_index(d.dx, d.dy) - wide_index(0, 0));
    else if (bad) marks[gene] = uint64_t{1} << kMarkOffset;
  }
  marks[kOffBoardGene] = uint64_t{1} << kMarkOffset;
  return marks;
}();

// A trap or danger gene ttt's target relative to its cell, as a shift on the 7x7 bit grid of
// wide_index(): the grid takes targets just outside the view, which inner_view() then drops.
constexpr std::array<int, 8> kNeighbourShift = [] {
  std::array<int, 8> shift{};
  for (int t = 0; t < 8; ++t)
    shift[t] = wide_index(kNeighbourOffsets[t].dx, kNeighbourOffsets[t].dy) - wide_index(0, 0);
  return shift;
}();
// The view's cells of a 7x7 grid (bits wide_index), as a view mask (bits view_index).
constexpr uint32_t inner_view(uint64_t grid) {
  uint32_t cells = 0;
  for (int dy = -kRadius; dy <= kRadius; ++dy)
    cells |= static_cast<uint32_t>((grid >> wide_index(-kRadius, dy)) & 0b11111) << (kSide * (dy + kRadius));
  return cells;
}

// The cells within one king's step of the set (the set included).
constexpr uint32_t grow(uint32_t cells) {
  const uint32_t row =
      (cells | ((cells << 1) & ~view_column(-kRadius)) | ((cells >> 1) & ~view_column(kRadius))) & kAllView;
  return (row | (row << kSide) | (row >> kSide)) & kAllView;
}

// The rat's 8 neighbours, as view cells.
constexpr uint32_t kNeighbourCells = grow(view_bit(0, 0)) & ~view_bit(0, 0);

// The neighbours that start a shortest path of king's steps through the view cells not in
// `blocked` (the rat's own cell excluded) to the `goals` (by default the view's right column):
// rings of growing step count from the goals until one reaches a neighbour (a breadth-first
// search). 0 when no path reaches a goal.
constexpr uint32_t nearest_first_steps(uint32_t blocked, uint32_t goals = view_column(kRadius)) {
  const uint32_t open = kAllView & ~blocked & ~view_bit(0, 0);
  uint32_t ring = open & goals, seen = ring;
  while (ring && !(ring & kNeighbourCells)) {
    ring = grow(ring) & open & ~seen;
    seen |= ring;
  }
  return ring & kNeighbourCells;
}

// The first step among `nearest` (a set of the rat's neighbours, as view cells), tried in the
// order straight ahead, the forward diagonals, the vertical steps, straight back, the back
// diagonals; when both steps of a pair are in the set, up_or_down() (-1: up first, 1: down)
// says which, and it is called only then. nullopt for an empty set.
template <class UpOrDown>
std::optional<Move> first_step_in_order(uint32_t nearest, UpOrDown&& up_or_down) {
  constexpr std::array<int, 5> kGroupDx = {1, 1, 0, -1, -1};
  constexpr std::array<bool, 5> kGroupPaired = {false, true, true, false, true};
  for (size_t g = 0; g < kGroupDx.size(); ++g) {
    const int dx = kGroupDx[g];
    if (!kGroupPaired[g]) {
      if (nearest & view_bit(dx, 0)) return Move{dx, 0};
      continue;
    }
    const bool up = nearest & view_bit(dx, -1), down = nearest & view_bit(dx, 1);
    if (up && down) return Move{dx, up_or_down()};
    if (up || down) return Move{dx, up ? -1 : 1};
  }
  return std::nullopt;
}

// A push forward when no path is seen (what looks blocked may be a teleporter): onto the open
// cell ahead, else an open forward diagonal (both open: up_or_down()'s), else straight ahead.
template <class UpOrDown>
Move push_forward(uint32_t blocked, UpOrDown&& up_or_down) {
  if (!(blocked & view_bit(1, 0))) return Move{1, 0};
  const bool up = !(blocked & view_bit(1, -1)), down = !(blocked & view_bit(1, 1));
  if (up && down) return Move{1, up_or_down()};
  if (up || down) return Move{1, up ? -1 : 1};
  return Move{1, 0};
}

// Hash of the 25 view colours (out of bounds included) to one of `count` genome bits: the
// "anti-wall-banger" index of Blind Faith and Hard Believers. The fold h = h * 17 + colour + 1
// over the cells in reading order, computed as the sum of (colour + 1) * 17^(cells after it):
// mod 2^64 the same number, but 25 independent products instead of a chain of multiply-adds.
inline int view_hash_index(const View& view, int count) {
  constexpr int kCells = kSide * kSide;
  constexpr std::array<uint64_t, kCells> kWeights = [] {
    std::array<uint64_t, kCells> weights{};
    uint64_t power = 1;
    for (int i = kCells - 1; i >= 0; --i, power *= 17) weights[i] = power;
    return weights;
  }();
  uint64_t h = 0;
  for (int dy = -kRadius; dy <= kRadius; ++dy)
    for (int dx = -kRadius; dx <= kRadius; ++dx)
      h += static_cast<uint64_t>(view(dx, dy) + 1) * kWeights[view_index(dx, dy)];
  return static_cast<int>(mix64(h) % static_cast<uint64_t>(count));
}

}  // namespace ratrace::view_geometry
