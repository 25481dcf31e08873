#include "ratrace/tracks/track.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/common/io.h"
#include "ratrace/common/numbers.h"
#include "ratrace/tracks/streams.h"

namespace ratrace {

const char* hazard_name(Hazard h) {
  switch (h) {
    case Hazard::None: return "none";
    case Hazard::OutOfBounds: return "out of bounds";
    case Hazard::Wall: return "wall";
    case Hazard::Trap: return "trap";
  }
  return "?";
}

const char* role_name(Role r) {
  switch (r) {
    case Role::Empty: return "empty";
    case Role::Teleporter: return "teleporter";
    case Role::Trap: return "trap";
    case Role::Wall: return "wall";
  }
  return "?";
}

Track::Track(const Config& config, std::vector<int8_t> colours, std::vector<ColourRole> roles,
             const std::vector<int>* start_rows, const std::vector<int>* finish_deadly)
    : width_(config.width),
      height_(config.height),
      goal_column_(config.goal_column),
      view_radius_(config.view_radius),
      view_area_((2 * config.view_radius + 1) * (2 * config.view_radius + 1)),
      colours_(std::move(colours)),
      roles_(std::move(roles)),
      trap_target_(static_cast<size_t>(cells()), 0),
      finish_cells_(config.finish_cells != 0),
      off_board_(config.off_board != 0),
      margin_(config.off_board ? config.off_board_margin() : 0),
      padded_width_(config.width + 2 * margin_) {
  if (colours_.size() != static_cast<size_t>(cells())) throw std::invalid_argument("track: wrong number of cells");
  column_.resize(static_cast<size_t>(cells()));
  for (int c = 0; c < cells(); ++c) column_[static_cast<size_t>(c)] = static_cast<int16_t>(c % width_);
  for (size_t c = 0; c < roles_.size(); ++c)
    if (roles_[c].role == Role::Empty) empty_colours_.push_back(static_cast<int8_t>(c));
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) {
      const ColourRole& r = roles_.at(static_cast<size_t>(colours_[cell(x, y)]));
      if (r.role != Role::Trap) continue;
      const int tx = x + r.dx, ty = y + r.dy;
      // Java flags its one off-board square, or at the goal a random empty colour (drawn by
      // the generator, given as finish_deadly), where C++ marks the cell itself.
      if (!in_bounds(tx, ty)) off_board_deadly_ |= tx < 0 || ty < 0 || ty >= height_;
      else if (!(finish_cells_ && is_goal(tx))) trap_target_[cell(tx, ty)] = 1;
    }
  if (finish_deadly) {
    for (int c : *finish_deadly)
      if (c < 0 || c >= static_cast<int>(roles_.size()) || roles_[static_cast<size_t>(c)].role != Role::Empty)
        throw std::invalid_argument("track: deadly goal colour " + std::to_string(c) + " is not an empty colour");
    finish_deadly_ = *finish_deadly;
    std::sort(finish_deadly_.begin(), finish_deadly_.end());
    finish_deadly_.erase(std::unique(finish_deadly_.begin(), finish_deadly_.end()), finish_deadly_.end());
  }

  // Under finish_cells a goal arrival may draw a deadly colour: only step() can tell.
  const bool arrival_draws = finish_cells_ && !finish_deadly_.empty();
  next_.resize(static_cast<size_t>(cells()) * 9);
  for (int c = 0; c < cells(); ++c)
    for (int m = 0; m < 9; ++m) {
      const Step s = step(cell_x(c), cell_y(c), move_from_index(m));
      next_[static_cast<size_t>(c) * 9 + m] = s.death != Hazard::None   ? kDead
                                              : s.goal && arrival_draws ? kStep
                                              : s.goal                  ? kGoal
                                              : !in_bounds(s.x, s.y)    ? kStep
                                                                        : static_cast<int16_t>(cell(s.x, s.y));
    }

  views_.resize(static_cast<size_t>(cells()) * view_area_);
  const int side = 2 * view_radius_ + 1;
  for (int c = 0; c < cells(); ++c)
    for (int dy = -view_radius_; dy <= view_radius_; ++dy)
      for (int dx = -view_radius_; dx <= view_radius_; ++dx)
        views_[static_cast<size_t>(c) * view_area_ + (dy + view_radius_) * side + dx + view_radius_] =
            static_cast<int8_t>(colour(cell_x(c) + dx, cell_y(c) + dy));

