#include "morpion/population.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <numeric>
#include <queue>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace morpion {

uint64_t lines_hash(const Game& game) {
  uint64_t hash = 0;
  for (const Move& m : game) hash += ratrace::mix64(static_cast<uint64_t>(m.line) + 1);
  return hash;
}

uint64_t dots_hash(const Game& game) {
  uint64_t hash = 0;
  for (const Move& m : game) hash += ratrace::mix64(static_cast<uint64_t>(m.dot) + (uint64_t{1} << 32));
  return hash;
}

uint64_t grid_hash(const Game& game, SameGrid same_grid) {
  return same_grid == SameGrid::kDots ? dots_hash(game) : lines_hash(game);
}

std::vector<std::array<int, 4>> prerequisites(const Game& game) {
  std::vector<int> placed_by(kCells, -1);
  for (size_t i = 0; i < game.size(); ++i) placed_by[game[i].dot] = static_cast<int>(i);
  std::vector<std::array<int, 4>> needs(game.size());
  for (size_t i = 0; i < game.size(); ++i) {
    const Move& m = game[i];
    int found = 0;
    needs[i].fill(-1);
    for (int k = 0; k < 5; ++k) {
      const int cell = m.first_cell() + k * kStep[static_cast<size_t>(m.dir())];
      if (cell != m.dot && placed_by[static_cast<size_t>(cell)] >= 0)
        needs[i][static_cast<size_t>(found++)] = placed_by[static_cast<size_t>(cell)];
    }
  }
  return needs;
}

Game canonical_order(const Game& game) {
  // A move can be played once the moves that placed its line's other dots have been: a
  // topological order of that dependency graph, the smallest line first among those ready.
  std::vector<int> waiting_on(game.size(), 0);
  std::vector<std::vector<int>> unblocks(game.size());
  const std::vector<std::array<int, 4>> needs = prerequisites(game);
  for (size_t i = 0; i < game.size(); ++i)
    for (const int before : needs[i]) {
      if (before < 0) continue;
      ++waiting_on[i];
      unblocks[static_cast<size_t>(before)].push_back(static_cast<int>(i));
    }
  using Ready = std::pair<uint16_t, int>;  // (line, move index)
  std::priority_queue<Ready, std::vector<Ready>, std::greater<>> ready;
  for (size_t i = 0; i < game.size(); ++i)
    if (waiting_on[i] == 0) ready.emplace(game[i].line, static_cast<int>(i));
  Game ordered;
  ordered.reserve(game.size());
  while (!ready.empty()) {
    const int i = ready.top().second;
    ready.pop();
    ordered.push_back(game[static_cast<size_t>(i)]);
    for (int j : unblocks[static_cast<size_t>(i)])
      if (--waiting_on[static_cast<size_t>(j)] == 0) ready.emplace(game[static_cast<size_t>(j)].line, j);
  }
  return ordered;
}

namespace {

// The moves taken out of a grid so far, each with every move that needs a dot of one taken out.
class Ruin {
 public:
  explicit Ruin(const Game& parent) : parent_(parent), needs_(prerequisites(parent)), out_(parent.size(), 0) {}
  size_t removed() const { return removed_; }
  // Takes move `seed` out with its dependants, unless that would take out more than `depth` in all.
  void take_out(size_t seed, size_t depth) {
    if (out_[seed]) return;
    trial_ = out_;
    trial_[seed] = 1;
    size_t count = 0;
    for (size_t j = 0; j < trial_.size(); ++j) {
      for (const int before : needs_[j])
        if (before >= 0 && trial_[static_cast<size_t>(before)]) trial_[j] = 1;
      count += static_cast<size_t>(trial_[j]);
    }
    if (count > depth) return;  // a move with too many dependants is passed over
    out_.swap(trial_);
    removed_ = count;
  }
  // The moves left, in their order.
  Game kept() const {
    Game kept;
    kept.reserve(parent_.size());
    for (size_t j = 0; j < parent_.size(); ++j)
      if (!out_[j]) kept.push_back(parent_[j]);
    return kept;
  }

 private:
  const Game& parent_;
  std::vector<std::array<int, 4>> needs_;
  std::vector<char> out_, trial_;  // trial_: reused, so that a try allocates nothing
  size_t removed_ = 0;
};

}  // namespace

Game ruined(const Game& parent, size_t depth, ratrace::Rng& rng) {
  Ruin ruin(parent);
  for (int tries = 0; tries < 64 && ruin.removed() < depth; ++tries)
    ruin.take_out(rng.below(static_cast<uint32_t>(parent.size())), depth);
  return ruin.kept();
}

Game ruined_region(const Game& parent, size_t depth, ratrace::Rng& rng) {
  const int centre = parent[rng.below(static_cast<uint32_t>(parent.size()))].dot;
  auto distance = [&](size_t i) {
    const int dx = cell_x(parent[i].dot) - cell_x(centre), dy = cell_y(parent[i].dot) - cell_y(centre);
    return dx * dx + dy * dy;
  };
  std::vector<size_t> nearest(parent.size());
  std::iota(nearest.begin(), nearest.end(), size_t{0});
  std::stable_sort(nearest.begin(), nearest.end(), [&](size_t a, size_t b) { return distance(a) < distance(b); });
  Ruin ruin(parent);
  for (size_t i = 0; i < nearest.size() && ruin.removed() < depth; ++i) ruin.take_out(nearest[i], depth);
  return ruin.kept();
}

Game crossed(const Game& a, const Game& b, uint64_t fill_key, Rules rules, Dna& dna, ratrace::Rng& rng) {
  constexpr double kMiddle = 4.5, kOffset = 3;  // the cross spans 0..9; the cut passes within 3 of its middle
  const double angle = 2 * std::numbers::pi * rng.uniform();
  const double cx = kMiddle + kOffset * (2 * rng.uniform() - 1), cy = kMiddle + kOffset * (2 * rng.uniform() - 1);
  const double cos_angle = std::cos(angle), sin_angle = std::sin(angle);
  auto first_side = [&](const Move& m) {
    return (cell_x(m.dot) - cx) * cos_angle + (cell_y(m.dot) - cy) * sin_angle < 0;
  };
  dna.refill(fill_key);
  // Above the fill's [0, 1): 2 for a grid's first move down towards 1 for its last.
  auto prefer = [&](const Game& game, bool side) {
    for (size_t i = 0; i < game.size(); ++i)
      if (first_side(game[i]) == side)
        dna.set(game[i].line, 2 - static_cast<double>(i) / static_cast<double>(game.size()));
  };
  prefer(a, true);
  prefer(b, false);
  return evaluate(dna, rules);
}

