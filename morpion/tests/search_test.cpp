#include <algorithm>
#include <unordered_set>

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
