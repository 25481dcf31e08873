#include "morpion/board.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <emmintrin.h>
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
static_assert(kSize == 64 && std::endian::native == std::endian::little, "lines_'s layout and 64-bit updates");

constexpr uint8_t kBlocked = 8;
constexpr uint8_t kCountMask = 7;
bool legal_state(uint8_t state) { return (state & (kCountMask | kBlocked)) == 4; }

// The byte of line (first cell, dir) in lines_. Rows run along the direction: e by y, s by x,
// se by (x - y) mod 64, ne by (x + y) mod 64, each row indexed by a coordinate that grows by 1
// per step, so a row's two diagonals (d and d - 64) occupy disjoint stretches of it.
int slot(int cell, int dir) {
  const int x = cell & 63, y = cell >> 6;
  switch (dir) {
    case 0: return (((x + y) & 63) << 6) + x;
    case 1: return kCells + cell;
    case 2: return 2 * kCells + (((x - y) & 63) << 6) + y;
    default: return 3 * kCells + (x << 6) + y;
  }
}

uint64_t load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
void store64(uint8_t* p, uint64_t v) { std::memcpy(p, &v, sizeof v); }

// Added at the byte of the line starting 4 points before a new dot, the bytes of the 5 lines
// through it gain one dot at places 4, 3, 2, 1, 0.
constexpr uint64_t kDotIncrement = 0x0000000111213141ULL;
}  // namespace

// Every dot lies at least kMargin from the edge, so the 5 lines through it of each direction,
// and the 64-bit words read and written around them, stay inside their rows.
// Both inlined into place(), the hot path of every playout: as calls they took a fifth of its profile.
[[gnu::always_inline]] inline void Board::add_dot(int cell, const std::array<int, 4>& at) {
  dots_[static_cast<size_t>(cell >> 6)] |= uint64_t{1} << (cell & 63);
  for (int s : at) store64(lines_.data() + s - 4, load64(lines_.data() + s - 4) + kDotIncrement);
}

[[gnu::always_inline]] inline void Board::add_move(const Move& move, int slot) {
  if (move_count_ == kMaxLegalMoves) [[unlikely]]
    throw std::length_error("more than kMaxLegalMoves legal moves");
  moves_[static_cast<size_t>(move_count_)] = move;
  slots_[static_cast<size_t>(move_count_++)] = static_cast<uint16_t>(slot);
}

// The cross and its legal moves listed in the order of (first cell, direction).
Board::Board(Rules rules, Cross) : rules_(rules) {
  for (auto [x, y] : cross_dots()) {
    const int cell = cell_of(x, y);
    add_dot(cell, {slot(cell, 0), slot(cell, 1), slot(cell, 2), slot(cell, 3)});
  }
  for (int cell = 0; cell < kCells; ++cell)
    for (int d = 0; d < 4; ++d) {
      Move m;
      if (line_on_board(cell, d) && legal_move_of_line(cell * 4 + d, &m)) add_move(m, slot(cell, d));
    }
}

const Board& Board::start(Rules rules) {
  static const std::array<Board, 2> starts{Board(Rules::k5T, Cross{}), Board(Rules::k5D, Cross{})};
  return starts[static_cast<size_t>(rules)];
}

Board::Board(Rules rules) : Board(start(rules)) {}

void Board::reset() { reset_to(start(rules_)); }

void Board::reset_to(const Board& from) {
  // A move writes lines_ only in the 4 rows through its dot (x, y): ne row (x + y) mod 64, e row
  // y, se row (x - y) mod 64, s row x. Rotating row y of the played dots by y gives the diagonals.
  std::array<uint64_t, 4> rows{};
  for (size_t y = 0; y < dots_.size(); ++y) {
    const uint64_t played = dots_[y] ^ from.dots_[y];
    const int shift = static_cast<int>(y);
    rows[0] |= std::rotl(played, shift);
    rows[1] |= uint64_t{played != 0} << y;
    rows[2] |= std::rotr(played, shift);
    rows[3] |= played;
    dots_[y] = from.dots_[y];
  }
  for (int d = 0; d < 4; ++d)
    for (uint64_t bits = rows[static_cast<size_t>(d)]; bits; bits &= bits - 1) {
      const size_t row = static_cast<size_t>(d * kCells + __builtin_ctzll(bits) * kSize);
      std::memcpy(lines_.data() + row, from.lines_.data() + row, kSize);
    }
  score_ = from.score_;
  move_count_ = from.move_count_;
  appended_from_ = from.appended_from_;
  const auto listed = static_cast<size_t>(move_count_);
  std::copy_n(from.moves_.begin(), listed, moves_.begin());
  std::copy_n(from.slots_.begin(), listed, slots_.begin());
  std::copy_n(from.keys_.begin(), listed, keys_.begin());
}

