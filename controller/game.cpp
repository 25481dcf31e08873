#include "controller/game.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "controller/breeding.h"
#include "controller/rng.h"

namespace ratrace {

namespace {

constexpr int8_t kUnknown = -1;  // no call made yet for this genome here
constexpr int8_t kRandom = -2;   // the call draws random numbers: never memoised
constexpr size_t kParallelPopulation = 4096;
constexpr size_t kParallelGrain = 1024;
constexpr size_t kPrefetchDistance = 16;

// Distinct live genomes, reference-counted by the specimens carrying them. With the cache
// on, each genome also owns one memoised move per cell. A genome is forgotten (its slot and
// its moves recycled) as soon as its last carrier dies, so memory is bounded by the
// number of distinct live genomes times the number of cells.
class GenomePool {
 public:
  GenomePool(int cells, bool cache) : cells_(static_cast<size_t>(cells)), cache_(cache) {}

  uint32_t acquire(const Genome& genome) {
    auto [it, inserted] = index_.try_emplace(genome, 0);
    if (!inserted) {
      ++live_[it->second];
      return it->second;
    }
    uint32_t id;
    if (!free_.empty()) {
      id = free_.back();
      free_.pop_back();
      genomes_[id] = genome;
      live_[id] = 1;
    } else {
      id = static_cast<uint32_t>(genomes_.size());
      genomes_.push_back(genome);
      live_.push_back(1);
      if (cache_) moves_.resize(moves_.size() + cells_, kUnknown);
    }
    it->second = id;
    peak_ = std::max(peak_, index_.size());
    return id;
  }

  void release(uint32_t id) {
    if (--live_[id] != 0) return;
    index_.erase(genomes_[id]);
    if (cache_) std::fill_n(moves_.begin() + static_cast<ptrdiff_t>(id * cells_), cells_, kUnknown);
    free_.push_back(id);
  }

  const Genome& genome(uint32_t id) const { return genomes_[id]; }
  // Memo slot of (genome, cell); written concurrently by the specimens of one turn, always
  // with the same value, hence relaxed atomics.
  std::atomic_ref<int8_t> memo(uint32_t id, int cell) { return std::atomic_ref<int8_t>(moves_[id * cells_ + static_cast<size_t>(cell)]); }
  // Large populations spread their memo reads over many megabytes: fetching a few
  // specimens ahead hides most of the cache misses.
  void prefetch(uint32_t id, int cell) const { __builtin_prefetch(&moves_[id * cells_ + static_cast<size_t>(cell)]); }
  size_t peak() const { return peak_; }

 private:
  size_t cells_;
  bool cache_;
  std::vector<Genome> genomes_;
  std::vector<uint32_t> live_;
  std::vector<uint32_t> free_;
  std::vector<int8_t> moves_;
  std::unordered_map<Genome, uint32_t, GenomeHash> index_;
  size_t peak_ = 0;
};

// What one turn's moves produced, summed over the threads that made them.
struct TurnTally {
  uint64_t calls = 0;        // moves that called the player
  uint64_t goals = 0;
  uint64_t died_of_age = 0;  // specimens that died at the start of their turn, making no move
};

// The population, one array per field so that a turn streams through memory.
struct Population {
  std::vector<uint16_t> cell;
  std::vector<uint8_t> age;
  std::vector<uint64_t> goals;
  std::vector<uint32_t> genome;
  std::vector<uint64_t> serial;
  size_t size() const { return cell.size(); }
  void add(int at, uint32_t genome_id, uint64_t serial_number) {
    cell.push_back(static_cast<uint16_t>(at));
    age.push_back(0);
    goals.push_back(0);
    genome.push_back(genome_id);
    serial.push_back(serial_number);
  }
};

class Game {
 public:
  Game(const Config& config, const Track& track, const PlayerInfo& player, uint64_t seed, const GameOptions& options)
      : config_(config),
        track_(track),
        player_(player),
        seed_(seed),
        options_(options),
        trace_(options.trace && *options.trace ? options.trace : nullptr),
        cache_(options.cache && !trace_),
        pool_(track.cells(), cache_),
        breeder_(config) {
    if (track.start_rows().empty()) throw std::invalid_argument("the track has no start cells");
  }

