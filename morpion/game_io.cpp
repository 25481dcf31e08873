#include "morpion/game_io.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "morpion/layer_code.h"
#include "ratrace/common/io.h"
#include "ratrace/common/numbers.h"
#include "ratrace/common/version.h"

namespace morpion {

nlohmann::json game_json(const Game& game, Rules rules) {
  nlohmann::json moves = nlohmann::json::array();
  for (const Move& m : game) moves.push_back(to_string(m));
  return {{"format", "morpion-game"}, {"version", ratrace::version()},    {"rules", rules_name(rules)},
          {"score", game.size()},     {"code", encode_game(game, rules)}, {"moves", moves}};
}

LoadedGame load_game(const std::string& path) {
  const std::string text = ratrace::read_text(path, "game file");
  nlohmann::json j;
  try {
    j = ratrace::parse_json(text);
  } catch (const std::exception& e) {
    throw std::invalid_argument(path + ": not JSON: " + e.what());
  }
  const nlohmann::json* game = &j;
  if (j.is_object() && !j.contains("moves") && j.contains("best")) game = &j["best"];
  if (!game->is_object() || !game->contains("moves") || !(*game)["moves"].is_array())
    throw std::invalid_argument(path + ": expected a game file (with \"moves\") or a search result (with \"best\")");
  LoadedGame loaded;
  try {
    // Read as strictly as written by game_json: known keys only, the right format, and the
    // score and code (where given) those of the moves.
    if (const std::string key =
            ratrace::unknown_key(*game, {"format", "version", "rules", "score", "code", "moves", "search"});
        !key.empty())
      throw std::invalid_argument("unknown key '" + ratrace::clipped(key, 60) + "'");
    const nlohmann::json format = j.value("format", nlohmann::json("morpion-game"));
    const bool format_right = format.is_string() && (game == &j ? format == "morpion-game"
                                                                : format.get<std::string>().rfind("morpion-", 0) == 0);
    if (!format_right)
      throw std::invalid_argument("\"format\" " + ratrace::clipped(format.dump(), 60) + " is not a morpion file's");
    if (game->contains("version") && !(*game)["version"].is_string())
      throw std::invalid_argument("\"version\" is not a text");
    loaded.rules = parse_rules(j.value("rules", std::string("5T")));
    for (const auto& m : (*game)["moves"]) {
      if (!m.is_string()) throw std::invalid_argument("a move is not a string: " + m.dump());
      loaded.moves.push_back(parse_move(m.get<std::string>()));
    }
    Board check(loaded.rules);
    for (const Move& m : loaded.moves) check.play(m);
    if (game->contains("score") && (*game)["score"] != nlohmann::json(loaded.moves.size()))
      throw std::invalid_argument("\"score\" is not the number of moves, " + std::to_string(loaded.moves.size()));
    if (game->contains("code") && (*game)["code"] != nlohmann::json(encode_game(loaded.moves, loaded.rules)))
      throw std::invalid_argument("\"code\" is not the layer code of the moves");
  } catch (const std::exception& e) {
    throw std::invalid_argument(path + ": " + e.what());
  }
  return loaded;
}

namespace {
// The smallest box holding every dot of the game and the cross.
struct Box {
  int x0 = 0, y0 = 0, x1 = 9, y1 = 9;
  explicit Box(const Game& game) {
    for (const Move& m : game) {
      x0 = std::min(x0, cell_x(m.dot)), x1 = std::max(x1, cell_x(m.dot));
      y0 = std::min(y0, cell_y(m.dot)), y1 = std::max(y1, cell_y(m.dot));
    }
  }
};
}  // namespace

std::string ascii_picture(const Game& game) {
  const Box box(game);
  const int w = 2 * (box.x1 - box.x0) + 1, h = 2 * (box.y1 - box.y0) + 1;
  std::vector<std::string> rows(static_cast<size_t>(h), std::string(static_cast<size_t>(w), ' '));
  auto put = [&](int col, int row, char c) {
    char& at = rows[static_cast<size_t>(row)][static_cast<size_t>(col)];
    at = ((at == '/' && c == '\\') || (at == '\\' && c == '/')) ? 'X' : c;
  };
  constexpr char kStroke[4] = {'/', '-', '\\', '|'};
  for (const Move& m : game) {
    const int d = m.dir();
    const int col = 2 * (cell_x(m.first_cell()) - box.x0), row = 2 * (cell_y(m.first_cell()) - box.y0);
    for (int k = 0; k < 4; ++k)
      put(col + (2 * k + 1) * kDx[static_cast<size_t>(d)], row + (2 * k + 1) * kDy[static_cast<size_t>(d)], kStroke[d]);
  }
  const Board start;
  for (int y = box.y0; y <= box.y1; ++y)
    for (int x = box.x0; x <= box.x1; ++x)
      if (start.has_dot(cell_of(x, y))) put(2 * (x - box.x0), 2 * (y - box.y0), '#');
  for (const Move& m : game) put(2 * (cell_x(m.dot) - box.x0), 2 * (cell_y(m.dot) - box.y0), 'o');
  std::string text;
  for (auto& row : rows) {
    row.erase(row.find_last_not_of(' ') + 1);
    text += row + "\n";
  }
  return text;
}

std::string svg_picture(const Game& game, bool numbers) {
  const Box box(game);
  constexpr int kCell = 24, kPad = 20;
  auto px = [&](int x) { return kPad + (x - box.x0) * kCell; };
  auto py = [&](int y) { return kPad + (y - box.y0) * kCell; };
  const int width = 2 * kPad + (box.x1 - box.x0) * kCell, height = 2 * kPad + (box.y1 - box.y0) * kCell;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height << "\">\n"
      << "<title>Morpion Solitaire 5T: " << game.size() << " moves</title>\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<g stroke=\"#e4e4e4\" stroke-width=\"1\">\n";
  for (int x = box.x0; x <= box.x1; ++x)
    svg << "<line x1=\"" << px(x) << "\" y1=\"" << py(box.y0) << "\" x2=\"" << px(x) << "\" y2=\"" << py(box.y1)
        << "\"/>\n";
  for (int y = box.y0; y <= box.y1; ++y)
    svg << "<line x1=\"" << px(box.x0) << "\" y1=\"" << py(y) << "\" x2=\"" << px(box.x1) << "\" y2=\"" << py(y)
        << "\"/>\n";
  svg << "</g>\n<g stroke=\"#1f4e8c\" stroke-width=\"2\" stroke-linecap=\"round\">\n";
  for (const Move& m : game) {
    const int x = cell_x(m.first_cell()), y = cell_y(m.first_cell()), d = m.dir();
    svg << "<line x1=\"" << px(x) << "\" y1=\"" << py(y) << "\" x2=\"" << px(x + 4 * kDx[static_cast<size_t>(d)])
        << "\" y2=\"" << py(y + 4 * kDy[static_cast<size_t>(d)]) << "\"/>\n";
  }
  svg << "</g>\n<g>\n";
  const Board start;
  for (int y = 0; y <= 9; ++y)
    for (int x = 0; x <= 9; ++x)
      if (start.has_dot(cell_of(x, y)))
        svg << "<circle cx=\"" << px(x) << "\" cy=\"" << py(y) << "\" r=\"6\" fill=\"#c0392b\"/>\n";
  const int radius = numbers ? 8 : 5;
  for (size_t i = 0; i < game.size(); ++i) {
    const int x = px(cell_x(game[i].dot)), y = py(cell_y(game[i].dot));
    svg << "<circle cx=\"" << x << "\" cy=\"" << y << "\" r=\"" << radius
        << "\" fill=\"white\" stroke=\"#222\" stroke-width=\"1.5\"/>\n";
    if (numbers)
      svg << "<text x=\"" << x << "\" y=\"" << y + 3
          << "\" font-family=\"sans-serif\" font-size=\"8\" text-anchor=\"middle\">" << i + 1 << "</text>\n";
  }
  svg << "</g>\n</svg>\n";
  return svg.str();
}

}  // namespace morpion
