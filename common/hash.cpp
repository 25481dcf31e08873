#include "ratrace/common/hash.h"

#include <cstdio>

#include <xxhash.h>

#include "ratrace/common/io.h"

namespace ratrace {

uint64_t content_hash(std::string_view bytes, uint64_t seed) { return XXH64(bytes.data(), bytes.size(), seed); }

std::string hex_digits(uint64_t hash) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

std::string file_fingerprint(const std::string& path, const std::string& what) {
  return hex_digits(content_hash(read_text(path, what)));
}

}  // namespace ratrace
