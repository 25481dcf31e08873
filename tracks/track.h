#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/tracks/config.h"
#include "ratrace/tracks/view.h"

namespace ratrace {

enum class Role : uint8_t { Empty, Teleporter, Trap, Wall };

// What a colour means on one track; teleporters and traps carry their offset.
struct ColourRole {
  Role role = Role::Empty;
  int dx = 0;
  int dy = 0;
  bool operator==(const ColourRole&) const = default;
};

// Why a cell kills: it is out of bounds, a wall, or the target of a trap.
enum class Hazard : uint8_t { None, OutOfBounds, Wall, Trap };
const char* hazard_name(Hazard h);
const char* role_name(Role r);

// The outcome of one move from one cell under the turn rules (docs/RULES.md, "A game", steps 1.3-1.6).
struct Step {
  int moved_x = 0, moved_y = 0;  // after the wall check (step 3)
  bool blocked = false;          // the target was a wall, so the move became (0, 0)
  bool teleported = false;       // step 4 moved it
  int x = 0, y = 0;              // where it ends up
  Hazard death = Hazard::None;   // step 5: why it dies there, if it does
  bool goal = false;             // step 6: it scores (under goal_timing = 1: it stands on the goal)
};

class Rng;

// One board: colours, colour roles, the cells they make deadly, start cells, and the
// precomputed views and move outcomes the engine's inner loop reads.
class Track {
 public:
  // Sentinels of next(): a move that kills, a move that scores, a move whose outcome only
  // step() can tell (Java's board: off the board alive, or a goal arrival that draws).
  static constexpr int16_t kDead = -1;
  static constexpr int16_t kGoal = -2;
  static constexpr int16_t kStep = -3;

  // `colours` is row-major (index y * width + x). Start cells are searched unless given.
  // `finish_deadly` (finish_cells = 1): the empty colours that kill at the goal; none if null.
  Track(const Config& config, std::vector<int8_t> colours, std::vector<ColourRole> roles,
        const std::vector<int>* start_rows = nullptr, const std::vector<int>* finish_deadly = nullptr);

  int width() const { return width_; }
  int height() const { return height_; }
  int goal_column() const { return goal_column_; }
  int cells() const { return width_ * height_; }
  int cell(int x, int y) const { return y * width_ + x; }
  int cell_x(int cell) const { return column_[static_cast<size_t>(cell)]; }
  int cell_y(int cell) const { return cell / width_; }
  bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }

  int colour(int x, int y) const { return in_bounds(x, y) ? colours_[cell(x, y)] : kOutOfBounds; }
  const std::vector<ColourRole>& roles() const { return roles_; }
  Hazard hazard(int x, int y) const;
  bool is_goal(int x) const { return x >= goal_column_; }
  // A goal cell: past the goal column in the board's rows (beyond its width too).
  bool at_goal(int x, int y) const { return is_goal(x) && y >= 0 && y < height_; }

  // Applies one legal move from (x, y) by the rules; the single source of rule logic. Under
  // finish_cells = 1 a goal arrival draws its colour from `arrival`; with none it survives.
  Step step(int x, int y, Move move, Rng* arrival = nullptr) const;
  // step() precomputed: the cell a move from `cell` ends on, or kDead / kGoal.
  int16_t next(int cell, int move_index) const { return next_[cell * 9 + move_index]; }
  // The tables behind next() and cell_x(), for inner loops that keep them in registers.
  const int16_t* next_table() const { return next_.data(); }
  const int16_t* column_table() const { return column_.data(); }

  // Rows y of column 0 from which a goal can be reached within `lifespan` turns.
  const std::vector<int>& start_rows() const { return start_rows_; }
  View view(int cell) const { return View(&views_[static_cast<size_t>(cell) * view_area_], view_radius_); }

  // Java's board (config finish_cells, off_board). A position is a cell, or under off_board
  // a number after the cells for a place off the board, within off_board_margin() of it.
  int position(int x, int y) const;
  int position_x(int position) const;
  int position_y(int position) const;
  // Whether the view from `position` is view(position): a cell that sees no goal cell
  // whose colour is drawn at each look.
  bool fixed_view(int position) const {
    return position < cells() && (!finish_cells_ || cell_x(position) + view_radius_ < goal_column_);
  }
  // The view from any position, each goal cell in it drawn from `look` under finish_cells.
  void look(int position, Rng& look, int8_t* out) const;
  bool on_goal(int position) const;
  bool finish_cells() const { return finish_cells_; }
  bool off_board() const { return off_board_; }
  bool off_board_deadly() const { return off_board_deadly_; }
  const std::vector<int>& finish_deadly() const { return finish_deadly_; }

 private:
  int width_, height_, goal_column_, view_radius_, view_area_;
  std::vector<int8_t> colours_;
  std::vector<int16_t> column_;  // x of each cell, read in the inner loop without a division
  std::vector<ColourRole> roles_;
  std::vector<uint8_t> trap_target_;
  std::vector<int16_t> next_;
  std::vector<int8_t> views_;
  std::vector<int> start_rows_;
  bool finish_cells_, off_board_;
  bool off_board_deadly_ = false;   // off_board = 1: some trap aims off the board
  std::vector<int> finish_deadly_;  // finish_cells = 1: deadly colours at the goal
  std::vector<int8_t> empty_colours_;
  int margin_, padded_width_;  // off the board: positions within margin_ of it
};

// Rows of column 0 from which some sequence of at most `turns` moves reaches a goal.
std::vector<int> search_start_rows(const Track& track, int turns);
// The Java controllers' search (start_search = 1), row by row from the top: a row is a start
// row if a breadth-first walk from it, with no step limit, over every move's teleported
// landing that does not kill, sees a landing on the goal or on a start row found before it.
// Moves into walls land on the wall (which kills), and a survivable off-board square is
// walked through: from there the goal is always reachable, so reaching one is an exit.
std::vector<int> search_start_rows_java(const Track& track);

// The track of a board: generation attempts keyed by (board seed, attempt) until one has
// at least config.min_start_cells start cells.
Track generate_track(const Config& config, uint64_t board_seed);

nlohmann::json track_to_json(const Track& track);
// Reads a track file's JSON, checked against the config's colour counts; the config's
// width, height and goal column are replaced by the track's. Throws with what is wrong.
Track track_from_json(const nlohmann::json& j, Config& config);
std::string track_to_text(const Track& track);

}  // namespace ratrace
