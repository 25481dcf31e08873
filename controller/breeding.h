#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "controller/config.h"
#include "controller/genome.h"
#include "controller/rng.h"

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
  explicit ParentSampler(std::span<const uint64_t> fitness) { assign(fitness); }
  // Rebuilds for a new population, reusing the memory of the last one.
  void assign(std::span<const uint64_t> fitness);
  // First parent proportional to fitness; second proportional to fitness among the rest.
  std::pair<size_t, size_t> pick(Rng& rng) const;
  uint64_t total() const { return prefix_.empty() ? 0 : prefix_.back(); }

 private:
  size_t locate(uint64_t u) const;  // first index whose inclusive prefix sum exceeds u
  std::vector<uint64_t> prefix_;
};

// Bit positions of independent Bernoulli(p) events along a genome, drawn by geometric
// skips: the same distribution as one coin per bit, with one draw per event. The skip is
// read off a table of P(skip >= k) by binary search, so no logarithm per draw.
class EventSkipper {
 public:
  explicit EventSkipper(double p);
  // Bits to skip before the next event: 0, 1, ...; anything >= kMaxGenomeBits means none.
  int skip(Rng& rng) const;

 private:
  double p_;
  std::array<uint64_t, kMaxGenomeBits> at_least_;  // [k-1]: P(skip >= k) * 2^64, k = 1..128
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
