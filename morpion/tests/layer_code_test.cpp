#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "morpion/dna.h"
#include "morpion/layer_code.h"
#include "morpion/tests/worked_example.h"
#include "ratrace/common/rng.h"

namespace morpion {
namespace {

const std::string kExample = kWorkedExampleCode;

std::vector<std::string> listing(const Layer& layer) {
  std::vector<std::string> out;
  for (size_t i = 0; i < layer.moves.size(); ++i)
    out.push_back(to_string(layer.moves[i]) + ":" + (layer.taken[i] ? "1" : "0"));
  return out;
}

// The error a decode throws, or "" if it decodes.
std::string decode_error(const std::string& text, Rules rules = Rules::k5T) {
  try {
    decode_game(text, rules);
  } catch (const CodeError& e) {
    return e.what();
  }
  return "";
}

TEST(MorpionLayerCode, WorkedExampleDecodesToALegal135MoveGameAndReencodes) {
  const LayeredGame game = decode_game(kExample, Rules::k5T);
  EXPECT_EQ(game.moves.size(), 135u);
  EXPECT_EQ(game.bits, 232u);
  Board board;
  for (const Move& m : game.moves) board.play(m);
  EXPECT_EQ(board.score(), 135);
  EXPECT_EQ(encode_game(game.moves, Rules::k5T), kExample);

  EXPECT_EQ(listing(game.layers.at(0)), kWorkedExampleLayer0);
  const std::vector<std::string> layer1 = {"4,3 (1,3,e):1", "5,6 (4,6,e):1", "5,8 (3,10,ne):0", "6,4 (6,1,s):1"};
  EXPECT_EQ(listing(game.layers.at(1)), layer1);
}

TEST(MorpionLayerCode, WorkedExampleFailsUnder5DAtLayerOnesFirstMove) {
  const std::string error = decode_error(kExample, Rules::k5D);
  EXPECT_NE(error.find("layer 1, bit 0"), std::string::npos) << error;
  EXPECT_NE(error.find("4,3 (1,3,e)"), std::string::npos) << error;
  EXPECT_NE(error.find("point 5,3"), std::string::npos) << error;
  EXPECT_NE(error.find("5,3 (5,3,e)"), std::string::npos) << error;
}

TEST(MorpionLayerCode, RandomGamesRoundTrip) {
  for (uint64_t g = 0; g < 200; ++g) {
    ratrace::Rng rng(ratrace::stream_key(3, 1, g));
    const Game game = random_game(rng, Rules::k5T);
    const std::string text = encode_game(game, Rules::k5T);
    const LayeredGame decoded = decode_game(text, Rules::k5T);
    auto a = game, b = decoded.moves;
    std::sort(a.begin(), a.end(), layer_order);
    std::sort(b.begin(), b.end(), layer_order);
    ASSERT_EQ(a, b) << "game " << g << " code " << text;
    EXPECT_EQ(text.size(), (decoded.bits + 5) / 6);
  }
}

// A 5D game decodes under --rules 5d to itself: the layers list 5T moves, and each taken move
// also passes the 5D check.
TEST(MorpionLayerCode, Random5DGamesRoundTripUnder5D) {
  for (uint64_t g = 0; g < 50; ++g) {
    ratrace::Rng rng(ratrace::stream_key(4, 1, g));
    const Game game = random_game(rng, Rules::k5D);
    const LayeredGame decoded = decode_game(encode_game(game, Rules::k5D), Rules::k5D);
    auto a = game, b = decoded.moves;
    std::sort(a.begin(), a.end(), layer_order);
    std::sort(b.begin(), b.end(), layer_order);
    ASSERT_EQ(a, b) << "game " << g;
  }
}

TEST(MorpionLayerCode, BadCharacterIsNamedWithItsLayerAndBit) {
  std::string text = kExample;
  text[2] = '*';  // bits 12..17, inside layer 0
  const std::string error = decode_error(text);
  EXPECT_NE(error.find("layer 0, bit 12"), std::string::npos) << error;
  EXPECT_NE(error.find("'*' at position 2"), std::string::npos) << error;
}

TEST(MorpionLayerCode, NonzeroPaddingIsRejected) {
  std::string text = kExample;
  text.back() = '1';  // '0' is 110100; the last two bits are padding
  const std::string error = decode_error(text);
  EXPECT_NE(error.find("padding bit 233"), std::string::npos) << error;
  EXPECT_NE(error.find("layer"), std::string::npos) << error;
}

TEST(MorpionLayerCode, ConflictingMovesOfOneLayerAreRejected) {
  // 001100: layer 0's bits 2 and 3, (0,2,s) and (0,3,s), which overlap.
  const std::string error = decode_error("MAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  EXPECT_NE(error.find("layer 0, bit 3"), std::string::npos) << error;
  EXPECT_NE(error.find("overlaps the line of 0,2 (0,2,s)"), std::string::npos) << error;
}

TEST(MorpionLayerCode, TruncatedAndOverlongTextsAreRejected) {
  EXPECT_NE(decode_error("BBYq").find("ends after 24 bits, inside layer 0"), std::string::npos) << decode_error("BBYq");
  EXPECT_NE(decode_error(kExample + "AA").find("are extra"), std::string::npos) << decode_error(kExample + "AA");
}

}  // namespace
}  // namespace morpion