  start_rows_ = start_rows                 ? *start_rows
                : config.start_search != 0 ? search_start_rows_java(*this)
                                           : search_start_rows(*this, config.lifespan);
}

Hazard Track::hazard(int x, int y) const {
  if (x < 0 || y < 0 || y >= height_) return !off_board_ || off_board_deadly_ ? Hazard::OutOfBounds : Hazard::None;
  if (x >= width_) return Hazard::None;  // past the right edge: only ever a goal
  if (roles_[static_cast<size_t>(colours_[cell(x, y)])].role == Role::Wall) return Hazard::Wall;
  if (trap_target_[cell(x, y)]) return Hazard::Trap;
  return Hazard::None;
}

Step Track::step(int x, int y, Move move, Rng* arrival) const {
  Step s;
  s.moved_x = x + move.dx;
  s.moved_y = y + move.dy;
  if (in_bounds(s.moved_x, s.moved_y) && roles_[static_cast<size_t>(colour(s.moved_x, s.moved_y))].role == Role::Wall) {
    s.blocked = true;
    s.moved_x = x;
    s.moved_y = y;
  }
  s.x = s.moved_x;
  s.y = s.moved_y;
  if (in_bounds(s.x, s.y)) {
    const ColourRole& r = roles_[static_cast<size_t>(colour(s.x, s.y))];
    if (r.role == Role::Teleporter) {
      s.teleported = true;
      s.x += r.dx;
      s.y += r.dy;
    }
  }
  s.death = hazard(s.x, s.y);
  s.goal = s.death == Hazard::None && at_goal(s.x, s.y);
  if (s.goal && finish_cells_ && arrival &&
      arrival->below(static_cast<uint32_t>(empty_colours_.size())) < finish_deadly_.size()) {
    s.death = Hazard::Trap;
    s.goal = false;
  }
  return s;
}

int Track::position(int x, int y) const {
  if (in_bounds(x, y)) return cell(x, y);
  const int px = x + margin_, py = y + margin_;
  if (!off_board_ || px < 0 || py < 0 || px >= padded_width_ || py >= height_ + 2 * margin_)
    throw std::logic_error("position (" + std::to_string(x) + ", " + std::to_string(y) +
                           ") is beyond the off-board margin");
  return cells() + py * padded_width_ + px;
}

int Track::position_x(int position) const {
  return position < cells() ? cell_x(position) : (position - cells()) % padded_width_ - margin_;
}

int Track::position_y(int position) const {
  return position < cells() ? cell_y(position) : (position - cells()) / padded_width_ - margin_;
}

bool Track::on_goal(int position) const { return at_goal(position_x(position), position_y(position)); }

void Track::look(int position, Rng& look, int8_t* out) const {
  const int x = position_x(position), y = position_y(position);
  for (int dy = -view_radius_; dy <= view_radius_; ++dy)
    for (int dx = -view_radius_; dx <= view_radius_; ++dx) {
      const int vx = x + dx, vy = y + dy;
      const bool drawn = finish_cells_ && at_goal(vx, vy);
      *out++ = static_cast<int8_t>(drawn ? empty_colours_[look.below(static_cast<uint32_t>(empty_colours_.size()))]
                                         : colour(vx, vy));
    }
}

std::vector<int> search_start_rows(const Track& track, int turns) {
  // can_reach[c]: a goal is reachable from c within k moves, for k = 1, 2, ... turns.
  // Stops early once a round changes nothing.
  const int cells = track.cells();
  std::vector<uint8_t> can_reach(static_cast<size_t>(cells), 0), next_round(static_cast<size_t>(cells), 0);
  for (int k = 1; k <= turns; ++k) {
    bool changed = false;
    for (int c = 0; c < cells; ++c) {
      if (can_reach[c] || track.is_goal(track.cell_x(c))) continue;
      for (int m = 0; m < 9 && !next_round[c]; ++m) {
        const int16_t n = track.next(c, m);
        if (n == Track::kGoal || (n >= 0 && can_reach[n])) next_round[c] = 1;
      }
      changed |= next_round[c] != 0;
    }
    if (!changed) break;
    can_reach = next_round;
  }
  std::vector<int> rows;
  for (int y = 0; y < track.height(); ++y)
    if (can_reach[track.cell(0, y)]) rows.push_back(y);
  return rows;
}

