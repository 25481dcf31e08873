#include "ratrace/see/render.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

#include "ratrace/see/record.h"

namespace ratrace {

namespace {

constexpr int kCell = 22;  // pixels per cell
constexpr int kLeft = 34;  // room for the start markers
constexpr int kTop = 46;   // room for the title and the goal label
constexpr int kLegendColumns = 4;
constexpr int kLegendColumnWidth = 300;
constexpr int kLegendRow = 22;

const char* const kEmptyTints[] = {"#f7f3e3", "#dcebc8", "#d5e6f3", "#f3dbe6",
                                   "#e6defa", "#f8e2c4", "#cfece5", "#e4e4e4"};
const char* const kTeleporterBlues[] = {"#3f6fd1", "#76a5ef", "#27418f", "#8a6fd0"};
const char* const kTrapOranges[] = {"#f08c2e", "#e6b422"};
const char* const kWallGreys[] = {"#262626", "#55504a"};
// Death causes in DeathCause order, and the scorers' path colours.
const char* const kCauseColours[] = {"#8c8c8c", "#8e44ad", "#111111", "#d62728"};
const char* const kPathColours[] = {"#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4",
                                    "#f032e6", "#9a6324", "#800000", "#469990", "#000075", "#bfef45"};

template <size_t N>
const char* cycle(const char* const (&list)[N], int i) {
  return list[static_cast<size_t>(i) % N];
}

// printf into a string, for the short elements of the picture (at most 511 characters).
std::string fmt(const char* format, auto... args) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, format, args...);
  return buffer;
}

std::string signed_offset(int dx, int dy) { return fmt("(%+d, %+d)", dx, dy); }

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::string thousands(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

double cx(int x) { return kLeft + (x + 0.5) * kCell; }
double cy(int y) { return kTop + (y + 0.5) * kCell; }

// An arrow from cell centre (x0, y0) towards (x1, y1), shortened so its head stays visible.
std::string arrow(double x0, double y0, double x1, double y1, const char* colour, double width, double opacity,
                  const char* marker) {
  return fmt(
      "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\" "
      "stroke-opacity=\"%.2f\" marker-end=\"url(#%s)\"/>\n",
      x0, y0, x1, y1, colour, width, opacity, marker);
}

std::string cross(double x, double y, double r, const char* colour) {
  return fmt("<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"%s\" stroke-width=\"2.2\"/>\n", x - r,
             y - r, x + r, y + r, x - r, y + r, x + r, y - r, colour);
}

std::string start_marker(double x, double y) {
  return fmt("<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\" fill=\"#1a9850\"/>\n", x - 6, y - 6, x + 5, y, x - 6, y + 6);
}

// Where a cell's deaths of one cause are drawn: one quadrant per cause.
std::pair<double, double> quadrant(int x, int y, size_t cause) {
  const double q = kCell * 0.25;
  return {cx(x) + (cause % 2 ? q : -q), cy(y) + (cause / 2 ? q : -q)};
}

// Heat colour for t in [0, 1]: pale yellow to dark red.
std::string heat_colour(double t) {
  const double r = 255 - 90 * t, g = 235 - 215 * t, b = 120 - 100 * t;
  return fmt("#%02x%02x%02x", static_cast<int>(r), static_cast<int>(g), static_cast<int>(b));
}

}  // namespace

std::vector<std::string> colour_palette(const Track& track) {
  std::vector<std::string> palette;
  int seen[4] = {0, 0, 0, 0};
  for (const ColourRole& r : track.roles()) {
    const int i = seen[static_cast<int>(r.role)]++;
    switch (r.role) {
      case Role::Empty: palette.push_back(cycle(kEmptyTints, i)); break;
      case Role::Teleporter: palette.push_back(cycle(kTeleporterBlues, i)); break;
      case Role::Trap: palette.push_back(cycle(kTrapOranges, i)); break;
      case Role::Wall: palette.push_back(cycle(kWallGreys, i)); break;
    }
  }
  return palette;
}

