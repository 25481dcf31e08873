#include "ratrace/engine/breeding.h"

#include <cmath>
#include <limits>

namespace ratrace {

uint64_t below64(Rng& rng, uint64_t n) {
  // Lemire's nearly divisionless method on 64 bits.
  uint128 m = static_cast<uint128>(rng.next()) * n;
  if (static_cast<uint64_t>(m) < n) {
    const uint64_t threshold = (0 - n) % n;
    while (static_cast<uint64_t>(m) < threshold) m = static_cast<uint128>(rng.next()) * n;
  }
  return static_cast<uint64_t>(m >> 64);
}

size_t ParentSampler::locate(uint64_t u) const {
  // Branch-free upper_bound, four ways at a time: the three comparisons of a step are
  // independent loads, so a search costs half the dependent steps of a binary one.
  const uint64_t* base = prefix_.data();
  size_t n = prefix_.size();
  while (n >= 4) {
    const size_t q = n / 4;
    const size_t passed = (base[q - 1] <= u) + (base[2 * q - 1] <= u) + (base[3 * q - 1] <= u);
    base += passed * q;
    n = passed == 3 ? n - 3 * q : q;
  }
  for (; n > 1; n -= n / 2) base = base[n / 2 - 1] <= u ? base + n / 2 : base;
  return static_cast<size_t>(base - prefix_.data()) + (*base <= u ? 1 : 0);
}

std::pair<size_t, size_t> ParentSampler::pick(Rng& rng) const {
  const size_t first = locate(below64(rng, total()));
  return {first, pick_other(rng, first)};
}

std::pair<size_t, size_t> ParentSampler::pick_java_upstream(Rng& rng, size_t hash_first, size_t hash_second) const {
  const size_t first = rng.below(2) == 0 ? hash_first : locate(below64(rng, total()));
  const size_t second = rng.below(2) == 0 ? (first == hash_first ? hash_second : hash_first) : pick_other(rng, first);
  return {first, second};
}

size_t ParentSampler::pick_other(Rng& rng, size_t first) const {
  const uint64_t first_end = prefix_[first];
  const uint64_t first_weight = first_end - (first == 0 ? 0 : prefix_[first - 1]);
  // Draw over the total without the first parent's interval, then step over that interval.
  uint64_t u = below64(rng, total() - first_weight);
  if (u >= first_end - first_weight) u += first_weight;
  return locate(u);
}

EventSkipper::EventSkipper(double p) : certain_skip_(p <= 0 ? kMaxGenomeBits : p >= 1 ? 0 : -1) {
  // skip >= k exactly when the draw u < P(skip >= k) * 2^64 = (1 - p)^k * 2^64.
  for (int k = 1; k <= kMaxGenomeBits; ++k) {
    const double scaled = std::pow(1 - p, k) * 0x1.0p64;
    at_least_[static_cast<size_t>(k - 1)] =
        scaled >= 0x1.0p64 ? std::numeric_limits<uint64_t>::max() : static_cast<uint64_t>(scaled);
  }
  at_least_[kMaxGenomeBits] = 0;  // never below: ends the scan at kMaxGenomeBits
  for (size_t b = 0; b < guide_.size(); ++b) {
    const uint64_t largest = (b << (64 - kGuideBits)) | (~uint64_t{0} >> kGuideBits);
    int count = 0;
    while (largest < at_least_[static_cast<size_t>(count)]) ++count;
    guide_[b] = static_cast<uint8_t>(count);
  }
}

Breeder::Breeder(const Config& config)
    : bits_(config.genome_bits), switches_(config.crossover), flips_(config.mutation) {}

namespace {
// Genome bit i lives at machine bit 127 - i.
uint128 genome_bit(int i) { return uint128{1} << (127 - i); }
}  // namespace

Genome Breeder::child(const Genome& a, const Genome& b, Rng& rng) const {
  const bool start_with_a = rng.below(2) == 0;
  // A switch may happen before each bit 1..bits-1; a bit comes from the second parent when
  // an odd number of switches lie at or before it: a prefix XOR over the switch positions.
  uint128 from_second = 0;
  for (int at = 1 + switches_.skip(rng); at < bits_; at += 1 + switches_.skip(rng)) from_second |= genome_bit(at);
  for (int shift = 1; shift < 128; shift *= 2) from_second ^= from_second >> shift;
  const uint128 first = start_with_a ? a.raw() : b.raw(), second = start_with_a ? b.raw() : a.raw();
  uint128 bits = (first & ~from_second) | (second & from_second);
  for (int at = flips_.skip(rng); at < bits_; at += 1 + flips_.skip(rng)) bits ^= genome_bit(at);
  return Genome(bits, bits_);
}

}  // namespace ratrace