KeptDna kept_dna_of(const Game& game, ratrace::Rng& rng) {
  KeptDna dna(kLines);
  const auto below = static_cast<uint32_t>(kLines - static_cast<int>(game.size()));
  for (uint16_t& rank : dna) rank = static_cast<uint16_t>(rng.below(below));
  for (size_t i = 0; i < game.size(); ++i) dna[game[i].line] = static_cast<uint16_t>(kLines - static_cast<int>(i));
  return dna;
}

Game elite_game(const std::vector<Game>& elites, Rules rules, ratrace::Rng& rng) {
  // Each line the elites play, with its place in each game as a share of the way through it.
  std::vector<std::pair<uint16_t, double>> places;
  for (const Game& elite : elites)
    for (size_t i = 0; i < elite.size(); ++i)
      places.emplace_back(elite[i].line, static_cast<double>(i) / static_cast<double>(elite.size()));
  std::ranges::sort(places);
  Dna dna(rng.next());
  const double share = 1.0 / static_cast<double>(elites.size());
  for (auto run = places.begin(); run != places.end();) {
    const auto end = std::ranges::find_if(run, places.end(), [&](const auto& p) { return p.first != run->first; });
    const auto count = static_cast<double>(end - run);
    if (rng.uniform() < share * count) {
      // Before the fill's [0, 1), in the elites' mean order: earlier places first.
      double place = 0;
      for (auto p = run; p != end; ++p) place += p->second;
      dna.set(run->first, 2 - place / count);
    }
    run = end;
  }
  return evaluate(dna, rules);
}

namespace {

// Whether line `a` is preferred to line `b` under a kept DNA.
bool ranks_above(const KeptDna& dna, int a, int b) { return dna[a] > dna[b] || (dna[a] == dna[b] && a < b); }

}  // namespace

void play_kept(const KeptDna& dna, Board& board, Game& game) {
  play_preferred(board, game, [&](int line) { return static_cast<double>(dna[static_cast<size_t>(line)]); });
}

namespace {

enum PopulationTag : uint64_t { kTagPopulation = 5, kTagRestart = 6, kTagFill = 7, kTagClimb = 8 };

// The pool with its set of hashes, so that a grid already in it is not taken twice. Under
// PoolOrder::kScore it is sorted longest first and the best is its first grid; under kRotate new
// grids join at the end, the best is the first longest, and resort() prunes and reorders it.
class Pool {
 public:
  Pool(std::vector<Game>& games, std::vector<uint64_t>& visits, std::vector<KeptDna>& dnas, AdaptiveWindow* adaptive,
       size_t capacity, int window, const PopulationOptions& options)
      : games_(games),
        visits_(visits),
        dnas_(dnas),
        adaptive_(adaptive),
        capacity_(capacity),
        window_(static_cast<size_t>(window)),
        same_grid_(options.same_grid),
        canonical_order_(options.canonical_order),
        rotate_(options.pool_order == PoolOrder::kRotate),
        ties_(options.ties),
        refound_(options.refound),
        drift_(rotate_ && options.drift && !options.canonical_order),
        kept_(rotate_ && options.dna == DnaSource::kKept) {
    for (size_t i = 0; i < games_.size(); ++i) {
      identities_.push_back(grid_hash(games_[i], same_grid_));
      where_.emplace(identities_.back(), i);
    }
    if (rotate_) visits_.resize(games_.size(), 0);
    find_best();
  }
  size_t size() const { return games_.size(); }
  const Game& operator[](size_t i) const { return games_[i]; }
  const Game& best() const { return games_[best_]; }
  const KeptDna& dna(size_t i) const { return dnas_[i]; }
  int best_score() const { return games_.empty() ? 0 : static_cast<int>(games_[best_].size()); }
  // Grids already kept below a narrower window leave at the next offer (kRotate: the next resort).
  void set_window(size_t window) { window_ = window; }
  // kScore: the grids below the window, and the shortest beyond the capacity, leave now.
  void prune() {
    while (!rotate_ && !games_.empty() &&
           (games_.size() > capacity_ || games_.back().size() + window_ < games_.front().size())) {
      where_.erase(identities_.back());
      identities_.pop_back();
      games_.pop_back();
    }
  }
  uint64_t identity(size_t i) const { return identities_[i]; }
  bool holds(uint64_t identity) const { return where_.contains(identity); }
  // Under kRotate, a parent's draws count until one of its children is taken.
  void visit(size_t i) {
    if (rotate_) ++visits_[i];
  }
  void gave_a_grid(size_t i) {
    if (rotate_) visits_[i] = 0;
  }

  // Takes `game` unless the pool holds it, it scores more than the window below the best, or
  // (kScore) the pool is full of better grids. Among equal scores the newest comes first (unless
  // ties say otherwise): on a plateau the search keeps moving, as the local search's ">=" does. A
  // new best narrows the window.
  // With drift, a grid the pool holds takes the order `game` played it in. With kept DNAs, `dna`
  // is the game's (a grid the pool holds takes it over, with the order), or when there is none one
  // is drawn from `rng` for a grid taken.
  bool offer(Game&& game, ratrace::Rng& rng, KeptDna* dna = nullptr) {
    if (!games_.empty() && game.size() + window_ < games_[best_].size()) return false;
    if (!rotate_ && games_.size() >= capacity_ && game.size() < games_.back().size()) return false;
    const uint64_t identity = grid_hash(game, same_grid_);
    const auto [held, taken] = where_.try_emplace(identity, games_.size());
    if (!taken) {
      if ((drift_ || (kept_ && dna)) && games_[held->second].size() == game.size()) {
        games_[held->second] = std::move(game);
        if (kept_) dnas_[held->second] = std::move(*dna);
      } else if (refound_ != Refound::kKeep && !rotate_) {
        take_order(std::move(game), identity);
      }
      return false;
    }
    if (canonical_order_) game = canonical_order(game);
    const bool longest = games_.empty() || game.size() > games_[best_].size();
    if (adaptive_ && !longest) {
      if (adaptive_->idle_tenths > 0) --adaptive_->idle_tenths;
      if (game.size() + window_ > games_[best_].size()) ++adaptive_->gains;
    }
    if (rotate_) {
      if (kept_) dnas_.push_back(dna ? std::move(*dna) : kept_dna_of(game, rng));
      games_.push_back(std::move(game));
      identities_.push_back(identity);
      visits_.push_back(0);
      if (longest) best_ = games_.size() - 1;
      return true;
    }
    // The pool is sorted longest first: the new grid goes before, after or among those as long.
    const auto first_as_long = first_of_length(game.size());
    auto at = first_as_long;
    if (ties_ != TieOrder::kNewest) {
      const auto after_as_long =
          std::partition_point(first_as_long, games_.end(), [&](const Game& g) { return g.size() == game.size(); });
      at = ties_ == TieOrder::kOldest
               ? after_as_long
               : first_as_long + rng.below(static_cast<uint32_t>(after_as_long - first_as_long + 1));
    }
    identities_.insert(identities_.begin() + (at - games_.begin()), identity);
    games_.insert(at, std::move(game));
    prune();
    return true;
  }

