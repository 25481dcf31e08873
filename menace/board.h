#pragma once
// Noughts and crosses: the board, its lines, and the 8 symmetries of the square.
#include <array>
#include <cstdint>
#include <string>

namespace ratrace::menace {

enum class Mark : uint8_t { kEmpty = 0, kX = 1, kO = 2 };

constexpr Mark other(Mark m) { return m == Mark::kX ? Mark::kO : Mark::kX; }
char mark_char(Mark m);  // 'X', 'O' or '.'

// Cells row by row: 0 is the top-left corner, 2 the top-right, 8 the bottom-right.
using Board = std::array<Mark, 9>;

// The mark with three in a row, column or diagonal, or kEmpty when there is none.
Mark winner(const Board& b);
int count(const Board& b, Mark m);
bool finished(const Board& b);  // a line or a full board

// Base-3 code of a board (cell 0 the least significant digit): a key for lookup tables.
constexpr int kBoardCodes = 19683;
uint32_t encode(const Board& b);
Board decode(uint32_t code);

// Board "X.O......" style: nine characters, '.' for empty, row by row.
std::string to_string(const Board& b);
// The inverse of to_string; throws std::invalid_argument on anything else.
Board board_from_string(const std::string& s);

// kSymmetries[t][c]: the board cell that symmetry t shows at picture cell c. t = 0 is the
// identity; the 8 are the 4 rotations, each with and without a reflection.
extern const std::array<std::array<uint8_t, 9>, 8> kSymmetries;

// The picture of `b` under symmetry t: picture[c] = b[kSymmetries[t][c]].
Board transform(const Board& b, int t);

// Where a board stands among its 8 symmetric copies: the copy with the smallest code is the
// box's picture, and transform(board, symmetry) == picture. A bead on picture cell c means
// board cell kSymmetries[symmetry][c].
struct Canonical {
  uint32_t code = 0;
  int symmetry = 0;
};
Canonical canonical(const Board& b);

// Three text lines, e.g. " X | . | O ", separated by "---+---+---" lines.
std::string render(const Board& b);

}  // namespace ratrace::menace
