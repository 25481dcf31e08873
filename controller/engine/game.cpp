#include "ratrace/engine/game.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "ratrace/common/crash.h"
#include "ratrace/engine/breeding.h"
#include "ratrace/tracks/streams.h"

namespace ratrace {

namespace {

constexpr int8_t kUnknown = -1;  // no move known yet: the player must be called
constexpr size_t kParallelPopulation = 4096;
constexpr size_t kParallelGrain = 1024;
// How far ahead, in specimens, the gather prefetches memo entries: its work per specimen is
// a few cycles, a miss to memory hundreds. 64 ran Blind Faith's largest game (a 20 MB memo)
// 1.3x faster than 16, and changed nothing measurable on small populations.
constexpr size_t kPrefetchDistance = 64;
constexpr size_t kCallPrefetchDistance = 4;  // in calls: the memo byte a call will update

// The move cache ("memo"): one 4-bit entry per (genome, cell), two cells to a byte (the
// even cell in the low nibble). An entry is 0 while no call was made, move index + 1 (1..9)
// once one was, or kDrewCode when the call drew random numbers (an answer not to reuse:
// every such visit calls again). A genome's row is (cells + 1) / 2 bytes, so that no byte is shared by
// two genomes and clearing a recycled row cannot touch a neighbour's entries.
constexpr uint8_t kDrewCode = 15;

// Entry (genome, cell) decoded from its byte: the move index 0..8 when known; -1 (no call
// yet) or 14 (the call drew randomness) otherwise, both of which known_move() rejects.
inline int memo_entry(uint8_t byte, unsigned cell) { return ((byte >> ((cell & 1) * 4)) & 15) - 1; }
// The byte holding entry (genome, cell), in a memo of `row` bytes per genome.
inline uint8_t& memo_byte(uint8_t* memo, size_t row, uint32_t genome, unsigned cell) {
  return memo[genome * row + (cell >> 1)];
}
inline int memo_read(uint8_t* memo, size_t row, uint32_t genome, unsigned cell) {
  return memo_entry(memo_byte(memo, row, genome, cell), cell);
}
inline int memo_read_atomic(uint8_t* memo, size_t row, uint32_t genome, unsigned cell) {
  return memo_entry(std::atomic_ref<uint8_t>(memo_byte(memo, row, genome, cell)).load(std::memory_order_relaxed), cell);
}
constexpr bool known_move(int m) { return static_cast<unsigned>(m) < 9; }

// Distinct live genomes, reference-counted by the specimens carrying them. With the cache
// on, each genome also owns one memoised move per cell. A genome is forgotten (its slot and
// its moves recycled) as soon as its last carrier dies, so memory is bounded by the
// number of distinct live genomes times the number of cells.
class GenomePool {
 public:
  GenomePool(int cells, bool cache) : row_((static_cast<size_t>(cells) + 1) / 2), cache_(cache) {}

  uint32_t acquire(const Genome& genome) {
    const uint64_t hash = GenomeHash{}(genome);
    size_t slot = find(genome, hash);
    if (slots_[slot].id != kEmptySlot) {
      ++live_[slots_[slot].id];
      return slots_[slot].id;
    }
    uint32_t id;
    if (!free_.empty()) {
      id = free_.back();
      free_.pop_back();
      genomes_[id] = genome;
      live_[id] = 1;
      // Cleared here rather than on release: the row is about to be read anyway.
      if (cache_) std::fill_n(moves_.begin() + static_cast<ptrdiff_t>(id * row_), row_, uint8_t{0});
    } else {
      id = static_cast<uint32_t>(genomes_.size());
      genomes_.push_back(genome);
      live_.push_back(1);
      if (cache_) moves_.resize(moves_.size() + row_, uint8_t{0});
    }
    slots_[slot] = {id, static_cast<uint32_t>(hash)};
    if (++indexed_ * 2 > slots_.size()) grow();
    peak_ = std::max(peak_, indexed_);
    return id;
  }

  void release(uint32_t id) {
    if (--live_[id] != 0) return;
    unindex(find(genomes_[id], GenomeHash{}(genomes_[id])));
    free_.push_back(id);
  }

