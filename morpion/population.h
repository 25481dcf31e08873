#pragma once
// The population DNA search: a pool of distinct grids, best first; children by swapping and
// blacklisting the line preferences of a parent picked with a skew towards the best; now and
// then an end search that winds a grid back and finishes it at random, the depth chosen by a
// bandit; a fresh start when the pool has stopped improving, from a random game or, after a
// number of iterations (or in bursts after each rise of the best), a kick: the best grid (or a
// walk's grid near it) wound back and finished at random. Optionally, climbs from the best grids
// of its best lineages and then from its best in place of kicks (climber_options), or a climb
// from each lineage that sets a record before its fresh start; or rounds that each begin anew
// and kick from their own best.
// Iteration i draws only from its own stream, so a search is a pure function of (seed, search
// index, iterations).
#include <array>
#include <cstdint>
#include <functional>
#include <unordered_set>
#include <vector>

#include "morpion/search.h"

namespace morpion {

// What makes two pool grids the same: their set of lines, or only their set of dots.
enum class SameGrid { kLines, kDots };

// Where a child's preferences for the lines its parent did not play come from: a fresh random
// fill each child, one fill per lineage, or one per parent grid (so that all children of a grid
// share it and differ only by their swaps and blacklists).
enum class Fill { kFresh, kLineage, kGrid };

// How an end search chooses how far to wind back: one depth that a UCB1 bandit chooses from the
// search's end searches so far, or from its lineage's only (the counts start afresh with each
// lineage), or (the public log's) every depth of the best grid not yet end-searched.
enum class EndSearchDepths { kBandit, kLineageBandit, kAll };

// How a child changes its parent's preferences: swap pairs of the parent's moves and blacklist
// some of them, or (the public log's mutation) swap each of a few of the parent's moves with any
// line, so that a move is demoted rather than forbidden and another line takes its place.
enum class Mutation { kBlacklist, kSwapAny };

// Where a child's DNA comes from: its parent's moves on top of a fill, encoded afresh for each
// child, or (the public log's) a DNA that each pool grid keeps, which its children copy and
// change, and which a grid takes over, with its order of moves, from a child that plays it again
// (neutral drift: changes that do not change the grid accumulate).
enum class DnaSource { kParent, kKept };

// A kept DNA: a rank per line; the legal move of the highest rank is played (ties: the smaller line).
using KeptDna = std::vector<uint16_t>;

// The order parents are drawn from: the pool sorted by score, best first (new grids take their
// place at once), or the public log's rotation: new grids join at the end, and every
// `resort_every` iterations the pool is re-sorted by a key that rotates between score, fewest
// visits, score less a small charge per visit, and a UCB bound, so that grids drawn least get
// their turn.
enum class PoolOrder { kScore, kRotate };

// Where, under PoolOrder::kScore, a new grid goes among the pool's grids of its score: first (the
// newest is the likeliest parent of its score, so that on a plateau the search keeps moving), last
// (the first grid of a score stays the likeliest) or at a place drawn at random among them.
enum class TieOrder { kNewest, kOldest, kRandom };

// What, under PoolOrder::kScore, a child does that plays a grid the pool holds in another order of
// its moves: nothing, or the held grid takes the child's order of moves (which its own
// children then copy), or takes it and goes first among the grids of its score, as a new grid would.
enum class Refound { kKeep, kReorder, kFront };

// What a kick takes out of the grid it starts from: its last moves (the tail of its game), moves
// anywhere each with the moves that need its dot (ruined()), or the moves nearest one of its dots
// with theirs (ruined_region()), so that the rest of the grid, wherever it lies, is kept.
enum class KickShape { kTail, kRuin, kRegion };

struct PopulationOptions {
  Rules rules = Rules::k5T;
  int pool = 5000;                        // grids kept at most
  int window = 5;                         // and none more than this below the best
  SameGrid same_grid = SameGrid::kLines;  // grids the pool holds only one of
  bool canonical_order = false;           // the pool keeps each grid in canonical_order(), not as played
  bool end_search_unsearched = false;     // an end search takes the first grid from the parent on not yet searched
  bool end_search_keep_all = false;       // the pool is offered every finish of an end search, not only the longest
  EndSearchDepths end_search_depths = EndSearchDepths::kBandit;  // how an end search chooses its wind-back
  Fill fill = Fill::kFresh;                  // a child's preferences for the lines its parent did not play
  Mutation mutation = Mutation::kBlacklist;  // kSwapAny: 1..swaps swaps of a parent move with any line
  PoolOrder pool_order = PoolOrder::kScore;  // kRotate: the public log's rotating sort keys
  TieOrder ties = TieOrder::kNewest;         // kScore: where a new grid goes among those of its score
  Refound refound = Refound::kKeep;          // kScore: what a child that plays a held grid changes
  uint64_t resort_every = 100000;            // iterations between re-sorts under kRotate
  bool drift = false;                        // kRotate: a child the pool holds gives that grid its order of moves
  DnaSource dna = DnaSource::kParent;        // kKept needs kRotate and Mutation::kSwapAny
  bool adapt_window = false;                 // the public log's window, AdaptiveWindow, checked every resort_every
  double ruin_share = 0;            // end searches that take out moves with their dependants, not the last ones
  double crossover_share = 0;       // children that join two pool grids across a cut, not mutate one (crossed())
  double skew = 10;                 // the parent is pool[floor(u^skew * size)], u uniform in [0, 1)
  int swaps = 2;                    // a child swaps 0..swaps pairs of its parent's preferences
  int blacklist = 3;                // and blacklists 1..blacklist of its parent's moves
  double mutation_focus = 1;        // each changed move is parent[floor(u^focus * n)]: below 1 nearer the end
  double protect = 0;               // a child's new line that would make a parent move still to play illegal
                                    // is valued this much lower
  double fill_centre = 0;           // a child's fill leans this much to lines near the cross (Dna; 0: uniform)
  uint64_t end_search_every = 100;  // iterations per end search
  int completions = 100;            // random finishes per end search
  uint64_t restart_after = 300000;  // iterations without a better pool best before a fresh start (0: never)
  double restart_growth = 1;        // each fresh start's lineage waits this many times longer than the last
  uint64_t poor_restart_after = 0;  // restart_after while the lineage's best is below poor_below (0: off)
  int poor_below = 130;             // (about the median lineage's best)
  uint64_t widen_after = 0;         // each this many iterations without a better pool best (0: never)...
  int widen_by = 10;                // ...widen the window by this much, until the pool's best rises
  uint64_t abandon_after = 0;       // a lineage this many iterations old (0: never)...
  int abandon_margin = 8;           // ...and more than this below the search's best is given up
  int abandon_below = 0;            // ...or, if set, with a best below this score, whatever the search's best
  double kick_share = 0;            // fresh starts that kick the best grid rather than play a random game
  uint64_t kick_after = 36000000;   // from this iteration on every fresh start is a kick (0: never)
  uint64_t kick_restart_after = 0;  // restart_after for a lineage begun by any kick (0: the same)
  // restart_after for such a kick's lineage while it stands on the grid it was kicked from, climbed
  // back to it and no higher (0: as kick_restart_after)
  uint64_t kick_return_patience = 0;
  double kick_least = 0.2, kick_most = 0.5;  // a kick winds back this share of the best grid's moves
  KickShape kick_shape = KickShape::kTail;   // which moves a kick takes out
  // A kick's lineage blacklists this many lines of the moves the kick took out, drawn at random, in
  // every child it makes by mutation under DnaSource::kParent (0: none), so that it climbs back to
  // the grid it came from less often. The kick's own finish and the end search's may still play them.
  int kick_tabu = 0;
  double kick_skew = 0;  // skew for the parents of a lineage a kick began (0: skew)
  // Every this many iterations the search begins a new round (0: one round): a fresh start from a
  // random game, kick_after counted from the round's start, and kicks from the round's own best.
  uint64_t round_iterations = 0;
  // A kick's lineage (after kick_after, in a burst or by kick_share) that ends at most this far
  // below the search's best becomes the source of the next kicks, so that the kicks walk among grids
  // near the best, until the best rises and they start from it again (-1: always from the best).
  int kick_accept = -1;
  // With K > 0, once K lineages have ended, a fresh start that is not a kick plays a random game
  // biased to the K best lineages' grids: each line they play is preferred with the probability
  // the share of them that play it (elite_game()). 0: every such fresh start is a random game.
  int elite_starts = 0;
  Game start;                            // the first lineage's first grid (empty: a random game, as every later one)
  uint64_t climb_after = 0;              // iterations after which the search hands its best grid to climbs (0: never)
  uint64_t climb_iterations = 18000000;  // each climb's iterations (about five CPU minutes)
  int climb_lineages = 1;                // the first climbs start from the best grids of this many lineages, best first
  // The grids a climb's pool holds only one of (the public log's search: dots; climbs kept lines before 0.15.5).
  SameGrid climb_same_grid = SameGrid::kDots;
  // A climb's DNAs: kParent, the public log's later storage of a grid's moves only (a child's DNA is
  // its parent's moves on top of one fill per parent grid, and a grid takes over the order of a child
  // that plays its dots again: drift), or kKept, the climber's own (climber_options(); before 0.15.7).
  DnaSource climb_dna = DnaSource::kParent;
  // The grids a climb's pool keeps, the longest at each re-sort: the climber's 50,000, or as few as the
  // public log's newer pools (1,000-2,000).
  int climb_pool = 50000;
  // A lineage that ends with a better best than every lineage before it, at least record_climb_from,
  // is first climbed from for this many iterations (0: never), and the search then starts afresh.
  uint64_t record_climbs = 0;
  int record_climb_from = 150;
  // After each rise of the search's best to at least kick_burst_from, the next kick_bursts fresh
  // starts are kicks from the best grid, whatever kick_after says (0: none). A new best's first kicks
  // rise past it far more often than a random lineage does at that height; its later kicks hardly
  // ever do, so the search goes back to random games until the next rise.
  int kick_bursts = 10;  // (0 with climb_after or round_iterations, unless given: settle_climbs_and_kicks)
  int kick_burst_from = 150;
};

// The climber: the public log's settings, a pool of kept DNAs that never starts afresh, told apart
// by their dots. From a grid that a search with fresh starts found, it climbs further than that
// search goes on to (docs/morpion-research.md); from a random game it gets stuck more often. Its
// pool holds up to 50,000 grids of 32 KB each (of their moves only with climb_dna kParent, the default).
PopulationOptions climber_options(Rules rules);

// The end search's wind-back depths, as fractions of the grid's moves: the bandit's arms.
constexpr std::array<double, 6> kWindBack{0.03, 0.06, 0.10, 0.15, 0.20, 0.25};

// The public log's window, which tunes itself to the grids the pool takes: at each check it narrows
// by one when at least kGains grids were taken inside it (not new bests) since it last changed, and
// widens by kWiden when its idleness, +10 a check and -1 a grid taken, reaches kIdle; a new pool best
// sets it back to the option's width.
struct AdaptiveWindow {
  static constexpr uint64_t kGains = 16, kIdle = 160;
  static constexpr int kWiden = 10;
  int width = -1;            // -1 before the search's first iteration
  uint64_t gains = 0;        // grids taken strictly inside the window, not new bests, since it last changed
  uint64_t idle_tenths = 0;  // +10 each check, -1 each grid taken (not below 0), 0 at a new best
};

// A population search between two iterations: everything the next iteration reads, so that a
// search resumed from a saved state finds what it would have found uninterrupted.
struct PopulationState {
  uint64_t iteration = 0;        // iterations done
  std::vector<Game> pool;        // distinct grids (by options.same_grid), best first or, under kRotate, in draw order
  std::vector<uint64_t> visits;  // under kRotate: draws of each pool grid since it last gave a grid the pool took
  std::vector<KeptDna> dnas;     // under DnaSource::kKept: each pool grid's DNA
  std::array<uint64_t, kWindBack.size()> tries{}, successes{};
  uint64_t lineage_start = 0;                 // iteration of the current lineage's fresh start
  Lineage lineage;                            // the current lineage's rises so far
  std::unordered_set<uint64_t> end_searched;  // this lineage's grids an end search has started from
  AdaptiveWindow window;                      // with options.adapt_window
  int restarts = 0;
  // With climb_lineages > 1: the best grids of the best lineages so far (one each, distinct), best
  // first, at most climb_lineages: the first climbs' starts.
  std::vector<Game> climb_starts;
  // With elite_starts: the best grids of the best lineages so far, as climb_starts, at most elite_starts.
  std::vector<Game> elites;
  Game round_best;        // with round_iterations: the best grid of this round's lineages, its kicks' source
  Game kick_walk;         // with kick_accept >= 0: the kicks' source, the last accepted kick's best since the last rise
  std::vector<int> tabu;  // with kick_tabu: the lines the current kick's lineage blacklists in its children
  int burst_kicks = 0;    // with kick_bursts: the fresh starts of the burst since the search's best last rose
  SearchResult result;    // the best grid so far, its improvements, the climbs finished, the time spent
  // The iteration at which the pool's best last rose: the current lineage's last rise.
  uint64_t pool_best_since() const { return lineage_start + (lineage.steps.empty() ? 0 : lineage.steps.back().first); }
};

// Saves a state now and then: `save` is called between iterations, at most once per
// `every_seconds` of the search's own time, and once when it ends.
struct Checkpointing {
  double every_seconds = 60;
  std::function<void(int search, const PopulationState&)> save;
};

// Runs search `search` from `state` (a default state: from the start) until `limits` end
// it; `state` is left where the search stopped or, during the climbs, at the start of the
// unfinished climb (a climb's pool of kept DNAs is not saved: a resumed search runs that climb
// again and finds what it would have found). The limits count from the search's start, not from
// where a resumed state stands: its iterations, seconds and CPU seconds so far count.
SearchResult population_search(uint64_t master_seed, int search, const PopulationOptions& options,
                               const SearchLimits& limits, const ImprovementCallback& on_improvement,
                               PopulationState& state, const Checkpointing& checkpointing = {});

// The kept DNA of a finished game: its moves ranked on top in their order, every other line a
// random rank below them, so that playing the DNA gives the game.
KeptDna kept_dna_of(const Game& game, ratrace::Rng& rng);
// Plays a kept DNA's choices on `board`, appending them to `game`.
void play_kept(const KeptDna& dna, Board& board, Game& game);

// An order-free hash of a grid's lines: two games with the same lines give the same grid.
uint64_t lines_hash(const Game& game);
// An order-free hash of a grid's dots: games that place the same dots, by whatever lines.
uint64_t dots_hash(const Game& game);
// The hash that says which grids are the same under `same_grid`.
uint64_t grid_hash(const Game& game, SameGrid same_grid);
// For each move of `game`, the earlier moves that placed the other dots of its line (-1 for
// the rest: dots of the cross, or no more).
std::vector<std::array<int, 4>> prerequisites(const Game& game);
// `parent` with at most `depth` moves taken out anywhere, each with every later move that needs
// a dot it placed: a move drawn at random with its dependants, again until `depth` moves are out
// or 64 draws are spent (a move with too many dependants is passed over). What is left is legal
// in its order, since taking lines and dots away never makes a remaining move illegal.
Game ruined(const Game& parent, size_t depth, ratrace::Rng& rng);
// As ruined(), but the moves taken out are drawn nearest first to the dot of one move drawn at
// random, so that what is taken out is one region of the grid rather than moves scattered over it.
Game ruined_region(const Game& parent, size_t depth, ratrace::Rng& rng);
// A child of two grids: a straight cut at a random angle, through a point near the cross's middle,
// splits the plane; the child prefers `a`'s moves whose dot lies on one side and `b`'s on the other,
// each in its own grid's order (interleaved by their share of the way through their game), and
// every other line as the random fill `fill_key` of `dna` says. Good parts of two grids that
// lie apart can meet in one, which no change of one grid's preferences brings about.
Game crossed(const Game& a, const Game& b, uint64_t fill_key, Rules rules, Dna& dna, ratrace::Rng& rng);
// A game biased to `elites`: each line some of them play is preferred with the probability the
// share of them that play it, the preferred lines in their mean place in the elites' games; every
// other line as a random fill, below them. A line all of them play is always preferred, and a
// game biased to one elite is that elite: a start from what the best lineages share.
Game elite_game(const std::vector<Game>& elites, Rules rules, ratrace::Rng& rng);
// The same grid played in one order that depends only on its moves: each time, of the moves
// whose other four dots are all placed, the one with the smallest line. A child whose DNA only
// reorders its parent's moves then repeats the parent's order rather than drifting.
Game canonical_order(const Game& game);

}  // namespace morpion