  // kRotate: drops the grids below the window (and the shortest beyond the capacity), then sorts
  // the rest by key `key` % 4: longest first, fewest visits on ties; fewest visits; longest less
  // visits / (1000 x length); a UCB1 bound on the score normalised to the window, after
  // `draws` draws in all. Ties keep their order.
  void resort(uint64_t key, uint64_t draws) {
    if (!rotate_ || games_.empty()) return;
    const size_t top = games_[best_].size(), floor = top > window_ ? top - window_ : 0;
    std::vector<size_t> order;
    for (size_t i = 0; i < games_.size(); ++i)
      if (games_[i].size() >= floor) order.push_back(i);
    if (order.size() > capacity_) {
      std::stable_sort(order.begin(), order.end(),
                       [&](size_t a, size_t b) { return games_[a].size() > games_[b].size(); });
      order.resize(capacity_);
    }
    std::vector<double> keys(games_.size(), 0);
    for (const size_t i : order) {
      const auto score = static_cast<double>(games_[i].size());
      const auto visits = static_cast<double>(visits_[i]);
      switch (key % 4) {
        case 0: break;  // compared by length and visits below
        case 1: keys[i] = visits; break;
        case 2: keys[i] = -(score - visits / (score * 1000)); break;
        default: {
          const double low = static_cast<double>(floor);
          const double exploit = (score - low) / (static_cast<double>(top) - low + 1e-4);
          const double explore = visits_[i] == 0
                                     ? std::numeric_limits<double>::infinity()
                                     : std::sqrt(2.0) * std::sqrt(std::log(static_cast<double>(draws) + 1) / visits);
          keys[i] = -(exploit + explore);
        }
      }
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      if (key % 4 == 0 && games_[a].size() != games_[b].size()) return games_[a].size() > games_[b].size();
      if (key % 4 == 0) return visits_[a] < visits_[b];
      return keys[a] < keys[b];
    });
    std::vector<Game> games;
    std::vector<uint64_t> identities, visits;
    std::vector<KeptDna> dnas;
    games.reserve(order.size());
    for (const size_t i : order) {
      games.push_back(std::move(games_[i]));
      identities.push_back(identities_[i]);
      visits.push_back(visits_[i]);
      if (kept_) dnas.push_back(std::move(dnas_[i]));
    }
    where_.clear();
    for (size_t i = 0; i < identities.size(); ++i) where_.emplace(identities[i], i);
    games_ = std::move(games);
    identities_ = std::move(identities);
    visits_ = std::move(visits);
    dnas_ = std::move(dnas);
    find_best();
  }

  // The held grid of `identity` takes the order of `game`, which plays it in another order; kFront:
  // and goes first among the grids as long. (kScore's inserts have moved the places where_ recorded.)
  void take_order(Game&& game, uint64_t identity) {
    const auto from = static_cast<size_t>(first_of_length(game.size()) - games_.begin());
    size_t at = from;
    while (identities_[at] != identity) ++at;
    if (games_[at] == game) return;
    games_[at] = std::move(game);
    if (refound_ != Refound::kFront) return;
    std::rotate(games_.begin() + static_cast<std::ptrdiff_t>(from), games_.begin() + static_cast<std::ptrdiff_t>(at),
                games_.begin() + static_cast<std::ptrdiff_t>(at + 1));
    std::rotate(identities_.begin() + static_cast<std::ptrdiff_t>(from),
                identities_.begin() + static_cast<std::ptrdiff_t>(at),
                identities_.begin() + static_cast<std::ptrdiff_t>(at + 1));
  }

  void clear() {
    games_.clear();
    visits_.clear();
    dnas_.clear();
    identities_.clear();
    where_.clear();
    best_ = 0;
  }

 private:
  // kScore: the first grid no longer than `length` (the pool is sorted longest first).
  std::vector<Game>::iterator first_of_length(size_t length) {
    return std::partition_point(games_.begin(), games_.end(), [&](const Game& g) { return g.size() > length; });
  }

  void find_best() {
    best_ = 0;
    for (size_t i = 1; i < games_.size(); ++i)
      if (games_[i].size() > games_[best_].size()) best_ = i;
  }

  std::vector<Game>& games_;
  std::vector<uint64_t>& visits_;
  std::vector<KeptDna>& dnas_;
  AdaptiveWindow* adaptive_;  // counts the grids taken, when the window adapts
  size_t capacity_;
  size_t window_;
  SameGrid same_grid_;
  bool canonical_order_;
  bool rotate_;
  TieOrder ties_;
  Refound refound_;
  bool drift_;
  bool kept_;
  size_t best_ = 0;                   // the first longest grid
  std::vector<uint64_t> identities_;  // grid_hash of each grid, in pool order
  // Each grid's identity and, under kRotate, its place (kScore's inserts would move it).
  std::unordered_map<uint64_t, size_t> where_;
};

// The arm with the highest UCB1 bound (an untried arm first).
size_t choose_depth(const PopulationState& state) {
  uint64_t total = 0;
  for (uint64_t t : state.tries) total += t;
  size_t best = 0;
  double best_bound = -1;
  for (size_t a = 0; a < kWindBack.size(); ++a) {
    if (state.tries[a] == 0) return a;
    const double n = static_cast<double>(state.tries[a]);
    const double bound =
        static_cast<double>(state.successes[a]) / n + std::sqrt(2 * std::log(static_cast<double>(total)) / n);
    if (bound > best_bound) best = a, best_bound = bound;
  }
  return best;
}

// Iterations without a better pool best that end the lineage begun by fresh start `restarts`, for a
// first lineage's patience of `first`.
uint64_t patience(uint64_t first, const PopulationOptions& options, int restarts) {
  const double wait = static_cast<double>(first) * std::pow(options.restart_growth, restarts);
  return wait >= 1e18 ? uint64_t{1000000000000000000} : static_cast<uint64_t>(wait);
}

