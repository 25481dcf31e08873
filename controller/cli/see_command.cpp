// `render` and `replay`: pictures of tracks and of recorded games.
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/common/io.h"
#include "ratrace/cli/commands.h"
#include "ratrace/see/plot.h"
#include "ratrace/see/render.h"
#include "ratrace/see/replay.h"
#include "ratrace/runs/runner.h"

namespace ratrace {

namespace {

nlohmann::json read_json(const std::string& path, const std::string& what) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read " + what + " '" + path + "'");
  try {
    return nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    throw std::invalid_argument(what + " '" + path + "' is not valid JSON: " + e.what());
  }
}

}  // namespace

int run_render(const RenderCommandOptions& options) {
  RenderOptions draw{false, false, 0};
  if (options.overlays.empty()) draw = {true, true, options.paths};
  for (const auto& overlay : options.overlays) {
    if (overlay == "heat") draw.heat = true;
    else if (overlay == "deaths") draw.deaths = true;
    else if (overlay == "paths") draw.paths = options.paths;
    else if (overlay != "none") throw std::invalid_argument("--overlay: '" + overlay + "' is not heat, deaths, paths or none");
  }
  const std::filesystem::path out(options.out_file);
  const auto ext = out.extension();
  if (ext != ".svg" && ext != ".png") throw std::invalid_argument("--out must end in .svg or .png");
  const std::string svg_file = std::filesystem::path(out).replace_extension(".svg").string();
  check_output_path(options.out_file, options.force);
  if (ext == ".png") check_output_path(svg_file, options.force);

  std::string svg;
  Config config = build_config(options.config_file, options.sets);
  if (!options.record_file.empty()) {
    const nlohmann::json record = read_json(options.record_file, "game record");
    const Track track = track_of_record(record, config);
    svg = render_svg(track, &record, draw);
  } else if (!options.track_file.empty()) {
    const Track track = track_from_json(read_json(options.track_file, "track file"), config);
    svg = render_svg(track, nullptr, draw);
  } else {
    svg = render_svg(generate_track(config, board_seed(options.seed, options.board)), nullptr, draw);
  }
  write_file_atomically(svg_file, svg);
  spdlog::info("wrote {}", svg_file);
  if (ext == ".png") {
    try {
      convert_svg_to_png(svg_file, options.out_file);
    } catch (...) {
      std::filesystem::remove(svg_file);  // half of what was asked would block the next run
      throw;
    }
    spdlog::info("wrote {}", options.out_file);
  }
  return 0;
}

int run_replay(const ReplayOptions& options) {
  check_output_path(options.html_file, options.force);
  write_file_atomically(options.html_file, replay_html(read_json(options.record_file, "game record")));
  spdlog::info("wrote {}", options.html_file);
  return 0;
}

}  // namespace ratrace
