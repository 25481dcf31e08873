#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace ratrace {

constexpr int kOutOfBounds = -1;

// Thrown when a player reads the view outside its window.
struct ViewRangeError : std::out_of_range {
  using std::out_of_range::out_of_range;
};

// Kept out of line so that View::operator() stays small enough to inline.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_view_range_error(int dx, int dy, int radius) {
  const std::string side = std::to_string(2 * radius + 1);
  throw ViewRangeError("view read at (" + std::to_string(dx) + ", " + std::to_string(dy) + ") outside the " + side +
                       "x" + side + " view");
}

// What a specimen sees: the colours of the (2r+1)x(2r+1) cells centred on it (r = 2 by
// default, the 5x5 view), -1 for out of bounds. dx grows to the right (towards the goal),
// dy grows downwards (towards larger y). The cells are owned by the track.
class View {
 public:
  View(const int8_t* cells, int radius)
      : centre_(cells + radius * (2 * radius + 1) + radius), side_(2 * radius + 1), radius_(radius) {}

  int operator()(int dx, int dy) const {
    if (!in_view(dx, dy)) [[unlikely]]
      throw_view_range_error(dx, dy, radius_);
    return centre_[dy * side_ + dx];
  }
  // |dx|, |dy| <= radius, as unsigned comparisons: negative offsets shifted by the radius
  // stay in [0, 2r] exactly when they are in range.
  bool in_view(int dx, int dy) const {
    return static_cast<unsigned>(dx + radius_) < static_cast<unsigned>(side_) &&
           static_cast<unsigned>(dy + radius_) < static_cast<unsigned>(side_);
  }
  int radius() const { return radius_; }
  // The cells as laid out: cell (dx, dy) is centre()[dy * side() + dx] (for compiled players,
  // which read them without a call).
  const int8_t* centre() const { return centre_; }
  int side() const { return side_; }

 private:
  const int8_t* centre_;
  int side_;
  int radius_;
};

// A move (dx, dy); legal moves have dx, dy in {-1, 0, 1}.
struct Move {
  int dx = 0;
  int dy = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

inline bool is_legal(Move m) { return m.dx >= -1 && m.dx <= 1 && m.dy >= -1 && m.dy <= 1; }
// Index 0..8 of a legal move, (dx + 1) * 3 + (dy + 1).
inline int move_index(Move m) { return (m.dx + 1) * 3 + (m.dy + 1); }
inline Move move_from_index(int i) { return Move{i / 3 - 1, i % 3 - 1}; }

}  // namespace ratrace