  const Genome& genome(uint32_t id) const { return genomes_[id]; }
  // The memo: row `id` (row_length() bytes) holds genome id's entries, one per cell (see
  // memo_read()). Valid until the next acquire(); null with the cache off.
  uint8_t* memo() { return cache_ ? moves_.data() : nullptr; }
  size_t row_length() const { return row_; }
  size_t peak() const { return peak_; }

 private:
  // The index from genome to id: open addressing with linear probing, at most half full,
  // so that a birth or a death costs no allocation.
  struct Slot {
    uint32_t id;
    uint32_t hash;  // low half of the genome's hash: its home slot, and a cheap first comparison
  };
  static constexpr uint32_t kEmptySlot = UINT32_MAX;

  // The slot holding `genome`, or the empty slot where it would go.
  size_t find(const Genome& genome, uint64_t hash) const {
    const size_t mask = slots_.size() - 1;
    for (size_t slot = hash & mask;; slot = (slot + 1) & mask) {
      const Slot& s = slots_[slot];
      if (s.id == kEmptySlot || (s.hash == static_cast<uint32_t>(hash) && genomes_[s.id] == genome)) return slot;
    }
  }

  // Empties a slot, moving later entries of its probe run back so that no run has a gap.
  void unindex(size_t hole) {
    const size_t mask = slots_.size() - 1;
    for (size_t next = (hole + 1) & mask; slots_[next].id != kEmptySlot; next = (next + 1) & mask) {
      const size_t home = slots_[next].hash & mask;
      // Movable to the hole unless its home lies cyclically in (hole, next].
      if (((next - home) & mask) >= ((next - hole) & mask)) {
        slots_[hole] = slots_[next];
        hole = next;
      }
    }
    slots_[hole].id = kEmptySlot;
    --indexed_;
  }

  void grow() {
    std::vector<Slot> old(slots_.size() * 2, Slot{kEmptySlot, 0});
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.id != kEmptySlot) slots_[find(genomes_[s.id], s.hash)] = s;
  }

  size_t row_;  // bytes per genome in moves_
  bool cache_;
  std::vector<Genome> genomes_;
  std::vector<uint32_t> live_;
  std::vector<uint32_t> free_;
  std::vector<uint8_t> moves_;
  std::vector<Slot> slots_ = std::vector<Slot>(64, Slot{kEmptySlot, 0});
  size_t indexed_ = 0;
  size_t peak_ = 0;
};

// What one turn's moves produced, summed over the threads that made them.
struct TurnTally {
  uint64_t calls = 0;  // moves that called the player
  uint64_t goals = 0;
  uint64_t idle = 0;  // specimens that made no move: dead of age, or scored standing on the goal
};

// One specimen, packed into 16 bytes so that a turn streams through the population.
// Serial numbers and goals fit 32 bits: Config caps a game at 100 million specimens and
// 10 million turns.
struct Specimen {
  uint32_t genome;  // id in the GenomePool
  uint32_t serial;  // the n-th specimen created in the game, from 0
  uint32_t goals;
  uint16_t cell;
  uint8_t age;
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
        parallel_(options.parallel && !options.observer && tbb::this_task_arena::max_concurrency() > 1),
        pool_(track.cells(), cache_),
        breeder_(config) {
    if (track.start_rows().empty()) throw std::invalid_argument("the track has no start cells");
    if (options.observer && config.java_board())
      throw std::invalid_argument(
          "a game record replays each move from the track alone, which Java's board "
          "(goal_timing, finish_cells, off_board) does not allow; trace the game instead");
  }