Track track_of_record(const nlohmann::json& record, Config& config) {
  if (!record.is_object() || !is_record_format(record.value("format", "")))
    throw std::invalid_argument(std::string("not a ratrace game record (format ") + kRecordFormat +
                                " or ratrace-record-1)");
  config = record.at("config").get<Config>();
  return track_from_json(record.at("track"), config);
}

namespace {

// The opening tag, the markers, patterns and gradient the picture uses, and the white ground.
std::string svg_header(int width, int height, int cells) {
  return fmt("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
             "font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"13\" data-cells=\"%d\">\n",
             width, height, width, height, cells) +
         "<defs>\n"
         "<marker id=\"tele\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" "
         "orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10Z\" fill=\"#ffffff\"/></marker>\n"
         "<marker id=\"trap\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" "
         "orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10Z\" fill=\"#c0392b\"/></marker>\n"
         "<pattern id=\"goal\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" "
         "patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"#1a9850\" fill-opacity=\"0.25\"/>"
         "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#1a9850\" stroke-width=\"3\" stroke-opacity=\"0.6\"/>"
         "</pattern>\n"
         "<linearGradient id=\"heat-scale\"><stop offset=\"0\" stop-color=\"" +
         heat_colour(0) + "\"/><stop offset=\"1\" stop-color=\"" + heat_colour(1) +
         "\"/></linearGradient>\n"
         "</defs>\n"
         "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
}

// The track's size, or the recorded game's player, board and result.
std::string svg_title(const Track& track, const nlohmann::json* record) {
  std::string title = fmt("Track %d x %d, goal from column %d", track.width(), track.height(), track.goal_column());
  if (record) {
    const nlohmann::json& game = record->value("game", nlohmann::json::object());
    const nlohmann::json& result = record->at("result");
    title = game.value("player", std::string("?"));
    if (game.contains("board"))
      title += fmt(", board %d of master seed %llu", game["board"].get<int>(),
                   static_cast<unsigned long long>(game["master_seed"].get<uint64_t>()));
    title += ": score " + thousands(result.at("score").get<uint64_t>()) + " in " +
             thousands(result.at("turns").get<uint64_t>()) + " turns";
  }
  return fmt("<text x=\"%d\" y=\"20\" font-size=\"16\" font-weight=\"bold\">%s</text>\n", kLeft, escape(title).c_str());
}

// Every cell in its colour, the goal's hatching and the start markers.
void draw_cells(std::ostringstream& svg, const Track& track, const std::vector<std::string>& palette) {
  const int w = track.width(), h = track.height();
  svg << "<g id=\"cells\">\n";
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      svg << fmt(
          "<rect class=\"cell\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#ffffff\" "
          "stroke-width=\"0.5\"/>\n",
          kLeft + x * kCell, kTop + y * kCell, kCell, kCell, palette[static_cast<size_t>(track.colour(x, y))].c_str());
  svg << "</g>\n";
  svg << fmt("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"url(#goal)\"/>\n",
             kLeft + track.goal_column() * kCell, kTop, (w - track.goal_column()) * kCell, h * kCell);
  svg << fmt("<text x=\"%d\" y=\"%d\" fill=\"#1a9850\" font-weight=\"bold\">goal</text>\n",
             kLeft + track.goal_column() * kCell, kTop - 6);
  for (int row : track.start_rows()) svg << start_marker(kLeft - 14, cy(row));
}

// Visits per cell on a log scale; returns the most visits of a cell.
uint64_t draw_heat(std::ostringstream& svg, const Track& track, const nlohmann::json& cells) {
  uint64_t max_visits = 0;
  const auto visits = cells.at("visits").get<std::vector<uint64_t>>();
  for (uint64_t v : visits) max_visits = std::max(max_visits, v);
  svg << "<g id=\"heat\">\n";
  for (int c = 0; c < track.cells() && c < static_cast<int>(visits.size()); ++c) {
    if (visits[static_cast<size_t>(c)] == 0) continue;
    const double t =
        std::log1p(static_cast<double>(visits[static_cast<size_t>(c)])) / std::log1p(static_cast<double>(max_visits));
    // An inner square, so the cell's own colour still shows around it.
    svg << fmt("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\" fill=\"%s\" fill-opacity=\"0.9\"/>\n",
               kLeft + track.cell_x(c) * kCell + 5, kTop + track.cell_y(c) * kCell + 5, kCell - 10, kCell - 10,
               heat_colour(t).c_str());
  }
  svg << "</g>\n";
  return max_visits;
}

// The rules: teleporter arrows to their targets, traps pointing at their deadly cell.
void draw_rules(std::ostringstream& svg, const Track& track) {
  const auto& roles = track.roles();
  const int w = track.width(), h = track.height();
  svg << "<g id=\"teleporters\">\n";
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const ColourRole& r = roles[static_cast<size_t>(track.colour(x, y))];
      if (r.role != Role::Teleporter) continue;
      // A short arrow pointing at the target; the legend gives each colour's exact offset.
      const double len = std::hypot(r.dx, r.dy), ux = r.dx / len * kCell, uy = r.dy / len * kCell;
      svg << arrow(cx(x) - 0.38 * ux, cy(y) - 0.38 * uy, cx(x) + 0.42 * ux, cy(y) + 0.42 * uy, "#ffffff", 1.6, 0.95,
                   "tele");
    }
  svg << "</g>\n<g id=\"traps\">\n";
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const ColourRole& r = roles[static_cast<size_t>(track.colour(x, y))];
      if (r.role != Role::Trap) continue;
      if (r.dx == 0 && r.dy == 0)
        svg << fmt("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\"/>\n",
                   cx(x), cy(y));
      else
        svg << arrow(cx(x) - r.dx * 0.25 * kCell, cy(y) - r.dy * 0.25 * kCell, cx(x) + r.dx * 0.45 * kCell,
                     cy(y) + r.dy * 0.45 * kCell, "#c0392b", 2.2, 1.0, "trap");
    }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (track.hazard(x, y) == Hazard::Trap) svg << cross(cx(x), cy(y), 5, "#c0392b");
  svg << "</g>\n";
}