std::vector<int> search_start_rows_java(const Track& track) {
  const int height = track.height();
  std::vector<int> rows;
  std::vector<uint8_t> start(static_cast<size_t>(height), 0), visited(static_cast<size_t>(track.cells()));
  std::vector<int> frontier;
  for (int y0 = 0; y0 < height; ++y0) {
    std::fill(visited.begin(), visited.end(), 0);
    frontier.assign(1, track.cell(0, y0));
    visited[static_cast<size_t>(track.cell(0, y0))] = 1;
    bool exit = false;
    for (size_t next = 0; next < frontier.size() && !exit; ++next) {
      const int from = frontier[next];
      for (int m = 0; m < 9 && !exit; ++m) {
        const Move move = move_from_index(m);
        int x = track.cell_x(from) + move.dx, y = track.cell_y(from) + move.dy;
        if (track.in_bounds(x, y) && !track.at_goal(x, y)) {
          const ColourRole& r = track.roles()[static_cast<size_t>(track.colour(x, y))];
          if (r.role == Role::Teleporter) x += r.dx, y += r.dy;
        }
        if (track.at_goal(x, y) || (x == 0 && track.in_bounds(x, y) && start[static_cast<size_t>(y)])) exit = true;
        else if (track.hazard(x, y) != Hazard::None) continue;
        else if (!track.in_bounds(x, y)) exit = true;  // off the board, alive
        else if (!visited[static_cast<size_t>(track.cell(x, y))]) {
          visited[static_cast<size_t>(track.cell(x, y))] = 1;
          frontier.push_back(track.cell(x, y));
        }
      }
    }
    if (exit) {
      rows.push_back(y0);
      start[static_cast<size_t>(y0)] = 1;
    }
  }
  return rows;
}

namespace {

// `count` distinct offsets of the square [-reach, reach]^2, (0, 0) included: the Java
// controllers shuffle the square and keep its first `count` offsets.
std::vector<std::pair<int, int>> java_offsets(int reach, int count, Rng& rng) {
  const int side = 2 * reach + 1;
  std::vector<int> cells(static_cast<size_t>(side * side));
  std::iota(cells.begin(), cells.end(), 0);
  std::vector<std::pair<int, int>> offsets;
  for (int i = 0; i < count && i < side * side; ++i) {
    std::swap(cells[static_cast<size_t>(i)], cells[i + rng.below(static_cast<uint32_t>(side * side - i))]);
    offsets.push_back({cells[static_cast<size_t>(i)] % side - reach, cells[static_cast<size_t>(i)] / side - reach});
  }
  return offsets;
}

std::vector<ColourRole> draw_roles(const Config& config, Rng& rng) {
  std::vector<int> order(static_cast<size_t>(config.colours));
  std::iota(order.begin(), order.end(), 0);
  for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(static_cast<uint32_t>(i))]);

  auto random_offset = [&](int reach, bool allow_zero) {
    const int side = 2 * reach + 1;
    for (;;) {
      const int k = static_cast<int>(rng.below(static_cast<uint32_t>(side * side)));
      const int dx = k % side - reach, dy = k / side - reach;
      if (allow_zero || dx != 0 || dy != 0) return std::pair{dx, dy};
    }
  };

  std::vector<ColourRole> roles(static_cast<size_t>(config.colours));
  size_t next = 0;
  for (int i = 0; i < config.empty_colours; ++i) roles[order[next++]] = {Role::Empty, 0, 0};
  const int pairs = config.teleporter_colours / 2;
  std::vector<std::pair<int, int>> offsets;
  if (config.offset_draws == 1) {
    // The Java controllers: as many distinct offsets as teleporter colours, (0, 0) among
    // the candidates, and each pair picks one of them with replacement.
    const auto distinct = java_offsets(config.teleporter_reach, config.teleporter_colours, rng);
    for (int i = 0; i < pairs; ++i) offsets.push_back(distinct[rng.below(static_cast<uint32_t>(distinct.size()))]);
  } else {
    for (int i = 0; i < pairs; ++i) offsets.push_back(random_offset(config.teleporter_reach, false));
  }
  for (int i = 0; i < config.teleporter_colours; ++i) {
    const auto [dx, dy] = offsets[static_cast<size_t>(i % pairs)];
    const int sign = i < pairs ? 1 : -1;
    roles[order[next++]] = {Role::Teleporter, sign * dx, sign * dy};
  }
  // The Java controllers: as many distinct trap offsets as trap colours, each trap picking
  // one of them with replacement (two traps share an offset half the time).
  const auto trap_offsets = config.offset_draws == 1 ? java_offsets(config.trap_reach, config.trap_colours, rng)
                                                     : std::vector<std::pair<int, int>>{};
  for (int i = 0; i < config.trap_colours; ++i) {
    const auto [dx, dy] = config.offset_draws == 1 ? trap_offsets[rng.below(static_cast<uint32_t>(trap_offsets.size()))]
                                                   : random_offset(config.trap_reach, true);
    roles[order[next++]] = {Role::Trap, dx, dy};
  }
  for (int i = 0; i < config.wall_colours; ++i) roles[order[next++]] = {Role::Wall, 0, 0};
  return roles;
}

}  // namespace

