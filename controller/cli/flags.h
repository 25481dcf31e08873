#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json_fwd.hpp>

#include "ratrace/cli/subcommand.h"
#include "ratrace/runs/run_flags.h"

// Flags several subcommands share, bound the same way everywhere.
namespace ratrace {

// --config, --set and --rules.
void add_config_flags(CLI::App* cmd, std::string& config_file, std::vector<std::string>& sets);
// The flags of a journalled run: the config flags, --boards, --seed, --threads, --no-cache,
// --json, --journal, --resume and --force; records in run.given which were given.
void add_run_flags(CLI::App* cmd, RunFlags& run);
// --log-level and --player-lib: on the app (with fallthrough), or on a subcommand.
void add_program_flags(CLI::App* cmd, ProgramFlags& program);
// Makes `player` (the command's --player) the last --python player when --player is not given.
void default_player_to_python(CLI::App* cmd, std::string& player);

// A JSON input file (a track file, a game record) parsed; errors name `what` and the path.
nlohmann::json read_json_file(const std::string& path, const std::string& what);
// A game record (play --record) read and checked (check_record, its config, track and lives);
// std::invalid_argument "game record 'PATH': key '...': ..." when it is not one.
nlohmann::json read_record_file(const std::string& path);

}  // namespace ratrace
