#include "morpion/board.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <tuple>

namespace morpion {

const char* rules_name(Rules rules) { return rules == Rules::k5T ? "5T" : "5D"; }

Rules parse_rules(const std::string& text) {
  if (text == "5T" || text == "5t") return Rules::k5T;
  if (text == "5D" || text == "5d") return Rules::k5D;
  throw std::invalid_argument("unknown rules '" + text + "' (expected 5T or 5D)");
}

namespace {
constexpr std::array<const char*, 4> kDirectionNames{"ne", "e", "se", "s"};

// The cross's 36 dots, MORPION.md's list.
std::vector<std::pair<int, int>> cross_dots() {
  std::vector<std::pair<int, int>> dots;
  for (int i = 3; i <= 6; ++i) dots.push_back({i, 0}), dots.push_back({i, 9});
  for (int i = 1; i <= 3; ++i) dots.push_back({3, i}), dots.push_back({6, i});
  for (int i = 7; i <= 9; ++i) dots.push_back({3, i}), dots.push_back({6, i});
  for (int i = 0; i <= 3; ++i) dots.push_back({i, 3}), dots.push_back({i, 6});
  for (int i = 6; i <= 9; ++i) dots.push_back({i, 3}), dots.push_back({i, 6});
  for (int i = 4; i <= 5; ++i) dots.push_back({0, i}), dots.push_back({9, i});
  std::sort(dots.begin(), dots.end());
  dots.erase(std::unique(dots.begin(), dots.end()), dots.end());
  return dots;
}

bool inside(int x, int y) { return x >= 0 && x < kSize && y >= 0 && y < kSize; }

// A line lies wholly on the board when both its end points do.
bool line_on_board(int first_cell, int dir) {
  const int x = first_cell % kSize, y = first_cell / kSize;
  return inside(x, y) && inside(x + 4 * kDx[dir], y + 4 * kDy[dir]);
}
}  // namespace

const char* direction_name(int dir) { return kDirectionNames.at(static_cast<size_t>(dir)); }

int parse_direction(const std::string& text) {
  for (int d = 0; d < 4; ++d)
    if (text == kDirectionNames[static_cast<size_t>(d)]) return d;
  return -1;
}

std::string to_string(const Move& move) {
  const int first = move.first_cell();
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%d,%d (%d,%d,%s)", cell_x(move.dot), cell_y(move.dot), cell_x(first),
                cell_y(first), direction_name(move.dir()));
  return buffer;
}

Move parse_move(const std::string& text) {
  int mx, my, lx, ly, consumed = 0;
  char dir[3] = {};
  if (std::sscanf(text.c_str(), " %d , %d ( %d , %d , %2[a-z] )%n", &mx, &my, &lx, &ly, dir, &consumed) != 5 ||
      consumed == 0 || text.find_first_not_of(" ", static_cast<size_t>(consumed)) != std::string::npos)
    throw std::invalid_argument("bad move '" + text + "' (expected 'mx,my (lx,ly,dir)', dir one of ne e se s)");
  const int d = parse_direction(dir);
  if (d < 0) throw std::invalid_argument("bad direction in move '" + text + "' (expected ne, e, se or s)");
  for (int v : {mx, my, lx, ly})
    if (v + kOrigin < 0 || v + kOrigin >= kSize) throw std::invalid_argument("move '" + text + "' is off the board");
  for (int k = 0; k <= 4; ++k)
    if (lx + k * kDx[d] == mx && ly + k * kDy[d] == my)
      return Move{static_cast<uint16_t>(cell_of(lx, ly) * 4 + d), static_cast<uint16_t>(cell_of(mx, my))};
  throw std::invalid_argument("move '" + text + "': the dot is not on the line");
}

bool layer_order(const Move& a, const Move& b) {
  auto key = [](const Move& m) {
    return std::make_tuple(cell_x(m.dot), cell_y(m.dot), cell_x(m.first_cell()), cell_y(m.first_cell()), m.dir());
  };
  return key(a) < key(b);
}

namespace {
// The start position, built once by testing every line: every Board starts as a copy.
struct StartPositions {
  std::array<uint8_t, kCells> cells{};
  StartPositions() {
    for (auto [x, y] : cross_dots()) cells[static_cast<size_t>(cell_of(x, y))] = 1;
  }
};
const StartPositions& start_positions() {
  static const StartPositions start;
  return start;
}
}  // namespace

Board::Board(Rules rules, NoMoves) : rules_(rules), cells_(start_positions().cells) {}

Board::Board(Rules rules) : Board(rules, NoMoves{}) {
  static const std::array<std::vector<Move>, 2> start_moves = [] {
    std::array<std::vector<Move>, 2> moves;
    for (Rules r : {Rules::k5T, Rules::k5D}) {
      Board empty(r, NoMoves{});
      moves[static_cast<size_t>(r)] = empty.legal_moves_by_rescan();
    }
    return moves;
  }();
  for (const Move& m : start_moves[static_cast<size_t>(rules)]) add_move(m);
}

