#include "morpion/search_options.h"

#include <algorithm>
#include <stdexcept>

namespace morpion {

namespace {

using O = PopulationOptions;

// Iteration counts have no limit of their own; this is the largest both front ends read (Python's
// whole numbers are int64), so that `morpion search --help` and ratrace.morpion.settings() agree.
constexpr uint64_t kAny = INT64_MAX;

// A choice's value and how it sets the options.
template <typename T>
std::pair<std::string, std::function<void(O&)>> value(const char* name, T O::*member, T to) {
  return {name, [member, to](O& o) { o.*member = to; }};
}

std::vector<PopulationSetting> make_table() {
  return {
      {"blacklist", "Moves blacklisted per iteration (population: a child blacklists 1 to this many)",
       Bounded<int>{&O::blacklist, 1, 1000}, false},
      {"pool", "Grids kept", Bounded<int>{&O::pool, 1, 10000000}},
      {"same_grid",
       "lines (two grids are the same when they draw the same lines) or dots (when they place the same dots); the "
       "pool holds one of each",
       Choice{{value("lines", &O::same_grid, SameGrid::kLines), value("dots", &O::same_grid, SameGrid::kDots)}}},
      {"order",
       "played (a pool grid keeps the order it was played in) or canonical (each time the ready move with the "
       "smallest line, an order that depends only on the grid)",
       Choice{{value("played", &O::canonical_order, false), value("canonical", &O::canonical_order, true)}}},
      {"end_search_source",
       "parent (an end search finishes the iteration's parent) or unsearched (the first grid from the parent on, "
       "down the pool, that no end search of its lineage has finished)",
       Choice{
           {value("parent", &O::end_search_unsearched, false), value("unsearched", &O::end_search_unsearched, true)}}},
      {"end_search_keep",
       "best (the pool is offered an end search's longest finish, when it is no shorter than its source) or all "
       "(every finish, each taken when it is new and within the window)",
       Choice{{value("best", &O::end_search_keep_all, false), value("all", &O::end_search_keep_all, true)}}},
      {"end_search_depths",
       "bandit (an end search winds back by one depth that a UCB1 bandit chooses from the search's end searches so "
       "far), lineage-bandit (from its lineage's only) or all (the public log's: the best grid no end search of its "
       "lineage has finished, wound back by every depth up to a quarter of its moves, each finished at random until "
       "200 finishes in a row add nothing to the pool; --end-search-source, --end-search-keep and --completions then "
       "do not apply)",
       Choice{{value("bandit", &O::end_search_depths, EndSearchDepths::kBandit),
               value("lineage-bandit", &O::end_search_depths, EndSearchDepths::kLineageBandit),
               value("all", &O::end_search_depths, EndSearchDepths::kAll)}}},
      {"fill",
       "a child's preferences for the lines its parent did not play: fresh (a new random fill each child), lineage "
       "(one fill per lineage) or grid (one per parent grid, shared by all its children)",
       Choice{{value("fresh", &O::fill, Fill::kFresh), value("lineage", &O::fill, Fill::kLineage),
               value("grid", &O::fill, Fill::kGrid)}}},
      {"mutation",
       "blacklist (a child swaps 0 to --swaps pairs of its parent's moves and blacklists 1 to --blacklist of them) "
       "or swap-any (it swaps 1 to --swaps of its parent's moves each with any line, blacklisting none: the public "
       "log's mutation)",
       Choice{{value("blacklist", &O::mutation, Mutation::kBlacklist),
               value("swap-any", &O::mutation, Mutation::kSwapAny)}}},
      {"pool_order",
       "score (parents are drawn from the pool sorted best first) or rotate (the public log's: new grids join at "
       "the end, and every --resort-every iterations the pool is re-sorted by a key that rotates between score, "
       "fewest visits, score less a charge per visit and a UCB bound)",
       Choice{
           {value("score", &O::pool_order, PoolOrder::kScore), value("rotate", &O::pool_order, PoolOrder::kRotate)}}},
      {"ties",
       "with --pool-order score, where a new grid goes among the pool's grids of its score: newest (first: the "
       "likeliest parent of its score, so that on a plateau the search keeps moving), oldest (last: the first grid "
       "of a score stays the likeliest parent) or random (at a place drawn among them)",
       Choice{{value("newest", &O::ties, TieOrder::kNewest), value("oldest", &O::ties, TieOrder::kOldest),
               value("random", &O::ties, TieOrder::kRandom)}}},
      {"refound",
       "with --pool-order score, what a child that plays a grid the pool holds (the same lines in another order) "
       "changes: keep (nothing), reorder (the held grid takes the child's order of moves, which its children copy) "
       "or front (takes it and goes first among the grids of its score, as a new grid does)",
       Choice{{value("keep", &O::refound, Refound::kKeep), value("reorder", &O::refound, Refound::kReorder),
               value("front", &O::refound, Refound::kFront)}}},
      {"resort_every", "See --pool-order", Bounded<uint64_t>{&O::resort_every, 1, kAny}},
      {"dna",
       "parent (a child's DNA is its parent's moves on top of a fill) or kept (the public log's: each pool grid "
       "keeps a DNA that its children copy and change, and takes over a child's that plays it again)",
       Choice{{value("parent", &O::dna, DnaSource::kParent), value("kept", &O::dna, DnaSource::kKept)}}},
      {"adapt_window",
       "The public log's window, checked every --resort-every iterations: narrower by 1 after 16 grids taken inside "
       "it, wider by 10 after 16 checks with hardly any taken, back to --window at a new best",
       Switch{&O::adapt_window}},
      {"drift",
       "With --pool-order rotate: a child that is a grid the pool holds gives that grid the order it played its "
       "moves in (the public log's neutral drift)",
       Switch{&O::drift}},
      {"ruin_share",
       "Share of end searches that take out moves anywhere in the grid, each with the moves that need its dot, "
       "rather than the last ones",
       Bounded<double>{&O::ruin_share, 0, 1}},
      {"crossover_share",
       "Share of children that join two pool grids, the parent's moves on one side of a random straight cut and "
       "another pool grid's on the other, rather than change one grid",
       Bounded<double>{&O::crossover_share, 0, 1}},
      {"window", "No grid kept more than this below the best", Bounded<int>{&O::window, 0, 1000}},
      {"skew", "A parent is pool[u^skew * size], u uniform in [0, 1)", Bounded<double>{&O::skew, 0, 1000, true}},
      {"swaps", "A child swaps 0 to this many pairs of preferences (--mutation swap-any: 1 to this many)",
       Bounded<int>{&O::swaps, 0, 1000}},
      {"mutation_focus",
       "Each move a child changes is its parent's move floor(u^focus * n), u uniform in [0, 1): below 1 nearer the "
       "game's end, above 1 nearer its start",
       Bounded<double>{&O::mutation_focus, 0, 100, true}},
      {"protect", "A child's new line that overlaps a parent move it has still to play loses this much value (0: off)",
       Bounded<double>{&O::protect, 0, 1}},
      {"fill_centre",
       "A child's fill values, where it leaves its parent's moves, lean this much to lines near the cross: (u + w "
       "c) / (1 + w), c = 1 / (1 + d / 4), d the line's distance from the cross's centre (0: uniform)",
       Bounded<double>{&O::fill_centre, 0, 100}},
      {"end_search_every", "Iterations per end search", Bounded<uint64_t>{&O::end_search_every, 1, kAny}},
      {"completions", "Random finishes per end search", Bounded<int>{&O::completions, 1, 1000000}},
      {"restart_after", "Iterations without a better pool before a fresh start (0: never)",
       Bounded<uint64_t>{&O::restart_after, 0, kAny}},
      {"restart_growth", "Each lineage waits this many times longer than the last before its fresh start",
       Bounded<double>{&O::restart_growth, 1, 1000}},
      {"poor_restart_after", "--restart-after for a lineage whose best is below --poor-below (0: the same)",
       Bounded<uint64_t>{&O::poor_restart_after, 0, kAny}},
      {"poor_below", "See --poor-restart-after", Bounded<int>{&O::poor_below, 0, 100000}},
      {"widen_after",
       "Each this many iterations without a better pool best widen the window by --widen-by, until the pool's best "
       "rises (0: never)",
       Bounded<uint64_t>{&O::widen_after, 0, kAny}},
      {"widen_by", "See --widen-after", Bounded<int>{&O::widen_by, 1, 1000}},
      {"abandon_after",
       "A lineage this many iterations old and more than --abandon-margin below the search's best is given up for "
       "a fresh start (0: never)",
       Bounded<uint64_t>{&O::abandon_after, 0, kAny}},
      {"abandon_margin", "See --abandon-after", Bounded<int>{&O::abandon_margin, 0, 1000}},
      {"abandon_below",
       "With --abandon-after, a lineage that old whose best is below this score is given up, whatever the search's "
       "best (0: the --abandon-margin rule)",
       Bounded<int>{&O::abandon_below, 0, 1000}},
      {"kick_share", "Share of fresh starts from the best grid wound back, not from a random game",
       Bounded<double>{&O::kick_share, 0, 1}},
      {"kick_after",
       "From this many iterations on, every fresh start is from the best grid wound back (0: never; off with "
       "--climb-after)",
       Bounded<uint64_t>{&O::kick_after, 0, kAny}},
      {"kick_restart_after",
       "--restart-after for a lineage begun by a kick (after --kick-after, in a burst, or by --kick-share; 0: the "
       "same)",
       Bounded<uint64_t>{&O::kick_restart_after, 0, kAny}},
      {"kick_return_patience",
       "--restart-after for a kick's lineage while it stands on the grid it was kicked from, climbed back to it and "
       "no higher (0: as --kick-restart-after)",
       Bounded<uint64_t>{&O::kick_return_patience, 0, kAny}},
      {"kick_tabu",
       "A kick's lineage blacklists this many lines of the moves the kick took out, drawn at random, in every child "
       "it makes, so that it climbs back to its grid less often",
       Bounded<int>{&O::kick_tabu, 0, 1000}},
      {"kick_skew", "--skew for the parents of a lineage a kick began (0: as --skew)",
       Bounded<double>{&O::kick_skew, 0, 1000}},
      {"elite_starts",
       "Once this many lineages have ended, a fresh start that is not a kick plays a random game biased to the "
       "lines of their best grids, each preferred with the share of them that play it (0: a random game)",
       Bounded<int>{&O::elite_starts, 0, 1000}},
      {"round_iterations",
       "Every this many iterations the search begins a new round: a fresh start from a random game, --kick-after "
       "counted from the round's start, kicks from the round's best (0: one round)",
       Bounded<uint64_t>{&O::round_iterations, 0, kAny}},
      {"kick_accept",
       "A kick's lineage (after --kick-after, in a burst or by --kick-share) that ends at most this many points below "
       "the search's best becomes the source of the next kicks, until the best rises (-1: kicks always from the best)",
       Bounded<int>{&O::kick_accept, -1, 1000}},
      {"kick_shape",
       "Which of the best grid's moves a kick takes out: tail (its last moves), ruin (moves anywhere, each with the "
       "moves that need its dot) or region (the moves nearest one of its dots, each with theirs)",
       Choice{{value("tail", &O::kick_shape, KickShape::kTail), value("ruin", &O::kick_shape, KickShape::kRuin),
               value("region", &O::kick_shape, KickShape::kRegion)}}},
      {"climb_after",
       "After this many iterations, hand the best grid to climbs with the climber's settings, each from the best so "
       "far (0: never; up to 1.6 GB a search with --climb-dna kept)",
       Bounded<uint64_t>{&O::climb_after, 0, kAny}},
      {"climb_iterations", "Iterations of each climb", Bounded<uint64_t>{&O::climb_iterations, 1, kAny}},
      {"climb_lineages",
       "The first climbs start from the best grids of this many lineages, best first, the later ones from the best "
       "so far",
       Bounded<int>{&O::climb_lineages, 1, 1000}},
      {"climb_same_grid",
       "dots (a climb's pool holds one grid of each set of dots, as the public log's search does) or lines (of each "
       "set of lines, as climbs did before 0.15.5: 0.8 points lower over 24 paired climbs)",
       Choice{{value("dots", &O::climb_same_grid, SameGrid::kDots),
               value("lines", &O::climb_same_grid, SameGrid::kLines)}}},
      {"climb_dna",
       "parent (each grid of a climb's pool keeps its moves only, as the public log's search does now: a child's DNA "
       "is its parent's moves on top of one fill per parent grid, and a grid takes over the order of a child that "
       "plays its dots again) or kept (a DNA of every line, 32 KB a grid, as the public log's search once did and "
       "climbs did before 0.15.7)",
       Choice{{value("parent", &O::climb_dna, DnaSource::kParent), value("kept", &O::climb_dna, DnaSource::kKept)}}},
      {"climb_pool",
       "Grids a climb's pool keeps, the longest at each re-sort (the climber's 50,000; the public log's newer pools "
       "keep 1,000-2,000)",
       Bounded<int>{&O::climb_pool, 1, 10000000}},
      {"record_climbs",
       "A lineage that ends with a better best than every lineage before it is first climbed from for this many "
       "iterations with the climber's settings (0: never; up to 1.6 GB a search with --climb-dna kept)",
       Bounded<uint64_t>{&O::record_climbs, 0, kAny}},
      {"record_climb_from", "See --record-climbs; only lineages whose best is at least this",
       Bounded<int>{&O::record_climb_from, 0, 100000}},
      {"kick_bursts",
       "After each rise of the search's best to at least --kick-burst-from, this many fresh starts are kicks from "
       "it, whatever --kick-after says; then random games again until the next rise (0: none; off with "
       "--climb-after and --round-iterations unless given)",
       Bounded<int>{&O::kick_bursts, 0, 1000000}},
      {"kick_burst_from", "See --kick-bursts; only after a rise to at least this score",
       Bounded<int>{&O::kick_burst_from, 0, 100000}},
  };
}

const Choice& choice_named(const std::string& name) {
  const Choice* choice = std::get_if<Choice>(&population_setting(name).kind);
  if (choice == nullptr) throw std::invalid_argument("'" + name + "' is not a population setting that is a choice");
  return *choice;
}

}  // namespace

std::string PopulationSetting::flag() const {
  std::string flag = "--" + name;
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

const std::vector<PopulationSetting>& population_setting_table() {
  static const std::vector<PopulationSetting> table = make_table();
  return table;
}

const PopulationSetting& population_setting(const std::string& name) {
  for (const PopulationSetting& setting : population_setting_table())
    if (setting.name == name) return setting;
  throw std::invalid_argument("'" + name + "' is not a setting of the population search");
}

void set_population_choice(PopulationOptions& options, const std::string& name, const std::string& value) {
  std::string names;
  for (const auto& [text, set] : choice_named(name).values) {
    if (text == value) return set(options);
    names += (names.empty() ? "" : ", ") + text;
  }
  throw std::invalid_argument(name + " '" + value + "': one of " + names);
}

std::vector<std::string> population_choice_values(const std::string& name) {
  std::vector<std::string> values;
  for (const auto& [text, set] : choice_named(name).values) values.push_back(text);
  return values;
}

}  // namespace morpion