  GameResult run() {
    if (options_.observer) options_.observer->started(config_, track_, seed_);
    Rng rng(stream_key(seed_, kTagInitial, 0));
    for (int i = 0; i < config_.initial_specimens; ++i) {
      const uint128 bits = (static_cast<uint128>(rng.next()) << 64) | rng.next();
      born(Genome(bits, config_.genome_bits), random_start(rng), nullptr);
    }
    result_.peak_population = population_.size();
    for (int turn = 1; turn <= config_.turns; ++turn) {
      if (options_.stop && options_.stop->load(std::memory_order_relaxed)) throw GameStopped{};
      result_.turns = turn;
      current_turn_ = turn;
      const TurnContext c = context(turn, stream_key(seed_, kTagTurn, static_cast<uint64_t>(turn)));
      // Java checks for life and breeds on the population as it was before the moves, so
      // under its breeding the game only ends if that one had fewer than two specimens.
      const size_t before_moves = population_.size();
      if (config_.breed_before_moves && before_moves >= 2) conceive(c);
      if (config_.java_board()) trace_ ? move_on_java_board<true>(c) : move_on_java_board<false>(c);
      else if (trace_) move_serially<true>(c);
      else if (parallel_ && population_.size() >= kParallelPopulation && cores_idle()) move_in_parallel(c);
      else move_serially<false>(c);
      if ((config_.breed_before_moves ? before_moves : population_.size()) < 2) break;
      if (config_.breed_before_moves) deliver();
      else breed(c.turn_key);
      result_.peak_population = std::max<uint64_t>(result_.peak_population, population_.size());
    }
    // Java's goal timing: a specimen still standing on the goal when the game ends counts.
    if (config_.goal_timing)
      for (const Specimen& s : population_) result_.score += track_.on_goal(s.cell);
    result_.peak_genomes = pool_.peak();
    return result_;
  }

 private:
  // What the inner loops read, copied out of the members: a player call is opaque to the
  // compiler and a memo store may alias anything, so members would be reloaded per specimen.
  struct TurnContext {
    int turn;
    uint64_t turn_key;
    unsigned lifespan;
    const int16_t* next;    // Track::next_table()
    const int16_t* column;  // Track::column_table()
    uint8_t* memo;          // GenomePool::memo(), null with the cache off
    size_t row;             // GenomePool::row_length(), in bytes
  };

  TurnContext context(int turn, uint64_t turn_key) {
    return {turn,
            turn_key,
            static_cast<unsigned>(config_.lifespan),
            track_.next_table(),
            track_.column_table(),
            pool_.memo(),
            pool_.row_length()};
  }

  bool cores_idle() const {
    return !options_.games_waiting || options_.games_waiting->load(std::memory_order_relaxed) == 0;
  }

  int random_start(Rng& rng) const {
    const auto& rows = track_.start_rows();
    return track_.cell(0, rows[rng.below(static_cast<uint32_t>(rows.size()))]);
  }

  // Java's clock (goal_timing) counts a life from the turn of birth, which for a child or a
  // respawned specimen is a turn it cannot move in: one move fewer than the initial ones.
  uint8_t newborn_age() const { return config_.goal_timing && current_turn_ > 0 ? 1 : 0; }

  void born(const Genome& genome, int at, const std::pair<uint64_t, uint64_t>* parents) {
    const uint32_t serial = next_serial_++;
    population_.push_back({pool_.acquire(genome), serial, 0, static_cast<uint16_t>(at), newborn_age()});
    if (options_.observer) options_.observer->born(current_turn_, serial, at, genome);
    if (trace_) {
      nlohmann::json event = {{"event", "born"},
                              {"specimen", serial},
                              {"turn", current_turn_},
                              {"at", {track_.cell_x(at), track_.cell_y(at)}},
                              {"genome", genome.to_string()}};
      event["parents"] = parents ? nlohmann::json{parents->first, parents->second} : nlohmann::json(nullptr);
      (*trace_)(event);
    }
  }

  // Steps 3-6 for specimen s, already aged, making move m; false if it died. Reads only
  // i's own random streams, so specimens can move in any order, on any thread. Tracing is
  // a template parameter to keep its branches out of the untraced inner loop.
  template <bool kTraced>
  bool advance(const TurnContext& c, Specimen& s, int m, size_t i, TurnTally& tally) {
    const int from = s.cell;
    const int to = c.next[from * 9 + m];
    if constexpr (kTraced) trace_step(s, c.turn, track_.cell_x(from), track_.cell_y(from), m);
    if (to == Track::kDead) [[unlikely]]
      return false;
    if (to == Track::kGoal) [[unlikely]]
      score_and_respawn<kTraced>(c, s, i, tally);
    else s.cell = static_cast<uint16_t>(to);
    return true;
  }

