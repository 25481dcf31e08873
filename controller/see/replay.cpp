#include "ratrace/see/replay.h"

#include <nlohmann/json.hpp>

#include "ratrace/see/record.h"
#include "ratrace/see/render.h"

namespace ratrace {

// The page (controller/see/replay_page.html, embedded at build time by cmake/embed_text.cmake):
// a template whose single placeholder, the JSON in the data script, replay_html fills in.
// Plain canvas drawing; no library.
extern const char* const kReplayPage;

std::string replay_html(const nlohmann::json& record) {
  Config config;
  const Track track = track_of_record(record, config);
  nlohmann::json colours = nlohmann::json::array(), trap_targets = nlohmann::json::array();
  nlohmann::json roles = nlohmann::json::array();
  for (const ColourRole& r : track.roles()) roles.push_back({{"role", role_name(r.role)}, {"dx", r.dx}, {"dy", r.dy}});
  for (int c = 0; c < track.cells(); ++c) {
    colours.push_back(track.colour(track.cell_x(c), track.cell_y(c)));
    if (track.hazard(track.cell_x(c), track.cell_y(c)) == Hazard::Trap) trap_targets.push_back(c);
  }
  nlohmann::json lives = nlohmann::json::array();
  for (const char* kind : {"sampled", "scorers"})
    for (const nlohmann::json& j : record.at("paths").at(kind)) {
      const Life life = j.get<Life>();
      lives.push_back({{"turn", life.turn}, {"cells", life_cells(track, life)}, {"scorer", kind[1] == 'c'}});
    }
  const nlohmann::json& game = record.value("game", nlohmann::json::object());
  std::string title = game.value("player", std::string("?"));
  if (game.contains("board"))
    title += ", board " + std::to_string(game["board"].get<int>()) + " of master seed " +
             std::to_string(game["master_seed"].get<uint64_t>());
  title += ": score " + std::to_string(record.at("result").at("score").get<uint64_t>());
  const nlohmann::json data = {
      {"title", title},
      {"width", track.width()},
      {"height", track.height()},
      {"goal_column", track.goal_column()},
      {"colours", colours},
      {"palette", colour_palette(track)},
      {"start_rows", track.start_rows()},
      {"trap_targets", trap_targets},
      {"roles", roles},
      {"initial", record.at("totals").at("initial")},
      {"frames", record.contains("frames") && record.at("frames").at("every").get<int>() > 0 ? record.at("frames")
                                                                                             : nlohmann::json()},
      {"turns", record.at("result").at("turns")},
      {"population", record.at("turns").at("population")},
      {"goals", record.at("turns").at("goals")},
      {"lives", lives}};
  std::string json = data.dump();
  // Inside a script element, "</" could end it early.
  for (size_t at = json.find("</"); at != std::string::npos; at = json.find("</", at + 3)) json.replace(at, 2, "<\\/");
  std::string page = kReplayPage;
  const std::string placeholder = "/*DATA*/";
  page.replace(page.find(placeholder), placeholder.size(), json);
  return page;
}

}  // namespace ratrace
