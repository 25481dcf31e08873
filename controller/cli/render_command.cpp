#include <filesystem>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/common/io.h"
#include "ratrace/see/board_view.h"
#include "ratrace/see/plot.h"

namespace ratrace {

Subcommand add_render_command(CLI::App& app, ProgramFlags&) {
  auto options = std::make_shared<RenderCommandOptions>();
  auto* cmd = app.add_subcommand("render", "Draw a track (SVG, PNG) with a legend; overlays from a game record");
  add_config_flags(cmd, options->config_file, options->sets);
  cmd->add_option("--record", options->record_file, "Game record (from 'play --record'): its track and overlays")
      ->check(CLI::ExistingFile);
  cmd->add_option("--track", options->track_file, "Track file instead")->check(CLI::ExistingFile);
  cmd->add_option("--seed", options->seed, "Master seed, without --record or --track")
      ->check(whole_number(0, UINT64_MAX))
      ->capture_default_str();
  cmd->add_option("--board", options->board, "Board index, without --record or --track")
      ->check(whole_number(0, kMaxBoards - 1))
      ->capture_default_str();
  cmd->add_option("--out", options->out_file, "Picture: FILE.svg, or FILE.png (with FILE.svg beside it)")
      ->capture_default_str();
  cmd->add_flag("--force", options->force, "Replace an existing picture");
  cmd->add_option("--overlay", options->overlays, "Comma-separated: heat, deaths, paths or none (default all)")
      ->delimiter(',');
  cmd->add_option("--paths", options->paths, "Scorers' paths drawn")
      ->check(whole_number(0, kMaxRecordPaths))
      ->capture_default_str();
  return {cmd, [options] { return run_render(*options); }};
}

int run_render(const RenderCommandOptions& options) {
  const RenderOptions draw = render_options(options.overlays, options.paths);
  const std::filesystem::path out(options.out_file);
  const auto ext = out.extension();
  if (ext != ".svg" && ext != ".png") throw std::invalid_argument("--out must end in .svg or .png");
  const std::string svg_file = std::filesystem::path(out).replace_extension(".svg").string();
  check_output_path(options.out_file, options.force);
  if (ext == ".png") check_output_path(svg_file, options.force);

  const Config config = build_config(options.config_file, options.sets);
  std::optional<nlohmann::json> document;
  RenderSource source{nullptr, nullptr, options.seed, options.board};
  if (!options.record_file.empty()) {
    document = read_record_file(options.record_file);
    source.record = &*document;
  } else if (!options.track_file.empty()) {
    document = read_json_file(options.track_file, "track file");
    source.track = &*document;
  }
  const std::string svg = render_picture(source, config, draw);
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
  return kExitOk;
}

}  // namespace ratrace
