// ROUS (Rodent Of Unusual Size): a hash of the whole view picks one of 33 three-bit genes,
// and the gene names one of the 8 neighbouring moves.
#include <array>
#include <bit>
#include <cstdint>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

// java.awt.Point's hashCode (inherited from Point2D) for integer coordinates.
constexpr int32_t java_point_hash(int x, int y) {
  uint64_t bits = std::bit_cast<uint64_t>(static_cast<double>(x));
  bits ^= std::bit_cast<uint64_t>(static_cast<double>(y)) * 31u;
  return static_cast<int32_t>(static_cast<uint32_t>(bits) ^ static_cast<uint32_t>(bits >> 32));
}

// Hashes of the 25 view offsets, indexed [dx + 2][dy + 2].
constexpr std::array<std::array<int32_t, 5>, 5> kPointHash = [] {
  std::array<std::array<int32_t, 5>, 5> table{};
  for (int dx = -2; dx <= 2; ++dx)
    for (int dy = -2; dy <= 2; ++dy) table[dx + 2][dy + 2] = java_point_hash(dx, dy);
  return table;
}();

constexpr int kGenes = 33;
constexpr int kGeneBits = 3;

// The original's move table, in its order: gene value p moves by kMoves[p].
constexpr std::array<Move, 8> kMoves = {Move{-1, -1}, Move{-1, 0}, Move{-1, 1}, Move{0, -1},
                                        Move{0, 1},   Move{1, -1}, Move{1, 0},  Move{1, 1}};

// The hash the original took: HashMap<Point, Integer>.hashCode() of the view, i.e. the
// wrapping 32-bit sum over the 25 cells of point.hashCode() ^ colour.
int32_t java_view_hash(const View& view) {
  uint32_t sum = 0;
  for (int dx = -2; dx <= 2; ++dx)
    for (int dy = -2; dy <= 2; ++dy) sum += static_cast<uint32_t>(kPointHash[dx + 2][dy + 2] ^ view(dx, dy));
  return static_cast<int32_t>(sum);
}

// The gene index: |hash| mod 33. The original's Math.abs overflows on Integer.MIN_VALUE
// (leaving it negative, so the look-up would fault); the magnitude is taken unsigned
// here, so that value reads gene 2^31 mod 33 = 2.
int gene_index(int32_t hash) {
  const uint32_t magnitude = hash < 0 ? 0u - static_cast<uint32_t>(hash) : static_cast<uint32_t>(hash);
  return static_cast<int>(magnitude % kGenes);
}

Move rous_move(const Genome& genome, const View& view, Rng&) {
  const int gene = gene_index(java_view_hash(view));
  return kMoves[genome.chunk(gene * kGeneBits, kGeneBits)];
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "ROUS",
    .author = "not named in the write-up",
    .language = "Java",
    .published_score = 0,
    .published_games = 0,
    .published_rank = 0,
    .summary = "Hashes the whole 5x5 view (Java's HashMap<Point, Integer>.hashCode()), takes |hash| mod "
               "33 to pick one of 33 three-bit genes (bits 0..98), and makes the move that gene names: "
               "one of the 8 neighbouring moves, never standing still. No randomness.",
    .choices = "The write-up's code is lost from our copy; this follows the Java source stored in the "
               "Java controller fork that also holds Running Star: 33 genes of 3 bits, gene i = bits "
               "3i..3i+2 read as a number p, move table p -> (-1,-1), (-1,0), (-1,1), (0,-1), (0,1), "
               "(1,-1), (1,0), (1,1); gene index = Math.abs(vision.hashCode()) % 33, where vision is the "
               "Java controller's HashMap from Point(dx, dy) (dy > 0 downwards, as here) to colour (-1 out "
               "of bounds). We reproduce that hash exactly (sum over the 25 cells of Point.hashCode() ^ "
               "colour, wrapping at 32 bits; checked against a JVM), so a genome means the same moves as "
               "in the original. Why it crashed: the write-up says it 'may crash the controller from time "
               "to time'. Its only fault path is the look-up: when the hash is Integer.MIN_VALUE, "
               "Math.abs returns it unchanged, % 33 gives -2 and table[-2] throws "
               "ArrayIndexOutOfBoundsException. (With real views this value cannot occur: every point "
               "hash is a multiple of 2^20 and no pattern of out-of-bounds cells reaches it, so the crashes "
               "the author saw most likely came from the then-broken Java controller, which the write-up "
               "says did not work; hence the published score of 0.) How we keep it legal: the magnitude is "
               "taken in unsigned arithmetic, so that hash would read gene 2 instead of faulting, and "
               "every gene names one of the 8 neighbouring moves, so every return is legal. Moves that "
               "step out of bounds or backwards are kept: they are the original's behaviour. The author "
               "is not named in our copy (the Java source sits in TheBestOne's controller fork).",
    .move = ratrace::rous_move,
})