  template <bool kTraced>
  void score_and_respawn(const TurnContext& c, Specimen& s, size_t i, TurnTally& tally) {
    ++s.goals;
    ++tally.goals;
    if constexpr (kTraced)
      if (config_.goal_timing)
        event(s, c.turn, "scored", {{"at", {track_.position_x(s.cell), track_.position_y(s.cell)}}});
    Rng rng(stream_key(c.turn_key, kTagRespawn, i));
    s.cell = static_cast<uint16_t>(random_start(rng));
    s.age = newborn_age();
    if constexpr (kTraced) event(s, c.turn, "respawned", {{"at", {0, track_.cell_y(s.cell)}}, {"goals", s.goals}});
  }

  // Java's board (goal_timing, finish_cells, off_board), in one serial pass. A specimen
  // standing on the goal is scored and respawned instead of moving; the others move as in
  // move_serially(), but a view with a goal cell in it is drawn afresh (never memoised),
  // a goal arrival may draw a deadly colour, and a specimen may live on off the board.
  template <bool kTraced>
  void move_on_java_board(const TurnContext& c) {
    const size_t n = population_.size();
    uint64_t* const sums = sampler_.running_sums(n);
    uint64_t sum = 0;
    size_t kept = 0;
    TurnTally tally;
    const int side = 2 * config_.view_radius + 1;
    drawn_view_.resize(static_cast<size_t>(side * side));
    int8_t* const drawn = drawn_view_.data();
    for (size_t i = 0; i < n; ++i) {
      Specimen s = population_[i];
      if (config_.goal_timing && track_.on_goal(s.cell)) {
        ++tally.idle;
        score_and_respawn<kTraced>(c, s, i, tally);
      } else if (s.age >= c.lifespan) {
        ++tally.idle;
        if constexpr (kTraced) event(s, c.turn, "died", {{"why", "age"}});
        pool_.release(s.genome);
        continue;
      } else {
        ++s.age;
        Rng chance(stream_key(c.turn_key, kTagJavaBoard, i));
        int m = kUnknown;
        if (track_.fixed_view(s.cell)) {
          if (c.memo) m = memo_read(c.memo, c.row, s.genome, s.cell);
          if (!known_move(m)) {
            ++tally.calls;
            m = call_player<false>(c, s, i, track_.view(s.cell), true);
          }
        } else {
          track_.look(s.cell, chance, drawn);
          ++tally.calls;
          m = call_player<false>(c, s, i, View(drawn, config_.view_radius), false);
        }
        const int x = track_.position_x(s.cell), y = track_.position_y(s.cell);
        const Step step = track_.step(x, y, move_from_index(m), &chance);
        if constexpr (kTraced) trace_step(s, c.turn, x, y, m, &step);
        if (step.death != Hazard::None) {
          pool_.release(s.genome);
          continue;
        }
        if (step.goal && !config_.goal_timing) score_and_respawn<kTraced>(c, s, i, tally);
        else s.cell = static_cast<uint16_t>(track_.position(step.x, step.y));
      }
      population_[kept] = s;
      sums[kept++] = sum += java_fitness(s, false);
    }
    finish_turn(n, kept, tally);
  }

  // Fitness on Java's board: 1 + x + 50 * goals, where x may be off the board. Java's
  // roulette subtracts a negative fitness, which shifts every later pick in its hash order;
  // with no hash order to follow, a specimen left of the board gets weight 0. In the
  // snapshot before the moves, a specimen on the goal already has the goal it is about to
  // be scored for: Java adds the bonus before it breeds.
  uint64_t java_fitness(const Specimen& s, bool before_moves) const {
    const bool scoring = before_moves && config_.goal_timing && track_.on_goal(s.cell);
    return fitness(std::max(track_.position_x(s.cell), -1), s.goals + scoring);
  }