Track generate_track(const Config& config, uint64_t board_seed) {
  const auto start = std::chrono::steady_clock::now();
  auto next_report = start + std::chrono::seconds(5);
  for (int attempt = 0; attempt < config.max_track_attempts; ++attempt) {
    if (const auto now = std::chrono::steady_clock::now(); now >= next_report) {
      next_report = now + std::chrono::seconds(5);
      spdlog::info("board seed {}: {} of at most {} track attempts in {:.0f} s, none yet with {} start cells",
                   board_seed, attempt, config.max_track_attempts, std::chrono::duration<double>(now - start).count(),
                   config.min_start_cells);
    }
    Rng rng(stream_key(board_seed, kTagTrack, static_cast<uint64_t>(attempt)));
    std::vector<ColourRole> roles = draw_roles(config, rng);
    std::vector<int> empties;
    for (int c = 0; c < config.colours; ++c)
      if (roles[c].role == Role::Empty) empties.push_back(c);
    std::vector<int8_t> colours(static_cast<size_t>(config.width * config.height));
    for (int y = 0; y < config.height; ++y)
      for (int x = 0; x < config.width; ++x)
        colours[static_cast<size_t>(y * config.width + x)] = static_cast<int8_t>(
            x < config.goal_column ? static_cast<int>(rng.below(static_cast<uint32_t>(config.colours)))
                                   : empties[rng.below(static_cast<uint32_t>(empties.size()))]);
    // Java's finish (finish_cells = 1): each trap aimed at a goal cell makes the colour of a
    // random one of its goal squares deadly, the traps taken column by column.
    std::vector<int> finish_deadly;
    if (config.finish_cells)
      for (int x = 0; x < config.goal_column; ++x)
        for (int y = 0; y < config.height; ++y) {
          const ColourRole& r = roles[static_cast<size_t>(colours[static_cast<size_t>(y * config.width + x)])];
          if (r.role == Role::Trap && x + r.dx >= config.goal_column && y + r.dy >= 0 && y + r.dy < config.height)
            finish_deadly.push_back(empties[rng.below(static_cast<uint32_t>(empties.size()))]);
        }
    Track track(config, std::move(colours), std::move(roles), nullptr, &finish_deadly);
    if (static_cast<int>(track.start_rows().size()) >= config.min_start_cells) return track;
  }
  throw std::runtime_error("no track with at least " + std::to_string(config.min_start_cells) + " start cells in " +
                           std::to_string(config.max_track_attempts) + " attempts (board seed " +
                           std::to_string(board_seed) + ")");
}