bool Board::legal_move_of_line(int line, Move* move) const {
  const int first = line >> 2, dir = line & 3;
  const uint8_t state = lines_[static_cast<size_t>(slot(first, dir))];
  if (!legal_state(state)) return false;
  const int missing = 10 - (state >> 4);
  *move = Move{static_cast<uint16_t>(line), static_cast<uint16_t>(first + missing * kStep[static_cast<size_t>(dir)])};
  return true;
}

std::string Board::why_illegal(int line) const {
  const int first = line >> 2, dir = line & 3;
  if (!line_on_board(first, dir)) return "the line leaves the board";
  const uint8_t state = lines_[static_cast<size_t>(slot(first, dir))];
  const int empty = 5 - (state & kCountMask);
  if (empty == 0) return "all five points already hold dots";
  if (empty > 1) return std::to_string(empty) + " of its points hold no dot";
  if (state & kBlocked)
    return rules_ == Rules::k5T ? "it shares a unit segment with a line of the same direction"
                                : "it shares a point with a line of the same direction (5D)";
  return "";
}

void Board::play(const Move& move) {
  const int first = move.first_cell(), dir = move.dir();
  const int fx = first % kSize, fy = first / kSize;
  const int lx = fx + 4 * kDx[static_cast<size_t>(dir)], ly = fy + 4 * kDy[static_cast<size_t>(dir)];
  if (std::min({fx, fy, lx, ly}) < 1 || std::max({fx, fy, lx, ly}) > kSize - 2)
    throw std::out_of_range("move " + to_string(move) + " runs off the 64 x 64 board");
  Move legal;
  if (!legal_move_of_line(move.line, &legal) || legal.dot != move.dot) {
    const std::string why = why_illegal(move.line);
    throw std::invalid_argument("illegal move " + to_string(move) + ": " +
                                (why.empty() ? "the new dot is elsewhere on the line" : why));
  }
  place(move, slot(first, dir));
}

void Board::play_legal(size_t index) { place(moves_[index], slots_[index]); }