  // The player's move index for specimen s at index i, seeing `view`; with `memoise`, the
  // answer goes to the memo, if any (kDrewCode if the call drew a random number). kShared:
  // other threads may be writing neighbouring entries of the same byte.
  template <bool kShared>
  int call_player(const TurnContext& c, const Specimen& s, size_t i, const View& view, bool memoise) {
    auto rng = Rng::keyed_on_first_draw(c.turn_key, kTagMove, i);
    Move move;
    try {
      move = player_.move(pool_.genome(s.genome), view, rng);
    } catch (const GameStopped&) {
      throw;  // a stopped run interrupted the call: the game is dropped, no fault
    } catch (const std::exception& e) {
      throw GameFault(std::string("player fault: ") + e.what(), c.turn, s.serial);
    } catch (...) {
      throw GameFault("player fault: threw a non-standard exception", c.turn, s.serial);
    }
    if (!is_legal(move))
      throw GameFault("player fault: illegal move (" + std::to_string(move.dx) + ", " + std::to_string(move.dy) +
                          "); dx and dy must be in {-1, 0, 1}",
                      c.turn, s.serial);
    const int index = move_index(move);
    if (c.memo && memoise) {
      const unsigned shift = (s.cell & 1u) * 4;
      const uint8_t code = rng.draws() == 0 ? static_cast<uint8_t>(index + 1) : kDrewCode;
      uint8_t& byte = memo_byte(c.memo, c.row, s.genome, s.cell);
      if constexpr (kShared) {
        // A parallel turn writes entries concurrently, an entry always with the same value,
        // but a byte's other entry may be another thread's: replace only our nibble, by
        // compare-and-swap. Relaxed: a reader that misses the entry just calls the player.
        std::atomic_ref<uint8_t> shared(byte);
        uint8_t old = shared.load(std::memory_order_relaxed);
        while (!shared.compare_exchange_weak(old, static_cast<uint8_t>((old & ~(15u << shift)) | (code << shift)),
                                             std::memory_order_relaxed)) {
        }
      } else {
        byte = static_cast<uint8_t>((byte & ~(15u << shift)) | (code << shift));
      }
    }
    return index;
  }

  // A turn on one thread, in three passes: every move the memo knows (a gather with no
  // data-dependent branch, so that its cache misses overlap) and a list of the rest; the
  // calls for that list, in specimen order; then every move, dropping the dead and summing
  // the survivors' fitness for breeding. A genome seen twice on one cell in one turn is
  // called for twice: same answer, so only the call count can tell.
  template <bool kTraced>
  void move_serially(const TurnContext& c) {
    const size_t n = population_.size();
    Specimen* const specimens = population_.data();
    known_.resize(n);
    to_call_.resize(n);
    int8_t* const known = known_.data();
    uint32_t* const to_call = to_call_.data();
    TurnTally tally;
    for (size_t i = 0; i < n; ++i) {
      const Specimen& s = specimens[i];
      int8_t m = kUnknown;
      if (c.memo) {
        if (i + kPrefetchDistance < n) {
          const Specimen& ahead = specimens[i + kPrefetchDistance];
          __builtin_prefetch(&memo_byte(c.memo, c.row, ahead.genome, ahead.cell));
        }
        m = static_cast<int8_t>(memo_read(c.memo, c.row, s.genome, s.cell));
      }
      known[i] = m;
      to_call[tally.calls] = static_cast<uint32_t>(i);
      tally.calls += !known_move(m) & (s.age < c.lifespan);  // one that dies of age makes no move
    }
    for (size_t k = 0; k < tally.calls; ++k) {
      // A call reads its genome, scattered over the pool, and ends by updating its nibble of
      // the memo, a read-modify-write of a byte the gather may have left long ago: both
      // fetched a few calls ahead, so that their misses overlap calls.
      if (k + kCallPrefetchDistance < tally.calls) {
        const Specimen& ahead = specimens[to_call[k + kCallPrefetchDistance]];
        __builtin_prefetch(&pool_.genome(ahead.genome));
        if (c.memo) __builtin_prefetch(&memo_byte(c.memo, c.row, ahead.genome, ahead.cell), 1);
      }
      const size_t i = to_call[k];
      known[i] = static_cast<int8_t>(call_player<false>(c, specimens[i], i, track_.view(specimens[i].cell), true));
    }
    if (options_.observer) observe_moves(c, n);
    uint64_t* const sums = sampler_.running_sums(n);
    uint64_t sum = 0;
    size_t kept = 0;
    for (size_t i = 0; i < n; ++i) {
      Specimen s = specimens[i];
      bool alive = s.age < c.lifespan;
      if (alive) {
        ++s.age;
        alive = advance<kTraced>(c, s, known[i], i, tally);
      } else {
        ++tally.idle;
        if constexpr (kTraced) event(s, c.turn, "died", {{"why", "age"}});
      }
      if (alive) {
        specimens[kept] = s;
        sums[kept++] = sum += fitness(c.column[s.cell], s.goals);
      } else {
        pool_.release(s.genome);
      }
    }
    finish_turn(n, kept, tally);
  }

