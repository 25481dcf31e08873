#pragma once
#include <cstdint>
#include <string>
#include <string_view>

// Content hashes: what fingerprints (a run's identity, a player's code) and checksums (a
// journal's lines) are made of, so that every one uses the same function.
namespace ratrace {

// XXH64 of `bytes` with `seed`: fast, and stable across machines and builds.
uint64_t content_hash(std::string_view bytes, uint64_t seed = 0);
// The hash as 16 lower-case hex digits.
std::string hex_digits(uint64_t hash);
// The content hash of a file's bytes as hex digits; throws std::invalid_argument naming `what`
// and the path when it cannot be read.
std::string file_fingerprint(const std::string& path, const std::string& what);

}  // namespace ratrace
