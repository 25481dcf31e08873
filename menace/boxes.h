#pragma once
// The matchboxes: which positions get a box (by enumeration under the 8 symmetries), how
// many beads of which colour each holds, and their JSON, text and SVG forms.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "menace/board.h"

namespace ratrace::menace {

// The boxes of one player: every position a game can reach on which `player` is to move,
// with no line yet and at least two empty cells, one per class of symmetric positions.
struct Catalogue {
  Mark player = Mark::kX;
  std::vector<Board> pictures;       // canonical positions, by stage then by code
  std::vector<int> stages;           // the player's marks already on the picture
  std::vector<int> boxes_per_stage;  // 1, 12, 108, 183 for X
  std::vector<int16_t> box_of_code;  // canonical code -> box index, -1 where there is no box

  size_t size() const { return pictures.size(); }
  // The box of board `b` and the symmetry that maps `b` onto its picture; -1 when `b` has none.
  int find(const Board& b, int& symmetry) const;
};

// Enumerates the boxes by playing out every game from the empty board (no constant inside).
Catalogue enumerate_boxes(Mark player);
// The enumeration, computed once per player.
const Catalogue& catalogue(Mark player);

// How each box is first filled.
enum class StartBeads {
  kRandom,  // the challenge: a random number (1 to the number of empty cells) of beads, each of a random empty cell
  kMichie,  // Michie's 1961 counts: 4, 3, 2, 1 beads of every empty cell by stage
  kMichieDistinct  // the same counts, but only for one cell of each set of cells that the picture's
                   // own symmetries make equivalent (the empty board: a corner, an edge, the centre)
};
// "random", "michie" or "michie-distinct"; throws otherwise.
StartBeads start_beads_from_string(const std::string& s);

// The empty cells of `picture` that stand for distinct moves: of the cells that a symmetry
// mapping the picture onto itself makes equivalent, the lowest.
std::vector<int> distinct_empty_cells(const Board& picture);
std::string to_string(StartBeads s);

// The most games a set of boxes may count: 2^53, the largest count a JSON number holds exactly
// in most readers (doubles), and far beyond any run.
constexpr uint64_t kMaxGamesPlayed = uint64_t{1} << 53;

// Beads per picture cell of every box of one player, and how many games they have learnt from.
struct Matchboxes {
  const Catalogue* catalogue = nullptr;
  std::vector<std::array<uint32_t, 9>> beads;
  uint64_t games_played = 0;

  uint32_t total(size_t box) const;
};

// Fresh boxes, the random start drawn from the stream `key`.
Matchboxes fresh_boxes(Mark player, StartBeads start, uint64_t key);

// {"format": "menace-boxes", "version": 1, "player": "X", "games_played": n,
//  "boxes": [{"box": 0, "stage": 0, "picture": ".........", "beads": [9 counts]}, ...]}
nlohmann::json boxes_to_json(const Matchboxes& m);
// Checks everything (format, player, games_played at most kMaxGamesPlayed, one entry per box
// in catalogue order, beads only on empty cells, no empty box, no key it does not know);
// throws std::invalid_argument saying what is wrong.
Matchboxes boxes_from_json(const nlohmann::json& j);
Matchboxes load_boxes(const std::string& path);  // reads and checks; throws std::runtime_error
// The same, and throws unless they are `player`'s boxes.
Matchboxes load_boxes(const std::string& path, Mark player);
// Throws std::runtime_error naming `what` ("'FILE'") unless `m` holds `player`'s boxes.
void check_boxes_player(const Matchboxes& m, Mark player, const std::string& what);

// Every box as a small picture whose empty cells show their bead counts, several a row.
std::string boxes_table(const Matchboxes& m, int per_row = 6);
// `menace boxes`'s listing: the number of boxes by stage, then boxes_table().
std::string boxes_listing(const Matchboxes& m);
// The same as an SVG grid: marks in black, bead counts in empty cells shaded by share.
std::string boxes_svg(const Matchboxes& m);

}  // namespace ratrace::menace