  // Large populations: the moves in parallel chunks, each specimen reading the memo as it
  // goes (a fault is kept per game, the lowest specimen winning, so which fault is
  // reported does not depend on scheduling); then the dead dropped serially.
  void move_in_parallel(const TurnContext& c) {
    const size_t n = population_.size();
    Specimen* const specimens = population_.data();
    alive_.resize(n);
    TurnTally total;
    std::mutex mutex;
    std::optional<GameFault> fault;
    // Isolated: while it waits for this turn's chunks, a thread must not pick up another
    // board's whole game, which would stall this one until that game ended.
    const CrashScope* const crash_scope = CrashScope::current();  // the game's, for every thread's share
    tbb::this_task_arena::isolate([&] {
      tbb::parallel_for(tbb::blocked_range<size_t>(0, n, kParallelGrain), [&](const tbb::blocked_range<size_t>& r) {
        const CrashScope share(crash_scope);
        TurnTally local;
        for (size_t i = r.begin(); i < r.end(); ++i) {
          Specimen& s = specimens[i];
          if (s.age >= c.lifespan) {
            ++local.idle;
            alive_[i] = false;
            continue;
          }
          ++s.age;
          if (c.memo && i + kPrefetchDistance < r.end()) {  // within this chunk: only this thread moves it
            const Specimen& ahead = specimens[i + kPrefetchDistance];
            __builtin_prefetch(&memo_byte(c.memo, c.row, ahead.genome, ahead.cell));
          }
          int m = c.memo ? memo_read_atomic(c.memo, c.row, s.genome, s.cell) : kUnknown;
          try {
            if (!known_move(m)) {
              ++local.calls;
              m = call_player<true>(c, s, i, track_.view(s.cell), true);
            }
          } catch (const GameFault& f) {
            std::lock_guard lock(mutex);
            if (!fault || f.specimen < fault->specimen) fault.emplace(f);
            break;
          }
          alive_[i] = advance<false>(c, s, m, i, local);
        }
        std::lock_guard lock(mutex);
        total.calls += local.calls;
        total.goals += local.goals;
        total.idle += local.idle;
      });
    });
    if (fault) throw *fault;
    uint64_t* const sums = sampler_.running_sums(n);
    uint64_t sum = 0;
    size_t kept = 0;
    for (size_t i = 0; i < n; ++i) {
      if (alive_[i]) {
        const Specimen s = specimens[i];
        specimens[kept] = s;
        sums[kept++] = sum += fitness(c.column[s.cell], s.goals);
      } else {
        pool_.release(specimens[i].genome);
      }
    }
    finish_turn(n, kept, total);
  }

  // Every move of this turn, known before any is made, for the observer.
  void observe_moves(const TurnContext& c, size_t n) {
    observed_.resize(n);
    for (size_t i = 0; i < n; ++i) {
      const Specimen& s = population_[i];
      observed_[i] = {s.serial, s.cell, s.age < c.lifespan ? known_[i] : ObservedMove::kDiedOfAge};
    }
    options_.observer->moved(c.turn, observed_);
  }

  void finish_turn(size_t moved, size_t kept, const TurnTally& tally) {
    population_.resize(kept);
    sampler_.keep(kept);
    result_.moves += moved - tally.idle;
    result_.player_calls += tally.calls;
    result_.score += tally.goals;
  }

  void breed(uint64_t turn_key) {
    Rng rng(stream_key(turn_key, kTagBreed, 0));
    for (int k = 0; k < config_.offspring; ++k) {
      const auto [a, b] = sampler_.pick(rng);
      const Genome child =
          breeder_.child(pool_.genome(population_[a].genome), pool_.genome(population_[b].genome), rng);
      const std::pair<uint64_t, uint64_t> serials{population_[a].serial, population_[b].serial};
      born(child, random_start(rng), &serials);
    }
  }

