#include "morpion/population.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <unordered_set>

#include <gtest/gtest.h>

#include "morpion/checkpoint.h"
#include "ratrace/common/rng.h"

namespace morpion {
namespace {

PopulationOptions small_options() {
  PopulationOptions options;
  options.pool = 50;
  options.end_search_every = 50;
  options.completions = 20;
  options.restart_after = 3000;
  return options;
}

// small_options() handing over to climbs of 10,000 iterations after 4,000.
PopulationOptions climbing_options() {
  PopulationOptions options = small_options();
  options.climb_after = 4000;
  options.climb_iterations = 10000;
  return options;
}

// small_options() with kicks from iteration 12,000 on, a kick's lineage ending after 1,000
// iterations without a rise: many kicks in a short search.
PopulationOptions soon_kicking_options() {
  PopulationOptions options = small_options();
  options.kick_after = 12000;
  options.kick_restart_after = 1000;
  return options;
}

// Search 0 of `seed` with `options`, run on from `state` until `iterations` are done.
SearchResult run_with(const PopulationOptions& options, uint64_t seed, uint64_t iterations, PopulationState& state,
                      int search = 0) {
  SearchLimits limits;
  limits.iterations = iterations;
  return population_search(seed, search, options, limits, nullptr, state);
}

SearchResult run_to(uint64_t iterations, PopulationState& state, int search = 0) {
  return run_with(small_options(), 7, iterations, state, search);
}

// The best score `result` had after `iteration` iterations.
int best_by(const SearchResult& result, uint64_t iteration) {
  int best = 0;
  for (const Improvement& i : result.improvements)
    if (i.iteration <= iteration) best = i.score;
  return best;
}

// Each ended lineage's best score, highest first.
std::vector<int> lineage_bests(const SearchResult& result) {
  std::vector<int> bests;
  for (const Lineage& lineage : result.lineages) bests.push_back(lineage.best());
  std::ranges::sort(bests, std::greater<>());
  return bests;
}

// A resumed search found what the uninterrupted one found: the same grid, lineages, climbs, and
// rises at the same iterations.
void expect_found_the_same(const SearchResult& resumed, const SearchResult& whole) {
  EXPECT_EQ(resumed.best, whole.best);
  EXPECT_EQ(resumed.lineages, whole.lineages);
  EXPECT_EQ(resumed.climbs, whole.climbs);
  ASSERT_EQ(resumed.improvements.size(), whole.improvements.size());
  for (size_t i = 0; i < whole.improvements.size(); ++i) {
    EXPECT_EQ(resumed.improvements[i].iteration, whole.improvements[i].iteration) << "improvement " << i;
    EXPECT_EQ(resumed.improvements[i].score, whole.improvements[i].score) << "improvement " << i;
  }
}

// `saved` written to `file` in the tests' temporary folder: the file's path.
std::string written(const nlohmann::json& saved, const std::string& file) {
  const std::string path = ::testing::TempDir() + "/" + file;
  std::ofstream(path) << saved.dump();
  return path;
}

// `state` saved to a checkpoint file and loaded back, as a resumed search reads it; `settings` are
// the search's (one past its hand-over to climbs needs its climb_after).
PopulationState through_a_checkpoint(const PopulationState& state, const std::string& file,
                                     nlohmann::json settings = {{"method", "population"}}) {
  settings["file"] = file;
  return load_checkpoint(written(checkpoint_json(settings, {state}, Rules::k5T), file), settings, 1, Rules::k5T)[0];
}

// The message with which a checkpoint `saved` (for `settings`), written to `file`, is refused;
// empty when it loads.
std::string refusal(const nlohmann::json& saved, const nlohmann::json& settings, const std::string& file) {
  try {
    load_checkpoint(written(saved, file), settings, 1, Rules::k5T);
    return "";
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

// A DNA agrees with its game up to the first changed move: replaying that prefix and
// evaluating from there gives what evaluating from the start gives (the children rely on it).
TEST(MorpionPopulation, EvaluatingFromAReplayedPrefixEqualsEvaluatingFromTheStart) {
  for (uint64_t g = 0; g < 50; ++g) {
    ratrace::Rng rng(ratrace::stream_key(9, 1, g));
    const Game game = random_game(rng, Rules::k5T);
    Dna dna = Dna::of_game(game, g);
    const size_t first = rng.below(static_cast<uint32_t>(game.size()));
    dna.blacklist(game[first].line);
    dna.blacklist(game[first + rng.below(static_cast<uint32_t>(game.size() - first))].line);
    Board board;
    Game resumed(game.begin(), game.begin() + static_cast<std::ptrdiff_t>(first));
    for (const Move& m : resumed) board.play(m);
    evaluate_from(dna, board, resumed);
    EXPECT_EQ(resumed, evaluate(dna, Rules::k5T)) << "game " << g;
  }
}

// The same when moves swap their values with any lines (Mutation::kSwapAny): the first changed
// move is the first swapped parent move, or the parent move whose value a swap moved.
TEST(MorpionPopulation, AChildWhoseMovesSwapWithAnyLinesRepeatsItsParentUpToTheFirstSwap) {
  for (uint64_t g = 0; g < 200; ++g) {
    ratrace::Rng rng(ratrace::stream_key(9, 2, g));
    const Game game = random_game(rng, Rules::k5T);
    const auto n = static_cast<uint32_t>(game.size());
    Dna dna = Dna::of_game(game, g);
    size_t first = game.size();
    for (int s = 0; s < 3; ++s) {
      const uint32_t i = rng.below(n);
      // Every other swap takes a parent move's line, so that values move among the moves too.
      const int other = s == 1 ? game[rng.below(n)].line : static_cast<int>(rng.below(kLines));
      const double vi = dna.value(game[i].line), vo = dna.value(other);
      dna.set(game[i].line, vo);
      dna.set(other, vi);
      first = std::min<size_t>(first, i);
      if (vo >= 1) first = std::min(first, static_cast<size_t>(static_cast<double>(n) + 1 - vo));
    }
    Board board;
    Game resumed(game.begin(), game.begin() + static_cast<std::ptrdiff_t>(first));
    for (const Move& m : resumed) board.play(m);
    evaluate_from(dna, board, resumed);
    EXPECT_EQ(resumed, evaluate(dna, Rules::k5T)) << "game " << g;
  }
}

TEST(MorpionPopulation, LinesHashIgnoresTheOrderOfTheMoves) {
  ratrace::Rng rng(3);
  const Game game = random_game(rng, Rules::k5T);
  Game reversed(game.rbegin(), game.rend());
  EXPECT_EQ(lines_hash(game), lines_hash(reversed));
  EXPECT_NE(lines_hash(game), lines_hash(Game(game.begin(), game.end() - 1)));
}

// The same grid played in a random legal order: each time a random legal move of the grid.
Game shuffled_replay(const Game& game, ratrace::Rng& rng) {
  Board board;
  Game replay;
  while (replay.size() < game.size()) {
    std::vector<Move> ready;
    for (const Move& m : board.legal_moves())
      if (std::find(game.begin(), game.end(), m) != game.end()) ready.push_back(m);
    if (ready.empty()) break;
    replay.push_back(ready[rng.below(static_cast<uint32_t>(ready.size()))]);
    board.play(replay.back());
  }
  return replay;
}

// Two games placing the same dots by different lines are one grid by their dots, two by their
// lines; a random game and the same game one move shorter differ either way.
TEST(MorpionPopulation, DotsHashIgnoresWhichLinesPlacedTheDots) {
  ratrace::Rng rng(3);
  const Game game = random_game(rng, Rules::k5T);
  EXPECT_EQ(dots_hash(game), dots_hash(Game(game.rbegin(), game.rend())));
  EXPECT_NE(dots_hash(game), dots_hash(Game(game.begin(), game.end() - 1)));
  // After some first move, two legal moves that place the same dot by different lines.
  Game a, b;
  const Board start;
  for (const Move& first : start.legal_moves()) {
    Board board = start;
    board.play(first);
    for (const Move& x : board.legal_moves())
      for (const Move& y : board.legal_moves())
        if (a.empty() && x.dot == y.dot && x.line != y.line) a = {first, x}, b = {first, y};
  }
  ASSERT_FALSE(a.empty()) << "a dot reached by two lines after one move";
  EXPECT_EQ(dots_hash(a), dots_hash(b));
  EXPECT_NE(lines_hash(a), lines_hash(b));
}

// Any legal order of a grid's moves has the same canonical order, a legal game of those moves.
TEST(MorpionPopulation, CanonicalOrderDependsOnlyOnTheGrid) {
  for (uint64_t g = 0; g < 20; ++g) {
    ratrace::Rng rng(ratrace::stream_key(4, 1, g));
    const Game game = random_game(rng, Rules::k5T);
    const Game canonical = canonical_order(game);
    ASSERT_EQ(canonical.size(), game.size());
    Board board;
    for (const Move& m : canonical) ASSERT_NO_THROW(board.play(m)) << "game " << g;
    EXPECT_TRUE(board.legal_moves().empty());
    EXPECT_EQ(lines_hash(canonical), lines_hash(game));
    const Game shuffled = shuffled_replay(game, rng);
    ASSERT_EQ(shuffled.size(), game.size()) << "game " << g;
    EXPECT_EQ(canonical_order(shuffled), canonical) << "game " << g;
  }
}

// A ruined grid, its moves taken out anywhere or in one region, is a legal game of the grid's
// moves in their order, at most `depth` fewer, and closed under need: no move is left whose line
// needs a dot of a move taken out.
TEST(MorpionPopulation, RuinTakesOutMovesWithEveryMoveThatNeedsThem) {
  for (const bool region : {false, true})
    for (uint64_t g = 0; g < 20; ++g) {
      ratrace::Rng rng(ratrace::stream_key(4, 2, g));
      const Game game = random_game(rng, Rules::k5T);
      const size_t depth = 1 + g % 15;
      const Game kept = region ? ruined_region(game, depth, rng) : ruined(game, depth, rng);
      EXPECT_LE(game.size() - kept.size(), depth) << "game " << g << " region " << region;
      EXPECT_LT(kept.size(), game.size()) << "game " << g << " region " << region;
      Board board;
      for (const Move& m : kept) ASSERT_NO_THROW(board.play(m)) << "game " << g << " region " << region;
      std::unordered_set<uint16_t> left;
      for (const Move& m : kept) left.insert(m.line);
      const std::vector<std::array<int, 4>> needs = prerequisites(game);
      for (size_t j = 0; j < game.size(); ++j) {
        if (!left.contains(game[j].line)) continue;
        for (const int before : needs[j])
          if (before >= 0)
            EXPECT_TRUE(left.contains(game[static_cast<size_t>(before)].line)) << "game " << g << " region " << region;
      }
    }
}

// A region's moves lie together: taking out a tenth of a random game's moves in one region leaves
// the dots taken out nearer each other, on average, than a tenth taken out anywhere.
TEST(MorpionPopulation, ARegionsMovesLieNearerEachOtherThanMovesTakenOutAnywhere) {
  auto spread = [](const Game& game, const Game& kept) {
    std::unordered_set<uint16_t> left;
    for (const Move& m : kept) left.insert(m.line);
    std::vector<int> out;
    for (const Move& m : game)
      if (!left.contains(m.line)) out.push_back(m.dot);
    double sum = 0;
    for (const int a : out)
      for (const int b : out) sum += std::hypot(cell_x(a) - cell_x(b), cell_y(a) - cell_y(b));
    return sum / static_cast<double>(out.size() * out.size());
  };
  double region_spread = 0, anywhere_spread = 0;
  for (uint64_t g = 0; g < 20; ++g) {
    ratrace::Rng rng(ratrace::stream_key(4, 3, g));
    const Game game = random_game(rng, Rules::k5T);
    const size_t depth = game.size() / 10;
    region_spread += spread(game, ruined_region(game, depth, rng));
    anywhere_spread += spread(game, ruined(game, depth, rng));
  }
  EXPECT_LT(region_spread, 0.8 * anywhere_spread);
}

// Crossing a grid with itself gives it back, whatever the cut; crossing two grids gives a legal
// game that takes moves from each, the same for the same draws.
TEST(MorpionPopulation, CrossingTwoGridsTakesMovesFromEachAndAGridWithItselfIsItself) {
  Dna dna(0);
  int from_both = 0;
  for (uint64_t g = 0; g < 20; ++g) {
    ratrace::Rng rng(ratrace::stream_key(5, 3, g));
    const Game a = random_game(rng, Rules::k5T), b = random_game(rng, Rules::k5T);
    EXPECT_EQ(crossed(a, a, g, Rules::k5T, dna, rng), a) << "game " << g;
    ratrace::Rng draws(ratrace::stream_key(5, 4, g)), again(ratrace::stream_key(5, 4, g));
    const Game child = crossed(a, b, g, Rules::k5T, dna, draws);
    EXPECT_EQ(crossed(a, b, g, Rules::k5T, dna, again), child) << "game " << g;
    Board board;
    for (const Move& m : child) ASSERT_NO_THROW(board.play(m)) << "game " << g;
    EXPECT_TRUE(board.legal_moves().empty()) << "game " << g;
    std::unordered_set<uint16_t> in_a, in_b;
    for (const Move& m : a) in_a.insert(m.line);
    for (const Move& m : b) in_b.insert(m.line);
    bool only_a = false, only_b = false;
    for (const Move& m : child) {
      only_a = only_a || (in_a.contains(m.line) && !in_b.contains(m.line));
      only_b = only_b || (in_b.contains(m.line) && !in_a.contains(m.line));
    }
    from_both += only_a && only_b;
  }
  EXPECT_GE(from_both, 15);
}

// The pool holds distinct grids, best first, and the best grid is a legal game whose score
// is the last improvement's.
TEST(MorpionPopulation, ThePoolIsDistinctAndSortedAndTheBestIsLegal) {
  PopulationState state;
  const SearchResult result = run_to(20000, state);
  ASSERT_FALSE(state.pool.empty());
  EXPECT_LE(state.pool.size(), 50u);
  std::unordered_set<uint64_t> hashes;
  for (size_t i = 0; i < state.pool.size(); ++i) {
    EXPECT_TRUE(hashes.insert(lines_hash(state.pool[i])).second) << "pool entry " << i;
    if (i > 0) EXPECT_GE(state.pool[i - 1].size(), state.pool[i].size());
  }
  Board board;
  for (const Move& m : result.best) board.play(m);
  EXPECT_TRUE(board.legal_moves().empty());
  EXPECT_EQ(static_cast<int>(result.best.size()), result.improvements.back().score);
  EXPECT_EQ(result.iterations, 20000u);
  // 20,000 iterations from this seed: far past random play (mean 54) and the local search's
  // first minutes on the write-up's machine (100).
  EXPECT_GE(result.best.size(), 120u);
}

// The fresh starts of search 0 (seed 7) in its first 60,000 iterations.
int fresh_starts_in_60000(const PopulationOptions& options) {
  SearchLimits limits;
  limits.iterations = 60000;
  PopulationState state;
  population_search(7, 0, options, limits, nullptr, state);
  return state.restarts;
}

// With --restart-growth g, lineage k waits restart_after * g^k iterations without a better
// pool best before its fresh start, so fewer fresh starts fit in the same budget.
TEST(MorpionPopulation, WithRestartGrowthEachLineageWaitsLonger) {
  PopulationOptions growing = small_options();
  growing.restart_growth = 2;
  // Waits of 3000, 6000, 12000, 24000 and 48000 iterations: at most 4 fresh starts in 60,000.
  EXPECT_LE(fresh_starts_in_60000(growing), 4);
  EXPECT_GT(fresh_starts_in_60000(small_options()), fresh_starts_in_60000(growing));
}

// With --abandon-after n --abandon-margin m, a lineage n iterations old and more than m below the
// search's best gets its fresh start at once, rather than after restart_after iterations
// without a better pool best.
TEST(MorpionPopulation, ALineageFarBelowTheSearchsBestIsGivenUpEarly) {
  PopulationOptions abandoning = small_options();
  abandoning.abandon_after = 1000;
  abandoning.abandon_margin = 0;
  EXPECT_GT(fresh_starts_in_60000(abandoning), fresh_starts_in_60000(small_options()));
  // A lineage lives at least 1,000 iterations, so at most 60 fresh starts fit in 60,000.
  EXPECT_LE(fresh_starts_in_60000(abandoning), 60);
}

// With --abandon-after n --abandon-below s, a lineage whose best is below s when it is n iterations
// old ends there, whatever the search's best; one at s or more by then lives out its patience as
// without the rule; and a lineage rises as it would have without the rule, until it is given up.
TEST(MorpionPopulation, ALineageBelowAFixedScoreAtAnAgeIsGivenUpThere) {
  PopulationOptions options = small_options();
  options.kick_after = 0;
  PopulationState plain;
  const SearchResult patient = run_with(options, 7, 40000, plain);
  options.abandon_after = 1500;
  options.abandon_below = 100;
  PopulationState state;
  const SearchResult result = run_with(options, 7, 40000, state);
  size_t given_up = 0, kept = 0;
  for (const Lineage& lineage : result.lineages) {
    int best_then = 0;
    for (const auto& [age, best] : lineage.steps)
      if (age <= options.abandon_after) best_then = best;
    if (best_then < options.abandon_below) {
      ++given_up;
      EXPECT_EQ(lineage.iterations, options.abandon_after) << "a lineage at " << best_then;
    } else {
      ++kept;
      EXPECT_EQ(lineage.iterations, lineage.steps.back().first + options.restart_after);
    }
  }
  EXPECT_GE(given_up, 2u);
  EXPECT_GE(kept, 2u);
  // The first lineage rose as the default's did, until it was given up.
  const auto& cut_short = result.lineages.front().steps;
  const auto& whole = patient.lineages.at(0).steps;
  ASSERT_LE(cut_short.size(), whole.size());
  EXPECT_TRUE(std::equal(cut_short.begin(), cut_short.end(), whole.begin()));
}

// With --poor-restart-after p --poor-below s, a lineage that stalls below s gets its fresh start
// after p iterations without a rise, and one that stalls at s or above after restart_after.
TEST(MorpionPopulation, ALineageThatStallsLowGetsItsFreshStartSooner) {
  PopulationOptions options = small_options();
  options.poor_restart_after = 1000;
  options.poor_below = 105;
  PopulationState state;
  const SearchResult result = run_with(options, 7, 60000, state);
  int poor = 0, patient = 0;
  for (const Lineage& lineage : result.lineages) {
    const bool stalled_low = lineage.best() < options.poor_below;
    (stalled_low ? poor : patient) += 1;
    EXPECT_EQ(lineage.iterations, lineage.steps.back().first + (stalled_low ? 1000u : 3000u)) << lineage.best();
  }
  EXPECT_GT(poor, 0) << "the test should cover a lineage ended low";
  EXPECT_GT(patient, 0) << "and one ended high";
  // With no lineage low enough, every lineage waits restart_after, as with the rule off.
  options.poor_below = 0;
  EXPECT_EQ(fresh_starts_in_60000(options), fresh_starts_in_60000(small_options()));
}

// With --start, the first lineage begins at the given grid and never falls below it; the
// fresh starts after it are random games, as without it.
TEST(MorpionPopulation, ASearchGivenAStartGridBeginsThereAndLaterLineagesAreRandom) {
  PopulationState found;
  const Game start = run_to(20000, found).best;
  ASSERT_GE(start.size(), 120u);
  PopulationOptions options = small_options();
  options.start = start;
  PopulationState state;
  const SearchResult result = run_with(options, 11, 20000, state);
  const auto start_score = static_cast<int>(start.size());
  ASSERT_GE(result.lineages.size(), 2u);
  EXPECT_EQ(result.improvements.front().iteration, 0u);
  EXPECT_EQ(result.improvements.front().score, start_score);
  EXPECT_EQ(result.lineages.front().steps.front(), (std::pair<uint64_t, int>{0, start_score}));
  for (size_t l = 1; l < result.lineages.size(); ++l)
    EXPECT_LT(result.lineages[l].steps.front().second, start_score) << "lineage " << l << " began at a random game";
  EXPECT_GE(result.best.size(), start.size());
}

// A game biased to one elite grid prefers all its lines in its order: it is that grid again. To
// two grids it is a legal game, the same for the same draws, other for others.
TEST(MorpionPopulation, AGameBiasedToOneEliteIsThatEliteAndToTwoALegalGame) {
  PopulationState found, other;
  const Game a = run_to(4000, found).best, b = run_to(4000, other, 1).best;
  ASSERT_NE(lines_hash(a), lines_hash(b));
  ratrace::Rng rng(3);
  EXPECT_EQ(elite_game({a}, Rules::k5T, rng), a);
  ratrace::Rng once(5), again(5), later(6);
  const Game mixed = elite_game({a, b}, Rules::k5T, once);
  EXPECT_EQ(elite_game({a, b}, Rules::k5T, again), mixed);
  EXPECT_NE(elite_game({a, b}, Rules::k5T, later), mixed);
  Board board;
  for (const Move& m : mixed) board.play(m);
  EXPECT_TRUE(board.legal_moves().empty());
}

// With --elite-starts k the first k lineages are the default's; the search then keeps the k best
// lineages' grids and every later fresh start is a game biased to them, not the default's random
// game; a search resumed from a checkpoint (which keeps the elites) finds what an uninterrupted one finds.
TEST(MorpionPopulation, AfterKLineagesFreshStartsComeFromTheBestLineagesGrids) {
  PopulationOptions options = small_options();
  options.restart_after = 1000;
  options.kick_after = 0;
  PopulationState plain;
  const SearchResult random_starts = run_with(options, 7, 20000, plain);
  options.elite_starts = 3;
  PopulationState straight;
  const SearchResult whole = run_with(options, 7, 20000, straight);
  ASSERT_GE(whole.lineages.size(), 5u);
  for (size_t l = 0; l < 3; ++l) EXPECT_EQ(whole.lineages[l], random_starts.lineages[l]) << "lineage " << l;
  EXPECT_NE(whole.lineages[3].steps.front(), random_starts.lineages[3].steps.front());
  const std::vector<int> bests = lineage_bests(whole);
  ASSERT_EQ(straight.elites.size(), 3u);
  for (size_t e = 0; e < 3; ++e) EXPECT_EQ(straight.elites[e].size(), static_cast<size_t>(bests[e])) << "elite " << e;

  PopulationState first;
  run_with(options, 7, 14000, first);
  ASSERT_EQ(first.elites.size(), 3u);
  PopulationState loaded = through_a_checkpoint(first, "population_checkpoint_elites.json");
  EXPECT_EQ(loaded.elites, first.elites);
  expect_found_the_same(run_with(options, 7, 20000, loaded), whole);
}

// With --kick-restart-after p, a lineage begun by a kick, in a burst or after --kick-after, ends p
// iterations after its last rise, and every other lineage after restart_after.
TEST(MorpionPopulation, AKickGetsItsOwnPatience) {
  PopulationOptions options = small_options();
  options.kick_after = 25000;
  options.kick_bursts = 2;
  options.kick_burst_from = 108;
  options.kick_restart_after = 1000;
  PopulationState state;
  const SearchResult result = run_with(options, 7, 50000, state);
  uint64_t lineage_start = 0;
  int burst_kicks = 0, late_kicks = 0, random_games = 0;
  for (const Lineage& lineage : result.lineages) {
    ASSERT_TRUE(lineage.kicked.has_value());
    const bool kick = *lineage.kicked;
    EXPECT_EQ(lineage.iterations, lineage.steps.back().first + (kick ? 1000u : 3000u)) << "begun at " << lineage_start;
    ++(!kick ? random_games : lineage_start < options.kick_after ? burst_kicks : late_kicks);
    lineage_start += lineage.iterations;
  }
  EXPECT_GE(burst_kicks, 2) << "the test should cover kicks in a burst";
  EXPECT_GE(late_kicks, 5);
  EXPECT_GE(random_games, 2);
}

// A kick whose random finish beats the best grid it came from is a rise of the search at once,
// whether or not its lineage rises further.
TEST(MorpionPopulation, AKickThatStartsAboveTheBestIsARiseAtOnce) {
  PopulationOptions options = small_options();
  options.kick_share = 1;
  options.restart_after = 5;  // lineages that hardly climb, so that kicks often start above the best
  PopulationState state;
  const SearchResult result = run_with(options, 7, 3000, state);
  uint64_t lineage_start = 0;
  int above = 0;
  for (const Lineage& lineage : result.lineages) {
    if (lineage_start > 0 && lineage.steps.front().second > best_by(result, lineage_start - 1)) {
      ++above;
      EXPECT_EQ(best_by(result, lineage_start), lineage.steps.front().second) << "begun at " << lineage_start;
    }
    lineage_start += lineage.iterations;
  }
  EXPECT_GE(above, 2) << "the test should cover kicks that start above the best";
}

// With --kick-return-patience p, a kick's lineage that climbs back to the grid it was kicked from,
// and no higher, ends p iterations after its last rise; every other lineage keeps its patience, and
// until a lineage first stands on its grid the search is the one without the setting.
TEST(MorpionPopulation, AKickBackOnItsGridGetsTheReturnPatience) {
  const PopulationOptions plain = soon_kicking_options();
  PopulationOptions returning = plain;
  returning.kick_return_patience = 400;
  PopulationState plain_state, returning_state;
  const SearchResult without = run_with(plain, 7, 100000, plain_state);
  const SearchResult with = run_with(returning, 7, 100000, returning_state);
  uint64_t lineage_start = 0;
  int returned = 0, others = 0;
  for (const Lineage& lineage : with.lineages) {
    const uint64_t waited = lineage.iterations - lineage.steps.back().first;
    const int source = best_by(with, lineage_start);
    if (waited == 400) {
      ++returned;
      EXPECT_GE(lineage_start, returning.kick_after);
      EXPECT_EQ(lineage.best(), source) << "a lineage begun at " << lineage_start << " cut short below its grid";
    } else {
      ++others;
      EXPECT_EQ(waited, lineage_start >= plain.kick_after ? 1000u : 3000u) << "begun at " << lineage_start;
    }
    lineage_start += lineage.iterations;
  }
  EXPECT_GE(returned, 3) << "the test should cover kicks that climb back";
  EXPECT_GE(others, 2);
  // The lineages before the first cut are the plain search's.
  for (size_t l = 0; l < with.lineages.size() && l < without.lineages.size(); ++l) {
    if (with.lineages[l].iterations != without.lineages[l].iterations) {
      EXPECT_EQ(with.lineages[l].iterations - with.lineages[l].steps.back().first, 400u) << "lineage " << l;
      break;
    }
    EXPECT_EQ(with.lineages[l], without.lineages[l]) << "lineage " << l;
  }
}

// With --kick-after k, the lineages that began before iteration k are those of the search without
// it, and each fresh start from k on is the best grid so far wound back by at most half its moves
// and finished at random, so it begins at no less than half the best score.
TEST(MorpionPopulation, FromTheKickIterationOnEveryFreshStartIsTheBestGridWoundBack) {
  constexpr uint64_t kKickAfter = 15000;
  PopulationOptions kicking = small_options();
  kicking.kick_after = kKickAfter;
  PopulationState plain_state, kicking_state;
  const SearchResult plain = run_with(small_options(), 7, 40000, plain_state);
  const SearchResult kicked = run_with(kicking, 7, 40000, kicking_state);
  uint64_t lineage_start = 0;
  int kicks = 0;
  for (size_t l = 0; l < kicked.lineages.size(); ++l) {
    const Lineage& lineage = kicked.lineages[l];
    if (lineage_start < kKickAfter) {
      ASSERT_LT(l, plain.lineages.size());
      EXPECT_EQ(lineage, plain.lineages[l]) << "lineage " << l << " began before the kicks";
    } else {
      ++kicks;
      EXPECT_GE(2 * lineage.steps.front().second, best_by(kicked, lineage_start)) << "lineage " << l;
    }
    lineage_start += lineage.iterations;
  }
  EXPECT_GE(kicks, 3) << "the test should cover several kicks";
  // The random games the plain search starts from begin lower than half its best.
  EXPECT_LT(2 * plain.lineages.back().steps.front().second, static_cast<int>(plain.best.size()));
}

// A kick that takes out a region of the best grid, or moves anywhere with their dependants,
// starts its lineage from another grid than one that winds back the best grid's last moves, and
// each begins at no less than half the best score.
TEST(MorpionPopulation, EachKickShapeStartsItsKicksFromOtherGrids) {
  std::vector<std::vector<Lineage>> kicks_by_shape;  // each shape's kick lineages
  for (const KickShape shape : {KickShape::kTail, KickShape::kRuin, KickShape::kRegion}) {
    PopulationOptions options = soon_kicking_options();
    options.kick_shape = shape;
    PopulationState state;
    const SearchResult found = run_with(options, 7, 30000, state);
    std::vector<Lineage> kicks;
    uint64_t lineage_start = 0;
    for (const Lineage& lineage : found.lineages) {
      if (lineage_start >= options.kick_after) {
        kicks.push_back(lineage);
        EXPECT_GE(2 * lineage.steps.front().second, best_by(found, lineage_start));
      }
      lineage_start += lineage.iterations;
    }
    EXPECT_GE(kicks.size(), 3U) << "the test should cover several kicks";
    kicks_by_shape.push_back(kicks);
  }
  EXPECT_NE(kicks_by_shape[0], kicks_by_shape[1]);
  EXPECT_NE(kicks_by_shape[0], kicks_by_shape[2]);
  EXPECT_NE(kicks_by_shape[1], kicks_by_shape[2]);
}

// After the hand-over the search climbs from its best grid: its first iterations are those of a
// search without climbs, each climb starts from the best the ones before it found, and the pool
// is let go. A search stopped inside a climb keeps its state at that climb's start (through a
// checkpoint file, which then holds no pool), and goes on to find what an uninterrupted one finds.
TEST(MorpionPopulation, AfterTheHandOverEachClimbStartsFromTheBestAndAResumeRunsItsClimbAgain) {
  PopulationOptions options = climbing_options();
  PopulationState straight, plain;
  const SearchResult whole = run_with(options, 7, 34000, straight);
  const SearchResult before = run_with(small_options(), 7, 4000, plain);
  ASSERT_EQ(whole.climbs.size(), 3u);
  for (size_t c = 0; c < whole.climbs.size(); ++c) {
    const Lineage& climb = whole.climbs[c];
    EXPECT_EQ(climb.iterations, 10000u);
    EXPECT_EQ(climb.steps.front(), (std::pair<uint64_t, int>{0, best_by(whole, 4000 + 10000 * c)})) << "climb " << c;
    EXPECT_EQ(climb.best(), best_by(whole, 4000 + 10000 * (c + 1))) << "climb " << c;
  }
  EXPECT_GT(whole.best.size(), before.best.size()) << "the climbs should find a better grid";
  ASSERT_LT(before.improvements.size(), whole.improvements.size());
  for (size_t i = 0; i < before.improvements.size(); ++i) {
    EXPECT_EQ(whole.improvements[i].iteration, before.improvements[i].iteration);
    EXPECT_EQ(whole.improvements[i].score, before.improvements[i].score);
  }
  EXPECT_GT(whole.improvements[before.improvements.size()].iteration, 4000u);
  EXPECT_TRUE(straight.pool.empty());
  EXPECT_EQ(whole.lineages.size(), static_cast<size_t>(straight.restarts) + 1) << "the hand-over ends a lineage";
  EXPECT_EQ(straight.iteration, 34000u);

  const nlohmann::json settings = {{"method", "population"}, {"climb_after", options.climb_after}};
  const std::string path = ::testing::TempDir() + "/population_checkpoint_climbs.json";
  for (const uint64_t stop : {4000u, 19000u}) {
    PopulationState first;
    const SearchResult stopped = run_with(options, 7, stop, first);
    EXPECT_EQ(stopped.iterations, stop);
    EXPECT_EQ(first.iteration, stop == 4000u ? 4000u : 14000u)
        << "a search stopped inside a climb is kept at its start";
    { std::ofstream(path) << checkpoint_json(settings, {first}, Rules::k5T).dump(); }
    PopulationState loaded = load_checkpoint(path, settings, 1, Rules::k5T)[0];
    SCOPED_TRACE("stopped at " + std::to_string(stop));
    expect_found_the_same(run_with(options, 7, 34000, loaded), whole);
  }
  EXPECT_THROW(load_checkpoint(path, {{"method", "population"}}, 1, Rules::k5T), std::invalid_argument);
}

// Runs climbing_options() for 24,000 iterations, and again as `change` makes them: the two are the
// same search up to the hand-over and climb from one grid, but climb apart. Returns the result of
// the search as given (the defaults').
SearchResult expect_only_the_climbs_differ(const std::function<void(PopulationOptions&)>& change) {
  PopulationOptions options = climbing_options();
  PopulationState as_given_state, changed_state;
  const SearchResult as_given = run_with(options, 7, 24000, as_given_state);
  change(options);
  const SearchResult changed = run_with(options, 7, 24000, changed_state);
  EXPECT_EQ(as_given.climbs.size(), 2u);
  EXPECT_EQ(changed.climbs.size(), 2u);
  EXPECT_EQ(as_given.lineages, changed.lineages);
  if (!as_given.climbs.empty() && !changed.climbs.empty())
    EXPECT_EQ(as_given.climbs[0].steps.front(), changed.climbs[0].steps.front()) << "both climb from one grid";
  EXPECT_NE(as_given.climbs, changed.climbs);
  return as_given;
}

// A climb's pool tells grids apart as climb_same_grid says (dots by default, as the public log's
// search does): the search up to the hand-over is the same either way, its climbs are not.
TEST(MorpionPopulation, AClimbTellsGridsApartAsClimbSameGridSays) {
  EXPECT_EQ(PopulationOptions{}.climb_same_grid, SameGrid::kDots);
  EXPECT_EQ(climber_options(Rules::k5T).same_grid, SameGrid::kDots);
  expect_only_the_climbs_differ([](PopulationOptions& o) { o.climb_same_grid = SameGrid::kLines; });
}

// A climb's pool keeps as many grids as climb_pool says (the climber's 50,000 by default), pruned at
// its re-sorts, every 100,000 iterations: one climb from the same grid rises alike until the first
// re-sort and apart after it.
TEST(MorpionPopulation, AClimbKeepsAsManyGridsAsClimbPoolSays) {
  EXPECT_EQ(PopulationOptions{}.climb_pool, 50000);
  EXPECT_EQ(climber_options(Rules::k5T).pool, 50000);
  PopulationOptions options = climbing_options();
  options.climb_iterations = 150000;
  PopulationState whole_state, pruned_state;
  const SearchResult whole = run_with(options, 7, 154000, whole_state);
  options.climb_pool = 1;
  const SearchResult pruned = run_with(options, 7, 154000, pruned_state);
  ASSERT_EQ(whole.climbs.size(), 1u);
  ASSERT_EQ(pruned.climbs.size(), 1u);
  EXPECT_EQ(whole.lineages, pruned.lineages);
  const auto rises_before = [](const Lineage& climb, uint64_t iteration) {
    return std::ranges::count_if(climb.steps, [&](const auto& step) { return step.first <= iteration; });
  };
  const Lineage &kept = whole.climbs[0], &one = pruned.climbs[0];
  ASSERT_EQ(rises_before(kept, 100000), rises_before(one, 100000));
  EXPECT_TRUE(std::equal(kept.steps.begin(), kept.steps.begin() + rises_before(kept, 100000), one.steps.begin()));
  EXPECT_NE(kept.steps, one.steps) << "a pool of one grid climbs apart after the re-sort";
}

// A climb's DNAs are its parent's moves by default, or kept ones as climb_dna says: the search up
// to the hand-over is the same either way, its climbs are not, and with the parent's a search
// stopped inside a climb resumes to what an uninterrupted one finds.
TEST(MorpionPopulation, AClimbTakesItsDnasAsClimbDnaSays) {
  EXPECT_EQ(PopulationOptions{}.climb_dna, DnaSource::kParent);
  EXPECT_EQ(climber_options(Rules::k5T).dna, DnaSource::kKept);
  const SearchResult whole =
      expect_only_the_climbs_differ([](PopulationOptions& o) { o.climb_dna = DnaSource::kKept; });
  Board board;
  for (const Move& m : whole.best) ASSERT_NO_THROW(board.play(m));
  EXPECT_TRUE(board.legal_moves().empty()) << "the best grid is a finished game";
  const PopulationOptions options = climbing_options();
  PopulationState first;
  EXPECT_EQ(run_with(options, 7, 19000, first).iterations, 19000u);
  EXPECT_EQ(first.iteration, 14000u) << "a search stopped inside a climb is kept at its start";
  expect_found_the_same(run_with(options, 7, 24000, first), whole);
}

// With climb_lineages the first climbs start from the best grids of the best lineages, best first
// (each lineage's as it ended), and the later ones from the best so far; until the hand-over the
// search is the one that climbs from its best only. A resume inside the second climb, through a
// checkpoint file, starts the same climbs.
TEST(MorpionPopulation, TheFirstClimbsStartFromTheBestLineagesBestGrids) {
  PopulationOptions options = small_options();
  options.restart_after = 1000;
  options.climb_after = 20000;
  options.climb_iterations = 5000;
  PopulationState from_best;
  const SearchResult climbing_from_best = run_with(options, 7, 40000, from_best);
  options.climb_lineages = 3;
  PopulationState straight;
  const SearchResult whole = run_with(options, 7, 40000, straight);
  ASSERT_EQ(whole.climbs.size(), 4u);
  ASSERT_GE(whole.lineages.size(), 4u) << "the test needs more lineages than climb starts";
  const std::vector<int> bests = lineage_bests(whole);
  ASSERT_EQ(straight.climb_starts.size(), 3u);
  for (size_t c = 0; c < 3; ++c) {
    EXPECT_EQ(whole.climbs[c].steps.front().second, bests[c]) << "climb " << c;
    EXPECT_EQ(straight.climb_starts[c].size(), static_cast<size_t>(bests[c])) << "climb " << c;
  }
  ASSERT_GE(climbing_from_best.improvements.size(), 1u);
  for (size_t i = 0;
       i < climbing_from_best.improvements.size() && climbing_from_best.improvements[i].iteration <= 20000; ++i)
    EXPECT_EQ(whole.improvements.at(i).score, climbing_from_best.improvements[i].score) << "improvement " << i;
  EXPECT_EQ(whole.climbs[0].steps.front(), climbing_from_best.climbs[0].steps.front());
  EXPECT_EQ(whole.climbs[3].steps.front().second, best_by(whole, 35000)) << "then from the best so far";

  PopulationState first;
  run_with(options, 7, 27000, first);
  EXPECT_EQ(first.iteration, 25000u);
  PopulationState loaded = through_a_checkpoint(first, "population_checkpoint_climb_starts.json",
                                                {{"method", "population"}, {"climb_after", options.climb_after}});
  EXPECT_EQ(loaded.climb_starts, straight.climb_starts);
  const SearchResult resumed = run_with(options, 7, 40000, loaded);
  EXPECT_EQ(resumed.best, whole.best);
  EXPECT_EQ(resumed.climbs, whole.climbs);
}

// With record climbs each lineage whose best beats every earlier lineage's is climbed from before
// its fresh start, and no other is; every iteration is a lineage's or a climb's. A search stopped
// inside a climb keeps its state at that climb's start (through a checkpoint file) and goes on to
// find what an uninterrupted one finds.
TEST(MorpionPopulation, EachLineageThatSetsARecordIsClimbedFromAndAResumeRunsItsClimbAgain) {
  PopulationOptions options = small_options();
  options.restart_after = 1000;
  options.record_climbs = 3000;
  options.record_climb_from = 0;
  PopulationState straight;
  const SearchResult whole = run_with(options, 7, 40000, straight);
  std::vector<int> records;
  for (const Lineage& lineage : whole.lineages)
    if (records.empty() || lineage.best() > records.back()) records.push_back(lineage.best());
  ASSERT_GE(records.size(), 2u) << "the test needs more than one record";
  ASSERT_GT(whole.lineages.size(), records.size()) << "the test needs a lineage that is not a record";
  ASSERT_EQ(whole.climbs.size(), records.size());
  uint64_t counted = straight.iteration - straight.lineage_start;
  for (size_t c = 0; c < whole.climbs.size(); ++c) {
    EXPECT_EQ(whole.climbs[c].steps.front(), (std::pair<uint64_t, int>{0, records[c]})) << "climb " << c;
    EXPECT_EQ(whole.climbs[c].iterations, 3000u) << "climb " << c;
    counted += whole.climbs[c].iterations;
  }
  for (const Lineage& lineage : whole.lineages) counted += lineage.iterations;
  EXPECT_EQ(counted, 40000u);
  EXPECT_EQ(whole.best.size(),
            static_cast<size_t>(std::ranges::max_element(whole.improvements, {}, &Improvement::score)->score));

  PopulationOptions without = options;
  without.record_climbs = 0;
  PopulationState plain;
  const SearchResult unclimbed = run_with(without, 7, 40000, plain);
  options.record_climb_from = records[1];
  PopulationState later;
  const SearchResult from_second = run_with(options, 7, 40000, later);
  ASSERT_GE(from_second.climbs.size(), 1u);
  EXPECT_EQ(from_second.climbs[0].steps.front().second, records[1]) << "lower records are not climbed from";
  for (const SearchResult* climbing : {&whole, &from_second})
    for (size_t l = 0; l < climbing->lineages.size(); ++l)
      EXPECT_EQ(climbing->lineages[l], unclimbed.lineages.at(l)) << "the climbs change no lineage, lineage " << l;

  const nlohmann::json settings = {{"method", "population"}, {"record_climbs", options.record_climbs}};
  options.record_climb_from = 0;
  const uint64_t lineage_end = whole.lineages[0].iterations;  // the first lineage is a record
  PopulationState first;
  const SearchResult stopped = run_with(options, 7, lineage_end + 1000, first);
  EXPECT_EQ(stopped.iterations, lineage_end + 1000);
  EXPECT_EQ(first.iteration, lineage_end) << "a search stopped inside a climb is kept at its start";
  EXPECT_TRUE(stopped.climbs.empty());
  PopulationState loaded = through_a_checkpoint(first, "population_checkpoint_record_climbs.json", settings);
  expect_found_the_same(run_with(options, 7, 40000, loaded), whole);
}

// Stopping after n iterations and going on to m finds what a search run straight to m finds:
// a checkpoint (through its file form) loses nothing.
TEST(MorpionPopulation, ResumingFromACheckpointFindsWhatAnUninterruptedSearchFinds) {
  PopulationState straight;
  const SearchResult whole = run_to(12000, straight);
  PopulationState first;
  run_to(5000, first);
  const nlohmann::json settings = {{"method", "population"}, {"test", 1}};
  const nlohmann::json saved = checkpoint_json(settings, {first}, Rules::k5T);
  const std::string path = written(saved, "population_checkpoint.json");
  std::vector<PopulationState> loaded = load_checkpoint(path, settings, 1, Rules::k5T);
  EXPECT_EQ(loaded[0].pool, first.pool);
  const SearchResult resumed = run_to(12000, loaded[0]);
  expect_found_the_same(resumed, whole);
  EXPECT_EQ(resumed.iterations, whole.iterations);
  EXPECT_EQ(loaded[0].pool, straight.pool);
  EXPECT_EQ(loaded[0].restarts, straight.restarts);
  EXPECT_GT(straight.restarts, 0) << "the test should cover a fresh start";
  // One record per lineage ended, rising from its start to its best, none above the search's
  // best, lasting until its last rise plus the patience; the same after a resume.
  ASSERT_EQ(whole.lineages.size(), static_cast<size_t>(straight.restarts));
  uint64_t lineage_iterations = 0;
  for (const Lineage& lineage : whole.lineages) {
    ASSERT_FALSE(lineage.steps.empty());
    EXPECT_EQ(lineage.steps.front().first, 0u);
    for (size_t k = 1; k < lineage.steps.size(); ++k) {
      EXPECT_GT(lineage.steps[k].first, lineage.steps[k - 1].first);
      EXPECT_GT(lineage.steps[k].second, lineage.steps[k - 1].second);
    }
    EXPECT_LE(lineage.best(), static_cast<int>(whole.best.size()));
    EXPECT_EQ(lineage.iterations, lineage.steps.back().first + small_options().restart_after);
    lineage_iterations += lineage.iterations;
  }
  EXPECT_LE(lineage_iterations, whole.iterations);
  EXPECT_EQ(resumed.lineages, whole.lineages);

  EXPECT_THROW(load_checkpoint(path, {{"method", "population"}, {"test", 2}}, 1, Rules::k5T), std::invalid_argument);
  EXPECT_THROW(load_checkpoint(path, settings, 2, Rules::k5T), std::invalid_argument);
  std::string text = saved.dump();
  text.replace(text.find("\"pool\":[\"") + 9, 4, "zzzz");
  std::ofstream(path) << text;
  try {
    load_checkpoint(path, settings, 1, Rules::k5T);
    FAIL() << "a damaged move was read";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("move 1 ('zzzz') is not a legal line there"), std::string::npos) << e.what();
  }
}

// A checkpoint of ratrace 0.12.2 kept each ended lineage's best, not its rises: it still
// resumes to the same search, and lists its earlier lineages by their bests.
TEST(MorpionPopulation, ACheckpointWithOnlyEachLineagesBestStillResumes) {
  PopulationState straight;
  const SearchResult whole = run_to(12000, straight);
  PopulationState first;
  run_to(8000, first);
  ASSERT_FALSE(first.result.lineages.empty()) << "the test should cover a lineage ended before the save";
  const nlohmann::json settings = {{"method", "population"}, {"test", 4}};
  nlohmann::json saved = checkpoint_json(settings, {first}, Rules::k5T);
  nlohmann::json& search = saved["searches"][0];
  std::vector<int> bests;
  for (const Lineage& lineage : first.result.lineages) bests.push_back(lineage.best());
  search.erase("lineages");
  search.erase("lineage");
  search["lineage_bests"] = bests;
  search["pool_best_since"] = first.pool_best_since();
  std::vector<PopulationState> loaded =
      load_checkpoint(written(saved, "population_checkpoint_0_12_2.json"), settings, 1, Rules::k5T);
  const SearchResult resumed = run_to(12000, loaded[0]);
  EXPECT_EQ(resumed.best, whole.best);
  ASSERT_EQ(resumed.lineages.size(), whole.lineages.size());
  for (size_t i = 0; i < whole.lineages.size(); ++i) EXPECT_EQ(resumed.lineages[i].best(), whole.lineages[i].best());
  // The lineages begun after the save are recorded whole.
  for (size_t i = bests.size() + 1; i < whole.lineages.size(); ++i) EXPECT_EQ(resumed.lineages[i], whole.lineages[i]);
}

// A stuck lineage's window widens by widen_by for each widen_after iterations of the stall: the
// pool then holds grids further below its best than --window allows, never further than the
// widened window. One search, looked at every 2,000 iterations (a search continues from its state).
TEST(MorpionPopulation, AStuckLineagesWindowWidensWithItsStall) {
  PopulationOptions options = small_options();
  options.pool = 5000;  // room for the poorer grids: a full pool takes only grids better than its worst
  options.restart_after = 0;
  options.widen_after = 400;
  options.widen_by = 4;
  int widest = 0;
  PopulationState state;
  for (uint64_t iterations = 2000; iterations <= 20000; iterations += 2000) {
    run_with(options, 11, iterations, state);
    const uint64_t stalled = state.iteration - state.pool_best_since();
    const int allowed = options.window + options.widen_by * static_cast<int>(stalled / options.widen_after);
    const int spread = static_cast<int>(state.pool.front().size() - state.pool.back().size());
    EXPECT_LE(spread, allowed) << "after " << iterations << " iterations, " << stalled << " of them stalled";
    widest = std::max(widest, spread);
  }
  EXPECT_GT(widest, options.window) << "no stall was long enough to widen the window";
}

// A 0.12.2 checkpoint whose last rise lies outside its lineage is damaged, and is refused with
// the search named rather than resumed from a nonsense patience count.
TEST(MorpionPopulation, AnOldCheckpointWhoseLastRiseIsOutsideItsLineageIsRefused) {
  PopulationState first;
  run_to(8000, first);
  ASSERT_GT(first.lineage_start, 0u) << "the test needs a lineage begun after the first";
  const nlohmann::json settings = {{"method", "population"}, {"test", 5}};
  nlohmann::json saved = checkpoint_json(settings, {first}, Rules::k5T);
  nlohmann::json& search = saved["searches"][0];
  search.erase("lineages");
  search.erase("lineage");
  search["pool_best_since"] = first.lineage_start - 1;
  const std::string message = refusal(saved, settings, "population_checkpoint_damaged.json");
  EXPECT_NE(message.find("search 0: its pool's last rise"), std::string::npos)
      << (message.empty() ? "a damaged checkpoint was accepted" : message);
}

// A checkpoint whose kick blacklists a line number outside the grid is refused with the search
// and the line named, rather than resumed into a write past the DNA's end.
TEST(MorpionPopulation, ACheckpointWithATabuLineOutsideTheGridIsRefused) {
  PopulationState first;
  run_to(2000, first);
  const nlohmann::json settings = {{"method", "population"}, {"test", 6}};
  nlohmann::json saved = checkpoint_json(settings, {first}, Rules::k5T);
  saved["searches"][0]["tabu"] = {12, kLines};
  const std::string message = refusal(saved, settings, "population_checkpoint_tabu.json");
  EXPECT_NE(message.find("search 0: tabu line " + std::to_string(kLines) + " is not"), std::string::npos)
      << (message.empty() ? "a tabu line outside the grid was accepted" : message);
}

// A mutation focus below 1 (the changes nearer the parent's end) and a protection of the parent's
// moves still to play each change the children, and so the search, from the default's.
TEST(MorpionPopulation, AMutationFocusAndAProtectionEachChangeTheChildren) {
  PopulationState plain;
  run_with(small_options(), 7, 6000, plain);
  PopulationOptions focused = small_options(), protecting = small_options();
  focused.mutation_focus = 0.5;
  protecting.protect = 1;
  PopulationState near_the_end, protected_moves;
  run_with(focused, 7, 6000, near_the_end);
  run_with(protecting, 7, 6000, protected_moves);
  EXPECT_NE(near_the_end.pool, plain.pool);
  EXPECT_NE(protected_moves.pool, plain.pool);
}

// Every setting's state survives a checkpoint: grids the same by their dots, kept in canonical
// order, and end searches from unsearched grids (whose set of searched grids is saved), keeping
// all their finishes, children filled per parent grid, crossed or mutated by swaps with any line,
// a window that widens when stuck, lineages that stall low ended sooner, a
// mutation focus, a protection of the parent's moves, kicks of their own patience and shape,
// grids placed at random among those of their score.
TEST(MorpionPopulation, ResumingWithEveryOtherSettingFindsWhatAnUninterruptedSearchFinds) {
  PopulationOptions options = small_options();
  options.same_grid = SameGrid::kDots;
  options.canonical_order = true;
  options.end_search_unsearched = true;
  options.end_search_keep_all = true;
  options.ruin_share = 0.5;
  options.crossover_share = 0.2;
  options.fill = Fill::kGrid;
  options.mutation = Mutation::kSwapAny;
  options.widen_after = 500;
  options.widen_by = 3;
  options.abandon_after = 1500;
  options.abandon_margin = 2;
  options.poor_restart_after = 1000;
  options.poor_below = 105;
  options.mutation_focus = 0.5;
  options.protect = 1;
  options.kick_after = 4000;
  options.kick_restart_after = 1500;
  options.kick_return_patience = 300;
  options.kick_shape = KickShape::kRegion;
  options.kick_tabu = 2;
  options.fill_centre = 0.25;
  options.ties = TieOrder::kRandom;
  PopulationState found;
  options.start = run_to(3000, found).best;
  PopulationState straight, first;
  const SearchResult whole = run_with(options, 7, 12000, straight);
  run_with(options, 7, 5000, first);
  EXPECT_FALSE(first.end_searched.empty());
  PopulationState loaded = through_a_checkpoint(first, "population_checkpoint_settings.json");
  EXPECT_EQ(loaded.end_searched, first.end_searched);
  ASSERT_EQ(first.tabu.size(), 2u) << "the checkpoint should fall in a kick's lineage";
  EXPECT_EQ(loaded.tabu, first.tabu);
  const SearchResult resumed = run_with(options, 7, 12000, loaded);
  EXPECT_EQ(resumed.best, whole.best);
  EXPECT_EQ(resumed.lineages, whole.lineages);
  EXPECT_EQ(loaded.pool, straight.pool);
  EXPECT_EQ(loaded.restarts, straight.restarts);
  for (const Game& g : straight.pool) EXPECT_EQ(canonical_order(g), g);
}

// One lineage: the search's best is the first grid of its score that the pool took. With the oldest
// first among grids of a score it stays the pool's first; with the newest first, the later grids
// of that score go before it; drawn at random, they fall on both sides.
TEST(MorpionPopulation, TheTieOrderDecidesWhereTheGridsOfTheBestScoreStand) {
  PopulationOptions options = small_options();
  options.restart_after = 0;
  options.pool = 20000;  // room for every grid of the lineage: none leaves for lack of it
  auto run = [&](TieOrder ties, PopulationState& state) {
    options.ties = ties;
    return run_with(options, 3, 6000, state);
  };
  PopulationState newest, oldest, random;
  const SearchResult by_newest = run(TieOrder::kNewest, newest);
  const SearchResult by_oldest = run(TieOrder::kOldest, oldest);
  const SearchResult by_random = run(TieOrder::kRandom, random);
  auto place_of_best = [](const PopulationState& state, const SearchResult& result) {
    const auto at = std::ranges::find(state.pool, result.best);
    EXPECT_NE(at, state.pool.end()) << "the pool has lost the search's best";
    const auto as_long =
        std::ranges::count_if(state.pool, [&](const Game& g) { return g.size() == result.best.size(); });
    return std::pair(at - state.pool.begin(), as_long);
  };
  const auto [newest_place, newest_ties] = place_of_best(newest, by_newest);
  ASSERT_GE(newest_ties, 3) << "the lineage should have drifted on its best score";
  EXPECT_EQ(newest_place, newest_ties - 1);
  EXPECT_EQ(place_of_best(oldest, by_oldest).first, 0);
  const auto [random_place, random_ties] = place_of_best(random, by_random);
  ASSERT_GE(random_ties, 3);
  EXPECT_GT(random_place, 0);
  EXPECT_LT(random_place, random_ties - 1);
}

// With --refound, the search is the default's until a child first plays a grid the pool holds in
// another order; there the held grid, in its place, takes the child's order (reorder), or takes it
// and moves to the front of the grids of its score (front); nothing else in the pool changes.
TEST(MorpionPopulation, AGridPlayedAgainInAnotherOrderTakesThatOrder) {
  PopulationOptions options = small_options();
  options.restart_after = 0;
  auto pool_after = [&](Refound refound, uint64_t iterations) {
    options.refound = refound;
    PopulationState state;
    run_with(options, 5, iterations, state);
    return state.pool;
  };
  for (const Refound refound : {Refound::kReorder, Refound::kFront}) {
    // The pools part at the first such child: the first iteration count whose pools differ.
    uint64_t same = 0, apart = 6000;
    ASSERT_NE(pool_after(Refound::kKeep, apart), pool_after(refound, apart));
    while (apart - same > 1) {
      const uint64_t middle = (same + apart) / 2;
      (pool_after(Refound::kKeep, middle) == pool_after(refound, middle) ? same : apart) = middle;
    }
    const std::vector<Game> kept = pool_after(Refound::kKeep, apart), taken = pool_after(refound, apart);
    ASSERT_EQ(kept.size(), taken.size());
    std::vector<size_t> moved;
    for (size_t i = 0; i < kept.size(); ++i)
      if (kept[i] != taken[i]) moved.push_back(i);
    if (refound == Refound::kReorder) {
      ASSERT_EQ(moved.size(), 1u) << "iteration " << apart;
      EXPECT_EQ(canonical_order(kept[moved[0]]), canonical_order(taken[moved[0]])) << "not the same lines";
      continue;
    }
    // kFront: the grid went from the last of the places that differ to the first, the front of its
    // score, and those between moved one place down.
    ASSERT_GE(moved.size(), 1u);
    const size_t front = moved.front(), from = moved.back();
    EXPECT_TRUE(front == 0 || kept[front - 1].size() > kept[front].size()) << "not the front of its score";
    EXPECT_EQ(canonical_order(taken[front]), canonical_order(kept[from])) << "not the same lines";
    EXPECT_NE(taken[front], kept[from]) << "the grid should have taken the child's order";
    for (size_t i = front; i < from; ++i) EXPECT_EQ(taken[i + 1], kept[i]);
  }
}

// --kick-skew draws the parents of a kick's lineage with its own skew: the random lineages before
// the first kick are the search's without it, a kick's lineage is not, and a kick skew equal to the
// skew is the search without it.
TEST(MorpionPopulation, AKickSkewDrawsTheParentsOfKicksLineagesOnly) {
  PopulationOptions plain = soon_kicking_options();
  plain.kick_after = 20000;
  PopulationOptions greedy = plain, same = plain;
  greedy.kick_skew = 30;
  same.kick_skew = plain.skew;
  PopulationState plain_state, greedy_state, same_state;
  const SearchResult without = run_with(plain, 7, 30000, plain_state);
  const SearchResult with = run_with(greedy, 7, 30000, greedy_state);
  EXPECT_EQ(run_with(same, 7, 30000, same_state).lineages, without.lineages);
  size_t random_lineages = 0;
  while (random_lineages < without.lineages.size() && !without.lineages[random_lineages].kicked.value_or(false))
    ++random_lineages;
  ASSERT_GE(random_lineages, 2u);
  ASSERT_LT(random_lineages + 1, std::min(without.lineages.size(), with.lineages.size())) << "too few kicks";
  for (size_t i = 0; i < random_lineages; ++i) EXPECT_EQ(with.lineages[i], without.lineages[i]) << "lineage " << i;
  EXPECT_TRUE(with.lineages[random_lineages].kicked.value_or(false));
  // The last kick's lineage, still running, drew other parents: its pool differs.
  EXPECT_NE(greedy_state.pool, plain_state.pool);
}

// With --kick-tabu n, a kick draws n distinct lines of the moves it took out of its source grid
// (its last half at most, by the default kick depths), which its lineage's children blacklist:
// the first lineage, before any kick, is the search's without the setting; the kicks' lineages differ.
TEST(MorpionPopulation, AKickDrawsItsTabuLinesFromTheMovesItTookOut) {
  PopulationState found;
  PopulationOptions plain = small_options();
  plain.start = run_to(20000, found).best;
  plain.kick_share = 1;
  PopulationOptions tabu = plain;
  tabu.kick_tabu = 3;
  PopulationState plain_state, tabu_state;
  const SearchResult without = run_with(plain, 11, 20000, plain_state);
  ASSERT_GE(without.lineages.size(), 2u);
  const uint64_t first_kick = without.lineages[0].iterations;
  // The source: the search's best just before the first kick.
  PopulationState before;
  const Game source = run_with(plain, 11, first_kick - 1, before).best;
  run_with(tabu, 11, first_kick, tabu_state);
  ASSERT_EQ(tabu_state.tabu.size(), 3u);
  EXPECT_EQ(std::unordered_set<int>(tabu_state.tabu.begin(), tabu_state.tabu.end()).size(), 3u);
  for (const int line : tabu_state.tabu) {
    const auto at = std::ranges::find_if(source, [&](const Move& m) { return m.line == line; });
    ASSERT_NE(at, source.end()) << "tabu line " << line << " is not a move of the source grid";
    EXPECT_GE(2 * static_cast<size_t>(at - source.begin()), source.size() - 1) << "a tabu line among the kept moves";
  }
  // A while into the kick's lineage, fewer of its pool's grids play a tabu line than of the same
  // kick's lineage without them, which rebuilds the source's moves (here all of them). Some still
  // do: the kick's own finish and the end search's finishes may play them.
  const std::vector<int> lines = tabu_state.tabu;
  auto playing_a_tabu_line = [&](const PopulationState& state) {
    return std::ranges::count_if(state.pool, [&](const Game& grid) {
      return std::ranges::any_of(grid, [&](const Move& m) { return std::ranges::count(lines, m.line) > 0; });
    });
  };
  PopulationState kicked_plain;
  run_with(plain, 11, first_kick + 1000, kicked_plain);
  run_with(tabu, 11, first_kick + 1000, tabu_state);
  ASSERT_EQ(tabu_state.lineage_start, first_kick) << "the test needs the first kick's lineage";
  ASSERT_EQ(kicked_plain.lineage_start, first_kick);
  EXPECT_LE(4 * playing_a_tabu_line(tabu_state), 3 * playing_a_tabu_line(kicked_plain));
  const SearchResult with = run_with(tabu, 11, 20000, tabu_state);
  EXPECT_EQ(with.lineages.front(), without.lineages.front());
  EXPECT_NE(with.lineages, without.lineages);
}

// With rounds of r iterations, the first round's lineages are those of the search without rounds
// (its last cut short at r); each round begins at a multiple of r with a random game, kicks from
// kick_after into it, each from its own round's best grid; and a search resumed from a checkpoint
// in its second round (which keeps that round's best) finds what an uninterrupted one finds.
TEST(MorpionPopulation, EachRoundStartsAfreshAndKicksFromItsOwnBest) {
  constexpr uint64_t kRound = 20000;
  const PopulationOptions one_round = soon_kicking_options();
  PopulationOptions rounds = one_round;
  rounds.round_iterations = kRound;
  PopulationState one_round_state, straight;
  const SearchResult plain = run_with(one_round, 7, kRound, one_round_state);
  const SearchResult whole = run_with(rounds, 7, 3 * kRound, straight);
  uint64_t lineage_start = 0;
  int round_best = 0, kicks = 0;
  std::vector<int> round_bests;
  for (size_t l = 0; l < whole.lineages.size(); ++l) {
    const Lineage& lineage = whole.lineages[l];
    const uint64_t into_round = lineage_start % kRound;
    if (into_round == 0) {
      if (lineage_start > 0) round_bests.push_back(round_best);
      round_best = 0;
      EXPECT_LT(lineage.steps.front().second, 100) << "round " << lineage_start / kRound << " begins at a random game";
    }
    if (lineage_start < kRound && lineage_start + lineage.iterations < kRound) {
      ASSERT_LT(l, plain.lineages.size());
      EXPECT_EQ(lineage, plain.lineages[l]) << "lineage " << l << " of the first round";
    }
    if (into_round >= rounds.kick_after) {
      ++kicks;
      EXPECT_GE(2 * lineage.steps.front().second, round_best) << "lineage " << l << " kicks its round's best";
    }
    EXPECT_LE(into_round + lineage.iterations, kRound) << "lineage " << l << " ends with its round";
    round_best = std::max(round_best, lineage.best());
    lineage_start += lineage.iterations;
  }
  EXPECT_EQ(round_bests.size(), 2u);
  EXPECT_GE(kicks, 6) << "the test should cover kicks in every round";
  EXPECT_EQ(static_cast<int>(whole.best.size()), std::max(*std::ranges::max_element(round_bests), round_best));
  PopulationState first;
  run_with(rounds, 7, kRound + 15000, first);
  ASSERT_FALSE(first.round_best.empty());
  PopulationState loaded = through_a_checkpoint(first, "population_checkpoint_rounds.json");
  EXPECT_EQ(loaded.round_best, first.round_best);
  const SearchResult resumed = run_with(rounds, 7, 3 * kRound, loaded);
  expect_found_the_same(resumed, whole);
}

// A walking search stopped part-way (`stopped`) goes through a checkpoint with its walk's grid and,
// run on to `iterations`, finds what the uninterrupted search `whole` found.
void expect_walk_resumes(const PopulationOptions& walking, uint64_t seed, const PopulationState& stopped,
                         const std::string& file, uint64_t iterations, const SearchResult& whole) {
  PopulationState loaded = through_a_checkpoint(stopped, file);
  EXPECT_EQ(loaded.kick_walk, stopped.kick_walk);
  expect_found_the_same(run_with(walking, seed, iterations, loaded), whole);
}

// With kick_accept k, each kick's lineage that ends no more than k below the search's best becomes
// the next kicks' source, also when it ends below the best; the lineages before the kicks are the
// default's, and the walk's grid goes through a checkpoint.
TEST(MorpionPopulation, KicksWalkToEachKickLineageThatEndsNearTheBest) {
  constexpr int kAccept = 2;
  const PopulationOptions from_best = soon_kicking_options();
  PopulationOptions walking = from_best;
  walking.kick_accept = kAccept;
  PopulationState from_best_state, straight;
  const SearchResult plain = run_with(from_best, 5, 40000, from_best_state);
  const SearchResult whole = run_with(walking, 5, 40000, straight);
  EXPECT_TRUE(from_best_state.kick_walk.empty());
  uint64_t lineage_start = 0;
  int best = 0, walk = 0, kicks = 0, accepted_below_best = 0, accepted_at_the_margin = 0;
  for (size_t l = 0; l < whole.lineages.size(); ++l) {
    const Lineage& lineage = whole.lineages[l];
    const int source = walk > 0 ? walk : best;
    best = std::max(best, lineage.best());
    if (lineage_start < walking.kick_after) {
      ASSERT_LT(l, plain.lineages.size());
      EXPECT_EQ(lineage, plain.lineages[l]) << "lineage " << l << " began before the kicks";
    } else {
      ++kicks;
      EXPECT_GE(2 * lineage.steps.front().second, source) << "lineage " << l << " kicks the walk's grid";
      if (lineage.best() + kAccept >= best) {
        walk = lineage.best();
        accepted_below_best += lineage.best() < best;
        accepted_at_the_margin += lineage.best() + kAccept == best;
      }
    }
    lineage_start += lineage.iterations;
  }
  EXPECT_GE(kicks, 6) << "the test should cover several kicks";
  EXPECT_GE(accepted_below_best, 1) << "the test should cover a walk below the best";
  EXPECT_GE(accepted_at_the_margin, 1) << "the test should cover a lineage exactly kick_accept below the best";
  EXPECT_EQ(static_cast<int>(straight.kick_walk.size()), walk);
  EXPECT_NE(whole.lineages, plain.lineages) << "kicks from the walk's grid, not the best, change the lineages";
  PopulationState first;
  // Stopped just after a lineage that ended exactly kick_accept below the best.
  const SearchResult part = run_with(walking, 5, 31000, first);
  int part_best = 0;
  for (const Lineage& lineage : part.lineages) part_best = std::max(part_best, lineage.best());
  ASSERT_EQ(part.lineages.back().best() + kAccept, part_best) << "the test should stop after a walk to the margin";
  EXPECT_EQ(static_cast<int>(first.kick_walk.size()), part.lineages.back().best());
  expect_walk_resumes(walking, 5, first, "population_checkpoint_walk.json", 40000, whole);
}

// A walk needs no kick_after: with bursts alone, each kick's lineage that ends no more than
// kick_accept below the search's best becomes the next kicks' source, until the best rises and the
// kicks start from it again. The lineages up to the first walk are the bursts' own, and the walk's
// grid goes through a checkpoint.
TEST(MorpionPopulation, BurstKicksWalkUntilTheBestRises) {
  constexpr int kAccept = 2;
  PopulationOptions bursting = small_options();
  bursting.kick_after = 0;
  bursting.kick_bursts = 2;
  bursting.kick_burst_from = 100;
  PopulationOptions walking = bursting;
  walking.kick_accept = kAccept;
  PopulationState bursting_state, straight;
  const SearchResult plain = run_with(bursting, 7, 60000, bursting_state);
  const SearchResult whole = run_with(walking, 7, 60000, straight);
  int best = 0, walk = 0, kicks = 0;
  size_t first_walk = whole.lineages.size();
  uint64_t lineage_start = 0, after_a_random_rise_ended_a_walk = 0, during_a_walk_below_the_best = 0;
  for (size_t l = 0; l < whole.lineages.size(); ++l) {
    const Lineage& lineage = whole.lineages[l];
    const bool kicked = lineage.kicked.value_or(false);
    const int source = walk > 0 ? walk : best;
    if (lineage.best() > best) {
      best = lineage.best();
      if (walk > 0 && !kicked && after_a_random_rise_ended_a_walk == 0)
        after_a_random_rise_ended_a_walk = lineage_start + lineage.steps.back().first + 1;
      walk = 0;
    }
    if (kicked) {
      ++kicks;
      EXPECT_GE(4 * lineage.steps.front().second, 3 * source) << "lineage " << l << " kicks the walk's grid";
    }
    if (kicked && lineage.best() + kAccept >= best) {
      walk = lineage.best();
      first_walk = std::min(first_walk, l);
      // Inside the next lineage, which the walk's grid began.
      if (walk < best && during_a_walk_below_the_best == 0)
        during_a_walk_below_the_best = lineage_start + lineage.iterations + 100;
    }
    lineage_start += lineage.iterations;
  }
  EXPECT_GE(kicks, 6) << "the test should cover several kicks";
  EXPECT_EQ(static_cast<int>(straight.kick_walk.size()), walk);
  ASSERT_LT(first_walk + 1, std::min(whole.lineages.size(), plain.lineages.size()));
  for (size_t l = 0; l <= first_walk; ++l) EXPECT_EQ(whole.lineages[l], plain.lineages[l]) << "lineage " << l;
  EXPECT_NE(whole.lineages, plain.lineages) << "kicks from the walk's grid, not the best, change the lineages";
  ASSERT_GT(after_a_random_rise_ended_a_walk, 0u) << "the test should cover a random game's rise during a walk";
  PopulationState risen;
  run_with(walking, 7, after_a_random_rise_ended_a_walk, risen);
  EXPECT_TRUE(risen.kick_walk.empty()) << "the next kicks start from the new best";
  ASSERT_GT(during_a_walk_below_the_best, 0u) << "the test should cover a walk below the best";
  PopulationState first;
  run_with(walking, 7, during_a_walk_below_the_best, first);
  ASSERT_TRUE(!first.kick_walk.empty() && first.kick_walk.size() < first.result.best.size())
      << "the test should stop during a walk below the best";
  expect_walk_resumes(walking, 7, first, "population_checkpoint_burst_walk.json", 60000, whole);
}

// With kick_bursts N, the N fresh starts after each rise of the search's best (at least
// kick_burst_from) are kicks from the best grid and every other one is a random game, with no
// kick_after: a kick begins within a quarter of the best score, these random games further below,
// and each lineage says which it was. A search stopped inside a burst resumes as if never
// stopped; a damaged count is refused.
TEST(MorpionPopulation, AfterEachRiseTheNextFreshStartsAreKicksAndTheRestRandom) {
  constexpr int kBurst = 2;
  PopulationOptions bursting = small_options();
  bursting.kick_after = 0;
  bursting.kick_bursts = kBurst;
  bursting.kick_burst_from = 112;
  PopulationState straight;
  const SearchResult whole = run_with(bursting, 7, 60000, straight);
  std::vector<uint64_t> starts;
  for (uint64_t start = 0; const Lineage& lineage : whole.lineages) {
    starts.push_back(start);
    start += lineage.iterations;
  }
  int kicks = 0, random_after_a_burst = 0, below_the_score = 0;
  for (size_t l = 1; l < whole.lineages.size(); ++l) {
    // The last rise before lineage l began (a rise at its start is its own kick's finish).
    uint64_t rise = 0;
    for (const Improvement& i : whole.improvements)
      if (i.iteration < starts[l]) rise = i.iteration;
    const auto since_the_rise = std::ranges::count_if(starts.begin(), starts.begin() + static_cast<long>(l),
                                                      [&](uint64_t start) { return start > rise; });
    const int best = best_by(whole, starts[l] - 1);
    const int first = whole.lineages[l].steps.front().second;
    const bool kick = best >= bursting.kick_burst_from && since_the_rise < kBurst;
    EXPECT_EQ(whole.lineages[l].kicked, kick) << "lineage " << l << "'s mark";
    if (kick) {
      ++kicks;
      EXPECT_GE(4 * first, 3 * best) << "lineage " << l << " should be a kick";
    } else {
      random_after_a_burst += best >= bursting.kick_burst_from;
      below_the_score += best < bursting.kick_burst_from;
      EXPECT_LT(4 * first, 3 * best) << "lineage " << l << " should be a random game";
    }
  }
  EXPECT_GE(kicks, 4) << "the test should cover several bursts' kicks";
  EXPECT_GE(random_after_a_burst, 1) << "the test should cover a random game after a burst";
  EXPECT_GE(below_the_score, 1) << "the test should cover random games before the best reaches the score";
  PopulationState first;
  run_with(bursting, 7, 40000, first);
  ASSERT_GT(first.burst_kicks, 0) << "the test should stop inside a burst";
  PopulationState loaded = through_a_checkpoint(first, "population_checkpoint_bursts.json");
  EXPECT_EQ(loaded.burst_kicks, first.burst_kicks);
  expect_found_the_same(run_with(bursting, 7, 60000, loaded), whole);
  const nlohmann::json settings = {{"method", "population"}, {"test", 7}};
  nlohmann::json saved = checkpoint_json(settings, {first}, Rules::k5T);
  saved["searches"][0]["burst_kicks"] = -1;
  const std::string message = refusal(saved, settings, "population_checkpoint_bursts_damaged.json");
  EXPECT_NE(message.find("search 0: -1 kicks of a burst"), std::string::npos)
      << (message.empty() ? "a negative count of a burst's kicks was accepted" : message);
}

// The public log's end search (every depth of the best unsearched grid) marks each grid it
// finishes, searches each grid once, and resumes from a checkpoint as if never stopped.
TEST(MorpionPopulation, AnEndSearchOfEveryDepthResumesAsIfNeverStopped) {
  PopulationOptions options = small_options();
  options.end_search_depths = EndSearchDepths::kAll;
  options.end_search_every = 1000;
  PopulationState straight, first;
  const SearchResult whole = run_with(options, 5, 8000, straight);
  run_with(options, 5, 3500, first);
  EXPECT_EQ(first.end_searched.size(), 3u) << "one grid per end search, none searched twice";
  PopulationState loaded = through_a_checkpoint(first, "population_checkpoint_all_depths.json");
  const SearchResult resumed = run_with(options, 5, 8000, loaded);
  EXPECT_EQ(resumed.best, whole.best);
  EXPECT_EQ(loaded.pool, straight.pool);
  EXPECT_EQ(loaded.end_searched, straight.end_searched);
}

// With the depth bandit of each lineage, its counts hold only the current lineage's end searches
// (one per end_search_every of its iterations), where the search's bandit holds all of them; the
// first lineage, whose counts are the same under both, is the same search.
TEST(MorpionPopulation, ALineagesOwnDepthBanditCountsOnlyItsEndSearches) {
  PopulationOptions options = small_options();
  options.kick_after = 0;
  PopulationState shared;
  const SearchResult whole = run_with(options, 7, 30000, shared);
  options.end_search_depths = EndSearchDepths::kLineageBandit;
  PopulationState own;
  const SearchResult result = run_with(options, 7, 30000, own);
  auto end_searches = [](const PopulationState& state) {
    uint64_t n = 0;
    for (uint64_t t : state.tries) n += t;
    return n;
  };
  ASSERT_GE(result.lineages.size(), 2u);
  EXPECT_EQ(result.lineages.front(), whole.lineages.front());
  const uint64_t lineage_iterations = own.iteration - own.lineage_start;
  EXPECT_LE(end_searches(own), lineage_iterations / options.end_search_every + 1);
  EXPECT_GE(end_searches(own) + 1, lineage_iterations / options.end_search_every);
  EXPECT_GE(end_searches(shared), 30000 / options.end_search_every - 1);
}

// Under the rotating pool order each re-sort keeps the grids within the window, distinct, in
// the order of that re-sort's key; the visit counts go into the checkpoint, and a search resumed
// between two re-sorts finds what it would have found uninterrupted, with drift or without.
TEST(MorpionPopulation, ARotatingPoolOrderSortsByEachKeyInTurnAndResumesAsIfNeverStopped) {
  PopulationOptions options = small_options();
  options.pool_order = PoolOrder::kRotate;
  options.resort_every = 1000;
  options.pool = 400;
  options.window = 8;
  options.restart_after = 0;
  for (const uint64_t key : {0, 1, 2, 3}) {
    PopulationState state;
    run_with(options, 5, 4000 + 1000 * key, state);  // the last iteration re-sorts by `key`
    ASSERT_EQ(state.visits.size(), state.pool.size());
    ASSERT_GT(state.pool.size(), 20u) << "the test needs a pool to sort";
    size_t best = 0;
    std::unordered_set<uint64_t> grids;
    for (const Game& g : state.pool) {
      best = std::max(best, g.size());
      EXPECT_TRUE(grids.insert(lines_hash(g)).second) << "a grid kept twice";
    }
    EXPECT_LE(state.pool.size(), 400u);
    for (size_t i = 0; i < state.pool.size(); ++i) {
      EXPECT_GE(state.pool[i].size() + 8, best) << "a grid below the window, key " << key;
      if (i == 0) continue;
      const size_t before = state.pool[i - 1].size(), here = state.pool[i].size();
      // Key 2's charge per visit is below one point here (at most 8,000 visits for a grid of 100 or more).
      if (key == 0 || key == 2) EXPECT_GE(before, here) << "key " << key << ", grid " << i;
      if (key == 0 && before == here) EXPECT_LE(state.visits[i - 1], state.visits[i]);
      if (key == 1) EXPECT_LE(state.visits[i - 1], state.visits[i]);
      // UCB: a grid never drawn has an infinite bound and comes before every grid drawn.
      if (key == 3 && state.visits[i - 1] > 0) EXPECT_GT(state.visits[i], 0u);
    }
    if (key == 3) EXPECT_EQ(state.visits.front(), 0u);
  }
  std::vector<Game> without_drift;
  for (const bool drift : {false, true}) {
    options.drift = drift;
    PopulationState straight, first;
    const SearchResult whole = run_with(options, 5, 6000, straight);
    run_with(options, 5, 3500, first);
    PopulationState loaded = through_a_checkpoint(first, "population_checkpoint_rotate.json");
    EXPECT_EQ(loaded.visits, first.visits);
    const SearchResult resumed = run_with(options, 5, 6000, loaded);
    EXPECT_EQ(resumed.best, whole.best);
    EXPECT_EQ(loaded.pool, straight.pool);
    EXPECT_EQ(loaded.visits, straight.visits);
    // A drifted grid is still a legal game in the order it now keeps.
    for (const Game& g : straight.pool) {
      Board board;
      for (const Move& m : g) {
        Move legal;
        ASSERT_TRUE(board.legal_move_of_line(m.line, &legal) && legal == m) << "drift " << drift;
        board.play(m);
      }
    }
    if (drift) EXPECT_NE(straight.pool, without_drift) << "drift changed no grid's order";
    without_drift = straight.pool;
  }
}

// The adaptive window narrows while the pool takes many grids inside it and widens when it takes
// hardly any; its state goes into the checkpoint, so a resumed search finds what it would have found.
TEST(MorpionPopulation, TheAdaptiveWindowNarrowsAndWidensAndResumesAsIfNeverStopped) {
  PopulationOptions options = small_options();
  options.adapt_window = true;
  options.window = 10;
  options.resort_every = 5;  // checks so close that a few take no grid
  options.restart_after = 0;
  std::vector<int> widths;
  PopulationState state;
  for (uint64_t iterations = 200; iterations <= 30000; iterations += 200) {
    run_with(options, 3, iterations, state);
    widths.push_back(state.window.width);
    const size_t best = state.pool.front().size();
    EXPECT_GE(state.pool.back().size() + static_cast<size_t>(state.window.width), best) << "a grid below the window";
  }
  EXPECT_LT(*std::min_element(widths.begin(), widths.end()), 10) << "the window never narrowed";
  EXPECT_GT(*std::max_element(widths.begin(), widths.end()), 10) << "the window never widened";
  PopulationState straight, first;
  const SearchResult whole = run_with(options, 3, 9000, straight);
  run_with(options, 3, 4100, first);
  PopulationState loaded = through_a_checkpoint(first, "population_checkpoint_adaptive.json");
  EXPECT_EQ(loaded.window.width, first.window.width);
  EXPECT_EQ(loaded.window.gains, first.window.gains);
  EXPECT_EQ(loaded.window.idle_tenths, first.window.idle_tenths);
  const SearchResult resumed = run_with(options, 3, 9000, loaded);
  EXPECT_EQ(resumed.best, whole.best);
  EXPECT_EQ(loaded.pool, straight.pool);
  EXPECT_EQ(loaded.window.width, straight.window.width);
}

// With kept DNAs every pool grid is the game its DNA plays, whether it came from a random game, a
// child or an end search, and whether or not a child has since given it its DNA (drift); the
// grids' DNAs drift away from the encoding of their games; a search is the same run twice.
TEST(MorpionPopulation, EachPoolGridIsTheGameItsKeptDnaPlays) {
  PopulationOptions options = small_options();
  options.pool_order = PoolOrder::kRotate;
  options.resort_every = 1000;
  options.mutation = Mutation::kSwapAny;
  options.swaps = 3;
  options.dna = DnaSource::kKept;
  options.skew = 4;
  options.window = 6;
  options.pool = 300;
  options.restart_after = 0;
  PopulationState state, again;
  const SearchResult result = run_with(options, 9, 8000, state);
  run_with(options, 9, 8000, again);
  EXPECT_EQ(again.pool, state.pool);
  EXPECT_EQ(again.dnas, state.dnas);
  ASSERT_EQ(state.dnas.size(), state.pool.size());
  ASSERT_GT(state.pool.size(), 20u);
  size_t drifted = 0;
  for (size_t i = 0; i < state.pool.size(); ++i) {
    Board board;
    Game played;
    play_kept(state.dnas[i], board, played);
    EXPECT_EQ(played, state.pool[i]) << "grid " << i;
    // A DNA as kept_dna_of would make it ranks the game's moves on top, in order.
    const Game& g = state.pool[i];
    for (size_t k = 0; k < g.size(); ++k)
      if (state.dnas[i][g[k].line] != kLines - static_cast<int>(k)) {
        ++drifted;
        break;
      }
  }
  EXPECT_GT(drifted, 0u) << "no grid's DNA drifted";
  // It searches: far past random play (mean 54), if slower to climb than the default (the pool
  // order draws parents by their visits as often as by their score).
  EXPECT_GE(result.best.size(), 85u);
  EXPECT_THROW(checkpoint_json({}, {state}, Rules::k5T), std::invalid_argument);
}

// An end search that keeps all its finishes fills the pool with every new one within the
// window; one that keeps the longest adds at most one grid.
TEST(MorpionPopulation, AnEndSearchKeepingAllItsFinishesOffersEachToThePool) {
  PopulationOptions options = small_options();
  options.end_search_every = 1;
  options.completions = 50;
  SearchLimits limits;
  limits.iterations = 6;  // one end search at each wind-back depth
  PopulationState longest, all;
  population_search(7, 0, options, limits, nullptr, longest);
  EXPECT_LE(longest.pool.size(), 7u);
  options.end_search_keep_all = true;
  population_search(7, 0, options, limits, nullptr, all);
  EXPECT_GT(all.pool.size(), 7u);  // the most six end searches keeping their longest finish could add
  std::unordered_set<uint64_t> grids;
  for (const Game& g : all.pool) {
    EXPECT_TRUE(grids.insert(lines_hash(g)).second) << "a grid taken twice";
    EXPECT_LE(g.size(), all.pool.front().size());
    EXPECT_GE(g.size() + static_cast<size_t>(options.window), all.pool.front().size());
  }
}

// A resumed search's time limits count from its start: one that has had its time stops at once.
TEST(MorpionPopulation, AResumedSearchsTimeLimitsCountFromItsStart) {
  PopulationState state;
  run_to(1000, state);
  state.result.seconds = 100;
  state.result.cpu_seconds = 100;
  for (const bool cpu : {false, true}) {
    SearchLimits limits;
    (cpu ? limits.cpu_seconds : limits.seconds) = 50;
    const SearchResult result = population_search(7, 0, small_options(), limits, nullptr, state);
    EXPECT_TRUE(result.stopped);
    EXPECT_EQ(state.iteration, 1000u);
  }
}

// A search is a pure function of (seed, search index, iterations): the same on one thread or
// two, whatever runs beside it.
TEST(MorpionPopulation, ResultsAreTheSameOnOneThreadOrTwo) {
  auto run = [](int threads) {
    return run_searches(3, threads, [](int s) {
      PopulationState state;
      return run_to(4000, state, s);
    });
  };
  const auto one = run(1), two = run(2);
  for (size_t s = 0; s < one.size(); ++s) EXPECT_EQ(one[s].best, two[s].best) << "search " << s;
  EXPECT_NE(one[0].best, one[1].best);
}

}  // namespace
}  // namespace morpion
