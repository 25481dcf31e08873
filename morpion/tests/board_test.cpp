#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ratrace/common/rng.h"
#include "morpion/board.h"
#include "morpion/dna.h"
#include "morpion/tests/worked_example.h"

namespace morpion {
namespace {

std::vector<Move> sorted(std::vector<Move> moves) {
  std::sort(moves.begin(), moves.end(), layer_order);
  return moves;
}

TEST(MorpionBoard, StartPositionHasMorpionMdsTwentyEightMovesInLayerOrder) {
  // MORPION.md lists layer 0 of its example: every legal move of the start, in layer order.
  std::vector<std::string> expected;
  for (const std::string& entry : kWorkedExampleLayer0) expected.push_back(entry.substr(0, entry.find(':')));
  const Board board;
  const auto moves = sorted({board.legal_moves().begin(), board.legal_moves().end()});
  std::vector<std::string> got;
  for (const Move& m : moves) got.push_back(to_string(m));
  EXPECT_EQ(got, expected);
}

TEST(MorpionBoard, MoveNotationRoundTrips) {
  const Board board;  // alive through the loop: legal_moves() views the board's own list
  for (const Move& m : board.legal_moves()) EXPECT_EQ(parse_move(to_string(m)), m);
  EXPECT_THROW(parse_move("2,2 (0,4,nw)"), std::invalid_argument);
  EXPECT_THROW(parse_move("9,9 (0,4,ne)"), std::invalid_argument);
}

TEST(MorpionBoard, IllegalMoveIsRefusedNamingIt) {
  Board board;
  try {
    board.play(parse_move("4,4 (0,4,e)"));
    FAIL() << "an illegal move was played";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("4,4 (0,4,e)"), std::string::npos) << e.what();
  }
}

// The legal moves kept move by move equal a rescan of every line of the board, in 5T and 5D.
TEST(MorpionBoard, IncrementalMovesEqualBruteForceRescan) {
  for (Rules rules : {Rules::k5T, Rules::k5D}) {
    for (uint64_t g = 0; g < 150; ++g) {
      ratrace::Rng rng(ratrace::stream_key(7, 1, g));
      Board board(rules);
      for (;;) {
        ASSERT_EQ(sorted({board.legal_moves().begin(), board.legal_moves().end()}), sorted(board.legal_moves_by_rescan()))
            << rules_name(rules) << " game " << g << " after " << board.score() << " moves";
        if (board.legal_moves().empty()) break;
        board.play(board.legal_moves()[rng.below(static_cast<uint32_t>(board.legal_moves().size()))]);
      }
    }
  }
}

// MORPION.md: random play averages about 54 moves; about a fifth of games end at 20-29.
TEST(MorpionBoard, RandomPlayAveragesAboutFiftyFourMoves) {
  constexpr int kGames = 4000;
  double total = 0;
  int short_games = 0;
  for (int g = 0; g < kGames; ++g) {
    ratrace::Rng rng(ratrace::stream_key(11, 2, static_cast<uint64_t>(g)));
    const size_t score = random_game(rng, Rules::k5T).size();
    total += static_cast<double>(score);
    short_games += score >= 20 && score <= 29;
  }
  // The standard error of the mean is about 0.25 here.
  EXPECT_NEAR(total / kGames, 54.0, 2.0);
  EXPECT_NEAR(static_cast<double>(short_games) / kGames, 0.2, 0.07);
}

}  // namespace
}  // namespace morpion
