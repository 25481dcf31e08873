#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ratrace/engine/genome.h"
#include "ratrace/tracks/config.h"
#include "ratrace/tracks/streams.h"

namespace ratrace {

// Fitness of a specimen at column x with `goals` goals: 1 + x + 50 * goals.
inline uint64_t fitness(int x, uint64_t goals) { return 1 + static_cast<uint64_t>(x) + 50 * goals; }

// Uniform integer in [0, n), n > 0, over the full 64-bit range.
uint64_t below64(Rng& rng, uint64_t n);

// Fitness-proportional choice of two distinct parents. Prefix sums are built once per
// turn, then each draw is a binary search: O(log n) per child, not O(n).
class ParentSampler {
 public:
  ParentSampler() = default;
  explicit ParentSampler(std::span<const uint64_t> fitness) {
    uint64_t* sums = running_sums(fitness.size());
    uint64_t sum = 0;
    for (size_t i = 0; i < fitness.size(); ++i) sums[i] = sum += fitness[i];
  }
  // For a turn that sums the fitness as it computes it: room for up to n running sums
  // (reusing the memory of the last population), then keep() the first `count` written.
  uint64_t* running_sums(size_t n) {
    prefix_.resize(n);
    return prefix_.data();
  }
  void keep(size_t count) { prefix_.resize(count); }
  // First parent proportional to fitness; second proportional to fitness among the rest.
  std::pair<size_t, size_t> pick(Rng& rng) const;
  // The Java upstream controller's draw (config parent_choice = 1): each parent's draw
  // nextLong() % total is negative half the time, and a negative draw takes the first
  // specimen, not already chosen, in the population's hash order, whatever its fitness;
  // the other half is fitness-proportional as in pick(). That hash order is arbitrary but
  // fixed within a turn: the caller names its first two specimens.
  std::pair<size_t, size_t> pick_java_upstream(Rng& rng, size_t hash_first, size_t hash_second) const;
  uint64_t total() const { return prefix_.empty() ? 0 : prefix_.back(); }

 private:
  size_t locate(uint64_t u) const;                  // first index whose inclusive prefix sum exceeds u
  size_t pick_other(Rng& rng, size_t first) const;  // proportional to fitness, `first` excluded
  std::vector<uint64_t> prefix_;
};

// Bit positions of independent Bernoulli(p) events along a genome, drawn by geometric
// skips: the same distribution as one coin per bit, with one draw per event. The skip is
// read off a table of P(skip >= k), so no logarithm per draw; a guide table indexed by the
// draw's top bits starts the search at most a step or two from the answer.
class EventSkipper {
 public:
  explicit EventSkipper(double p);
  // Bits to skip before the next event: 0, 1, ...; anything >= kMaxGenomeBits means none.
  int skip(Rng& rng) const {
    if (certain_skip_ >= 0) return certain_skip_;  // p = 0 or 1: no draw needed
    const uint64_t u = rng.next();
    int count = guide_[u >> (64 - kGuideBits)];
    while (u < at_least_[static_cast<size_t>(count)]) ++count;
    return count;
  }

 private:
  static constexpr int kGuideBits = 10;
  int certain_skip_;  // kMaxGenomeBits for p = 0, 0 for p = 1, else -1
  // [k]: P(skip >= k + 1) * 2^64, k = 0..127, falling with k; [128] = 0 ends every scan.
  std::array<uint64_t, kMaxGenomeBits + 1> at_least_;
  // [b]: the skip of the largest draw with top bits b, a lower bound for all of them.
  std::array<uint8_t, size_t{1} << kGuideBits> guide_;
};

// Child genome: start from a random parent, switch parents between bits with probability
// `crossover`, copy the current parent's bit, then flip each bit with probability `mutation`.
class Breeder {
 public:
  explicit Breeder(const Config& config);
  Genome child(const Genome& a, const Genome& b, Rng& rng) const;

 private:
  int bits_;
  EventSkipper switches_;
  EventSkipper flips_;
};

}  // namespace ratrace
