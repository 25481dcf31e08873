#include <memory>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/common/io.h"
#include "ratrace/see/replay.h"

namespace ratrace {

Subcommand add_replay_command(CLI::App& app, ProgramFlags&) {
  auto options = std::make_shared<ReplayOptions>();
  auto* cmd = app.add_subcommand("replay", "Write a self-contained HTML page animating a game record");
  cmd->add_option("--record", options->record_file, "Game record (from 'play --record')")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--html", options->html_file, "The page to write")->capture_default_str();
  cmd->add_flag("--force", options->force, "Replace an existing page");
  return {cmd, [options] { return run_replay(*options); }};
}

int run_replay(const ReplayOptions& options) {
  check_output_path(options.html_file, options.force);
  write_file_atomically(options.html_file, replay_html(read_record_file(options.record_file)));
  spdlog::info("wrote {}", options.html_file);
  return kExitOk;
}

}  // namespace ratrace
