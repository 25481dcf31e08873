#include "morpion/layer_code.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace morpion {

namespace {
constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// The moves of the next layer: legal now, not taboo, in layer order.
std::vector<Move> next_layer(const Board& board, const std::vector<bool>& taboo) {
  std::vector<Move> layer;
  for (const Move& m : board.legal_moves())
    if (!taboo[m.line]) layer.push_back(m);
  std::sort(layer.begin(), layer.end(), layer_order);
  return layer;
}

std::vector<std::pair<int, int>> points_of(const Move& m) {
  std::vector<std::pair<int, int>> points;
  const int first = m.first_cell();
  for (int k = 0; k < 5; ++k)
    points.push_back(
        {cell_x(first) + k * kDx[static_cast<size_t>(m.dir())], cell_y(first) + k * kDy[static_cast<size_t>(m.dir())]});
  return points;
}

// Why `m` cannot join `earlier` in one game: "" when it can.
std::string conflict(const Move& m, const Move& earlier, Rules rules) {
  if (m.dot == earlier.dot) return "it places the same dot as " + to_string(earlier);
  if (m.dir() != earlier.dir()) return "";
  const auto a = points_of(m), b = points_of(earlier);
  int shared = 0;
  std::pair<int, int> point;
  for (const auto& p : a)
    if (std::find(b.begin(), b.end(), p) != b.end()) ++shared, point = p;
  if (shared >= 2) return "its line overlaps the line of " + to_string(earlier);
  if (shared == 1 && rules == Rules::k5D)
    return "its line shares the point " + std::to_string(point.first) + "," + std::to_string(point.second) +
           " with the line of " + to_string(earlier) + " of the same direction (illegal in 5D)";
  return "";
}
}  // namespace

LayeredGame layers_of(const std::vector<Move>& game, Rules rules) {
  Board check(rules);
  for (const Move& m : game) check.play(m);  // throws naming the first illegal move
  std::unordered_map<int, Move> unplayed;
  for (const Move& m : game) unplayed[m.line] = m;
  LayeredGame layered;
  Board board(Rules::k5T);
  std::vector<bool> taboo(kLines, false);
  for (;;) {
    Layer layer{next_layer(board, taboo), {}};
    if (layer.moves.empty()) break;
    for (const Move& m : layer.moves) {
      const auto it = unplayed.find(m.line);
      const bool taken = it != unplayed.end() && it->second == m;
      layer.taken.push_back(taken);
      if (!taken) taboo[m.line] = true;
    }
    for (size_t i = 0; i < layer.moves.size(); ++i)
      if (layer.taken[i]) {
        board.play(layer.moves[i]);
        layered.moves.push_back(layer.moves[i]);
        unplayed.erase(layer.moves[i].line);
      }
    layered.bits += layer.moves.size();
    layered.layers.push_back(std::move(layer));
  }
  if (!unplayed.empty())  // cannot happen for a legal game: each move becomes legal in some layer
    throw std::logic_error("move " + to_string(unplayed.begin()->second) + " never appeared in a layer");
  return layered;
}

std::string layer_code(const LayeredGame& game) {
  std::string text;
  int value = 0, filled = 0;
  for (const Layer& layer : game.layers)
    for (bool bit : layer.taken) {
      value = value * 2 + bit;
      if (++filled == 6) text += kAlphabet[static_cast<size_t>(value)], value = 0, filled = 0;
    }
  if (filled > 0) text += kAlphabet[static_cast<size_t>(value << (6 - filled))];
  return text;
}

LayeredGame decode_game(const std::string& text, Rules rules) {
  std::vector<int> sextets;
  for (char c : text) {
    const auto at = kAlphabet.find(c);
    sextets.push_back(at == std::string_view::npos ? -1 : static_cast<int>(at));
  }
  const size_t total_bits = 6 * sextets.size();
  size_t position = 0;  // bit of the code read next
  auto where = [&](size_t layer, size_t bit) {
    return "layer " + std::to_string(layer) + ", bit " + std::to_string(bit) + " (bit " + std::to_string(position) +
           " of the code): ";
  };
  auto bad_character = [&](size_t at) {
    const size_t c = at / 6;
    return "character '" + std::string(1, text[c]) + "' at position " + std::to_string(c) +
           " is not in the base64 alphabet (A-Z a-z 0-9 + /)";
  };
  auto read_bit = [&](size_t layer, size_t bit, size_t layer_size) {
    if (position >= total_bits)
      throw CodeError(where(layer, bit) + "the code ends after " + std::to_string(total_bits) + " bits, inside layer " +
                      std::to_string(layer) + " of " + std::to_string(layer_size) + " moves");
    const int sextet = sextets[position / 6];
    if (sextet < 0) throw CodeError(where(layer, bit) + bad_character(position));
    const bool value = (sextet >> (5 - position % 6)) & 1;
    ++position;
    return value;
  };

  LayeredGame game;
  Board board(Rules::k5T);
  Board variant(rules);  // the same moves under the chosen rules
  std::vector<bool> taboo(kLines, false);
  for (;;) {
    Layer layer{next_layer(board, taboo), {}};
    if (layer.moves.empty()) break;
    const size_t index = game.layers.size();
    std::vector<size_t> taken_so_far;
    for (size_t i = 0; i < layer.moves.size(); ++i) {
      const bool taken = read_bit(index, i, layer.moves.size());
      layer.taken.push_back(taken);
      const Move& m = layer.moves[i];
      if (!taken) {
        taboo[m.line] = true;
        continue;
      }
      --position;  // errors below name this move's bit
      for (size_t j : taken_so_far) {
        const std::string why = conflict(m, layer.moves[j], rules);
        if (!why.empty())
          throw CodeError(where(index, i) + "move " + to_string(m) + " conflicts with bit " + std::to_string(j) +
                          " of the same layer: " + why);
      }
      Move legal;
      if (!variant.legal_move_of_line(m.line, &legal) || !(legal == m)) {
        std::string why = "it is illegal under " + std::string(rules_name(rules)) + ": " + variant.why_illegal(m.line);
        for (const Move& earlier : game.moves)
          if (const std::string c = conflict(m, earlier, rules); !c.empty()) {
            why = c;
            break;
          }
        throw CodeError(where(index, i) + "move " + to_string(m) + ": " + why);
      }
      ++position;
      taken_so_far.push_back(i);
    }
    for (size_t i : taken_so_far) {
      board.play(layer.moves[i]);
      variant.play(layer.moves[i]);
      game.moves.push_back(layer.moves[i]);
    }
    game.bits += layer.moves.size();
    game.layers.push_back(std::move(layer));
  }
  const size_t last_layer = game.layers.size() - 1;
  if (total_bits - position >= 6)
    throw CodeError("the game ends with layer " + std::to_string(last_layer) + " at bit " + std::to_string(position) +
                    ", but the text goes on: characters from position " + std::to_string((position + 5) / 6) +
                    " are extra");
  for (; position < total_bits; ++position) {
    const int sextet = sextets[position / 6];
    if (sextet < 0)
      throw CodeError("padding after layer " + std::to_string(last_layer) + ": " + bad_character(position));
    if ((sextet >> (5 - position % 6)) & 1)
      throw CodeError("padding bit " + std::to_string(position) + " after the last layer (layer " +
                      std::to_string(last_layer) + ", which ends at bit " + std::to_string(game.bits) +
                      ") is not zero");
  }
  return game;
}

}  // namespace morpion
