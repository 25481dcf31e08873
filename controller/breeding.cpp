#include "controller/breeding.h"

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
  // Branch-free upper_bound: halve the range, moving its start past every prefix <= u.
  const uint64_t* base = prefix_.data();
  for (size_t n = prefix_.size(); n > 1; n -= n / 2) base = base[n / 2 - 1] <= u ? base + n / 2 : base;
  return static_cast<size_t>(base - prefix_.data()) + (*base <= u ? 1 : 0);
}

std::pair<size_t, size_t> ParentSampler::pick(Rng& rng) const {
  const size_t first = locate(below64(rng, total()));
  const uint64_t first_end = prefix_[first];
  const uint64_t first_weight = first_end - (first == 0 ? 0 : prefix_[first - 1]);
  // Draw over the total without the first parent's interval, then step over that interval.
  uint64_t u = below64(rng, total() - first_weight);
  if (u >= first_end - first_weight) u += first_weight;
  return {first, locate(u)};
}

EventSkipper::EventSkipper(double p) : p_(p), certain_(p <= 0 || p >= 1) {
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
// Mask of genome bits [from, to).
uint128 bit_range(int from, int to) { return Genome::prefix_mask(to) & ~Genome::prefix_mask(from); }
}  // namespace

Genome Breeder::child(const Genome& a, const Genome& b, Rng& rng) const {
  const bool start_with_a = rng.below(2) == 0;
  // Segments alternate between parents; a switch may happen before each bit 1..bits-1.
  uint128 from_start_parent = 0;
  bool on_start_parent = true;
  int segment = 0;
  for (int at = 1 + switches_.skip(rng); at < bits_; at += 1 + switches_.skip(rng)) {
    if (on_start_parent) from_start_parent |= bit_range(segment, at);
    on_start_parent = !on_start_parent;
    segment = at;
  }
  if (on_start_parent) from_start_parent |= bit_range(segment, bits_);
  const uint128 first = start_with_a ? a.raw() : b.raw(), second = start_with_a ? b.raw() : a.raw();
  uint128 bits = (first & from_start_parent) | (second & ~from_start_parent);
  for (int at = flips_.skip(rng); at < bits_; at += 1 + flips_.skip(rng)) bits ^= uint128{1} << (127 - at);
  return Genome(bits, bits_);
}

}  // namespace ratrace
