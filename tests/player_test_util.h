#pragma once
// Helpers for testing a player's decision logic on hand-built views and genomes.
#include <array>
#include <initializer_list>
#include <stdexcept>
#include <vector>

#include "ratrace/engine/player.h"

namespace ratrace::testing {

// A 5x5 view written as the specimen sees it: rows from dy = -2 (top) to dy = +2 (bottom),
// each row from dx = -2 (behind) to dx = +2 (ahead). -1 is out of bounds.
struct ViewGrid {
  std::array<int8_t, 25> cells{};
  View view() const { return View(cells.data(), 2); }
};

inline ViewGrid make_view(std::initializer_list<std::initializer_list<int>> rows) {
  if (rows.size() != 5) throw std::invalid_argument("a view has 5 rows");
  ViewGrid grid;
  int r = 0;
  for (const auto& row : rows) {
    if (row.size() != 5) throw std::invalid_argument("a view row has 5 cells");
    int c = 0;
    for (int colour : row) grid.cells[r * 5 + c++] = static_cast<int8_t>(colour);
    ++r;
  }
  return grid;
}

inline ViewGrid uniform_view(int colour) {
  ViewGrid grid;
  grid.cells.fill(static_cast<int8_t>(colour));
  return grid;
}

// A genome of `length` bits, all zero but for the chunks written with set_chunk.
class GenomeBuilder {
 public:
  explicit GenomeBuilder(int length = 100) : bits_(static_cast<size_t>(length), '0') {}
  // Writes `value` into bits [start, start+len), most significant bit first.
  GenomeBuilder& set_chunk(int start, int len, uint32_t value) {
    for (int k = 0; k < len; ++k) bits_.at(static_cast<size_t>(start + k)) = ((value >> (len - 1 - k)) & 1) ? '1' : '0';
    return *this;
  }
  GenomeBuilder& set_bit(int i, int value) {
    bits_.at(static_cast<size_t>(i)) = value ? '1' : '0';
    return *this;
  }
  Genome build() const { return Genome::from_string(bits_); }

 private:
  std::string bits_;
};

// Calls a registered player once.
inline Move call_player(const char* name, const Genome& genome, const ViewGrid& grid, uint64_t seed = 1) {
  Rng rng(seed);
  return find_player(name).move(genome, grid.view(), rng);
}

}  // namespace ratrace::testing