// The window after `stalled` iterations without a better pool best: wider by widen_by for each
// widen_after of them, so that a stuck lineage takes poorer grids to climb again from. A function
// of the stall alone, so that a resumed search needs nothing more saved.
size_t window_after(const PopulationOptions& options, uint64_t stalled) {
  if (options.widen_after == 0) return static_cast<size_t>(options.window);
  const uint64_t widenings = std::min<uint64_t>(stalled / options.widen_after, 1000);
  return static_cast<size_t>(options.window) + static_cast<size_t>(widenings) * static_cast<size_t>(options.widen_by);
}

// Replays the first `count` moves of `game` on `board`, reset to the start first.
void replay(const Game& game, size_t count, Board& board) {
  board.reset();
  for (size_t k = 0; k < count; ++k) board.play(game[k]);
}

// Up to `completions` random finishes of the legal game `kept`, each handed to `take`, which
// returns whether to go on.
template <typename Take>
void finish_at_random(const Game& kept, int completions, Rules rules, ratrace::Rng& rng, Take&& take) {
  Board board(rules);
  replay(kept, kept.size(), board);
  Board finishing = board;
  Game game;
  for (int c = 0; c < completions; ++c) {
    finishing.reset_to(board);
    game = kept;
    complete_at_random(rng, finishing, game);
    if (!take(game)) return;
  }
}

// `parent` wound back by `depth` moves: its first moves.
Game wound_back(const Game& parent, size_t depth) {
  return Game(parent.begin(), parent.end() - static_cast<std::ptrdiff_t>(std::min(depth, parent.size())));
}

// Up to `count` lines of the moves of `source` that `kept` does not play, drawn at random without
// repetition (none when count is 0, without a draw).
std::vector<int> taken_out_lines(const Game& source, const Game& kept, int count, ratrace::Rng& rng) {
  if (count == 0) return {};
  std::unordered_set<int> kept_lines;
  for (const Move& m : kept) kept_lines.insert(m.line);
  std::vector<int> lines;
  for (const Move& m : source)
    if (!kept_lines.contains(m.line)) lines.push_back(m.line);
  lines.resize(ratrace::draw_to_front(lines, static_cast<size_t>(count), rng));
  return lines;
}

// The longest of `completions` random finishes of `kept` (the first of equal length).
Game longest_finish(const Game& kept, int completions, Rules rules, ratrace::Rng& rng) {
  Game best;
  finish_at_random(kept, completions, rules, rng, [&](const Game& game) {
    if (game.size() > best.size()) best = game;
    return true;
  });
  return best;
}

// The public log's end search: `source` wound back by every depth from one move to a quarter of
// its moves, each finished at random until kQuiet finishes in a row add nothing to the pool, with
// no more than kMostTaken grids taken in all. Each finish is offered to the pool.
void end_search_all_depths(const Game& source, Rules rules, ratrace::Rng& rng, Pool& pool) {
  constexpr int kQuiet = 200, kMostTaken = 1000;
  int taken = 0;
  for (size_t depth = 1; depth <= source.size() / 4 && taken < kMostTaken; ++depth) {
    int quiet = 0;
    finish_at_random(wound_back(source, depth), std::numeric_limits<int>::max(), rules, rng, [&](const Game& game) {
      if (pool.offer(Game(game), rng)) {
        ++taken;
        quiet = 0;
      } else {
        ++quiet;
      }
      return quiet < kQuiet && taken < kMostTaken;
    });
  }
}

// A child of `parent`: its DNA with the fill `fill_key`, 0..swaps pairs of preferences swapped and
// 1..blacklist moves blacklisted, or with Mutation::kSwapAny 1..swaps of its moves swapped with any
// line. The child repeats its parent up to the first changed move, so that prefix is replayed
// rather than evaluated, on `board` (the caller's, reused: a reset costs less than a new board).
// With options.protect, `ahead` (kLines bits, all clear, left clear) marks the parent moves still to
// play, and a new line that would make one of them illegal is valued that much lower. The `tabu`
// lines are blacklisted besides.
Game mutate(const Game& parent, uint64_t fill_key, const PopulationOptions& options, std::span<const int> tabu,
            Dna& dna, Board& board, std::vector<uint64_t>& ahead, ratrace::Rng& rng) {
  dna.refill(fill_key);
  dna.encode(parent);
  const auto n = static_cast<uint32_t>(parent.size());
  size_t first_changed = parent.size();
  // The index of the parent move that has `value`, or the parent's size for a line it does not play:
  // a parent move has value n + 1 - its index (Dna::encode), the fill lies in [0, 1).
  auto parent_index = [&](double value) {
    return value >= 1 ? static_cast<size_t>(static_cast<double>(n) + 1 - value) : parent.size();
  };
  // A tabu line the parent plays changes the child from that move on.
  for (const int line : tabu) first_changed = std::min(first_changed, parent_index(dna.value(line)));
  // The parent move a change takes. A focus of 1 keeps the uniform draw, and with it the streams of
  // searches run before the setting.
  auto changed_move = [&] {
    if (options.mutation_focus == 1) return rng.below(n);
    return std::min(n - 1, static_cast<uint32_t>(std::pow(rng.uniform(), options.mutation_focus) * n));
  };
  if (options.mutation == Mutation::kSwapAny) {
    // Move i takes another line's value and that line move i's. A line lifted to move i's value
    // is still below moves 0..i-1, so the parent's first i moves are played as before.
    const int swaps = 1 + static_cast<int>(rng.below(static_cast<uint32_t>(std::max(options.swaps, 1))));
    for (int s = 0; s < swaps && n > 0; ++s) {
      const uint32_t i = changed_move();
      const int other = static_cast<int>(rng.below(static_cast<uint32_t>(kLines)));
      const double vi = dna.value(parent[i].line), vo = dna.value(other);
      dna.set(parent[i].line, vo);
      dna.set(other, vi);
      first_changed = std::min({first_changed, static_cast<size_t>(i), parent_index(vo)});
    }
  } else {
    const int swaps = static_cast<int>(rng.below(static_cast<uint32_t>(options.swaps) + 1));
    for (int s = 0; s < swaps && n >= 2; ++s) {
      const uint32_t i = changed_move(), j = changed_move();
      const double vi = dna.value(parent[i].line);
      dna.set(parent[i].line, dna.value(parent[j].line));
      dna.set(parent[j].line, vi);
      first_changed = std::min<size_t>(first_changed, std::min(i, j));
    }
    const int blacklisted = 1 + static_cast<int>(rng.below(static_cast<uint32_t>(options.blacklist)));
    for (int b = 0; b < blacklisted && n > 0; ++b) {
      const uint32_t i = changed_move();
      dna.blacklist(parent[i].line);
      first_changed = std::min<size_t>(first_changed, i);
    }
  }
  for (const int line : tabu) dna.blacklist(line);
  replay(parent, first_changed, board);
  Game child(parent.begin(), parent.begin() + static_cast<std::ptrdiff_t>(first_changed));
  if (options.protect == 0) {
    evaluate_from(dna, board, child);
    return child;
  }
  // The parent moves the child has still to play (not blacklisted): a new line of the same
  // direction that shares two or more points with one of them would make it illegal.
  for (size_t k = first_changed; k < parent.size(); ++k)
    if (dna.value(parent[k].line) >= 1) ahead[parent[k].line >> 6] |= uint64_t{1} << (parent[k].line & 63);
  auto is_ahead = [&](int line) {
    return line >= 0 && line < kLines && ((ahead[static_cast<size_t>(line) >> 6] >> (line & 63)) & 1);
  };
  play_preferred(board, child, [&](int line) {
    const double v = dna.value(line);
    if (v < 0 || v >= 1) return v;
    const int step = 4 * kStep[static_cast<size_t>(line & 3)];
    for (int k = 1; k <= 3; ++k)
      if (is_ahead(line + k * step) || is_ahead(line - k * step)) return v - options.protect;
    return v;
  });
  for (size_t k = first_changed; k < parent.size(); ++k) ahead[parent[k].line >> 6] = 0;
  return child;
}

