#include "menace/board.h"

#include <stdexcept>

namespace ratrace::menace {

namespace {

constexpr std::array<std::array<uint8_t, 3>, 8> kLines{
    {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}};

// Symmetry t maps picture (row, column) to a board (row, column); the 8 maps of the square.
constexpr std::array<uint8_t, 9> symmetry_cells(int t) {
  std::array<uint8_t, 9> cells{};
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      int br = r, bc = c;
      switch (t) {
        case 0:
          br = r;
          bc = c;
          break;
        case 1:
          br = c;
          bc = 2 - r;
          break;
        case 2:
          br = 2 - r;
          bc = 2 - c;
          break;
        case 3:
          br = 2 - c;
          bc = r;
          break;
        case 4:
          br = c;
          bc = r;
          break;
        case 5:
          br = 2 - r;
          bc = c;
          break;
        case 6:
          br = 2 - c;
          bc = 2 - r;
          break;
        default:
          br = r;
          bc = 2 - c;
          break;
      }
      cells[r * 3 + c] = static_cast<uint8_t>(br * 3 + bc);
    }
  }
  return cells;
}

}  // namespace

const std::array<std::array<uint8_t, 9>, 8> kSymmetries{symmetry_cells(0), symmetry_cells(1), symmetry_cells(2),
                                                        symmetry_cells(3), symmetry_cells(4), symmetry_cells(5),
                                                        symmetry_cells(6), symmetry_cells(7)};

char mark_char(Mark m) { return m == Mark::kX ? 'X' : m == Mark::kO ? 'O' : '.'; }

Mark winner(const Board& b) {
  for (const auto& line : kLines) {
    const Mark m = b[line[0]];
    if (m != Mark::kEmpty && b[line[1]] == m && b[line[2]] == m) return m;
  }
  return Mark::kEmpty;
}

int count(const Board& b, Mark m) {
  int n = 0;
  for (Mark c : b) n += c == m;
  return n;
}

bool finished(const Board& b) { return winner(b) != Mark::kEmpty || count(b, Mark::kEmpty) == 0; }

uint32_t encode(const Board& b) {
  uint32_t code = 0;
  for (int i = 8; i >= 0; --i) code = code * 3 + static_cast<uint32_t>(b[i]);
  return code;
}

Board decode(uint32_t code) {
  Board b{};
  for (int i = 0; i < 9; ++i) {
    b[i] = static_cast<Mark>(code % 3);
    code /= 3;
  }
  return b;
}

std::string to_string(const Board& b) {
  std::string s;
  for (Mark m : b) s += mark_char(m);
  return s;
}

Board board_from_string(const std::string& s) {
  if (s.size() != 9) throw std::invalid_argument("a board is 9 characters of X, O and '.', not '" + s + "'");
  Board b{};
  for (int i = 0; i < 9; ++i) {
    switch (s[i]) {
      case 'X': b[i] = Mark::kX; break;
      case 'O': b[i] = Mark::kO; break;
      case '.': b[i] = Mark::kEmpty; break;
      default: throw std::invalid_argument("a board is 9 characters of X, O and '.', not '" + s + "'");
    }
  }
  return b;
}

Board transform(const Board& b, int t) {
  Board picture{};
  for (int c = 0; c < 9; ++c) picture[c] = b[kSymmetries[t][c]];
  return picture;
}

Canonical canonical(const Board& b) {
  Canonical best{encode(b), 0};
  for (int t = 1; t < 8; ++t) {
    const uint32_t code = encode(transform(b, t));
    if (code < best.code) best = {code, t};
  }
  return best;
}

std::string render(const Board& b) {
  std::string s;
  for (int r = 0; r < 3; ++r) {
    if (r > 0) s += "---+---+---\n";
    for (int c = 0; c < 3; ++c) {
      s += ' ';
      s += b[r * 3 + c] == Mark::kEmpty ? ' ' : mark_char(b[r * 3 + c]);
      s += c < 2 ? " |" : "\n";
    }
  }
  return s;
}

}  // namespace ratrace::menace
