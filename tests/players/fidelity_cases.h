#pragma once
// The random (genome, view) cases on which a port's decisions are compared with those of
// its original, recorded by running the original code outside the repository (fixtures in
// tests/players/fixtures/). The recording harnesses generate exactly these cases, so the
// generator is spelled out: a counter-based SplitMix64 stream, Rng(kCaseSeed).next().
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ratrace/tests/player_test_util.h"

namespace ratrace::testing {

constexpr uint64_t kCaseSeed = 20150123;
// Case i's player draws come from Rng(kPlayerDrawBase + i).
constexpr uint64_t kPlayerDrawBase = 1000000;

struct FidelityCase {
  Genome genome;
  ViewGrid view;
};

// Case after case from one stream: genome bits 0..63 = the bits of a draw (least
// significant first), bits 64..99 = the low 36 bits of the next; k = 1 + draw % 16 colours
// in play, each cell (row by row from the top left) draw % k; then draw % 8 blanks rows
// (4: top row, 5: top two, 6: bottom row, 7: bottom two), draw % 8 blanks columns (0:
// leftmost, 1: two left, 2: rightmost, 3: two right), and draw % 64 == 0 blanks every cell;
// the centre always keeps its colour.
class FidelityCases {
 public:
  FidelityCase next() {
    const uint64_t low = rng_.next(), high = rng_.next();
    std::string bits(100, '0');
    for (int k = 0; k < 100; ++k) bits[k] = '0' + static_cast<char>(k < 64 ? (low >> k) & 1 : (high >> (k - 64)) & 1);
    const uint64_t colours = 1 + rng_.next() % 16;
    FidelityCase c{Genome::from_string(bits), {}};
    for (auto& cell : c.view.cells) cell = static_cast<int8_t>(rng_.next() % colours);
    const int8_t centre = c.view.cells[12];
    const uint64_t rows = rng_.next() % 8, columns = rng_.next() % 8;
    const bool blank = rng_.next() % 64 == 0;
    for (int r = 0; r < 5; ++r)
      for (int col = 0; col < 5; ++col) {
        const bool out = (rows == 4 && r == 0) || (rows == 5 && r <= 1) || (rows == 6 && r == 4) ||
                         (rows == 7 && r >= 3) || (columns == 0 && col == 0) || (columns == 1 && col <= 1) ||
                         (columns == 2 && col == 4) || (columns == 3 && col >= 3) || blank;
        if (out) c.view.cells[r * 5 + col] = kOutOfBounds;
      }
    c.view.cells[12] = centre;
    return c;
  }

 private:
  Rng rng_{kCaseSeed};
};

// The recorded decisions of a fixture file: one character per case, '#' lines and line
// breaks skipped.
inline std::string read_fixture(const std::string& name) {
  std::ifstream in(std::filesystem::path(RATRACE_SOURCE_DIR) / "tests/players/fixtures" / name);
  if (!in) throw std::runtime_error("cannot read fixture " + name);
  std::string line, decisions;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') decisions += line;
  return decisions;
}

// Replays every case of a fixture of `count` decisions: decide(case, i) gives the port's
// decision as the fixture writes it; cases marked 'x' (the original failed) are skipped.
// Each mismatch is a test failure (the first five are described); returns the cases compared.
template <class Decide>
size_t expect_fixture_reproduced(const std::string& name, size_t count, Decide decide) {
  const std::string expected = read_fixture(name);
  EXPECT_EQ(expected.size(), count);
  FidelityCases cases;
  size_t compared = 0, mismatches = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    const FidelityCase c = cases.next();
    if (expected[i] == 'x') continue;
    ++compared;
    const char port = decide(c, i);
    if (port != expected[i] && ++mismatches <= 5)
      ADD_FAILURE() << name << " case " << i << ": port " << port << ", original " << expected[i];
  }
  EXPECT_EQ(mismatches, 0u);
  return compared;
}

}  // namespace ratrace::testing