// A child of a grid with a kept DNA: the DNA copied, and 1..swaps of the grid's moves each swapping
// rank with any line. The child plays its parent's moves as long as none of the changed lines is
// chosen or would be (legal and ranked above the parent's move), then its own choices.
Game mutate_kept(const Game& parent, const KeptDna& parent_dna, KeptDna& child_dna, const PopulationOptions& options,
                 Board& board, ratrace::Rng& rng) {
  child_dna = parent_dna;
  std::vector<int> changed;
  const auto n = static_cast<uint32_t>(parent.size());
  const int swaps = 1 + static_cast<int>(rng.below(static_cast<uint32_t>(std::max(options.swaps, 1))));
  for (int k = 0; k < swaps && n > 0; ++k) {
    const int line = parent[rng.below(n)].line, other = static_cast<int>(rng.below(static_cast<uint32_t>(kLines)));
    std::swap(child_dna[static_cast<size_t>(line)], child_dna[static_cast<size_t>(other)]);
    changed.push_back(line);
    changed.push_back(other);
  }
  board.reset();
  Game child;
  child.reserve(parent.size() + 8);
  for (const Move& m : parent) {
    bool differs = false;
    for (const int line : changed) {
      Move legal;
      differs =
          differs || line == m.line || (ranks_above(child_dna, line, m.line) && board.legal_move_of_line(line, &legal));
    }
    if (differs) break;
    board.play(m);
    child.push_back(m);
  }
  play_kept(child_dna, board, child);
  return child;
}

// Offers a lineage's best grid to `kept` (best first, at most `most`, distinct by their lines):
// it goes after the grids as long, so that of equal grids the earlier lineage's comes first.
void keep_best_distinct(std::vector<Game>& kept, const Game& grid, int most) {
  const uint64_t lines = lines_hash(grid);
  if (std::ranges::any_of(kept, [&](const Game& other) { return lines_hash(other) == lines; })) return;
  const auto at = std::ranges::find_if(kept, [&](const Game& other) { return other.size() < grid.size(); });
  if (at - kept.begin() >= most) return;
  kept.insert(at, grid);
  if (kept.size() > static_cast<size_t>(most)) kept.pop_back();
}

// A climb: a climber pool of its own stream (the search's climb number `index`), started from `start`
// after `first_iteration` iterations of the search, for `iterations` or until `limits` end it (they
// count from the search's start, as `result`'s time so far does). Its rises above `result`'s best
// go to `result` and `on_improvement`, numbered as the search's iterations; its own rises are left
// in `climb.lineage`.
SearchResult run_climb(uint64_t master_seed, int search, const PopulationOptions& searching, const Game& start,
                       size_t index, uint64_t first_iteration, uint64_t iterations, const SearchLimits& limits,
                       const ImprovementCallback& on_improvement, SearchResult& result, PopulationState& climb) {
  PopulationOptions climber = climber_options(searching.rules);
  climber.same_grid = searching.climb_same_grid;
  climber.pool = searching.climb_pool;
  if (searching.climb_dna == DnaSource::kParent) {
    climber.dna = DnaSource::kParent;
    climber.fill = Fill::kGrid;
    climber.drift = true;
  }
  climber.start = start;
  climb = {};
  climb.result.seconds = result.seconds;
  climb.result.cpu_seconds = result.cpu_seconds;
  SearchLimits climb_limits = limits;
  climb_limits.iterations = iterations;
  if (limits.iterations > 0) climb_limits.iterations = std::min(iterations, limits.iterations - first_iteration);
  const ImprovementCallback rise = [&](int, const Improvement& step, const Game& game) {
    if (step.score <= static_cast<int>(result.best.size())) return;
    result.best = game;
    result.improvements.push_back(step);
    result.improvements.back().iteration += first_iteration;
    if (on_improvement) on_improvement(search, result.improvements.back(), game);
  };
  const SearchResult climbed =
      population_search(ratrace::stream_key(master_seed, kTagClimb, index), search, climber, climb_limits, rise, climb);
  climb.lineage.iterations = climbed.iterations;
  return climbed;
}

