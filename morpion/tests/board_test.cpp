#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "morpion/board.h"
#include "morpion/dna.h"
#include "morpion/tests/worked_example.h"
#include "ratrace/common/rng.h"

namespace morpion {
namespace {

std::vector<Move> sorted(std::vector<Move> moves) {
  std::sort(moves.begin(), moves.end(), layer_order);
  return moves;
}

// The two boards agree on every cell's dot and every line's state, not only on the listed moves.
void expect_the_same_dots_and_lines(const Board& board, const Board& expected) {
  for (int cell = 0; cell < kCells; ++cell) ASSERT_EQ(board.has_dot(cell), expected.has_dot(cell)) << cell;
  for (int line = 0; line < kLines; ++line) ASSERT_EQ(board.why_illegal(line), expected.why_illegal(line)) << line;
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

// The legal moves of a position found from scratch: every line of the board with exactly one
// point without a dot, not overlapping a played line of its direction (5T: sharing a unit
// segment, 5D: sharing a point).
std::vector<Move> legal_moves_by_brute_force(const Board& board, const std::vector<Move>& played) {
  auto on_board = [](int x, int y) { return x >= 0 && x < kSize && y >= 0 && y < kSize; };
  auto overlaps = [&](int x, int y, int d) {
    for (const Move& p : played) {
      if (p.dir() != d) continue;
      const int px = p.first_cell() % kSize, py = p.first_cell() / kSize;
      // The same direction: overlapping when one's first point is 0..4 steps along from the other's.
      for (int j = -4; j <= 4; ++j)
        if (px + j * kDx[static_cast<size_t>(d)] == x && py + j * kDy[static_cast<size_t>(d)] == y &&
            (board.rules() == Rules::k5D || (j != -4 && j != 4)))
          return true;
    }
    return false;
  };
  std::vector<Move> found;
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x)
      for (int d = 0; d < 4; ++d) {
        if (!on_board(x + 4 * kDx[static_cast<size_t>(d)], y + 4 * kDy[static_cast<size_t>(d)])) continue;
        int empty = -1, empties = 0;
        for (int k = 0; k < 5 && empties < 2; ++k) {
          const int c = (y + k * kDy[static_cast<size_t>(d)]) * kSize + x + k * kDx[static_cast<size_t>(d)];
          if (!board.has_dot(c)) empty = c, ++empties;
        }
        if (empties == 1 && !overlaps(x, y, d))
          found.push_back(Move{static_cast<uint16_t>((y * kSize + x) * 4 + d), static_cast<uint16_t>(empty)});
      }
  return found;
}

// The legal moves kept move by move equal a brute-force search at every position, in 5T and 5D.
TEST(MorpionBoard, IncrementalMovesEqualBruteForce) {
  for (Rules rules : {Rules::k5T, Rules::k5D}) {
    for (uint64_t g = 0; g < 150; ++g) {
      ratrace::Rng rng(ratrace::stream_key(7, 1, g));
      Board board(rules);
      std::vector<Move> played;
      for (;;) {
        ASSERT_EQ(sorted({board.legal_moves().begin(), board.legal_moves().end()}),
                  sorted(legal_moves_by_brute_force(board, played)))
            << rules_name(rules) << " game " << g << " after " << board.score() << " moves";
        if (board.legal_moves().empty()) break;
        played.push_back(board.legal_moves()[rng.below(static_cast<uint32_t>(board.legal_moves().size()))]);
        board.play(played.back());
      }
    }
  }
}

// The searches draw moves by their index in the list, so its order is part of every result:
// a digest of every list, in order, at every position of 2000 random games, recorded from the
// engine that rescanned the 20 lines through each new dot point by point.
TEST(MorpionBoard, LegalMoveOrderIsUnchanged) {
  for (Rules rules : {Rules::k5T, Rules::k5D}) {
    uint64_t digest = 0;
    for (uint64_t g = 0; g < 2000; ++g) {
      ratrace::Rng rng(ratrace::stream_key(8, 1, g));
      Board board(rules);
      while (!board.legal_moves().empty()) {
        for (const Move& m : board.legal_moves()) digest = ratrace::mix64(digest ^ (m.line * 65536u + m.dot));
        board.play(board.legal_moves()[rng.below(static_cast<uint32_t>(board.legal_moves().size()))]);
      }
    }
    EXPECT_EQ(digest, rules == Rules::k5T ? 0x6aae7240d35cdd2bULL : 0x944065c1ff8e27d6ULL) << rules_name(rules);
  }
}

// A board reset after each game lists the same moves, in the same order, at every position as
// a fresh board, and the same dots: reset() restores every row a game wrote.
TEST(MorpionBoard, ResetBoardPlaysAsAFreshOne) {
  for (Rules rules : {Rules::k5T, Rules::k5D}) {
    Board reused(rules);
    for (uint64_t g = 0; g < 300; ++g) {
      ratrace::Rng rng(ratrace::stream_key(9, 1, g));
      reused.reset();
      Board fresh(rules);
      for (;;) {
        const std::vector<Move> listed(fresh.legal_moves().begin(), fresh.legal_moves().end());
        ASSERT_EQ(std::vector<Move>(reused.legal_moves().begin(), reused.legal_moves().end()), listed)
            << rules_name(rules) << " game " << g << " after " << fresh.score() << " moves";
        ASSERT_EQ(reused.score(), fresh.score());
        if (listed.empty()) break;
        const uint32_t chosen = rng.below(static_cast<uint32_t>(listed.size()));
        fresh.play_legal(chosen);
        reused.play_legal(chosen);
      }
      if (g % 10 == 0) expect_the_same_dots_and_lines(reused, fresh);  // now and then
    }
  }
}

// A board played on from a position and sent back there with reset_to() is that position again:
// the same listed moves and keys in the same order, appended_from(), score, dots and lines, and
// it plays on as a copy of the position does.
TEST(MorpionBoard, ResetToAPositionPlaysAsACopyOfIt) {
  for (Rules rules : {Rules::k5T, Rules::k5D}) {
    for (uint64_t g = 0; g < 200; ++g) {
      ratrace::Rng rng(ratrace::stream_key(9, 3, g));
      Board from(rules);
      for (int k = static_cast<int>(rng.below(40)); k > 0 && !from.legal_moves().empty(); --k)
        from.play_legal(rng.below(static_cast<uint32_t>(from.legal_moves().size())));
      for (size_t i = 0; i < from.legal_moves().size(); ++i) from.move_keys()[i] = rng.uniform();
      Board board = from;
      for (int round = 0; round < 3; ++round) {
        while (!board.legal_moves().empty())
          board.play_legal(rng.below(static_cast<uint32_t>(board.legal_moves().size())));
        board.reset_to(from);
        Board copy = from;
        for (;;) {
          const std::vector<Move> listed(copy.legal_moves().begin(), copy.legal_moves().end());
          ASSERT_EQ(std::vector<Move>(board.legal_moves().begin(), board.legal_moves().end()), listed)
              << rules_name(rules) << " game " << g << " after " << copy.score() << " moves";
          ASSERT_EQ(board.score(), copy.score());
          ASSERT_EQ(board.appended_from(), copy.appended_from());
          for (size_t i = 0; i < listed.size(); ++i) ASSERT_EQ(board.move_keys()[i], copy.move_keys()[i]);
          if (listed.empty() || board.score() > from.score() + 5) break;
          const uint32_t chosen = rng.below(static_cast<uint32_t>(listed.size()));
          copy.play_legal(chosen);
          board.play_legal(chosen);
        }
        if (g % 20 == 0) expect_the_same_dots_and_lines(board, copy);  // now and then
      }
    }
  }
}

// A move's key stays with it as the list changes; the moves a play appends are those from
// appended_from() on, and are exactly the ones not listed before it.
TEST(MorpionBoard, MoveKeysStayWithTheirMovesAndAppendedMovesAreTheNewOnes) {
  for (Rules rules : {Rules::k5T, Rules::k5D}) {
    Board board(rules);
    for (uint64_t g = 0; g < 100; ++g) {
      ratrace::Rng rng(ratrace::stream_key(9, 2, g));
      board.reset();
      EXPECT_EQ(board.appended_from(), 0);
      for (size_t i = 0; i < board.legal_moves().size(); ++i) board.move_keys()[i] = board.legal_moves()[i].line;
      while (!board.legal_moves().empty()) {
        const std::vector<Move> before(board.legal_moves().begin(), board.legal_moves().end());
        board.play_legal(rng.below(static_cast<uint32_t>(before.size())));
        const auto moves = board.legal_moves();
        const auto from = static_cast<size_t>(board.appended_from());
        ASSERT_LE(from, moves.size());
        for (size_t i = 0; i < moves.size(); ++i) {
          const bool listed_before = std::find(before.begin(), before.end(), moves[i]) != before.end();
          ASSERT_EQ(listed_before, i < from) << rules_name(rules) << " game " << g << " move " << i;
          if (i < from) ASSERT_EQ(board.move_keys()[i], moves[i].line) << rules_name(rules) << " game " << g;
          board.move_keys()[i] = moves[i].line;
        }
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