void Board::place(const Move& move, int own) {
  const int dot = move.dot;
  const int dx = dot % kSize, dy = dot / kSize;
  if (dx < kMargin || dx >= kSize - kMargin || dy < kMargin || dy >= kSize - kMargin)
    throw std::out_of_range("move " + to_string(move) + " runs off the 64 x 64 board");
  ++score_;
  // The new line blocks the lines of its direction that share a unit segment with it (5T: first
  // points 3 either side), or a point (5D: 4 either side). All its points hold dots, so lie at
  // least kMargin from the edge, and these bytes stay inside its row.
  uint8_t* const lines = lines_.data();
  const unsigned reach = rules_ == Rules::k5T ? 3 : 4;
  if (rules_ == Rules::k5T) {
    store64(lines + own - 3, load64(lines + own - 3) | 0x0008080808080808ULL);
  } else {
    store64(lines + own - 4, load64(lines + own - 4) | 0x0808080808080808ULL);
    lines[own + 4] |= kBlocked;
  }
  std::array<int, 4> at;  // the new dot's byte in each direction's lines
  for (int d = 0; d < 4; ++d) at[static_cast<size_t>(d)] = slot(dot, d);
  add_dot(dot, at);
  // A listed move dies when its dot was this one, so its line is one of the 5 of a direction
  // through the new dot, or when the new line blocks it, so it lies within `reach` places of
  // the new line in the new line's row: five ranges of bytes, tested 16 listed moves at a time.
  using Slots = uint16_t __attribute__((vector_size(16)));
  auto within = [](Slots s, int low, unsigned width) {
    return reinterpret_cast<Slots>(s - static_cast<uint16_t>(low) <= static_cast<uint16_t>(width));
  };
  std::array<uint64_t, kMaxLegalMoves / 64> dead{};  // 64 bytes: cleared inline, cheaper than a memset call
  // Lanes all ones where listed moves i..i + 7 die.
  auto hit = [&](int i) {
    Slots s;
    std::memcpy(&s, slots_.data() + i, sizeof s);
    return reinterpret_cast<__m128i>(within(s, at[0] - 4, 4) | within(s, at[1] - 4, 4) | within(s, at[2] - 4, 4) |
                                     within(s, at[3] - 4, 4) | within(s, own - static_cast<int>(reach), 2 * reach));
  };
  // 16 at a time (kMaxLegalMoves is a multiple of 16): the lanes packed to bytes, their sign bits
  // to one bit per listed move.
  for (int i = 0; i < move_count_; i += 16) {
    const auto bits = static_cast<uint64_t>(_mm_movemask_epi8(_mm_packs_epi16(hit(i), hit(i + 8))));
    dead[static_cast<size_t>(i >> 6)] |= bits << (i & 63);
  }
  // Replays the loop that kept the list's order as it always was (the searches draw moves by
  // index): from the front, each dead entry takes the last entry, dead last entries dropped.
  auto is_dead = [&](int i) { return (dead[static_cast<size_t>(i >> 6)] >> (i & 63)) & 1; };
  int n = move_count_;
  for (int w = 0; w <= (move_count_ - 1) >> 6; ++w)
    for (uint64_t bits = dead[static_cast<size_t>(w)]; bits; bits &= bits - 1) {
      const int p = w * 64 + __builtin_ctzll(bits);
      if (p >= n) break;
      while (n - 1 > p && is_dead(n - 1)) --n;
      if (--n != p) {
        moves_[static_cast<size_t>(p)] = moves_[static_cast<size_t>(n)];
        slots_[static_cast<size_t>(p)] = slots_[static_cast<size_t>(n)];
        keys_[static_cast<size_t>(p)] = keys_[static_cast<size_t>(n)];
      }
    }
  move_count_ = n;
  appended_from_ = n;
  // Only the 20 lines through the new dot can have become legal (none was legal before: its
  // missing dot was this one, or it missed two). Appended by direction, then by the new dot's
  // place on the line, 0 to 4: bytes 4 down to 0 of the word read at the line 4 points back.
  // Their 20 tests become the bits d * 5 + place of one mask, walked in one loop: fewer
  // mispredicted branches than a test per direction.
  uint32_t found = 0;
  for (int d = 0; d < 4; ++d) {
    const uint64_t nibbles = (load64(lines + at[static_cast<size_t>(d)] - 4) & 0x0f0f0f0f0fULL) ^ 0x0404040404ULL;
    // Bit 7 of each byte whose nibble was 4.
    const uint64_t legal = ~((nibbles | 0x8080808080ULL) - 0x0101010101ULL) & 0x8080808080ULL;
    // Bit 8 * byte of legal >> 7 to bit 36 - byte (place 4 - byte): products land on distinct bits.
    constexpr uint64_t kGatherPlaces = (1ULL << 36) | (1ULL << 27) | (1ULL << 18) | (1ULL << 9) | 1ULL;
    found |= static_cast<uint32_t>(((legal >> 7) * kGatherPlaces >> 32) & 31) << (5 * d);
  }
  for (; found; found &= found - 1) {
    const int bit = __builtin_ctz(found), d = bit / 5, place = bit - 5 * d;
    const int line_slot = at[static_cast<size_t>(d)] - place;
    const int line_first = dot - place * kStep[static_cast<size_t>(d)];
    const int missing = 10 - (lines[line_slot] >> 4);
    add_move(Move{static_cast<uint16_t>(line_first * 4 + d),
                  static_cast<uint16_t>(line_first + missing * kStep[static_cast<size_t>(d)])},
             line_slot);
  }
}

}  // namespace morpion