// The search with its own pool and fresh starts, until `limits` end it.
SearchResult pool_search(uint64_t master_seed, int search, const PopulationOptions& options, const SearchLimits& limits,
                         const ImprovementCallback& on_improvement, PopulationState& state,
                         const Checkpointing& checkpointing) {
  SearchClock clock;
  const double seconds_before = state.result.seconds, cpu_before = state.result.cpu_seconds;
  // A resumed search's time limits, as its iteration limit, count from its start.
  SearchLimits remaining = limits;
  if (limits.seconds > 0) remaining.seconds = std::max(limits.seconds - seconds_before, 1e-9);
  if (limits.cpu_seconds > 0) remaining.cpu_seconds = std::max(limits.cpu_seconds - cpu_before, 1e-9);
  const uint64_t search_key = ratrace::stream_key(master_seed, kTagPopulation, static_cast<uint64_t>(search));
  SearchResult& result = state.result;
  result.search = search;
  Pool pool(state.pool, state.visits, state.dnas, options.adapt_window ? &state.window : nullptr,
            static_cast<size_t>(options.pool), options.window, options);
  if (options.adapt_window && state.window.width < 0) state.window = {.width = options.window};
  auto record_time = [&] {
    result.seconds = seconds_before + clock.seconds();
    result.cpu_seconds = cpu_before + clock.cpu_seconds();
  };
  auto note = [&](const Game& game) {
    if (!result.improvements.empty() && game.size() <= result.best.size()) return;
    result.best = game;
    state.burst_kicks = 0;
    // The kicks start from the new best, a walk's too, until a kick's lineage ends near it.
    state.kick_walk.clear();
    record_time();
    const Improvement step{state.iteration, static_cast<int>(game.size()), result.seconds, result.cpu_seconds};
    result.improvements.push_back(step);
    if (on_improvement) on_improvement(search, step, result.best);
  };
  // Iterations from the start of the round that `iteration` ends in.
  auto into_round = [&](uint64_t iteration) {
    return options.round_iterations > 0 ? iteration % options.round_iterations : iteration;
  };
  // Whether a fresh start at `iteration` is a kick by kick_after (kick_share's are drawn at random).
  auto kicks_from = [&](uint64_t iteration) {
    return options.kick_after > 0 && into_round(iteration) >= options.kick_after;
  };
  // The grid a kick winds back: the search's best, in rounds the round's, or the walk's grid.
  auto kick_source = [&]() -> const Game& {
    if (options.round_iterations > 0) return state.round_best;
    return state.kick_walk.empty() ? result.best : state.kick_walk;
  };
  // Called at each new pool best: in rounds, the round's best follows it.
  auto keep_round_best = [&] {
    if (options.round_iterations > 0 && pool.best_score() > static_cast<int>(state.round_best.size()))
      state.round_best = pool.best();
  };
  // A fresh start: a random game or, for a share kick_share of fresh starts, for every one from
  // iteration kick_after on (of each round, in rounds) and for the kick_bursts after each rise of
  // the best, the best grid so far (the round's) wound back a long way and finished at random (a
  // kick, as iterated local search does); with elite_starts, once that many lineages have ended,
  // a game biased to their best grids rather than a random one. The first lineage may instead
  // start from a grid the user gives.
  auto fresh_start = [&] {
    ratrace::Rng rng(ratrace::stream_key(search_key, kTagRestart, static_cast<uint64_t>(state.restarts)));
    const Game& kicked = kick_source();
    const bool bursting = options.kick_bursts > 0 && state.burst_kicks < options.kick_bursts &&
                          static_cast<int>(kicked.size()) >= options.kick_burst_from;
    const bool kicking = kicks_from(state.iteration) || bursting;
    Game start;
    bool kick = false;
    state.tabu.clear();
    if (state.restarts == 0 && !options.start.empty()) {
      start = options.start;
    } else if (!kicked.empty() && rng.uniform() < (kicking ? 1.0 : options.kick_share)) {
      kick = true;
      const double fraction = options.kick_least + rng.uniform() * (options.kick_most - options.kick_least);
      const auto depth = static_cast<size_t>(std::round(fraction * static_cast<double>(kicked.size())));
      const Game kept = options.kick_shape == KickShape::kRuin     ? ruined(kicked, depth, rng)
                        : options.kick_shape == KickShape::kRegion ? ruined_region(kicked, depth, rng)
                                                                   : wound_back(kicked, depth);
      start = longest_finish(kept, options.completions, options.rules, rng);
      state.tabu = taken_out_lines(kicked, kept, options.kick_tabu, rng);
      if (bursting) ++state.burst_kicks;
    } else if (options.elite_starts > 0 && state.elites.size() == static_cast<size_t>(options.elite_starts)) {
      start = elite_game(state.elites, options.rules, rng);
    } else {
      start = random_game(rng, options.rules);
    }
    pool.clear();
    state.end_searched.clear();
    if (options.end_search_depths == EndSearchDepths::kLineageBandit) state.tries = state.successes = {};
    state.window = {.width = options.adapt_window ? options.window : -1};
    pool.offer(std::move(start), rng);
    keep_round_best();
    state.lineage_start = state.iteration;
    state.lineage = {.iterations = 0, .steps = {{0, pool.best_score()}}, .kicked = kick};
    // A kick's random finish may already beat the best grid it came from.
    note(pool.best());
  };
  if (pool.size() == 0) fresh_start();
  double last_save = clock.seconds();
  // Whether a kick began the current lineage (after kick_after, in a burst or by kick_share); a
  // checkpoint of a version that did not mark its lineages knew only kick_after's kicks.
  auto begun_by_kick = [&] { return state.lineage.kicked.value_or(kicks_from(state.lineage_start)); };
  // With poor_restart_after on, a lineage that stalls low gets less time than one that stalls high
  // (an experiment, off by default: docs/morpion-research.md). A kick, which mostly climbs straight
  // back to the best grid and stalls there, may get a patience of its own.
  auto patiences = [&] {
    const uint64_t first =
        begun_by_kick() && options.kick_restart_after > 0 ? options.kick_restart_after : options.restart_after;
    const uint64_t patient = patience(first, options, state.restarts);
    return std::pair(patient, options.poor_restart_after > 0
                                  ? patience(options.poor_restart_after, options, state.restarts)
                                  : patient);
  };
  // Plain variables rather than a structured binding, which clang's lambdas cannot capture.
  uint64_t lineage_patience = 0, poor_patience = 0;
  std::tie(lineage_patience, poor_patience) = patiences();
  // The parent draw's skew for the current lineage: a kick's lineage may have its own.
  auto skew_of_lineage = [&] { return begun_by_kick() && options.kick_skew > 0 ? options.kick_skew : options.skew; };
  double lineage_skew = skew_of_lineage();
  // Whether the lineage is a kick that climbed back to the grid it was kicked from, the search's
  // best, and no higher: the search has not risen since the lineage began, and the pool holds that
  // grid. The grid's identity is hashed again only when the search's best changes.
  uint64_t source_identity = 0;
  size_t source_rises = 0;
  auto on_its_source = [&] {
    if (!begun_by_kick() || result.improvements.back().iteration >= state.lineage_start ||
        pool.best_score() != static_cast<int>(result.best.size()))
      return false;
    if (source_rises != result.improvements.size()) {
      source_identity = grid_hash(result.best, options.same_grid);
      source_rises = result.improvements.size();
    }
    return pool.holds(source_identity);
  };
  auto out_of_patience = [&](int lineage_best) {
    const uint64_t wait = options.kick_return_patience > 0 && on_its_source() ? options.kick_return_patience
                          : lineage_best < options.poor_below                 ? poor_patience
                                                                              : lineage_patience;
    return options.restart_after > 0 && state.iteration - state.pool_best_since() >= wait;
  };
  // The first pool grid from `from` on that no end search of this lineage has finished (the pool's
  // size when there is none).
  auto first_unsearched = [&](size_t from) {
    while (from < pool.size() && state.end_searched.contains(pool.identity(from))) ++from;
    return from;
  };
  // The longest pool grid no end search of this lineage has finished (the first of equal length;
  // the pool's size when there is none): under kScore the first unsearched.
  auto longest_unsearched = [&] {
    if (options.pool_order == PoolOrder::kScore) return first_unsearched(0);
    size_t found = pool.size();
    for (size_t i = 0; i < pool.size(); ++i)
      if ((found == pool.size() || pool[i].size() > pool[found].size()) &&
          !state.end_searched.contains(pool.identity(i)))
        found = i;
    return found;
  };
  // A lineage that has had its time and is still far below the search's best, or below a fixed
  // score, rarely catches up: giving it up early leaves time for more lineages.
  auto hopeless = [&] {
    if (options.abandon_after == 0 || state.iteration - state.lineage_start < options.abandon_after) return false;
    return options.abandon_below > 0
               ? pool.best_score() < options.abandon_below
               : pool.best_score() + options.abandon_margin < static_cast<int>(result.best.size());
  };
  // Ends the current lineage, which ran until iteration `last`, with a fresh start.
  auto end_lineage = [&](uint64_t last) {
    // A kick's lineage that ended near enough the search's best is where the walk goes next.
    if (options.kick_accept >= 0 && begun_by_kick() &&
        pool.best_score() + options.kick_accept >= static_cast<int>(result.best.size()))
      state.kick_walk = pool.best();
    if (options.climb_after > 0 && options.climb_lineages > 1)
      keep_best_distinct(state.climb_starts, pool.best(), options.climb_lineages);
    if (options.elite_starts > 0) keep_best_distinct(state.elites, pool.best(), options.elite_starts);
    state.lineage.iterations = last - state.lineage_start;
    result.lineages.push_back(std::move(state.lineage));
    ++state.restarts;
    fresh_start();
    std::tie(lineage_patience, poor_patience) = patiences();
    lineage_skew = skew_of_lineage();
  };
  // The current lineage is over and its best beats every earlier lineage's (not the climbs'): it is
  // climbed from before its fresh start. The test reads only the state, so a search resumed with a
  // climb still to run finds it due again.
  auto record_climb_due = [&] {
    if (options.record_climbs == 0 || pool.best_score() < options.record_climb_from) return false;
    if (!out_of_patience(pool.best_score()) && !hopeless()) return false;
    return std::ranges::all_of(result.lineages, [&](const Lineage& l) { return l.best() < pool.best_score(); });
  };
  // Iterations of a climb that the iteration limit cut short: counted, though the state stays before it.
  uint64_t unfinished_climb = 0;
  // The climbs' iterations so far. The search's own iterations are numbered without them, so that
  // its lineages are those of a search without climbs, only later (unless abandon_after gives up a
  // lineage for being far below a best that a climb found).
  uint64_t in_climbs = 0;
  for (const Lineage& climb : result.climbs) in_climbs += climb.iterations;
  // Climbs from the pool's best grid, a climber pool of its own stream; returns whether it ran to its
  // end. It does not move the state on before then, so a search stopped during it runs it again.
  auto climb_from_record = [&] {
    record_time();
    PopulationState climb;
    const SearchResult climbed =
        run_climb(master_seed, search, options, pool.best(), result.climbs.size(), state.iteration,
                  options.record_climbs, limits, on_improvement, result, climb);
    if (climbed.iterations < options.record_climbs) {
      unfinished_climb = climbed.iterations;
      result.stopped = climbed.stopped;
      return false;
    }
    state.iteration += climbed.iterations;
    in_climbs += climbed.iterations;
    result.climbs.push_back(std::move(climb.lineage));
    return true;
  };
  Dna dna(0, options.fill_centre);
  Board board(options.rules);
  std::vector<uint64_t> ahead(kLines / 64);
  KeptDna child_dna;
  result.stopped = false;
  while (limits.iterations == 0 || state.iteration < limits.iterations) {
    if (limits.stop && limits.stop->load(std::memory_order_relaxed)) {
      result.stopped = true;
      break;
    }
    if (clock.read_due()) {
      if (clock.out_of_time(remaining)) {
        result.stopped = true;
        break;
      }
      if (checkpointing.save && clock.seconds() - last_save >= checkpointing.every_seconds) {
        record_time();
        checkpointing.save(search, state);
        last_save = clock.seconds();
      }
    }
    if (record_climb_due()) {
      const uint64_t lineage_end = state.iteration;
      if (!climb_from_record()) break;
      end_lineage(lineage_end);
      continue;
    }
    const uint64_t iteration = ++state.iteration, own_iteration = iteration - in_climbs;
    ratrace::Rng rng(ratrace::stream_key(search_key, kTagIteration, own_iteration));
    const int pool_best = pool.best_score();
    pool.set_window(options.adapt_window ? static_cast<size_t>(state.window.width)
                                         : window_after(options, iteration - state.pool_best_since()));
    const size_t parent = static_cast<size_t>(std::pow(rng.uniform(), lineage_skew) * static_cast<double>(pool.size()));
    const bool end_search = own_iteration % options.end_search_every == 0;
    if (end_search && options.end_search_depths == EndSearchDepths::kAll) {
      const size_t source = longest_unsearched();
      if (source < pool.size()) {
        state.end_searched.insert(pool.identity(source));
        end_search_all_depths(Game(pool[source]), options.rules, rng, pool);
      }
    } else if (end_search) {
      // Random finishes of a grid already searched mostly repeat what its last search found.
      size_t source = parent;
      if (options.end_search_unsearched) {
        if (const size_t found = first_unsearched(parent); found < pool.size()) source = found;
        state.end_searched.insert(pool.identity(source));
      }
      const size_t arm = choose_depth(state);
      const auto depth =
          static_cast<size_t>(std::max(1.0, std::round(kWindBack[arm] * static_cast<double>(pool[source].size()))));
      // Ruin draws only when it is on, so that a search without it keeps its random streams.
      const bool ruin = options.ruin_share > 0 && rng.uniform() < options.ruin_share;
      const Game start = ruin ? ruined(pool[source], depth, rng) : wound_back(pool[source], depth);
      bool kept = false;
      if (options.end_search_keep_all) {
        finish_at_random(start, options.completions, options.rules, rng, [&](const Game& game) {
          kept |= pool.offer(Game(game), rng);
          return true;
        });
      } else {
        const size_t source_score = pool[source].size();
        Game finished = longest_finish(start, options.completions, options.rules, rng);
        kept = finished.size() >= source_score && pool.offer(std::move(finished), rng);
      }
      ++state.tries[arm];
      if (kept) ++state.successes[arm];
    } else {
      // The fresh fill is drawn whatever the setting, so that the settings share their streams.
      uint64_t fill_key = rng.next();
      if (options.fill == Fill::kLineage)
        fill_key = ratrace::stream_key(search_key, kTagFill, static_cast<uint64_t>(state.restarts));
      else if (options.fill == Fill::kGrid) fill_key = ratrace::stream_key(search_key, kTagFill, pool.identity(parent));
      pool.visit(parent);
      // The crossover draws only when it is on, so that a search without it keeps its random streams.
      if (options.crossover_share > 0 && rng.uniform() < options.crossover_share) {
        const size_t other = rng.below(static_cast<uint32_t>(pool.size()));
        if (pool.offer(crossed(pool[parent], pool[other], fill_key, options.rules, dna, rng), rng))
          pool.gave_a_grid(parent);
      } else if (options.dna == DnaSource::kKept) {
        Game child = mutate_kept(pool[parent], pool.dna(parent), child_dna, options, board, rng);
        if (pool.offer(std::move(child), rng, &child_dna)) pool.gave_a_grid(parent);
      } else if (pool.offer(mutate(pool[parent], fill_key, options, state.tabu, dna, board, ahead, rng), rng)) {
        pool.gave_a_grid(parent);
      }
    }
    if (options.adapt_window && pool.best_score() > pool_best) {
      state.window.width = options.window;
      state.window.idle_tenths = 0;
    }
    if (own_iteration % options.resort_every == 0) {
      AdaptiveWindow& window = state.window;
      if (options.adapt_window && window.gains >= AdaptiveWindow::kGains) {
        window = {.width = std::max(0, window.width - 1)};
        pool.set_window(static_cast<size_t>(window.width));
        pool.prune();
      }
      if (options.pool_order == PoolOrder::kRotate)
        pool.resort(own_iteration / options.resort_every, iteration - state.lineage_start);
      if (options.adapt_window && (window.idle_tenths += 10) >= AdaptiveWindow::kIdle)
        window = {.width = window.width + AdaptiveWindow::kWiden};
    }
    if (limits.work_done) limits.work_done->fetch_add(1, std::memory_order_relaxed);
    const bool rose = pool.best_score() > pool_best;
    if (rose) {
      state.lineage.steps.emplace_back(iteration - state.lineage_start, pool.best_score());
      keep_round_best();
      note(pool.best());
    }
    // The lineage's round is over when the next iteration is in another (a climb may cross the line).
    if (options.round_iterations > 0 &&
        iteration / options.round_iterations != state.lineage_start / options.round_iterations) {
      state.round_best.clear();
      end_lineage(iteration);
    } else if (!rose && (out_of_patience(pool_best) || hopeless()) && !record_climb_due()) {
      end_lineage(iteration);
    }
  }
  result.iterations = state.iteration + unfinished_climb;
  result.restarts = state.restarts;
  record_time();
  if (checkpointing.save) checkpointing.save(search, state);
  return result;
}