// One dot per cause in each cell, its area the deaths; returns the most deaths of a dot.
uint64_t draw_deaths(std::ostringstream& svg, const Track& track, const nlohmann::json& cells) {
  uint64_t max_deaths = 0;
  const nlohmann::json& deaths = cells.at("deaths");
  std::vector<std::vector<uint64_t>> by_cause;
  for (int cause = 0; cause < kDeathCauses; ++cause) {
    by_cause.push_back(deaths.at(death_cause_key(static_cast<DeathCause>(cause))).get<std::vector<uint64_t>>());
    for (uint64_t d : by_cause.back()) max_deaths = std::max(max_deaths, d);
  }
  svg << "<g id=\"deaths\">\n";
  for (size_t cause = 0; cause < by_cause.size(); ++cause)
    for (int c = 0; c < track.cells() && c < static_cast<int>(by_cause[cause].size()); ++c) {
      const uint64_t d = by_cause[cause][static_cast<size_t>(c)];
      if (d == 0) continue;
      const auto [px, py] = quadrant(track.cell_x(c), track.cell_y(c), cause);
      const double radius =
          std::max(1.3, 0.26 * kCell * std::sqrt(static_cast<double>(d) / static_cast<double>(max_deaths)));
      svg << fmt(
          "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" fill-opacity=\"0.85\" stroke=\"white\" "
          "stroke-width=\"0.6\"/>\n",
          px, py, radius, kCauseColours[cause]);
    }
  svg << "</g>\n";
  return max_deaths;
}

