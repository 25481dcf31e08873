#pragma once
// View geometry shared by the players that reason about cells around them (Blind Faith,
// Hard Believers, Cautious Specimens, Pathfinder).
#include <array>
#include <cstdint>

#include "ratrace/tracks/streams.h"
#include "ratrace/tracks/view.h"

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

// Hash of the 25 view colours (out of bounds included) to one of `count` genome bits: the
// "anti-wall-banger" index of Blind Faith and Hard Believers.
inline int view_hash_index(const View& view, int count) {
  uint64_t h = 0;
  for (int dy = -kRadius; dy <= kRadius; ++dy)
    for (int dx = -kRadius; dx <= kRadius; ++dx) h = h * 17 + static_cast<uint64_t>(view(dx, dy) + 1);
  return static_cast<int>(mix64(h) % static_cast<uint64_t>(count));
}

}  // namespace ratrace::view_geometry