// The search after the hand-over: climbs, each a climber pool of its own stream started from the
// next of the lineages' best grids (state.climb_starts) and then from the search's best grid, until
// `limits` end them. `state` moves on only when a climb finishes.
SearchResult climb_on(uint64_t master_seed, int search, const PopulationOptions& options, const SearchLimits& limits,
                      const ImprovementCallback& on_improvement, PopulationState& state,
                      const Checkpointing& checkpointing) {
  if (!state.pool.empty()) {
    // The hand-over ends the search's own pool and its lineage.
    if (options.climb_lineages > 1)
      keep_best_distinct(state.climb_starts,
                         *std::ranges::max_element(state.pool, {}, [](const Game& g) { return g.size(); }),
                         options.climb_lineages);
    state.pool.clear();
    state.visits.clear();
    state.dnas.clear();
    state.end_searched.clear();
    state.lineage.iterations = state.iteration - state.lineage_start;
    state.result.lineages.push_back(std::move(state.lineage));
    state.lineage = {};
    if (checkpointing.save) checkpointing.save(search, state);
  }
  SearchResult result = state.result;
  result.stopped = false;
  while (limits.iterations == 0 || state.iteration < limits.iterations) {
    const uint64_t first_iteration = state.iteration;
    const size_t climbed_before = state.result.climbs.size();
    const Game& start =
        climbed_before < state.climb_starts.size() ? state.climb_starts[climbed_before] : state.result.best;
    PopulationState climb;
    const SearchResult climbed = run_climb(master_seed, search, options, start, climbed_before, first_iteration,
                                           options.climb_iterations, limits, on_improvement, result, climb);
    result.iterations = first_iteration + climbed.iterations;
    result.seconds = climbed.seconds;
    result.cpu_seconds = climbed.cpu_seconds;
    if (climbed.iterations > 0) result.climbs.push_back(std::move(climb.lineage));
    if (climbed.iterations < options.climb_iterations) {
      result.stopped = climbed.stopped;
      break;
    }
    state.iteration = result.iterations;
    state.result = result;
    if (checkpointing.save) checkpointing.save(search, state);
  }
  return result;
}

}  // namespace

