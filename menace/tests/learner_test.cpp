// The learning rule on hand-made games, and the minimax opponent.
#include <limits>

#include <gtest/gtest.h>

#include "menace/learner.h"

namespace ratrace::menace {
namespace {

// Plays the given cells in order.
class ScriptedPlayer final : public Player {
 public:
  ScriptedPlayer(Mark mark, std::vector<int> cells) : Player(mark), cells_(std::move(cells)) {}
  int move(const Board&, Rng&) override { return cells_.at(next_++); }

 private:
  std::vector<int> cells_;
  size_t next_ = 0;
};

// The box of `board` and the picture cell standing for board cell `cell`.
std::pair<int, int> box_and_bead(const Matchboxes& m, const Board& board, int cell) {
  int symmetry = 0;
  const int box = m.catalogue->find(board, symmetry);
  for (int c = 0; c < 9; ++c)
    if (kSymmetries[symmetry][c] == cell) return {box, c};
  return {-1, -1};
}

// Boxes whose beads make MENACE play `x_cells` against O's `o_cells`: each box on the way
// holds only `beads` beads of the scripted move.
Matchboxes scripted_boxes(const std::vector<int>& x_cells, const std::vector<int>& o_cells, uint32_t beads) {
  Matchboxes m = fresh_boxes(Mark::kX, StartBeads::kMichie, 1);
  Board b{};
  for (size_t i = 0; i < x_cells.size(); ++i) {
    if (count(b, Mark::kEmpty) >= 2) {
      const auto [box, bead] = box_and_bead(m, b, x_cells[i]);
      m.beads[box] = {};
      m.beads[box][bead] = beads;
    }
    b[x_cells[i]] = Mark::kX;
    if (i < o_cells.size()) b[o_cells[i]] = Mark::kO;
  }
  return m;
}

struct Scripted {
  std::vector<int> x, o;
  Mark winner;
};
// X: top row; O: middle row, too slow.
const Scripted kXWins{{0, 1, 2}, {3, 4}, Mark::kX};
// X wanders; O takes the middle row.
const Scripted kOWins{{0, 8, 1}, {3, 4, 5}, Mark::kO};
// X O X / X O O / O X X: a full board without a line.
const Scripted kDraw{{0, 2, 3, 7, 8}, {1, 4, 5, 6}, Mark::kEmpty};

// Plays `s` with every box on the way holding `beads` beads; returns the learner after the game.
Learner play(const Scripted& s, uint32_t beads, uint64_t seed = 1) {
  Learner menace(scripted_boxes(s.x, s.o, beads));
  ScriptedPlayer o(Mark::kO, s.o);
  Rng rng(seed);
  EXPECT_EQ(play_game(menace, o, rng), s.winner);
  return menace;
}

std::vector<std::pair<int, int>> used_boxes(const Scripted& s, const Matchboxes& m) {
  std::vector<std::pair<int, int>> used;
  Board b{};
  for (size_t i = 0; i < s.x.size(); ++i) {
    if (count(b, Mark::kEmpty) >= 2) used.push_back(box_and_bead(m, b, s.x[i]));
    b[s.x[i]] = Mark::kX;
    if (i < s.o.size()) b[s.o[i]] = Mark::kO;
  }
  return used;
}

TEST(MenaceLearningRule, AWinPutsEachBeadBackWithOneMore) {
  const Learner menace = play(kXWins, 2);
  const auto used = used_boxes(kXWins, menace.boxes());
  ASSERT_EQ(used.size(), 3u);
  for (const auto& [box, bead] : used) {
    EXPECT_EQ(menace.boxes().beads[box][bead], 3u);
    EXPECT_EQ(menace.boxes().total(box), 3u);
  }
  EXPECT_EQ(menace.boxes().games_played, 1u);
  EXPECT_TRUE(menace.used().empty());
}

TEST(MenaceLearningRule, ALossKeepsTheBeadsOut) {
  const Learner menace = play(kOWins, 2);
  for (const auto& [box, bead] : used_boxes(kOWins, menace.boxes())) EXPECT_EQ(menace.boxes().beads[box][bead], 1u);
}

TEST(MenaceLearningRule, ADrawPutsTheBeadsBack) {
  const Learner menace = play(kDraw, 2);
  const auto used = used_boxes(kDraw, menace.boxes());
  ASSERT_EQ(used.size(), 4u) << "the fifth X is forced: no box";
  for (const auto& [box, bead] : used) EXPECT_EQ(menace.boxes().beads[box][bead], 2u);
}

TEST(MenaceLearningRule, MichiesReinforcementAddsThreeForAWinAndOneForADraw) {
  Learner win(scripted_boxes(kXWins.x, kXWins.o, 2), reinforcement_from_string("michie"));
  ScriptedPlayer o(Mark::kO, kXWins.o);
  Rng rng(1);
  play_game(win, o, rng);
  for (const auto& [box, bead] : used_boxes(kXWins, win.boxes())) EXPECT_EQ(win.boxes().beads[box][bead], 5u);
}

TEST(MenaceLearningRule, AnEmptiedBoxIsRefilledWithThreeAndOneIsUsed) {
  // The empty board's box holds one bead: drawing it empties the box.
  Matchboxes m = fresh_boxes(Mark::kX, StartBeads::kMichie, 1);
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    m.beads[0] = {};
    m.beads[0][4] = 1;
    Learner menace(m);
    Rng rng(seed);
    const int cell = menace.move(Board{}, rng);
    EXPECT_EQ(menace.boxes().total(0), 2u) << "three new beads, one of them used";
    ASSERT_EQ(menace.used().size(), 1u);
    EXPECT_EQ(cell, kSymmetries[0][menace.used()[0].picture_cell]);
    // A loss leaves the two; a win returns the used bead with one more.
    Learner winner = menace, loser = menace;
    loser.game_over(Mark::kO);
    EXPECT_EQ(loser.boxes().total(0), 2u);
    winner.game_over(Mark::kX);
    EXPECT_EQ(winner.boxes().total(0), 4u);
  }
}

TEST(MenaceLearningRule, BeadsAreDrawnInProportionToTheirCounts) {
  Matchboxes m = fresh_boxes(Mark::kX, StartBeads::kMichie, 1);
  m.beads[0] = {};
  m.beads[0][0] = 300;  // a corner
  m.beads[0][4] = 100;  // the centre
  Learner menace(m);
  int corner = 0;
  constexpr int kDraws = 4000;
  Rng rng(99);
  for (int i = 0; i < kDraws; ++i) {
    corner += menace.move(Board{}, rng) != 4;
    menace.game_over(Mark::kEmpty);  // puts the bead back
  }
  EXPECT_NEAR(corner / double(kDraws), 0.75, 0.03);  // about 4.4 standard errors
}

TEST(MenaceLearningRule, CountsNeverWrapAround) {
  Matchboxes m = scripted_boxes(kXWins.x, kXWins.o, 2);
  m.games_played = kMaxGamesPlayed;
  Learner full(m);
  ScriptedPlayer o(Mark::kO, kXWins.o);
  Rng rng(1);
  EXPECT_THROW(play_game(full, o, rng), std::overflow_error);
  EXPECT_EQ(full.boxes().games_played, kMaxGamesPlayed);

  m.games_played = 0;
  const auto [box, bead] = used_boxes(kXWins, m)[0];
  m.beads[box][bead] = std::numeric_limits<uint32_t>::max();
  Learner heavy(m);
  ScriptedPlayer o2(Mark::kO, kXWins.o);
  EXPECT_THROW(play_game(heavy, o2, rng), std::overflow_error) << "a win would add beads past 2^32 - 1";
  EXPECT_EQ(heavy.boxes().games_played, 0u);
}

TEST(MenaceMinimax, TheEmptyBoardIsADraw) { EXPECT_EQ(minimax_value(Board{}, Mark::kX), 0); }

TEST(MenaceMinimax, PerfectAgainstPerfectIsAlwaysADraw) {
  PerfectPlayer x(Mark::kX), o(Mark::kO);
  for (uint64_t seed = 0; seed < 300; ++seed) {
    Rng rng(seed);
    EXPECT_EQ(play_game(x, o, rng), Mark::kEmpty) << "seed " << seed;
  }
}

TEST(MenaceMinimax, PerfectNeverLosesToRandomAndMostlyWins) {
  PerfectPlayer perfect_x(Mark::kX), perfect_o(Mark::kO);
  RandomPlayer random_x(Mark::kX), random_o(Mark::kO);
  int x_wins = 0, o_wins = 0;
  for (uint64_t seed = 0; seed < 2000; ++seed) {
    Rng a(seed), b(seed + 100000);
    const Mark first = play_game(perfect_x, random_o, a);
    EXPECT_NE(first, Mark::kO);
    x_wins += first == Mark::kX;
    const Mark second = play_game(random_x, perfect_o, b);
    EXPECT_NE(second, Mark::kX);
    o_wins += second == Mark::kO;
  }
  EXPECT_GT(x_wins, 1800) << "perfect X beat a random O in 1,931 of these 2,000 games";
  EXPECT_GT(o_wins, 1400) << "perfect O beat a random X in 1,549 of these 2,000 games";
}

TEST(MenaceMinimax, PerfectTakesAWinAndBlocksALoss) {
  // X X . / O O . / . . . with X to move: only the top-right wins at once.
  EXPECT_EQ(perfect_moves(board_from_string("XX.OO...."), Mark::kX), std::vector<int>{2});
  // X X . / . O . / . . . with O to move: O must block the top-right (elsewhere X wins).
  EXPECT_EQ(perfect_moves(board_from_string("XX..O...."), Mark::kO), std::vector<int>{2});
}

}  // namespace
}  // namespace ratrace::menace
