#pragma once
// Counter-based random streams shared by every system in the repository: a result is a
// pure function of its seeds, whatever the thread count.
#include <cstdint>
#include <utility>
#include <vector>

namespace ratrace {

// SplitMix64's output function: a bijective 64-bit mixer with full avalanche.
constexpr uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Key of the sub-stream `index` in domain `tag` below `parent`. Every random decision of a
// game hangs off such a key (board, then turn, then specimen), so nothing depends on which
// thread ran first or on how many numbers an unrelated component drew.
constexpr uint64_t stream_key(uint64_t parent, uint64_t tag, uint64_t index) {
  return mix64(parent ^ mix64(index * 0x9e3779b97f4a7c15ULL + tag * 0xd1b54a32d192ed03ULL));
}

// Counter-based generator (SplitMix64 over a keyed counter): draw n of stream k is
// mix64(k + n * golden). Cheap to create, so each player call gets a fresh one.
class Rng {
 public:
  explicit constexpr Rng(uint64_t key) : key_(key) {}

  // The generator of stream_key(parent, tag, index), keyed only on its first draw: most
  // player calls draw nothing, and the key costs two mixes.
  static constexpr Rng keyed_on_first_draw(uint64_t parent, uint64_t tag, uint64_t index) {
    Rng rng(parent);
    rng.unkeyed_ = true;
    rng.index_ = index;
    rng.tag_ = tag;
    return rng;
  }

  constexpr uint64_t next() {
    if (unkeyed_) [[unlikely]] {
      key_ = stream_key(key_, tag_, index_);
      unkeyed_ = false;
    }
    return mix64(key_ + (++draws_) * 0x9e3779b97f4a7c15ULL);
  }

  // Uniform integer in [0, n), n > 0, without modulo bias (Lemire's method).
  uint32_t below(uint32_t n) {
    uint64_t m = (next() >> 32) * n;
    if (static_cast<uint32_t>(m) < n) {
      const uint32_t threshold = static_cast<uint32_t>(-n) % n;
      while (static_cast<uint32_t>(m) < threshold) m = (next() >> 32) * n;
    }
    return static_cast<uint32_t>(m >> 32);
  }
  // Uniform integer in [lo, hi].
  int between(int lo, int hi) { return lo + static_cast<int>(below(static_cast<uint32_t>(hi - lo + 1))); }
  // Uniform double in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  bool chance(double p) { return uniform() < p; }

  // How many numbers were drawn: a player call that drew none is a pure function of
  // (genome, view) and may be memoised.
  uint64_t draws() const { return draws_; }

 private:
  uint64_t key_;  // the parent key while unkeyed_
  uint64_t draws_ = 0;
  bool unkeyed_ = false;
  uint64_t tag_ = 0;
  uint64_t index_ = 0;
};

// Moves min(count, items.size()) distinct items, each drawn uniformly from those left, to the front
// of `items` in the order drawn (a partial Fisher-Yates shuffle); returns how many.
template <typename T>
size_t draw_to_front(std::vector<T>& items, size_t count, Rng& rng) {
  const size_t drawn = count < items.size() ? count : items.size();
  for (size_t i = 0; i < drawn; ++i) std::swap(items[i], items[i + rng.below(static_cast<uint32_t>(items.size() - i))]);
  return drawn;
}

}  // namespace ratrace