nlohmann::json track_to_json(const Track& track) {
  nlohmann::json j;
  j["width"] = track.width();
  j["height"] = track.height();
  j["goal_column"] = track.goal_column();
  nlohmann::json rows = nlohmann::json::array();
  for (int y = 0; y < track.height(); ++y) {
    nlohmann::json row = nlohmann::json::array();
    for (int x = 0; x < track.width(); ++x) row.push_back(track.colour(x, y));
    rows.push_back(row);
  }
  j["colours"] = rows;
  nlohmann::json roles = nlohmann::json::array();
  for (size_t c = 0; c < track.roles().size(); ++c) {
    const ColourRole& r = track.roles()[c];
    nlohmann::json entry = {{"colour", c}, {"role", role_name(r.role)}};
    if (r.role == Role::Teleporter || r.role == Role::Trap) entry["offset"] = {r.dx, r.dy};
    roles.push_back(entry);
  }
  j["roles"] = roles;
  j["start_cells"] = track.start_rows();
  if (track.finish_cells()) j["finish_deadly_colours"] = track.finish_deadly();
  if (track.off_board()) j["off_board_deadly"] = track.off_board_deadly();
  nlohmann::json deadly = nlohmann::json::array();
  for (int y = 0; y < track.height(); ++y)
    for (int x = 0; x < track.width(); ++x)
      if (track.hazard(x, y) != Hazard::None)
        deadly.push_back({{"x", x}, {"y", y}, {"why", hazard_name(track.hazard(x, y))}});
  j["deadly"] = deadly;
  return j;
}

