// Blind Faith (kuroi neko, C++): 4-bit colour genes that call a colour good, bad, or a
// "trap" (a danger detector pointing at one of its 8 neighbours), plus 36 anti-wall-banger
// bits addressed by a hash of the whole view that pick up or down when two cells tie.
#include <array>
#include <cstdint>

#include "ratrace/engine/player.h"
#include "ratrace/players/view_geometry.h"

namespace ratrace {
namespace {

constexpr int kGeneBits = 4;      // colour c: bits [4c, 4c + 4)
constexpr int kBangerStart = 64;  // anti-wall-banger bits [64, 100)
constexpr int kBangerBits = 36;
constexpr int kViewRadius = 2;

using view_geometry::view_hash_index;
using view_geometry::wide_index;

// The cell view cell (dx, dy) with this gene makes unsafe, on the 7x7 grid of wide_index()
// raised by kMarkOffset: itself if bad or out of bounds, the neighbour it points at if a
// trap (also just outside the view, never read), none if good.
uint64_t unsafe_marks(int gene, int dx, int dy) { return view_geometry::kFourBitMarks[gene] << wide_index(dx, dy); }

bool safe(uint64_t unsafe, int dx, int dy) {
  return !((unsafe >> (view_geometry::kMarkOffset + wide_index(dx, dy))) & 1);
}

// The move once straight ahead is known to be unsafe: the first safe neighbour in the order
// forward diagonals, vertical, back, back diagonals, each pair in the anti-wall-banger
// bit's order; with none, a step back, lowering the fitness (1 + x) of a rat that is stuck.
Move move_around(uint64_t unsafe, const Genome& genome, const View& view) {
  const bool up_first = genome.bit(kBangerStart + view_hash_index(view, kBangerBits)) != 0;
  const int first = up_first ? -1 : 1;
  constexpr int kRest = 7;
  const std::array<Move, kRest> order = {
      {{1, first}, {1, -first}, {0, first}, {0, -first}, {-1, 0}, {-1, first}, {-1, -first}}};
  for (const Move& m : order)
    if (safe(unsafe, m.dx, m.dy)) return m;
  return Move{-1, 0};
}

// Every view cell marked in reading order, then the hash: the reads in their original order,
// kept for a genome or view too small for the shortcut, so that the read that faults is the
// one that always did.
Move move_reading_everything(const Genome& genome, const View& view) {
  uint64_t unsafe = 0;
  for (int dy = -kViewRadius; dy <= kViewRadius; ++dy)
    for (int dx = -kViewRadius; dx <= kViewRadius; ++dx) {
      const int colour = view(dx, dy);
      unsafe |= unsafe_marks(colour == kOutOfBounds ? view_geometry::kOffBoardGene
                                                    : static_cast<int>(genome.chunk(kGeneBits * colour, kGeneBits)),
                             dx, dy);
    }
  if (safe(unsafe, 1, 0)) return Move{1, 0};
  return move_around(unsafe, genome, view);
}

Move blind_faith_move(const Genome& genome, const View& view, Rng&) {
  if (genome.length() < kBangerStart + kBangerBits || view.radius() < kViewRadius)
    return move_reading_everything(genome, view);
  // No read can fail, so only what decides is read: the genes come from the genome's first
  // 64 bits at once (four_bit_gene), and straight ahead is unsafe only through its own
  // colour or a trap among its 8 neighbours (the 3x3 block around (1, 0), all in view).
  // Only when it is unsafe do the other 16 cells and the hash matter. Same moves as
  // move_reading_everything(), in a third of its reads most of the time.
  const auto genes = static_cast<uint64_t>(genome.raw() >> 64);
  const auto gene_at = [&](int dx, int dy) { return view_geometry::four_bit_gene(genes, view(dx, dy)); };
  uint64_t unsafe = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = 0; dx <= 2; ++dx) unsafe |= unsafe_marks(gene_at(dx, dy), dx, dy);
  if (safe(unsafe, 1, 0)) return Move{1, 0};
  for (int dy = -kViewRadius; dy <= kViewRadius; ++dy)
    for (int dx = -kViewRadius; dx <= kViewRadius; ++dx)
      if (dx < 0 || dy < -1 || dy > 1) unsafe |= unsafe_marks(gene_at(dx, dy), dx, dy);
  return move_around(unsafe, genome, view);
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "Blind Faith",
    .author = "kuroi neko",
    .language = "C++",
    .published_score = 1009.72,
    .published_games = 2000,
    .published_rank = 3,
    .summary = "Colour c's 4-bit gene (bits 4c..4c+3) says 11xx good, 10xx bad, or 0ttt 'trap': a danger detector "
               "marking the neighbour in direction ttt as bad while its own cell stays good; the rat takes the "
               "first good neighbour in the order straight ahead, forward diagonals, vertical, back, and one of the "
               "last 36 bits, picked by a hash of the 25 view colours, says whether up or down is tried first.",
    .choices = "Followed from the write-up: 16 x 4-bit genes at bits 4c (first bit 1: good/bad by the second bit, "
               "1 = good; first bit 0: trap with direction ttt = the other 3 bits, 8 directions); bits 64..99 are "
               "the anti-wall-banger, one bit chosen by hashing the 25 view colours, deciding up or down first; "
               "out-of-bounds cells are bad. Chosen where the write-up is silent (its lists and code are lost): "
               "ttt 0..7 maps to (-1,-1),(0,-1),(1,-1),(-1,0),(1,0),(-1,1),(0,1),(1,1) (dx right, dy down); a trap "
               "colour marks only the in-view cell it points to, and the trap cell itself counts as good unless "
               "some trap points at it (order-independent); the hash is a base-17 fold of colour+1 over the view "
               "row by row, mixed with SplitMix64, modulo 36; bit 1 = try up (dy = -1) first; move order: (1,0), "
               "then the two forward diagonals, the two vertical moves, (-1,0) and the back diagonals, each pair in "
               "the bit's order (so the bit only matters when straight ahead is not good); with no good neighbour "
               "at all it steps back (-1,0). Deterministic: never draws from the rng.",
    .move = ratrace::blind_faith_move,
})
