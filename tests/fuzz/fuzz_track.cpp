// libFuzzer target: the track-file reader (what 'ratrace play --track' runs). A track it
// accepts must have exactly the size the file gave and read back the same after writing.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ratrace/tracks/track.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto j = nlohmann::json::parse(std::string_view(reinterpret_cast<const char*>(data), size), nullptr, false);
  if (j.is_discarded()) return 0;
  ratrace::Config config;
  config.turns = 100;
  try {
    const ratrace::Track track = ratrace::track_from_json(j, config);
    if (j.at("width") != track.width() || j.at("height") != track.height() ||
        j.at("goal_column") != track.goal_column())
      std::abort();  // a wrapped size
    for (int y = 0; y < track.height(); ++y)
      for (int x = 0; x < track.width(); ++x)
        if (j.at("colours").at(y).at(x) != track.colour(x, y)) std::abort();
    ratrace::Config again;
    again.turns = 100;
    const ratrace::Track reread = ratrace::track_from_json(ratrace::track_to_json(track), again);
    if (ratrace::track_to_json(reread) != ratrace::track_to_json(track)) std::abort();
  } catch (const std::exception&) {
    return 0;
  }
  return 0;
}
