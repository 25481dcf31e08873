#pragma once
#include <bit>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include "ratrace/tracks/config.h"

namespace ratrace {

using uint128 = unsigned __int128;

// Thrown when a player reads a genome bit past the configured genome length.
struct GenomeRangeError : std::out_of_range {
  using std::out_of_range::out_of_range;
};

// Kept out of line so that the genome readers stay small enough to inline.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_genome_range_error(int start, int len, int length) {
  throw GenomeRangeError("genome read of bits [" + std::to_string(start) + ", " +
                         std::to_string(static_cast<long long>(start) + len) + ") outside the " +
                         std::to_string(length) + "-bit genome" +
                         (len < 0 || len > 32 ? " (a read takes 0 to 32 bits)" : ""));
}

// A specimen's genome: up to 128 bits in one 128-bit word, bit 0 first. Bit i lives at
// machine bit 127 - i, so chunk(start, len) (bit `start` most significant, as the original
// controllers read "bits as a number") is one shift and mask.
class Genome {
 public:
  Genome() = default;
  Genome(uint128 bits, int length) : bits_(bits & prefix_mask(length)), length_(static_cast<uint8_t>(length)) {}

  int length() const { return length_; }
  uint128 raw() const { return bits_; }

  int bit(int i) const {
    check(i, 1);
    return static_cast<int>((bits_ >> (127 - i)) & 1);
  }
  // Bits [start, start+len) as an unsigned number, first bit most significant; len <= 32.
  uint32_t chunk(int start, int len) const {
    check(start, len);
    if (len == 0) return 0;
    return static_cast<uint32_t>(static_cast<uint64_t>(bits_ >> (128 - start - len)) & ((uint64_t{1} << len) - 1));
  }
  // Number of ones in bits [start, start+len).
  int ones(int start, int len) const {
    check(start, len);
    const uint128 part = len == 0 ? 0 : (bits_ >> (128 - start - len)) & ((uint128{1} << len) - 1);
    return std::popcount(static_cast<uint64_t>(part)) + std::popcount(static_cast<uint64_t>(part >> 64));
  }
  // Bits [start, start+len) read as a reflected Gray code.
  uint32_t gray(int start, int len) const {
    uint32_t value = chunk(start, len);
    for (uint32_t shift = value >> 1; shift != 0; shift >>= 1) value ^= shift;
    return value;
  }
  // Sum over the runs of consecutive ones in bits [start, start+len) of n(n+1)/2
  // (a run of n ones is worth 1 + 2 + ... + n).
  int run_bonus(int start, int len) const {
    check(start, len);
    int total = 0, run = 0;
    for (int i = start; i < start + len; ++i) {
      run = ((bits_ >> (127 - i)) & 1) ? run + 1 : 0;
      total += run;
    }
    return total;
  }
  // Bits at start, start+stride, start+2*stride, ... (count of them) as a number, first
  // bit most significant: a value whose bits are striped across the genome.
  uint32_t striped(int start, int stride, int count) const {
    uint32_t value = 0;
    for (int k = 0; k < count; ++k) value = (value << 1) | static_cast<uint32_t>(bit(start + k * stride));
    return value;
  }

  // "0101..." with bit 0 first.
  std::string to_string() const {
    std::string s(length_, '0');
    for (int i = 0; i < length_; ++i) s[i] = static_cast<char>('0' + ((bits_ >> (127 - i)) & 1));
    return s;
  }
  static Genome from_string(const std::string& s) {
    if (s.size() > kMaxGenomeBits) throw std::invalid_argument("genome longer than 128 bits");
    uint128 bits = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      if (s[i] != '0' && s[i] != '1') throw std::invalid_argument("genome string may hold only 0 and 1");
      if (s[i] == '1') bits |= uint128{1} << (127 - i);
    }
    return Genome(bits, static_cast<int>(s.size()));
  }

  // Mask with the first `length` genome bits set.
  static uint128 prefix_mask(int length) {
    return length <= 0 ? 0 : length >= 128 ? ~uint128{0} : ~uint128{0} << (128 - length);
  }

  friend bool operator==(const Genome&, const Genome&) = default;

 private:
  void check(int start, int len) const {
    // Every argument apart: a negative start would wrap to a small sum in unsigned arithmetic.
    if (start < 0 || len < 0 || len > 32 || start > length_ - len) [[unlikely]]
      throw_genome_range_error(start, len, length_);
  }

  uint128 bits_ = 0;
  uint8_t length_ = 0;
};

// Every output bit depends on every genome bit: genomes keep their bits at the top of the
// word and siblings share long runs of them, so the low bits of a plain product collide.
struct GenomeHash {
  size_t operator()(const Genome& g) const {
    uint64_t h = static_cast<uint64_t>(g.raw() >> 64) ^ (static_cast<uint64_t>(g.raw()) * 0x9e3779b97f4a7c15ULL);
    h = (h ^ (h >> 32)) * 0xd6e8feb86659fd93ULL;
    h = (h ^ (h >> 32)) * 0xd6e8feb86659fd93ULL;
    return static_cast<size_t>(h ^ (h >> 32));
  }
};

}  // namespace ratrace