bool Board::blocked(int first, int dir) const {
  const int step = kStep[static_cast<size_t>(dir)];
  const uint8_t bit = segment_bit(dir);
  if (rules_ == Rules::k5T) {
    // No unit segment of the line may be drawn already in this direction.
    for (int k = 0; k < 4; ++k)
      if (cells_[static_cast<size_t>(first + k * step)] & bit) return true;
    return false;
  }
  // 5D: no point of the line may lie on a line of this direction, i.e. be either end of a
  // drawn unit segment of this direction.
  for (int k = -1; k <= 4; ++k)
    if (cells_[static_cast<size_t>(first + k * step)] & bit) return true;
  return false;
}

bool Board::legal_move_of_line(int line, Move* move) const {
  const int first = line >> 2, dir = line & 3;
  const int step = kStep[static_cast<size_t>(dir)];
  int empty = -1;
  for (int k = 0; k < 5; ++k) {
    const int c = first + k * step;
    if (!(cells_[static_cast<size_t>(c)] & kDot)) {
      if (empty >= 0) return false;
      empty = c;
    }
  }
  if (empty < 0 || blocked(first, dir)) return false;
  *move = Move{static_cast<uint16_t>(line), static_cast<uint16_t>(empty)};
  return true;
}

std::string Board::why_illegal(int line) const {
  const int first = line >> 2, dir = line & 3;
  if (!line_on_board(first, dir)) return "the line leaves the board";
  int empty = 0;
  for (int k = 0; k < 5; ++k) empty += !(cells_[static_cast<size_t>(first + k * kStep[static_cast<size_t>(dir)])] & kDot);
  if (empty == 0) return "all five points already hold dots";
  if (empty > 1) return std::to_string(empty) + " of its points hold no dot";
  if (blocked(first, dir))
    return rules_ == Rules::k5T ? "it shares a unit segment with a line of the same direction"
                                : "it shares a point with a line of the same direction (5D)";
  return "";
}

void Board::add_move(const Move& move) {
  if (move_count_ == kMaxLegalMoves) throw std::length_error("more than kMaxLegalMoves legal moves");
  moves_[static_cast<size_t>(move_count_++)] = move;
}

void Board::play(const Move& move) {
  // Both ends one cell inside the board, so the 5D test of the point before the line stays on it.
  const int first = move.first_cell(), dir0 = move.dir();
  const int fx = first % kSize, fy = first / kSize;
  const int lx = fx + 4 * kDx[static_cast<size_t>(dir0)], ly = fy + 4 * kDy[static_cast<size_t>(dir0)];
  if (std::min({fx, fy, lx, ly}) < 1 || std::max({fx, fy, lx, ly}) > kSize - 2)
    throw std::out_of_range("move " + to_string(move) + " runs off the 64 x 64 board");
  Move legal;
  if (!legal_move_of_line(move.line, &legal) || legal.dot != move.dot) {
    const std::string why = why_illegal(move.line);
    throw std::invalid_argument("illegal move " + to_string(move) + ": " +
                                (why.empty() ? "the new dot is elsewhere on the line" : why));
  }
  const int dot = move.dot, dir = move.dir(), step = kStep[static_cast<size_t>(dir)];
  const int dx = dot % kSize, dy = dot / kSize;
  if (dx < kMargin || dx >= kSize - kMargin || dy < kMargin || dy >= kSize - kMargin)
    throw std::out_of_range("move " + to_string(move) + " runs off the 64 x 64 board");
  cells_[static_cast<size_t>(dot)] |= kDot;
  for (int k = 0; k < 4; ++k) cells_[static_cast<size_t>(move.first_cell() + k * step)] |= segment_bit(dir);
  ++score_;
  // Only two kinds of move can die: those whose new dot was this one, and those of the same
  // direction that now meet the new line.
  for (int i = 0; i < move_count_;) {
    const Move& m = moves_[static_cast<size_t>(i)];
    if (m.dot == dot || (m.dir() == dir && blocked(m.first_cell(), dir)))
      moves_[static_cast<size_t>(i)] = moves_[static_cast<size_t>(--move_count_)];
    else
      ++i;
  }
  // Only lines through the new dot can have become complete but for one dot; none of them was
  // legal before (its missing dot was this one, or it missed two).
  for (int d = 0; d < 4; ++d)
    for (int k = 0; k < 5; ++k) {
      const int line = (dot - k * kStep[static_cast<size_t>(d)]) * 4 + d;
      Move m;
      if (legal_move_of_line(line, &m)) add_move(m);
    }
}

std::vector<Move> Board::legal_moves_by_rescan() const {
  std::vector<Move> found;
  for (int cell = 0; cell < kCells; ++cell)
    for (int d = 0; d < 4; ++d) {
      if (!line_on_board(cell, d)) continue;
      // blocked() in 5D looks one point before the line.
      const int before = cell - kStep[static_cast<size_t>(d)];
      if (rules_ == Rules::k5D && !line_on_board(before, d)) continue;
      Move m;
      if (legal_move_of_line(cell * 4 + d, &m)) found.push_back(m);
    }
  return found;
}

}  // namespace morpion
