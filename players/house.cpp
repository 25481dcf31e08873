// House (ratrace's own player): Hard Believers' shortest path through the view, with genes that
// call most colours open until the population learns otherwise, "jump" colours the rat heads for
// when it sees one ahead (a forward teleporter's colour is worth learning as one), a small random
// escape so that a rat whose genome calls a wall passable does not stand in front of it for its
// whole life, "settlers" (one genome in eight) that never escape, so that a population that has
// learnt its way can drop the escape's cost, and a step aside rather than ahead when everything
// ahead looks deadly. See docs/HOUSE.md for what was measured.
#include <array>
#include <cstdint>
#include <optional>

#include "ratrace/engine/player.h"
#include "ratrace/players/view_geometry.h"

namespace ratrace {
namespace {

constexpr int kGeneBits = 5;      // colour c: bits [5c, 5c + 5)
constexpr int kBangerStart = 80;  // tie bits [80, 96)
constexpr int kBangerBits = 16;
// Bits 96..98 all set: a settler, which never escapes (bit 99 unused). One random genome in
// eight, but settlers soon make most of the births (a settler walking into a wall stands there
// and outlives the explorers, like any wall-banger); the few explorers that mutation keeps find
// the way, and settler lineages then follow it without the escape's detours (docs/HOUSE.md).
constexpr int kSettlerStart = 96;
constexpr int kSettlerBits = 3;
constexpr int kViewRadius = 2;
// The escape: with this chance in 256, a rat that is not a settler and whose shortest path exists
// takes another open forward cell instead, or an open vertical step when no other forward cell is
// open (drawn only when there is such a cell).
constexpr uint32_t kEscapePer256 = 16;

using view_geometry::view_bit;
using view_geometry::view_column;
using view_geometry::view_hash_index;

using view_geometry::inner_view;
using view_geometry::wide_index;
constexpr const auto& kDangerShift = view_geometry::kNeighbourShift;

// The genome's verdict on the view. Blocked cells are out of bounds, of a "bad" colour (gene
// 100xx), or pointed at by a "danger" colour (gene 00ttt, direction ttt; its own cell stays
// open). Genes 110xx, 01xxx and 101xx are open, and 111xx is a "jump" colour: open, and a goal
// of the path when it lies ahead. A random genome calls 1/2 of the colours open, 1/8 jump, 1/8
// bad and 1/4 dangers. The population learns a deadly colour faster than a safe one (a rat that
// walks onto a deadly cell dies; one that avoids a safe cell only walks round it), so the genes
// start open-handed: a bad share of 1/4 or 1/16 scored far lower than 1/8 (docs/HOUSE.md).
struct Verdict {
  uint32_t blocked = 0;
  uint32_t jump = 0;  // open cells of a jump colour, anywhere in the view
};

Verdict judge_view(const Genome& genome, const View& view) {
  Verdict verdict;
  uint64_t targets = 0;  // 7x7 grid
  for (int dy = -kViewRadius; dy <= kViewRadius; ++dy) {
    for (int dx = -kViewRadius; dx <= kViewRadius; ++dx) {
      const int colour = view(dx, dy);
      if (colour == kOutOfBounds) {
        verdict.blocked |= view_bit(dx, dy);
        continue;
      }
      const uint32_t gene = genome.chunk(kGeneBits * colour, kGeneBits);
      if ((gene >> 2) == 0b100) verdict.blocked |= view_bit(dx, dy);
      if ((gene >> 2) == 0b111) verdict.jump |= view_bit(dx, dy);
      if ((gene >> 3) == 0b00) targets |= uint64_t{1} << (wide_index(dx, dy) + kDangerShift[gene & 0b111]);
    }
  }
  verdict.blocked |= inner_view(targets);
  verdict.jump &= ~verdict.blocked;
  return verdict;
}

Move house_move(const Genome& genome, const View& view, Rng& rng) {
  const auto [blocked, jump] = judge_view(genome, view);

  // The neighbours that start the shortest paths through open cells to the view's right edge or
  // to a jump cell ahead. Only ahead: jump cells beside or behind the rat pulled it off course
  // (docs/HOUSE.md).
  const uint32_t goals = view_column(kViewRadius) | (jump & (view_column(1) | view_column(2)));
  const uint32_t nearest = view_geometry::nearest_first_steps(blocked, goals);

  // Up or down first when two steps tie: one of 16 genome bits, picked by a hash of the view.
  int first = 0;
  const auto up_or_down = [&] {
    if (first == 0) first = genome.bit(kBangerStart + view_hash_index(view, kBangerBits)) != 0 ? -1 : 1;
    return first;
  };

  // The path's first step, each tied pair in the genome bit's order.
  if (const std::optional<Move> step = view_geometry::first_step_in_order(nearest, up_or_down)) {
    // The escape: another open forward cell now and then, or an open vertical step when no other
    // forward cell is open. A rat that keeps walking into a wall it believes open stands still,
    // sees the same view and would make the same choice for the rest of its life; this moves it
    // on within a few turns, around the wall when it is walled in ahead. But each escape also
    // costs a rat that knows its route a detour, now and then its life: settlers take none.
    if (genome.chunk(kSettlerStart, kSettlerBits) == (1u << kSettlerBits) - 1) return *step;
    std::array<Move, 3> others{};
    int count = 0;
    for (int dy = -1; dy <= 1; ++dy)
      if (!(blocked & view_bit(1, dy)) && *step != Move{1, dy}) others[count++] = Move{1, dy};
    if (count == 0)
      for (int dy : {-1, 1})
        if (!(blocked & view_bit(0, dy)) && *step != Move{0, dy}) others[count++] = Move{0, dy};
    if (count > 0 && rng.below(256) < kEscapePer256)
      return others[count == 1 ? 0 : rng.below(static_cast<uint32_t>(count))];
    return *step;
  }

  // No path seen and every forward cell blocked: an open vertical step (both open: the genome
  // bit's), rather than a push into a cell the genome calls deadly.
  constexpr uint32_t kAhead = view_bit(1, -1) | view_bit(1, 0) | view_bit(1, 1);
  constexpr uint32_t kVertical = view_bit(0, -1) | view_bit(0, 1);
  if (!(~blocked & kAhead))
    if (const std::optional<Move> aside = view_geometry::first_step_in_order(kVertical & ~blocked, up_or_down))
      return *aside;
  // Otherwise a push forward.
  return view_geometry::push_forward(blocked, up_or_down);
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "House",
    .author = "ratrace",
    .language = "C++",
    .summary = "5-bit colour genes (110xx, 01xxx and 101xx open, 111xx a jump colour, 100xx bad, 00ttt a danger "
               "marking its neighbour in direction ttt); the first step of a shortest path through open view cells "
               "to the view's right edge or to a jump-colour cell in the two columns ahead (ties: straight, forward "
               "diagonals, vertical, back, pairs ordered by one of 16 genome bits picked by a hash of the view); "
               "with chance 1/16 another open forward cell instead, or an open vertical step when no other forward "
               "cell is open, so that a rat walking into a wall it believes open does not stand still for life, "
               "except for settlers (genome bits 96-98 all set), which never escape and so cross faster and safer "
               "once their lineage has learnt the way; "
               "with no path, a vertical step when every forward cell is blocked, else a push forward.",
    .choices = "Not a published player: written for ratrace (docs/HOUSE.md). Genes are Hard Believers' layout "
               "without its beam type, with 5/8 of a random genome's colours passable (1/8 of them jump colours; "
               "tuned: 1/2 and 11/16 passable scored far lower; jump shares of 1/16, 1/32 and 1/4 scored no "
               "better than 1/8); a jump cell is a goal of the path only in the columns ahead (also beside the "
               "rat scored lower); bits 80..95 are the tie bits, indexed by the "
               "SplitMix64 view hash mod 16; bits 96..98 all set make a settler (1/8 of random genomes: 1/2 and 1/4 "
               "were no better, 1/16 about as good); bit 99 is unused; the escape draws from the rng only when the "
               "rat is no settler, a path exists and some other forward cell, or else a vertical one, is open (one "
               "draw, a second to pick between two cells); out-of-bounds cells are never entered except by the final "
               "push forward on a fully blocked view, which stays straight ahead (always in bounds on the track).",
    .move = ratrace::house_move,
})
