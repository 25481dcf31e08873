#pragma once
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace ratrace {

// One self-contained HTML page (inline script and style, no network) that animates a game
// record on a canvas: the track, the recorded specimens moving turn by turn, play/pause,
// speed, a turn scrubber, and population and goal charts. Opening it at "#turn=N" (or
// "#turn=last") shows turn N, paused, and sets document.title to "turn N of T".
std::string replay_html(const nlohmann::json& record);

}  // namespace ratrace