namespace {

std::invalid_argument track_file_error(const std::string& what) { return std::invalid_argument("track file: " + what); }

// Range-checked before narrowing: 4294967349 is not 53.
int track_integer(const nlohmann::json& v, const std::string& what) {
  if (!v.is_number_integer()) throw track_file_error(what + " must be an integer");
  const bool fits = v.is_number_unsigned() ? v.get<uint64_t>() <= 1000000u
                                           : v.get<int64_t>() >= -1000000 && v.get<int64_t>() <= 1000000;
  if (!fits) throw track_file_error(what + " " + clipped(v.dump()) + " is out of range");
  return static_cast<int>(v.get<int64_t>());
}

// Width, height and goal column into `config`, validated.
void read_track_size(const nlohmann::json& j, Config& config) {
  if (!j.is_object()) throw track_file_error("must be a JSON object");
  // What track_to_json writes ("deadly" and "off_board_deadly" are derived, and `ratrace
  // track` adds where the board came from); nothing else, so a misspelt key is not ignored.
  if (const std::string key =
          unknown_key(j, {"width", "height", "goal_column", "colours", "roles", "start_cells", "finish_deadly_colours",
                          "off_board_deadly", "deadly", "master_seed", "board", "board_seed"});
      !key.empty())
    throw track_file_error("unknown key '" + clipped(key) + "'");
  for (const char* key : {"width", "height", "goal_column", "colours", "roles"})
    if (!j.contains(key)) throw track_file_error(std::string("missing key '") + key + "'");
  config.width = track_integer(j["width"], "width");
  config.height = track_integer(j["height"], "height");
  config.goal_column = track_integer(j["goal_column"], "goal_column");
  // A track file is not generated: the generator's minimum of start cells does not apply.
  config.min_start_cells = std::min(config.min_start_cells, config.height);
  config.validate();
}

// Every cell's colour, row by row.
std::vector<int8_t> read_track_colours(const nlohmann::json& rows, const Config& config) {
  if (!rows.is_array() || rows.size() != static_cast<size_t>(config.height))
    throw track_file_error("'colours' must hold " + std::to_string(config.height) + " rows (height)");
  std::vector<int8_t> colours;
  for (int y = 0; y < config.height; ++y) {
    const auto& row = rows[static_cast<size_t>(y)];
    if (!row.is_array() || row.size() != static_cast<size_t>(config.width))
      throw track_file_error("row y=" + std::to_string(y) + " must hold " + std::to_string(config.width) +
                             " colours (width)");
    for (int x = 0; x < config.width; ++x) {
      const int c = track_integer(row[static_cast<size_t>(x)], "colour");
      if (c < 0 || c >= config.colours)
        throw track_file_error("unknown colour " + std::to_string(c) + " at x=" + std::to_string(x) + ", y=" +
                               std::to_string(y) + " (colours are 0.." + std::to_string(config.colours - 1) + ")");
      colours.push_back(static_cast<int8_t>(c));
    }
  }
  return colours;
}

// One entry of 'roles': its role and, for a teleporter or a trap, its offset within reach.
ColourRole read_colour_role(const nlohmann::json& entry, int c, const Config& config) {
  const std::string name = entry["role"].is_string() ? entry["role"].get<std::string>() : "";
  ColourRole r;
  if (name == "empty") r.role = Role::Empty;
  else if (name == "teleporter") r.role = Role::Teleporter;
  else if (name == "trap") r.role = Role::Trap;
  else if (name == "wall") r.role = Role::Wall;
  else throw track_file_error("colour " + std::to_string(c) + ": role must be empty, teleporter, trap or wall");
  if (r.role == Role::Teleporter || r.role == Role::Trap) {
    const auto& off = entry.value("offset", nlohmann::json());
    if (!off.is_array() || off.size() != 2)
      throw track_file_error("colour " + std::to_string(c) + ": needs 'offset': [dx, dy]");
    r.dx = track_integer(off[0], "offset");
    r.dy = track_integer(off[1], "offset");
    const int reach = r.role == Role::Teleporter ? config.teleporter_reach : config.trap_reach;
    if (std::abs(r.dx) > reach || std::abs(r.dy) > reach)
      throw track_file_error("colour " + std::to_string(c) + ": offset out of the " + name + " reach");
    if (r.role == Role::Teleporter && r.dx == 0 && r.dy == 0 && config.offset_draws == 0)
      throw track_file_error("colour " + std::to_string(c) +
                             ": a teleporter offset (0, 0) needs offset_draws = 1 (--rules java)");
  }
  return r;
}

// Every colour's role, each given once, as many of each role as the config has.
std::vector<ColourRole> read_track_roles(const nlohmann::json& role_list, const Config& config) {
  if (!role_list.is_array() || role_list.size() != static_cast<size_t>(config.colours))
    throw track_file_error("'roles' must give a role for each of the " + std::to_string(config.colours) + " colours");
  std::vector<ColourRole> roles(static_cast<size_t>(config.colours));
  std::vector<bool> seen(static_cast<size_t>(config.colours), false);
  int counts[4] = {0, 0, 0, 0};
  for (const auto& entry : role_list) {
    if (!entry.is_object() || !entry.contains("colour") || !entry.contains("role"))
      throw track_file_error("each role needs 'colour' and 'role'");
    if (const std::string key = unknown_key(entry, {"colour", "role", "offset"}); !key.empty())
      throw track_file_error("unknown key '" + clipped(key) + "' in a role");
    const int c = track_integer(entry["colour"], "role colour");
    if (c < 0 || c >= config.colours || seen[static_cast<size_t>(c)])
      throw track_file_error("role colour " + std::to_string(c) + " is out of range or given twice");
    seen[static_cast<size_t>(c)] = true;
    const ColourRole r = read_colour_role(entry, c, config);
    ++counts[static_cast<int>(r.role)];
    roles[static_cast<size_t>(c)] = r;
  }
  if (counts[0] != config.empty_colours || counts[1] != config.teleporter_colours || counts[2] != config.trap_colours ||
      counts[3] != config.wall_colours)
    throw track_file_error("roles are " + std::to_string(counts[0]) + "/" + std::to_string(counts[1]) + "/" +
                           std::to_string(counts[2]) + "/" + std::to_string(counts[3]) +
                           " (empty/teleporter/trap/wall); the config wants " + std::to_string(config.empty_colours) +
                           "/" + std::to_string(config.teleporter_colours) + "/" + std::to_string(config.trap_colours) +
                           "/" + std::to_string(config.wall_colours));
  return roles;
}

void check_goal_cells_empty(const std::vector<int8_t>& colours, const std::vector<ColourRole>& roles,
                            const Config& config) {
  for (int y = 0; y < config.height; ++y)
    for (int x = config.goal_column; x < config.width; ++x)
      if (roles[static_cast<size_t>(colours[static_cast<size_t>(y * config.width + x)])].role != Role::Empty)
        throw track_file_error("goal cell x=" + std::to_string(x) + ", y=" + std::to_string(y) +
                               " must have an empty colour");
}

// The rows of column 0 listed in 'start_cells'.
std::vector<int> read_start_rows(const nlohmann::json& list, const Config& config) {
  if (!list.is_array()) throw track_file_error("'start_cells' must be a list of rows of column 0");
  std::vector<int> start_rows;
  for (const auto& v : list) {
    const int y = track_integer(v, "start cell");
    if (y < 0 || y >= config.height)
      throw track_file_error("start cell row " + std::to_string(y) + " is off the track");
    start_rows.push_back(y);
  }
  if (start_rows.empty()) throw track_file_error("'start_cells' is empty");
  return start_rows;
}

// 'finish_deadly_colours', which rules with finish_cells = 1 need and others refuse.
std::vector<int> read_finish_deadly(const nlohmann::json& j, const std::vector<ColourRole>& roles,
                                    const Config& config) {
  if (config.finish_cells != static_cast<int>(j.contains("finish_deadly_colours")))
    throw track_file_error(config.finish_cells
                               ? "rules with finish_cells = 1 need 'finish_deadly_colours', the empty colours "
                                 "deadly at the goal ([] for none)"
                               : "'finish_deadly_colours' belongs to rules with finish_cells = 1 (--rules java)");
  std::vector<int> finish_deadly;
  if (!config.finish_cells) return finish_deadly;
  if (!j["finish_deadly_colours"].is_array())
    throw track_file_error("'finish_deadly_colours' must be a list of colours");
  for (const auto& v : j["finish_deadly_colours"]) {
    const int c = track_integer(v, "deadly goal colour");
    if (c < 0 || c >= config.colours || roles[static_cast<size_t>(c)].role != Role::Empty)
      throw track_file_error("deadly goal colour " + std::to_string(c) + " is not an empty colour");
    finish_deadly.push_back(c);
  }
  return finish_deadly;
}

}  // namespace

