// Hard Believers (kuroi neko, C++): Blind Faith grown up. 5-bit colour genes (good, bad,
// danger detector with a direction, or "beam": a teleporter judged by a signature of its 8
// neighbours), a shortest-path search through the 5x5 view to its right edge, 20
// anti-wall-banger bits for up/down ties, and a push forward when no path is seen.
#include <array>
#include <cstdint>
#include <optional>

#include "ratrace/engine/player.h"
#include "ratrace/players/view_geometry.h"

namespace ratrace {
namespace {

constexpr int kGeneBits = 5;      // colour c: bits [5c, 5c + 5)
constexpr int kBangerStart = 80;  // anti-wall-banger bits [80, 100)
constexpr int kBangerBits = 20;
constexpr int kViewRadius = 2;

// Gene type: the two high bits of the 5-bit gene; the three low bits are its value.
enum GeneType : uint32_t { kDanger = 0b00, kBeam = 0b01, kBad = 0b10, kGood = 0b11 };

using view_geometry::view_bit;
using view_geometry::view_hash_index;
// The 8 neighbours: a danger gene's direction ttt, and the order in which a beam cell's
// neighbours make its signature.
constexpr const auto& kNeighbours = view_geometry::kNeighbourOffsets;

// The view's colours + 1 (0 out of bounds, 1..16 colours) framed by a ring of 17 ("unseen"):
// cell (dx, dy), |dx|, |dy| <= 3, at frame_index(dx, dy). The ring lets a beam cell on the
// view's rim read its 8 neighbours without a bounds test.
constexpr int kFrameSide = view_geometry::kWideSide;
constexpr auto frame_index = view_geometry::wide_index;
constexpr int kUnseen = 17;

// The local signature of the cell at (dx, dy): its 8 neighbours' colours (a neighbour
// outside the view reads as "unseen", so signatures on the view's rim are inexact),
// hashed to one of 4 values.
uint32_t beam_signature(const std::array<uint8_t, kFrameSide * kFrameSide>& frame, int dx, int dy) {
  uint64_t h = 0;
  for (const Move& n : kNeighbours) h = h * 18 + frame[frame_index(dx + n.dx, dy + n.dy)];
  return static_cast<uint32_t>(mix64(h) & 3);
}

using view_geometry::inner_view;
using view_geometry::wide_index;
constexpr const auto& kDangerShift = view_geometry::kNeighbourShift;

Move hard_believers_move(const Genome& genome, const View& view, Rng&) {
  // The colours, read once (row by row, the original order of reads).
  std::array<uint8_t, kFrameSide * kFrameSide> frame;
  frame.fill(kUnseen);
  for (int dy = -kViewRadius; dy <= kViewRadius; ++dy)
    for (int dx = -kViewRadius; dx <= kViewRadius; ++dx)
      frame[frame_index(dx, dy)] = static_cast<uint8_t>(view(dx, dy) + 1);

  // Blocked cells: out of bounds, bad colours, beam colours whose 2-bit field equals the
  // cell's signature (one chance in four), and every in-view cell a danger colour points at.
  uint32_t blocked = 0;
  uint64_t targets = 0;  // 7x7 grid
  for (int dy = -kViewRadius; dy <= kViewRadius; ++dy) {
    for (int dx = -kViewRadius; dx <= kViewRadius; ++dx) {
      const int colour = frame[frame_index(dx, dy)] - 1;
      if (colour == kOutOfBounds) {
        blocked |= view_bit(dx, dy);
        continue;
      }
      const uint32_t gene = genome.chunk(kGeneBits * colour, kGeneBits);
      const uint32_t value = gene & 0b111;
      switch (gene >> 3) {
        case kGood: break;
        case kBad: blocked |= view_bit(dx, dy); break;
        case kBeam:
          if (beam_signature(frame, dx, dy) == (value & 0b11)) blocked |= view_bit(dx, dy);
          break;
        case kDanger: targets |= uint64_t{1} << (wide_index(dx, dy) + kDangerShift[value]); break;
      }
    }
  }
  blocked |= inner_view(targets);

  // The first steps of all shortest paths (8-neighbour moves through open cells, the rat's
  // own cell not part of the graph) to the view's right edge, dx = 2.
  const uint32_t nearest = view_geometry::nearest_first_steps(blocked);

  // The anti-wall-banger bit, read when two steps of a group tie; with a genome too short
  // for every bit it is read first, so that it faults as before.
  int first = 0;
  const auto up_or_down = [&] {
    if (first == 0) first = genome.bit(kBangerStart + view_hash_index(view, kBangerBits)) != 0 ? -1 : 1;
    return first;
  };
  if (genome.length() < kBangerStart + kBangerBits) up_or_down();

  // First step of the shortest path, each tied pair in the anti-wall-banger bit's order; with
  // no path, a push forward.
  if (const std::optional<Move> step = view_geometry::first_step_in_order(nearest, up_or_down)) return *step;
  return view_geometry::push_forward(blocked, up_or_down);
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "Hard Believers",
    .author = "kuroi neko",
    .language = "C++",
    .published_score = 2914.13,
    .published_games = 2000,
    .published_rank = 1,
    .summary = "Blind Faith grown up: 5-bit colour genes (good, bad, danger detector pointing at a neighbour, or "
               "'beam' for a teleporter blocked in one local context of four, judged by a signature of its 8 "
               "neighbours); takes the first step of a shortest path through the 5x5 view to its right edge, ties "
               "broken by an anti-wall-banger bit hashed from the view, and pushes forward when no path is seen.",
    .choices = "Followed from the write-up: 5 bits per colour gene (80 bits), type in the high bits so the 3 low "
               "bits hold a 0..7 value; 4 gene types, a random genome averaging 4 of each (beams 1 blocked + 3 "
               "empty); beam genes have a 2-bit field selecting which of 4 signature classes is impassable; the "
               "signature is made of the 8 neighbours' colours (inexact on the view's rim); paths through the view; "
               "forward push when only walls are seen. Chosen where the write-up is silent (its tables and code are "
               "lost): gene = bits 5c..5c+4 read as a number, type = top 2 bits with 11 good, 10 bad (as Blind "
               "Faith's 11xx/10xx), 00ttt danger (Blind Faith's trap: marks the in-view neighbour in direction ttt, "
               "order (-1,-1),(0,-1),(1,-1),(-1,0),(1,0),(-1,1),(0,1),(1,1), as blocked; its own cell stays open), "
               "01xff beam (x unused); the beam cell is blocked when SplitMix64 of the base-18 fold of its "
               "neighbours (colour+1, 17 for unseen) mod 4 equals ff; signatures are computed only for cells of "
               "beam colours (our reading of 'update signatures sparingly, near potential teleporters'); the other "
               "20 bits (80..99) are the anti-wall-banger, indexed by a SplitMix64 hash of the 25 view colours "
               "mod 20, bit 1 = up (dy = -1) first; path search = BFS over open cells with 8-neighbour steps to any "
               "open cell of column dx = 2, the rat's cell excluded; among the 8 first steps the shortest wins, "
               "ties in the order (1,0), forward diagonals, vertical, (-1,0), back diagonals, pairs in the bit's "
               "order; no path: first open forward cell in that order, else (1,0). The author's own tests also ran "
               "with a raised mutation rate (0.0227); we keep the challenge's rates. Deterministic: never draws.",
    .move = ratrace::hard_believers_move,
})