  // The Java controllers' breeding (config breed_before_moves = 1): parents drawn from the
  // population and fitness as they were before the turn's moves, so a specimen that dies
  // this turn can still breed; the children are born after the moves (deliver()).
  void conceive(const TurnContext& c) {
    Rng rng(stream_key(c.turn_key, kTagBreed, 0));
    const size_t n = population_.size();
    uint64_t* const sums = snapshot_.running_sums(n);
    uint64_t sum = 0;
    for (size_t i = 0; i < n; ++i)
      sums[i] = sum += config_.java_board() ? java_fitness(population_[i], true)
                                            : fitness(c.column[population_[i].cell], population_[i].goals);
    // The upstream draw's hash order: two distinct specimens, fixed for the turn.
    const size_t hash_first = rng.below(static_cast<uint32_t>(n));
    size_t hash_second = rng.below(static_cast<uint32_t>(n - 1));
    hash_second += hash_second >= hash_first;
    conceived_.clear();
    for (int k = 0; k < config_.offspring; ++k) {
      const auto [a, b] =
          config_.parent_choice == 1 ? snapshot_.pick_java_upstream(rng, hash_first, hash_second) : snapshot_.pick(rng);
      const Genome child =
          breeder_.child(pool_.genome(population_[a].genome), pool_.genome(population_[b].genome), rng);
      conceived_.push_back({child, random_start(rng), {population_[a].serial, population_[b].serial}});
    }
  }

  void deliver() {
    for (const Conceived& child : conceived_) born(child.genome, child.start, &child.parents);
  }

  void event(const Specimen& s, int turn, const char* what, nlohmann::json fields) {
    fields["event"] = what;
    fields["turn"] = turn;
    fields["specimen"] = s.serial;
    (*trace_)(fields);
  }

  // Events of one move from (x, y); the step as made, or (with none) as the track fixes it.
  void trace_step(const Specimen& s, int turn, int x, int y, int m, const Step* made = nullptr) {
    const Move move = move_from_index(m);
    const Step step = made ? *made : track_.step(x, y, move);
    const nlohmann::json at = {x, y};
    if (step.blocked) event(s, turn, "blocked", {{"at", at}, {"move", {move.dx, move.dy}}});
    event(s, turn, "moved", {{"from", at}, {"move", {move.dx, move.dy}}, {"to", {step.moved_x, step.moved_y}}});
    if (step.teleported)
      event(s, turn, "teleported", {{"from", {step.moved_x, step.moved_y}}, {"to", {step.x, step.y}}});
    if (step.death != Hazard::None)
      event(s, turn, "died", {{"why", hazard_name(step.death)}, {"at", {step.x, step.y}}});
    if (step.goal) event(s, turn, config_.goal_timing ? "reached goal" : "scored", {{"at", {step.x, step.y}}});
  }

  const Config& config_;
  const Track& track_;
  const PlayerInfo& player_;
  uint64_t seed_;
  GameOptions options_;
  const TraceSink* trace_;
  bool cache_;
  bool parallel_;  // a one-thread arena gains nothing from chunks and loses the fused pass
  GenomePool pool_;
  Breeder breeder_;
  std::vector<Specimen> population_;
  std::vector<int8_t> known_;           // [i]: specimen i's move this turn, once known
  std::vector<uint32_t> to_call_;       // this turn's specimens whose move needs a call
  std::vector<uint8_t> alive_;          // this turn's survivors, when moved in parallel
  std::vector<ObservedMove> observed_;  // this turn's moves, when observed
  std::vector<int8_t> drawn_view_;      // a view drawn afresh on Java's board
  ParentSampler sampler_;
  // A child conceived before the moves (breed_before_moves), born after them.
  struct Conceived {
    Genome genome;
    int start;
    std::pair<uint64_t, uint64_t> parents;
  };
  ParentSampler snapshot_;  // the pre-move population's fitness, for conceive()
  std::vector<Conceived> conceived_;
  uint32_t next_serial_ = 0;
  int current_turn_ = 0;
  GameResult result_;
};

}  // namespace

GameResult play_game(const Config& config, const Track& track, const PlayerInfo& player, uint64_t game_seed,
                     const GameOptions& options) {
  return Game(config, track, player, game_seed, options).run();
}

}  // namespace ratrace