Track track_from_json(const nlohmann::json& j, Config& config) {
  read_track_size(j, config);
  std::vector<int8_t> colours = read_track_colours(j["colours"], config);
  std::vector<ColourRole> roles = read_track_roles(j["roles"], config);
  check_goal_cells_empty(colours, roles, config);
  const bool given = j.contains("start_cells");
  std::vector<int> start_rows;
  if (given) start_rows = read_start_rows(j["start_cells"], config);
  std::vector<int> finish_deadly = read_finish_deadly(j, roles, config);
  return Track(config, std::move(colours), std::move(roles), given ? &start_rows : nullptr, &finish_deadly);
}

std::string track_to_text(const Track& track) {
  std::ostringstream out;
  out << "track " << track.width() << "x" << track.height() << ", goal cells from x=" << track.goal_column() << ", "
      << track.start_rows().size() << " start cells\n";
  for (Role role : {Role::Empty, Role::Teleporter, Role::Trap, Role::Wall}) {
    out << "  " << role_name(role) << ":";
    for (size_t c = 0; c < track.roles().size(); ++c) {
      const ColourRole& r = track.roles()[c];
      if (r.role != role) continue;
      out << " " << c;
      if (role == Role::Teleporter || role == Role::Trap) out << "(" << r.dx << "," << r.dy << ")";
    }
    out << "\n";
  }
  if (track.off_board())
    out << "  off the board: " << (track.off_board_deadly() ? "deadly (a trap aims there)" : "survivable") << "\n";
  if (track.finish_cells()) {
    out << "  goal: each look draws an empty colour; deadly there:";
    for (int c : track.finish_deadly()) out << " " << c;
    out << (track.finish_deadly().empty() ? " none\n" : "\n");
  }
  out << "colours (hex) | cells: S start, W wall, X trap target, . safe\n";
  const auto& starts = track.start_rows();
  for (int y = 0; y < track.height(); ++y) {
    out << (y < 10 ? " " : "") << y << " ";
    for (int x = 0; x < track.width(); ++x) out << "0123456789abcdefghijklmnopqrstuvwxyz"[track.colour(x, y) % 36];
    out << " | ";
    for (int x = 0; x < track.width(); ++x) {
      const Hazard h = track.hazard(x, y);
      char mark = h == Hazard::Wall ? 'W' : h == Hazard::Trap ? 'X' : '.';
      if (x == 0 && std::find(starts.begin(), starts.end(), y) != starts.end()) mark = 'S';
      out << mark;
    }
    out << "\n";
  }
  return out.str();
}

}  // namespace ratrace