// The first `most` scorers' last scoring lives; returns how many were drawn.
int draw_paths(std::ostringstream& svg, const Track& track, const nlohmann::json& record, int most) {
  int paths_drawn = 0;
  svg << "<g id=\"paths\">\n";
  for (const nlohmann::json& j : record.at("paths").at("scorers")) {
    if (paths_drawn >= most) break;
    const Life life = j.get<Life>();
    const std::vector<int> path = life_cells(track, life);
    std::string points;
    for (int c : path) points += fmt("%.1f,%.1f ", cx(track.cell_x(c)), cy(track.cell_y(c)));
    if (!life.moves.empty() && life.end == "goal") {  // the scoring step, into the goal
      const Step last =
          track.step(track.cell_x(path.back()), track.cell_y(path.back()), move_from_index(life.moves.back() - '0'));
      points += fmt("%.1f,%.1f", cx(last.x), cy(last.y));
    }
    const char* colour = cycle(kPathColours, paths_drawn);
    // Streamed, not formatted: a path is longer than fmt()'s buffer.
    svg << "<polyline points=\"" << points << "\" fill=\"none\" stroke=\"" << colour
        << "\" stroke-width=\"2.4\" stroke-opacity=\"0.85\" stroke-linejoin=\"round\"/>\n";
    svg << fmt("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n", cx(0), cy(track.cell_y(path.front())),
               colour);
    ++paths_drawn;
  }
  svg << "</g>\n";
  return paths_drawn;
}

int legend_column_x(int k) { return kLeft + k * kLegendColumnWidth; }

// The legend's swatch and role of every colour, from `legend_top`.
void draw_colour_legend(std::ostringstream& svg, const Track& track, const std::vector<std::string>& palette,
                        int legend_top) {
  const auto& roles = track.roles();
  svg << fmt("<g id=\"legend\">\n<text x=\"%d\" y=\"%d\" font-weight=\"bold\">Colours and their roles</text>\n", kLeft,
             legend_top - 10);
  for (size_t c = 0; c < roles.size(); ++c) {
    const int lx = kLeft + static_cast<int>(c % kLegendColumns) * kLegendColumnWidth;
    const int ly = legend_top + static_cast<int>(c / kLegendColumns) * kLegendRow;
    std::string text = fmt("colour %zu: %s", c, role_name(roles[c].role));
    if (roles[c].role == Role::Teleporter) text += " to " + signed_offset(roles[c].dx, roles[c].dy);
    if (roles[c].role == Role::Trap) text += ", kills " + signed_offset(roles[c].dx, roles[c].dy);
    svg << fmt(
        "<rect class=\"swatch\" x=\"%d\" y=\"%d\" width=\"16\" height=\"16\" fill=\"%s\" stroke=\"#999\"/>"
        "<text x=\"%d\" y=\"%d\">%s</text>\n",
        lx, ly, palette[c].c_str(), lx + 22, ly + 13, escape(text).c_str());
  }
}

// The legend's two rows of the track's symbols at `row_y`; returns the y of the second.
int draw_symbol_legend(std::ostringstream& svg, int row_y) {
  svg << fmt("<rect x=\"%d\" y=\"%d\" width=\"30\" height=\"16\" fill=\"%s\"/>", legend_column_x(0), row_y,
             kTeleporterBlues[0]);
  svg << arrow(legend_column_x(0) + 4, row_y + 8, legend_column_x(0) + 26, row_y + 8, "#ffffff", 1.6, 0.95, "tele");
  svg << fmt("<text x=\"%d\" y=\"%d\">teleporter, towards its target</text>\n", legend_column_x(0) + 36, row_y + 13);
  svg << arrow(legend_column_x(1), row_y + 8, legend_column_x(1) + 14, row_y + 8, "#c0392b", 2.2, 1, "trap");
  svg << cross(legend_column_x(1) + 26, row_y + 8, 5, "#c0392b");
  svg << fmt("<text x=\"%d\" y=\"%d\">trap points at its deadly cell (x)</text>\n", legend_column_x(1) + 36,
             row_y + 13);
  svg << start_marker(legend_column_x(2) + 8, row_y + 8);
  svg << fmt("<text x=\"%d\" y=\"%d\">start cell (column 0)</text>\n", legend_column_x(2) + 22, row_y + 13);
  svg << fmt("<rect x=\"%d\" y=\"%d\" width=\"16\" height=\"16\" fill=\"url(#goal)\" stroke=\"#1a9850\"/>",
             legend_column_x(3), row_y);
  svg << fmt("<text x=\"%d\" y=\"%d\">goal column: scores</text>\n", legend_column_x(3) + 22, row_y + 13);
  row_y += kLegendRow;
  svg << fmt("<rect x=\"%d\" y=\"%d\" width=\"16\" height=\"16\" fill=\"%s\"/>", legend_column_x(0), row_y,
             kWallGreys[0]);
  svg << fmt("<text x=\"%d\" y=\"%d\">wall: blocks moves into it; a teleport onto it kills</text>\n",
             legend_column_x(0) + 22, row_y + 13);
  return row_y;
}