  GameResult run() {
    Rng rng(stream_key(seed_, kTagInitial, 0));
    for (int i = 0; i < config_.initial_specimens; ++i) {
      const uint128 bits = (static_cast<uint128>(rng.next()) << 64) | rng.next();
      born(Genome(bits, config_.genome_bits), random_start(rng), nullptr);
    }
    result_.peak_population = population_.size();
    for (int turn = 1; turn <= config_.turns; ++turn) {
      if (options_.stop && options_.stop->load(std::memory_order_relaxed)) {
        result_.interrupted = true;
        break;
      }
      result_.turns = turn;
      const uint64_t turn_key = stream_key(seed_, kTagTurn, static_cast<uint64_t>(turn));
      move_all(turn, turn_key);
      remove_dead();
      if (population_.size() < 2) break;
      breed(turn_key);
      result_.peak_population = std::max<uint64_t>(result_.peak_population, population_.size());
    }
    result_.peak_genomes = pool_.peak();
    return result_;
  }

 private:
  int random_start(Rng& rng) const {
    const auto& rows = track_.start_rows();
    return track_.cell(0, rows[rng.below(static_cast<uint32_t>(rows.size()))]);
  }

  void born(const Genome& genome, int at, const std::pair<uint64_t, uint64_t>* parents) {
    const uint64_t serial = next_serial_++;
    population_.add(at, pool_.acquire(genome), serial);
    if (trace_) {
      nlohmann::json event = {{"event", "born"}, {"specimen", serial}, {"turn", current_turn_},
                              {"at", {track_.cell_x(at), track_.cell_y(at)}}, {"genome", genome.to_string()}};
      event["parents"] = parents ? nlohmann::json{parents->first, parents->second} : nlohmann::json(nullptr);
      (*trace_)(event);
    }
  }

  // The player's move index for specimen i, from the memo or from a call.
  int decide(size_t i, uint64_t turn_key, int turn, uint64_t& calls) {
    const uint32_t id = population_.genome[i];
    const int at = population_.cell[i];
    if (cache_) {
      const int8_t known = pool_.memo(id, at).load(std::memory_order_relaxed);
      if (known >= 0) return known;
    }
    ++calls;
    return call_player(i, id, at, turn_key, turn);
  }

  // Out of line: the memo hit above is the inner loop's common case and must stay small.
  [[gnu::noinline]] int call_player(size_t i, uint32_t id, int at, uint64_t turn_key, int turn) {
    Rng rng(stream_key(turn_key, kTagMove, i));
    Move move;
    try {
      move = player_.move(pool_.genome(id), track_.view(at), rng);
    } catch (const std::exception& e) {
      throw GameFault(std::string("player fault: ") + e.what(), turn, population_.serial[i]);
    } catch (...) {
      throw GameFault("player fault: threw a non-standard exception", turn, population_.serial[i]);
    }
    if (!is_legal(move))
      throw GameFault("player fault: illegal move (" + std::to_string(move.dx) + ", " + std::to_string(move.dy) +
                          "); dx and dy must be in {-1, 0, 1}",
                      turn, population_.serial[i]);
    const int index = move_index(move);
    if (cache_) pool_.memo(id, at).store(rng.draws() == 0 ? static_cast<int8_t>(index) : kRandom, std::memory_order_relaxed);
    return index;
  }

  // Steps 1-6 of a turn for specimen i. Touches only specimen i's fields and reads only
  // i's own random streams, so specimens can move in any order, on any thread. Tracing is
  // a template parameter to keep its branches out of the untraced inner loop.
  template <bool kTraced>
  void move_one(size_t i, int turn, uint64_t turn_key, TurnTally& tally) {
    if (population_.age[i] >= config_.lifespan) {
      dead_[i] = 1;
      ++tally.died_of_age;
      if constexpr (kTraced) event(i, turn, "died", {{"why", "age"}});
      return;
    }
    ++population_.age[i];
    const int from = population_.cell[i];
    const int m = decide(i, turn_key, turn, tally.calls);
    const int16_t to = track_.next(from, m);
    if constexpr (kTraced) trace_step(i, turn, from, m);
    if (to == Track::kDead) {
      dead_[i] = 1;
    } else if (to == Track::kGoal) {
      ++population_.goals[i];
      ++tally.goals;
      Rng rng(stream_key(turn_key, kTagRespawn, i));
      population_.cell[i] = static_cast<uint16_t>(random_start(rng));
      population_.age[i] = 0;
      if constexpr (kTraced)
        event(i, turn, "respawned", {{"at", {0, track_.cell_y(population_.cell[i])}}, {"goals", population_.goals[i]}});
    } else {
      population_.cell[i] = static_cast<uint16_t>(to);
    }
  }

