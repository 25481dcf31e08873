// libFuzzer target: the config file reader (parse_config, what --config runs). A config it
// accepts must be valid and hold exactly the integers the file gave (no wrapping).
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ratrace/tracks/config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ratrace::Config config;
  try {
    config = ratrace::parse_config(text);
  } catch (const std::exception&) {
    return 0;  // refused with a message: fine
  }
  config.validate();  // throws (and so aborts the fuzzer) if an invalid config got through
  const auto given = nlohmann::json::parse(text);
  const nlohmann::json held = config;
  for (const auto& [key, value] : given.items())
    if (value.is_number_integer() && value != held.at(key)) std::abort();  // a silently changed value
  if (ratrace::parse_config(held.dump()) != config) std::abort();
  return 0;
}
