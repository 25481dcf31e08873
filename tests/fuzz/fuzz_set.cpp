// libFuzzer target: --set key=value parsing (split_assignment, then Config::set). What it
// accepts must be the number (or, for a named setting such as the rules dialect, the word)
// the text says, and a config file with the same value must be read alike: one parser for both.
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "ratrace/common/numbers.h"
#include "ratrace/tracks/config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  ratrace::Config config;
  std::string key, value;
  try {
    std::tie(key, value) = ratrace::split_assignment(text);
    config.set(key, value);
  } catch (const std::exception&) {
    return 0;
  }
  const nlohmann::json held = config;
  const nlohmann::json& number = held.at(key);
  if (number.is_string()) {
    // A named setting keeps the word it was given; a file holds it as a JSON string.
    if (number.get<std::string>() != value) std::abort();
    ratrace::Config from_file;
    try {
      from_json(nlohmann::json{{key, value}}, from_file);
    } catch (const std::exception&) {
      std::abort();
    }
    if (nlohmann::json(from_file).at(key) != number) std::abort();
    return 0;
  }
  // Accepted numbers follow common/numbers.h's grammar (no '+', no leading zeros, ...).
  int64_t whole = 0;
  double real = 0;
  if (!ratrace::signed_error(value, INT64_MIN, INT64_MAX, whole).empty() &&
      !ratrace::real_error(value, -DBL_MAX, DBL_MAX, ratrace::LowerEnd::kIncluded, real).empty())
    std::abort();
  if (number.is_number_integer()) {
    errno = 0;
    char* end = nullptr;
    const long long expected = std::strtoll(value.c_str(), &end, 10);
    if (errno != 0 || *end != '\0' || number.get<long long>() != expected) std::abort();
  } else {
    const double expected = std::strtod(value.c_str(), nullptr);
    if (!std::isfinite(number.get<double>()) || number.get<double>() != expected) std::abort();
  }
  // The same text as a JSON number in a file: read alike, or refused as JSON.
  const auto as_file = nlohmann::json::parse("{\"" + key + "\": " + value + "}", nullptr, false);
  if (as_file.is_discarded()) return 0;
  ratrace::Config from_file;
  try {
    from_json(as_file, from_file);
  } catch (const std::exception&) {
    return 0;
  }
  if (nlohmann::json(from_file).at(key) != number) std::abort();
  return 0;
}
