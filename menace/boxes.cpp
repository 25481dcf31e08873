#include "menace/boxes.h"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "ratrace/common/io.h"
#include "ratrace/common/rng.h"

namespace ratrace::menace {

namespace {

// Visits every position reachable from `b` (mover to play) once, collecting the canonical
// codes of those that need a box of `player`.
void explore(const Board& b, Mark mover, Mark player, std::vector<bool>& seen, std::vector<uint32_t>& box_codes) {
  const uint32_t code = encode(b);
  if (seen[code]) return;
  seen[code] = true;
  if (finished(b)) return;
  const int empty = count(b, Mark::kEmpty);
  if (mover == player && empty >= 2) box_codes.push_back(canonical(b).code);
  for (int cell = 0; cell < 9; ++cell) {
    if (b[cell] != Mark::kEmpty) continue;
    Board next = b;
    next[cell] = mover;
    explore(next, other(mover), player, seen, box_codes);
  }
}

constexpr uint64_t kTagStartBox = 0x5354415254ULL;  // "START"

}  // namespace

int Catalogue::find(const Board& b, int& symmetry) const {
  const Canonical c = canonical(b);
  symmetry = c.symmetry;
  return box_of_code[c.code];
}

Catalogue enumerate_boxes(Mark player) {
  std::vector<bool> seen(kBoardCodes, false);
  std::vector<uint32_t> codes;
  explore(Board{}, Mark::kX, player, seen, codes);
  std::sort(codes.begin(), codes.end());
  codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
  Catalogue cat;
  cat.player = player;
  for (uint32_t code : codes) cat.pictures.push_back(decode(code));
  std::stable_sort(cat.pictures.begin(), cat.pictures.end(),
                   [&](const Board& a, const Board& b) { return count(a, player) < count(b, player); });
  cat.box_of_code.assign(kBoardCodes, -1);
  for (size_t i = 0; i < cat.pictures.size(); ++i) {
    const int stage = count(cat.pictures[i], player);
    cat.stages.push_back(stage);
    if (static_cast<int>(cat.boxes_per_stage.size()) <= stage) cat.boxes_per_stage.resize(stage + 1, 0);
    ++cat.boxes_per_stage[stage];
    cat.box_of_code[encode(cat.pictures[i])] = static_cast<int16_t>(i);
  }
  return cat;
}

const Catalogue& catalogue(Mark player) {
  static const Catalogue x = enumerate_boxes(Mark::kX);
  static const Catalogue o = enumerate_boxes(Mark::kO);
  return player == Mark::kX ? x : o;
}

StartBeads start_beads_from_string(const std::string& s) {
  if (s == "random") return StartBeads::kRandom;
  if (s == "michie") return StartBeads::kMichie;
  if (s == "michie-distinct") return StartBeads::kMichieDistinct;
  throw std::invalid_argument("bead start must be 'random', 'michie' or 'michie-distinct', not '" + s + "'");
}

std::string to_string(StartBeads s) {
  switch (s) {
    case StartBeads::kRandom: return "random";
    case StartBeads::kMichie: return "michie";
    default: return "michie-distinct";
  }
}

std::vector<int> distinct_empty_cells(const Board& picture) {
  std::vector<int> cells;
  for (int c = 0; c < 9; ++c) {
    if (picture[c] != Mark::kEmpty) continue;
    bool lowest = true;
    for (int t = 1; t < 8 && lowest; ++t)
      if (transform(picture, t) == picture && kSymmetries[t][c] < c) lowest = false;
    if (lowest) cells.push_back(c);
  }
  return cells;
}

uint32_t Matchboxes::total(size_t box) const {
  uint32_t n = 0;
  for (uint32_t c : beads[box]) n += c;
  return n;
}

Matchboxes fresh_boxes(Mark player, StartBeads start, uint64_t key) {
  Matchboxes m;
  m.catalogue = &catalogue(player);
  m.beads.assign(m.catalogue->size(), {});
  for (size_t i = 0; i < m.catalogue->size(); ++i) {
    const Board& picture = m.catalogue->pictures[i];
    std::vector<int> empty;
    for (int c = 0; c < 9; ++c)
      if (picture[c] == Mark::kEmpty) empty.push_back(c);
    if (start != StartBeads::kRandom) {
      const uint32_t per_cell = static_cast<uint32_t>(std::max(1, 4 - m.catalogue->stages[i]));
      if (start == StartBeads::kMichieDistinct) empty = distinct_empty_cells(picture);
      for (int c : empty) m.beads[i][c] = per_cell;
    } else {
      Rng rng(stream_key(key, kTagStartBox, i));
      const int n = rng.between(1, static_cast<int>(empty.size()));
      for (int k = 0; k < n; ++k) ++m.beads[i][empty[rng.below(static_cast<uint32_t>(empty.size()))]];
    }
  }
  return m;
}

nlohmann::json boxes_to_json(const Matchboxes& m) {
  nlohmann::json boxes = nlohmann::json::array();
  for (size_t i = 0; i < m.beads.size(); ++i)
    boxes.push_back({{"box", i},
                     {"stage", m.catalogue->stages[i]},
                     {"picture", to_string(m.catalogue->pictures[i])},
                     {"beads", m.beads[i]}});
  return {{"format", "menace-boxes"},
          {"version", 1},
          {"player", std::string(1, mark_char(m.catalogue->player))},
          {"games_played", m.games_played},
          {"boxes", boxes}};
}

Matchboxes boxes_from_json(const nlohmann::json& j) {
  auto bad = [](const std::string& why) { return std::invalid_argument("not a MENACE boxes file: " + why); };
  if (!j.is_object() || j.value("format", "") != "menace-boxes") throw bad("\"format\" is not \"menace-boxes\"");
  // A misspelt key would otherwise be dropped without a word.
  if (const auto key = unknown_key(j, {"format", "version", "player", "games_played", "boxes"}); !key.empty())
    throw bad("unknown key \"" + key + "\"");
  if (j.value("version", 0) != 1) throw bad("\"version\" is not 1");
  const std::string player = j.value("player", "");
  if (player != "X" && player != "O") throw bad("\"player\" is not \"X\" or \"O\"");
  Matchboxes m;
  m.catalogue = &catalogue(player == "X" ? Mark::kX : Mark::kO);
  if (!j.contains("games_played") || !j["games_played"].is_number_unsigned()) throw bad("\"games_played\" missing");
  m.games_played = j["games_played"].get<uint64_t>();
  if (m.games_played > kMaxGamesPlayed)
    throw bad("\"games_played\" is " + std::to_string(m.games_played) +
              ", more than the most boxes may count (2^53 = " + std::to_string(kMaxGamesPlayed) + ")");
  const auto& boxes = j.value("boxes", nlohmann::json::array());
  if (!boxes.is_array() || boxes.size() != m.catalogue->size())
    throw bad("expected " + std::to_string(m.catalogue->size()) + " boxes");
  m.beads.assign(m.catalogue->size(), {});
  for (size_t i = 0; i < boxes.size(); ++i) {
    const std::string where = "box " + std::to_string(i) + ": ";
    const auto& box = boxes[i];
    if (!box.is_object() || box.value("picture", "") != to_string(m.catalogue->pictures[i]))
      throw bad(where + "picture is not " + to_string(m.catalogue->pictures[i]));
    if (const auto key = unknown_key(box, {"box", "stage", "picture", "beads"}); !key.empty())
      throw bad(where + "unknown key \"" + key + "\"");
    // Written for a reader of the file, and so checked: one entry per box, in order.
    if (box.value("box", nlohmann::json()) != nlohmann::json(i))
      throw bad(where + "\"box\" is not " + std::to_string(i));
    if (box.value("stage", nlohmann::json()) != nlohmann::json(m.catalogue->stages[i]))
      throw bad(where + "\"stage\" is not " + std::to_string(m.catalogue->stages[i]));
    const auto& beads = box.value("beads", nlohmann::json());
    if (!beads.is_array() || beads.size() != 9) throw bad(where + "\"beads\" is not 9 counts");
    for (int c = 0; c < 9; ++c) {
      if (!beads[c].is_number_unsigned() || beads[c].get<uint64_t>() > 0xffffffffULL)
        throw bad(where + "bead counts must be whole numbers >= 0");
      m.beads[i][c] = beads[c].get<uint32_t>();
      if (m.beads[i][c] > 0 && m.catalogue->pictures[i][c] != Mark::kEmpty)
        throw bad(where + "beads on occupied cell " + std::to_string(c));
    }
    uint64_t total = 0;  // summed wide: nine counts may pass what one count holds
    for (uint32_t c : m.beads[i]) total += c;
    if (total == 0) throw bad(where + "no beads (a box is refilled when it empties)");
    if (total > 0xffffffffULL) throw bad(where + "more than 4294967295 beads in all");
  }
  return m;
}

Matchboxes load_boxes(const std::string& path) {
  const std::string text = ratrace::read_text(path, "boxes file");
  try {
    return boxes_from_json(ratrace::parse_json(text));
  } catch (const std::exception& e) {
    throw std::runtime_error("'" + path + "': " + e.what());
  }
}

void check_boxes_player(const Matchboxes& m, Mark player, const std::string& what) {
  if (m.catalogue->player != player)
    throw std::runtime_error(what + " holds boxes of " + std::string(1, mark_char(m.catalogue->player)) + ", not of " +
                             std::string(1, mark_char(player)));
}

Matchboxes load_boxes(const std::string& path, Mark player) {
  Matchboxes m = load_boxes(path);
  check_boxes_player(m, player, "'" + path + "'");
  return m;
}

std::string boxes_listing(const Matchboxes& m) {
  std::string listing = std::to_string(m.catalogue->size()) + " boxes (by stage:";
  for (int n : m.catalogue->boxes_per_stage) listing += " " + std::to_string(n);
  return listing + ")\n" + boxes_table(m);
}

std::string boxes_table(const Matchboxes& m, int per_row) {
  uint32_t most = 1;
  for (const auto& box : m.beads)
    for (uint32_t c : box) most = std::max(most, c);
  const int width = static_cast<int>(std::to_string(most).size()) + 1;
  const int box_width = 3 * width + 4;  // "[", the cells, "]" and two spaces
  auto pad = [](std::string s, int w) { return std::string(std::max(0, w - static_cast<int>(s.size())), ' ') + s; };
  std::ostringstream out;
  out << "Boxes of " << mark_char(m.catalogue->player) << " after " << m.games_played
      << " games (marks as X/O, bead counts in the empty cells; '-' no bead):\n";
  const int n = static_cast<int>(m.beads.size());
  for (int first = 0; first < n; first += per_row) {
    const int last = std::min(n, first + per_row);
    std::string header, rows[3];
    for (int i = first; i < last; ++i) {
      std::string label = "#";
      label += std::to_string(i);
      label += " s";
      label += std::to_string(m.catalogue->stages[i]);
      header += label + std::string(std::max(1, box_width - static_cast<int>(label.size())), ' ');
      for (int r = 0; r < 3; ++r) {
        std::string row;
        for (int c = 0; c < 3; ++c) {
          const int cell = r * 3 + c;
          const Mark mark = m.catalogue->pictures[i][cell];
          const uint32_t beads = m.beads[i][cell];
          row += pad(mark != Mark::kEmpty ? std::string(1, mark_char(mark))
                     : beads              ? std::to_string(beads)
                                          : "-",
                     width);
        }
        rows[r] += "[" + row + "]  ";
      }
    }
    out << header << "\n" << rows[0] << "\n" << rows[1] << "\n" << rows[2] << "\n";
  }
  return out.str();
}

std::string boxes_svg(const Matchboxes& m) {
  constexpr int kCell = 18, kGap = 14, kPerRow = 16, kLabel = 12;
  const int n = static_cast<int>(m.beads.size());
  const int rows = (n + kPerRow - 1) / kPerRow;
  const int box = 3 * kCell;
  const int width = kPerRow * (box + kGap) + kGap;
  const int height = rows * (box + kGap + kLabel) + kGap + 24;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << kGap << "\" y=\"16\" font-size=\"13\">MENACE boxes of " << mark_char(m.catalogue->player)
      << " after " << m.games_played
      << " games: bead counts in empty cells, darker = larger share of the box's beads</text>\n";
  for (int i = 0; i < n; ++i) {
    const int x0 = kGap + (i % kPerRow) * (box + kGap);
    const int y0 = 24 + kGap + (i / kPerRow) * (box + kGap + kLabel) + kLabel;
    svg << "<text x=\"" << x0 << "\" y=\"" << y0 - 3 << "\" font-size=\"9\" fill=\"#555\">#" << i << "</text>\n";
    const double total = m.total(i);
    for (int cell = 0; cell < 9; ++cell) {
      const int x = x0 + (cell % 3) * kCell, y = y0 + (cell / 3) * kCell;
      const Mark mark = m.catalogue->pictures[i][cell];
      const uint32_t beads = m.beads[i][cell];
      const double share = mark == Mark::kEmpty && total > 0 ? beads / total : 0;
      const int shade = static_cast<int>(255 - 180 * share);
      svg << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << kCell << "\" height=\"" << kCell
          << "\" fill=\"rgb(" << shade << "," << shade << ",255)\" stroke=\"#999\" stroke-width=\"0.5\"/>";
      if (mark != Mark::kEmpty || beads > 0)
        svg << "<text x=\"" << x + kCell / 2 << "\" y=\"" << y + kCell - 5 << "\" text-anchor=\"middle\" font-size=\""
            << (mark != Mark::kEmpty ? 12 : 9) << "\"" << (mark != Mark::kEmpty ? " font-weight=\"bold\"" : "") << ">"
            << (mark != Mark::kEmpty ? std::string(1, mark_char(mark)) : std::to_string(beads)) << "</text>";
      svg << "\n";
    }
  }
  svg << "</svg>\n";
  return svg.str();
}

}  // namespace ratrace::menace
