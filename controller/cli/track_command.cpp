#include <cstdio>
#include <memory>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/common/io.h"
#include "ratrace/see/board_view.h"
#include "ratrace/tracks/track.h"

namespace ratrace {

Subcommand add_track_command(CLI::App& app, ProgramFlags&) {
  auto options = std::make_shared<TrackOptions>();
  auto* cmd = app.add_subcommand("track", "Show (or save) the track of one board");
  add_config_flags(cmd, options->config_file, options->sets);
  cmd->add_option("--seed", options->seed, "Master seed")->check(whole_number(0, UINT64_MAX))->capture_default_str();
  cmd->add_option("--board", options->board, "Board index")
      ->check(whole_number(0, kMaxBoards - 1))
      ->capture_default_str();
  cmd->add_option("--json", options->json_file, "Write the track file (JSON) here");
  cmd->add_flag("--force", options->force, "Replace an existing --json file");
  cmd->add_flag("--print-json", options->json, "Print JSON instead of text");
  return {cmd, [options] { return run_track(*options); }};
}

int run_track(const TrackOptions& options) {
  if (options.json_file == "-") keep_stdout_for_results();
  check_output_path(options.json_file, options.force);
  const Config config = build_config(options.config_file, options.sets);
  const nlohmann::json j = board_track_document(config, options.seed, options.board);
  const uint64_t seed = j["board_seed"].get<uint64_t>();
  if (!options.json_file.empty()) {
    write_json_file(options.json_file, j);
    spdlog::info("wrote {}", options.json_file);
  }
  if (options.json) std::printf("%s\n", j.dump(2).c_str());
  else
    std::printf("board %d of master seed %llu (board seed %llu)\n%s", options.board,
                static_cast<unsigned long long>(options.seed), static_cast<unsigned long long>(seed),
                track_to_text(generate_track(config, seed)).c_str());
  return kExitOk;
}

}  // namespace ratrace