PopulationOptions climber_options(Rules rules) {
  PopulationOptions climber;
  climber.rules = rules;
  climber.mutation = Mutation::kSwapAny;
  climber.swaps = 3;
  climber.end_search_depths = EndSearchDepths::kAll;
  climber.end_search_every = 10000;
  climber.skew = 4;
  climber.window = 10;
  climber.restart_after = 0;
  climber.kick_after = 0;
  climber.kick_bursts = 0;
  climber.pool_order = PoolOrder::kRotate;
  climber.pool = PopulationOptions{}.climb_pool;
  climber.dna = DnaSource::kKept;
  climber.adapt_window = true;
  climber.same_grid = SameGrid::kDots;
  return climber;
}

SearchResult population_search(uint64_t master_seed, int search, const PopulationOptions& options,
                               const SearchLimits& limits, const ImprovementCallback& on_improvement,
                               PopulationState& state, const Checkpointing& checkpointing) {
  if (options.climb_after == 0)
    return pool_search(master_seed, search, options, limits, on_improvement, state, checkpointing);
  if (state.iteration < options.climb_after) {
    SearchLimits before = limits;
    if (before.iterations == 0 || before.iterations > options.climb_after) before.iterations = options.climb_after;
    const SearchResult result = pool_search(master_seed, search, options, before, on_improvement, state, checkpointing);
    if (state.iteration < options.climb_after) return result;
  }
  return climb_on(master_seed, search, options, limits, on_improvement, state, checkpointing);
}

}  // namespace morpion
