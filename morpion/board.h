#pragma once
// Morpion Solitaire on a fixed 64 x 64 board: the Greek cross, the legal moves kept up to date
// move by move, play and copy. Coordinates outside this file are MORPION.md's (the cross in
// 0..9 x 0..9, y growing south); inside, a cell is (y + kOrigin) * kSize + (x + kOrigin).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace morpion {

enum class Rules { k5T, k5D };
const char* rules_name(Rules rules);
// "5T"/"5t" or "5D"/"5d"; throws std::invalid_argument otherwise.
Rules parse_rules(const std::string& text);

constexpr int kSize = 64;
constexpr int kCells = kSize * kSize;
constexpr int kLines = kCells * 4;  // one slot per (first point, direction)
constexpr int kOrigin = 27;         // the cross (0..9) sits in cells 27..36 of each axis
// No dot may be placed nearer the edge than this, so every line through a dot stays on the
// board. Play throws instead (a 5T game reaching 23 cells beyond the cross is far beyond any
// known game, whose dots stay within about 10 cells of it).
constexpr int kMargin = 4;
constexpr int kMaxLegalMoves = 512;

// Directions in MORPION.md's order: ne, e, se, s.
constexpr std::array<int, 4> kDx{1, 1, 1, 0};
constexpr std::array<int, 4> kDy{-1, 0, 1, 1};
constexpr std::array<int, 4> kStep{1 - kSize, 1, 1 + kSize, kSize};
const char* direction_name(int dir);
// "ne", "e", "se", "s" to 0..3, or -1.
int parse_direction(const std::string& text);

constexpr int cell_of(int x, int y) { return (y + kOrigin) * kSize + (x + kOrigin); }
constexpr int cell_x(int cell) { return cell % kSize - kOrigin; }
constexpr int cell_y(int cell) { return cell / kSize - kOrigin; }

// A move: the line (its first point and direction, packed as first_cell * 4 + dir) and the
// new dot. In a given position a line has at most one missing dot, so the line alone names
// a move; the dot is kept for printing and sorting.
struct Move {
  uint16_t line = 0;
  uint16_t dot = 0;
  int dir() const { return line & 3; }
  int first_cell() const { return line >> 2; }
  bool operator==(const Move&) const = default;
};

// "mx,my (lx,ly,dir)", MORPION.md's notation.
std::string to_string(const Move& move);
// Parses that notation back; throws std::invalid_argument naming the text.
Move parse_move(const std::string& text);
// MORPION.md's layer order: (mx, my, lx, ly, direction index).
bool layer_order(const Move& a, const Move& b);

// A position: dots, one state byte per line, and the legal moves, each with a key its caller
// may keep there. Trivially copyable (about 24 KB): copying is the undo.
class Board {
 public:
  // The start position: the 36 dots of the cross and its 28 legal moves.
  explicit Board(Rules rules = Rules::k5T);

  Rules rules() const { return rules_; }
  int score() const { return score_; }
  std::span<const Move> legal_moves() const { return {moves_.data(), static_cast<size_t>(move_count_)}; }
  bool has_dot(int cell) const { return (dots_[static_cast<size_t>(cell >> 6)] >> (cell & 63)) & 1; }

  // Plays a legal move and updates, in constant time, only the lines through the new dot and
  // the lines the new line blocks; then drops the listed moves no longer legal. Throws
  // std::invalid_argument naming the move if it is not legal here, std::out_of_range if its
  // dot lies within kMargin of the board's edge.
  void play(const Move& move);
  // Plays legal_moves()[index], legal by construction: only the std::out_of_range of play().
  void play_legal(size_t index);
  // One number per listed move, for the caller: the board keeps key i with legal_moves()[i] as
  // the list changes, and leaves the keys of moves a play appends (from appended_from() on) for
  // the caller to set. A policy that ranks the legal moves thus values each once, when it
  // becomes legal, not at every step.
  std::span<double> move_keys() { return {keys_.data(), static_cast<size_t>(move_count_)}; }
  // The first listed move that the last play appended (every move, after construction or reset).
  int appended_from() const { return appended_from_; }
  // The legal move of this line, if the line is legal now.
  bool legal_move_of_line(int line, Move* move) const;
  // Why the line is illegal now ("" when legal), for error messages.
  std::string why_illegal(int line) const;
  // Back to the start position of its rules, as `*this = Board(rules())`, but restoring only
  // the rows of lines_ through the dots played: a few KB instead of the 20 KB copy, for callers
  // that play many games on one board.
  void reset();
  // Back to `from`, an earlier position of this board (this board is `from` with moves played
  // since), as `*this = from` but at reset()'s cost: for callers that finish one position many times.
  void reset_to(const Board& from);

 private:
  struct Cross {};
  Board(Rules rules, Cross);
  static const Board& start(Rules rules);
  // Plays a legal move whose line is byte `own` of lines_.
  void place(const Move& move, int own);
  // `at`: the cell's byte in each direction's lines.
  void add_dot(int cell, const std::array<int, 4>& at);
  void add_move(const Move& move, int slot);

  Rules rules_;
  int score_ = 0;
  int move_count_ = 0;
  int appended_from_ = 0;
  std::array<uint64_t, kCells / 64> dots_{};
  // A line's state byte: bits 0-2 how many of its points hold dots, bit 3 blocked by a drawn
  // line of its direction, bits 4-7 the sum of the places (0..4) of its dotted points, so a
  // line with four dots names its missing one. The line is legal when the low nibble is 4.
  // Each direction's lines lie so that the lines through consecutive points along that
  // direction are consecutive bytes: a dot updates its 5 lines of a direction in one 64-bit add.
  std::array<uint8_t, 4 * kCells> lines_{};
  std::array<Move, kMaxLegalMoves> moves_{};
  std::array<uint16_t, kMaxLegalMoves> slots_{};  // each listed move's byte in lines_
  std::array<double, kMaxLegalMoves> keys_{};     // move_keys(): moved with their moves, never read here
};

}  // namespace morpion
