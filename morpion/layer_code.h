#pragma once
// MORPION.md's layer code: one bit per legal, not yet taboo move, layer by layer, written
// six bits to a base64 character.
#include <stdexcept>
#include <string>
#include <vector>

#include "morpion/board.h"

namespace morpion {

// One layer: its moves in layer order and which of them the game made.
struct Layer {
  std::vector<Move> moves;
  std::vector<bool> taken;
};

// A finished game with its layers. `moves` lists the game in layer order (a legal order).
struct LayeredGame {
  std::vector<Layer> layers;
  std::vector<Move> moves;
  size_t bits = 0;
};

// A text that is not the layer code of a legal game; the message names the layer and bit.
class CodeError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The layers of a legal game given in any legal order. Throws std::invalid_argument naming
// the first illegal move if the moves are not a legal game.
LayeredGame layers_of(const std::vector<Move>& game, Rules rules);
// The text form of the layers' bits.
std::string layer_code(const LayeredGame& game);
inline std::string encode_game(const std::vector<Move>& game, Rules rules) {
  return layer_code(layers_of(game, rules));
}

// Decodes a text. The layers list the moves legal under 5T (the code is the same for both
// variants, since every 5D game is a 5T game); under 5D each taken move is also checked
// against the 5D rule. Throws CodeError naming the layer and bit of the first fault: a
// character outside the alphabet, a text ending inside a layer, two taken moves of one layer
// that conflict, a move illegal under 5D, nonzero padding, characters after the last layer.
LayeredGame decode_game(const std::string& text, Rules rules);

}  // namespace morpion
