#include <algorithm>
#include <cmath>
#include <unordered_set>
#include <vector>

#include <gtest/gtest.h>

#include "morpion/nrpa.h"
#include "ratrace/common/rng.h"

namespace morpion {
namespace {

TEST(MorpionDna, EvaluatingAGamesDnaReproducesTheGame) {
  for (uint64_t g = 0; g < 100; ++g) {
    ratrace::Rng rng(ratrace::stream_key(5, 1, g));
    const Game game = random_game(rng, Rules::k5T);
    EXPECT_EQ(evaluate(Dna::of_game(game, g), Rules::k5T), game) << "game " << g;
  }
}

// A centre fill keeps every unset value in [0, 1), below every move a DNA sets and above every
// blacklisted line, and leans to lines near the cross: greedy games of random fills play more moves
// (over 20,000 games, 54.0 uniform and 60.6 with weight 4), their dots nearer the centre.
TEST(MorpionDna, ACentreFillStaysInTheFillsRangeAndLeansToTheCross) {
  EXPECT_GT(centre_closeness(cell_of(2, 4) * 4 + 1), 0.8);   // e from (2, 4): middle (4, 4)
  EXPECT_LT(centre_closeness(cell_of(22, 4) * 4 + 1), 0.2);  // middle (24, 4), 19.5 points out
  const Dna leaning(7, 4.0);
  for (int line = 0; line < kLines; ++line) {
    const double v = leaning.value(line);
    ASSERT_TRUE(v >= 0 && v < 1) << "line " << line << ": " << v;
  }
  auto played = [](double fill_centre) {
    double moves = 0, distance = 0;
    for (uint64_t g = 0; g < 400; ++g) {
      const Game game = evaluate(Dna(ratrace::stream_key(8, 1, g), fill_centre), Rules::k5T);
      moves += static_cast<double>(game.size());
      for (const Move& m : game) distance += std::hypot(cell_x(m.dot) - 4.5, cell_y(m.dot) - 4.5);
    }
    return std::pair{moves / 400, distance / moves};
  };
  const auto [uniform_moves, uniform_distance] = played(0);
  const auto [leaning_moves, leaning_distance] = played(4);
  EXPECT_NEAR(uniform_moves, 54.0, 2.0);
  EXPECT_GT(leaning_moves, uniform_moves + 3);
  EXPECT_LT(leaning_distance, uniform_distance);
}

// A blacklisted move is made only when every legal move is blacklisted (with one blacklisted
// move: only when it is the only legal move).
TEST(MorpionDna, BlacklistedMovesAreMadeOnlyWhenNothingElseIsLegal) {
  int blacklisted_made = 0;
  for (uint64_t g = 0; g < 200; ++g) {
    ratrace::Rng rng(ratrace::stream_key(6, 1, g));
    const Game game = random_game(rng, Rules::k5T);
    Dna dna = Dna::of_game(game, g);
    std::unordered_set<int> blacklisted;
    for (int k = 0; k < 3; ++k) {
      const int line = game[rng.below(static_cast<uint32_t>(game.size()))].line;
      dna.blacklist(line);
      blacklisted.insert(line);
    }
    Board board;
    for (const Move& m : evaluate(dna, Rules::k5T)) {
      if (blacklisted.count(m.line)) {
        ++blacklisted_made;
        for (const Move& other : board.legal_moves()) EXPECT_TRUE(blacklisted.count(other.line)) << "game " << g;
      }
      board.play(m);
    }
  }
  EXPECT_GT(blacklisted_made, 0);  // the case does occur
}

// The move of highest value, the smaller line among equal values, at any length (the maximum is
// taken four values at a time, then the rest one by one).
TEST(MorpionDna, PreferredIsTheHighestValueAndTheSmallerLineAmongEqualValues) {
  ratrace::Rng rng(17);
  for (size_t n = 1; n <= 40; ++n)
    for (int trial = 0; trial < 50; ++trial) {
      std::vector<double> values(n);
      std::vector<Move> moves(n);
      for (size_t i = 0; i < n; ++i) {
        // Few distinct values, so that ties are common; -1 as a blacklisted line's.
        values[i] = static_cast<double>(rng.below(4)) - 1;
        moves[i].line = static_cast<uint16_t>(rng.below(kLines));
      }
      size_t expected = 0;
      for (size_t i = 1; i < n; ++i)
        if (values[i] > values[expected] || (values[i] == values[expected] && moves[i].line < moves[expected].line))
          expected = i;
      ASSERT_EQ(preferred(values, moves), expected) << "length " << n << " trial " << trial;
    }
}

// Evaluation plays, at every step, the legal move that a scan of the DNA's values over the whole
// list chooses, with fills, a game's values, blacklisted lines and lines of equal values.
TEST(MorpionDna, EvaluationPlaysTheLegalMoveOfHighestValueAtEveryStep) {
  for (uint64_t g = 0; g < 200; ++g) {
    ratrace::Rng rng(ratrace::stream_key(6, 2, g));
    const Game game = random_game(rng, Rules::k5T);
    Dna dna = Dna::of_game(game, g);
    for (int k = 0; k < 6; ++k) dna.blacklist(game[rng.below(static_cast<uint32_t>(game.size()))].line);
    for (int k = 0; k < 6; ++k) dna.set(game[rng.below(static_cast<uint32_t>(game.size()))].line, 0.5);
    Board board;
    for (const Move& played : evaluate(dna, Rules::k5T)) {
      const Move* best = nullptr;
      for (const Move& m : board.legal_moves())
        if (!best || dna.value(m.line) > dna.value(best->line) ||
            (dna.value(m.line) == dna.value(best->line) && m.line < best->line))
          best = &m;
      ASSERT_NE(best, nullptr);
      ASSERT_EQ(played, *best) << "game " << g << " move " << board.score();
      board.play(played);
    }
    EXPECT_TRUE(board.legal_moves().empty());
  }
}

// A search loop reads its clocks (a system call for the CPU clock) on its first call and then one
// call in 64: so a limit already reached stops a search at once, and a later one at most 63 calls late.
TEST(MorpionSearchClock, ReadsOnTheFirstCallAndOneCallIn64After) {
  SearchClock clock;
  std::vector<int> reads;
  for (int call = 0; call < 200; ++call)
    if (clock.read_due()) reads.push_back(call);
  EXPECT_EQ(reads, (std::vector<int>{0, 64, 128, 192}));
}

// A CPU-time limit ends a search with the iterations it made by then: the first of them the
// same, rise for rise, as a search of that many iterations.
TEST(MorpionLocalSearch, ACpuTimeLimitEndsASearchWhereAnIterationLimitWouldHave) {
  SearchLimits timed;
  timed.cpu_seconds = 0.05;
  const SearchResult stopped = local_search(42, 0, {}, timed, nullptr);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_GE(stopped.cpu_seconds, 0.05);
  SearchLimits counted;
  counted.iterations = stopped.iterations;
  const SearchResult same = local_search(42, 0, {}, counted, nullptr);
  EXPECT_EQ(same.best, stopped.best);
  EXPECT_EQ(same.improvements.size(), stopped.improvements.size());
}

TEST(MorpionLocalSearch, SameResultWithOneAndTwoThreads) {
  SearchLimits limits;
  limits.iterations = 400;
  auto run = [&](int threads) {
    return run_searches(3, threads, [&](int s) { return local_search(42, s, {}, limits, nullptr); });
  };
  const auto one = run(1), two = run(2);
  for (size_t s = 0; s < 3; ++s) {
    EXPECT_EQ(one[s].best, two[s].best) << "search " << s;
    EXPECT_EQ(one[s].iterations, 400u);
    ASSERT_EQ(one[s].improvements.size(), two[s].improvements.size());
    for (size_t i = 0; i < one[s].improvements.size(); ++i)
      EXPECT_EQ(one[s].improvements[i].iteration, two[s].improvements[i].iteration);
  }
  // Different searches are different streams, and the search improves on random play.
  EXPECT_NE(one[0].best, one[1].best);
  EXPECT_GT(best_of(one).best.size(), one[0].improvements.front().score);
}

TEST(MorpionNrpa, SameResultWithOneAndTwoThreadsAndCodesAreDistinct) {
  NrpaOptions options;
  options.level = 2;
  options.iterations = 8;
  auto run = [&](int threads) {
    return run_searches(2, threads, [&](int s) { return nrpa_search(9, s, options, {}, nullptr); });
  };
  const auto one = run(1), two = run(2);
  for (size_t s = 0; s < 2; ++s) {
    EXPECT_EQ(one[s].best, two[s].best);
    EXPECT_EQ(one[s].iterations, 64u);  // N^L playouts
  }
  // The same line with its new dot at different points gets different codes.
  const Move a = parse_move("2,2 (0,4,ne)"), b{a.line, static_cast<uint16_t>(a.first_cell())};
  EXPECT_NE(nrpa_code(a), nrpa_code(b));
  EXPECT_LT(nrpa_code(a), kNrpaCodes);
}

}  // namespace
}  // namespace morpion
