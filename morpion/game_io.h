#pragma once
// Finished games in and out: the JSON game file, a search result's best game, and pictures
// (ASCII for the terminal, SVG for documents).
#include <string>

#include <nlohmann/json.hpp>

#include "morpion/dna.h"

namespace morpion {

// The game file: {"format": "morpion-game", "rules": "5T", "score": n, "code": "...",
// "moves": ["2,2 (0,4,ne)", ...]} with the moves in a legal order.
nlohmann::json game_json(const Game& game, Rules rules);

// A game read from a game file, or from the "best" member of a `morpion search`/`nrpa`
// result file. Throws std::invalid_argument naming the file and what is wrong.
struct LoadedGame {
  Game moves;
  Rules rules = Rules::k5T;
};
LoadedGame load_game(const std::string& path);

// The grid as text: '#' a dot of the cross, 'o' a placed dot, '-' '|' '/' '\' the lines
// ('X' where two diagonals cross), y growing downwards.
std::string ascii_picture(const Game& game);

// The grid as SVG: lines, dots, the cross's dots marked, optionally the move numbers.
std::string svg_picture(const Game& game, bool numbers);

}  // namespace morpion