// What the overlays drew: their scales, for the legend.
struct OverlayScales {
  uint64_t max_visits = 0;
  uint64_t max_deaths = 0;
  int paths_drawn = 0;
};

// The legend of the overlays drawn, below the symbols' last row at `row_y`.
void draw_overlay_legend(std::ostringstream& svg, int row_y, const OverlayScales& drawn) {
  row_y += kLegendRow + 4;
  if (drawn.max_visits > 0) {
    svg << fmt("<rect x=\"%d\" y=\"%d\" width=\"60\" height=\"14\" fill=\"url(#heat-scale)\"/>", legend_column_x(0),
               row_y);
    svg << fmt("<text x=\"%d\" y=\"%d\">visits per cell, log scale (max %s)</text>\n", legend_column_x(0) + 66,
               row_y + 12, thousands(drawn.max_visits).c_str());
  }
  if (drawn.paths_drawn > 0) {
    svg << fmt("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2.4\"/>", legend_column_x(2),
               row_y + 7, legend_column_x(2) + 28, row_y + 7, kPathColours[0]);
    svg << fmt("<text x=\"%d\" y=\"%d\">last scoring life of the %d best scorers</text>\n", legend_column_x(2) + 36,
               row_y + 12, drawn.paths_drawn);
  }
  if (drawn.max_deaths > 0) {
    row_y += kLegendRow;
    for (int cause = 0; cause < kDeathCauses; ++cause) {
      const int lx = legend_column_x(cause);
      svg << fmt("<circle cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"%s\"/>", lx + 8, row_y + 8, kCauseColours[cause]);
      svg << fmt("<text x=\"%d\" y=\"%d\">deaths: %s</text>\n", lx + 22, row_y + 13,
                 death_cause_key(static_cast<DeathCause>(cause)));
    }
    row_y += kLegendRow;
    svg << fmt(
        "<text x=\"%d\" y=\"%d\">a dot's area is the deaths of its cause in its cell (largest %s); "
        "a deadly move off the track counts on the cell it left</text>\n",
        legend_column_x(0), row_y + 13, thousands(drawn.max_deaths).c_str());
  }
}

}  // namespace

std::string render_svg(const Track& track, const nlohmann::json* record, const RenderOptions& options) {
  const int w = track.width(), h = track.height();
  const std::vector<std::string> palette = colour_palette(track);
  const int colour_rows = (static_cast<int>(track.roles().size()) + kLegendColumns - 1) / kLegendColumns;
  const int symbol_rows = 2 + (record ? 3 : 0);
  const int legend_top = kTop + h * kCell + 34;
  const int width = std::max(kLeft + w * kCell + 20, kLegendColumns * kLegendColumnWidth + 20);
  const int height = legend_top + (colour_rows + symbol_rows + 2) * kLegendRow + 10;
  std::ostringstream svg;
  svg << svg_header(width, height, w * h) << svg_title(track, record);
  draw_cells(svg, track, palette);

  // Overlays under the rules' marks (heat), then over them (deaths, the scorers' paths).
  const nlohmann::json* cells = record ? &record->at("cells") : nullptr;
  OverlayScales drawn;
  if (cells && options.heat) drawn.max_visits = draw_heat(svg, track, *cells);
  draw_rules(svg, track);
  if (cells && options.deaths) drawn.max_deaths = draw_deaths(svg, track, *cells);
  if (record && options.paths > 0) drawn.paths_drawn = draw_paths(svg, track, *record, options.paths);

  draw_colour_legend(svg, track, palette, legend_top);
  const int row_y = draw_symbol_legend(svg, legend_top + colour_rows * kLegendRow + 8);
  if (record) draw_overlay_legend(svg, row_y, drawn);
  svg << "</g>\n</svg>\n";
  return svg.str();
}

}  // namespace ratrace
