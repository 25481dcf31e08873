#pragma once
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/tracks/config.h"
#include "ratrace/tracks/track.h"

namespace ratrace {

// Display colour ("#rrggbb") of each of a track's colours, chosen by role so that a role
// reads at a glance: light tints for empty colours, blues for teleporters, oranges for
// traps, near-black for walls. Shared by `render` and `replay`.
std::vector<std::string> colour_palette(const Track& track);

// A game record's track and config (the record carries both).
Track track_of_record(const nlohmann::json& record, Config& config);

// What `render` draws over the track, from a game record.
struct RenderOptions {
  bool heat = true;    // visits per cell, log scale
  bool deaths = true;  // deaths per cell, one dot per cause
  int paths = 12;      // the best scorers' last scoring lives (0: none)
};

// The track as an SVG picture with a legend of every colour's role; with a record, the
// chosen overlays and their legend.
std::string render_svg(const Track& track, const nlohmann::json* record, const RenderOptions& options);

}  // namespace ratrace