  void move_all(int turn, uint64_t turn_key) {
    current_turn_ = turn;
    const size_t n = population_.size();
    dead_.assign(n, 0);
    TurnTally total;
    std::mutex fault_mutex, tally_mutex;
    std::optional<GameFault> fault;
    // Moves specimens [begin, end); a fault is kept per game, the lowest specimen index
    // winning, so which fault is reported does not depend on scheduling.
    auto run_range = [&](size_t begin, size_t end) {
      TurnTally local;
      for (size_t i = begin; i < end; ++i) {
        if (cache_ && i + kPrefetchDistance < end)
          pool_.prefetch(population_.genome[i + kPrefetchDistance], population_.cell[i + kPrefetchDistance]);
        try {
          if (trace_) move_one<true>(i, turn, turn_key, local);
          else move_one<false>(i, turn, turn_key, local);
        } catch (const GameFault& f) {
          std::lock_guard lock(fault_mutex);
          if (!fault || f.specimen < fault->specimen) fault.emplace(f);
          break;
        }
      }
      std::lock_guard lock(tally_mutex);
      total.calls += local.calls;
      total.goals += local.goals;
      total.died_of_age += local.died_of_age;
    };
    if (options_.parallel && !trace_ && n >= kParallelPopulation)
      // Isolated: while it waits for this turn's chunks, a thread must not pick up another
      // board's whole game, which would stall this one until that game ended.
      tbb::this_task_arena::isolate([&] {
        tbb::parallel_for(tbb::blocked_range<size_t>(0, n, kParallelGrain),
                          [&](const tbb::blocked_range<size_t>& r) { run_range(r.begin(), r.end()); });
      });
    else
      run_range(0, n);
    if (fault) throw *fault;
    result_.moves += n - total.died_of_age;
    result_.player_calls += total.calls;
    result_.score += total.goals;
  }

  // Drops this turn's dead, keeping order, and records the survivors' fitness for breeding.
  void remove_dead() {
    size_t kept = 0;
    fitness_.resize(population_.size());
    for (size_t i = 0; i < population_.size(); ++i) {
      if (dead_[i]) {
        pool_.release(population_.genome[i]);
        continue;
      }
      fitness_[kept] = fitness(track_.cell_x(population_.cell[i]), population_.goals[i]);
      population_.cell[kept] = population_.cell[i];
      population_.age[kept] = population_.age[i];
      population_.goals[kept] = population_.goals[i];
      population_.genome[kept] = population_.genome[i];
      population_.serial[kept] = population_.serial[i];
      ++kept;
    }
    population_.cell.resize(kept);
    population_.age.resize(kept);
    population_.goals.resize(kept);
    population_.genome.resize(kept);
    population_.serial.resize(kept);
    fitness_.resize(kept);
  }

  void breed(uint64_t turn_key) {
    sampler_.assign(fitness_);
    Rng rng(stream_key(turn_key, kTagBreed, 0));
    for (int k = 0; k < config_.offspring; ++k) {
      const auto [a, b] = sampler_.pick(rng);
      const Genome child = breeder_.child(pool_.genome(population_.genome[a]), pool_.genome(population_.genome[b]), rng);
      const std::pair<uint64_t, uint64_t> serials{population_.serial[a], population_.serial[b]};
      born(child, random_start(rng), &serials);
    }
  }

  void event(size_t i, int turn, const char* what, nlohmann::json fields) {
    fields["event"] = what;
    fields["turn"] = turn;
    fields["specimen"] = population_.serial[i];
    (*trace_)(fields);
  }

  void trace_step(size_t i, int turn, int from, int m) {
    const Move move = move_from_index(m);
    const Step s = track_.step(track_.cell_x(from), track_.cell_y(from), move);
    const nlohmann::json at = {track_.cell_x(from), track_.cell_y(from)};
    if (s.blocked) event(i, turn, "blocked", {{"at", at}, {"move", {move.dx, move.dy}}});
    event(i, turn, "moved", {{"from", at}, {"move", {move.dx, move.dy}}, {"to", {s.moved_x, s.moved_y}}});
    if (s.teleported) event(i, turn, "teleported", {{"from", {s.moved_x, s.moved_y}}, {"to", {s.x, s.y}}});
    if (s.death != Hazard::None) event(i, turn, "died", {{"why", hazard_name(s.death)}, {"at", {s.x, s.y}}});
    if (s.goal) event(i, turn, "scored", {{"at", {s.x, s.y}}});
  }

  const Config& config_;
  const Track& track_;
  const PlayerInfo& player_;
  uint64_t seed_;
  GameOptions options_;
  const TraceSink* trace_;
  bool cache_;
  GenomePool pool_;
  Breeder breeder_;
  Population population_;
  std::vector<uint8_t> dead_;
  std::vector<uint64_t> fitness_;
  ParentSampler sampler_;
  uint64_t next_serial_ = 0;
  int current_turn_ = 0;
  GameResult result_;
};

}  // namespace

GameResult play_game(const Config& config, const Track& track, const PlayerInfo& player, uint64_t game_seed,
                     const GameOptions& options) {
  return Game(config, track, player, game_seed, options).run();
}

}  // namespace ratrace
