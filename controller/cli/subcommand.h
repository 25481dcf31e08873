#pragma once
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

// How main.cpp meets a subcommand: each *_command.cpp binds its own options with CLI11 and
// hands back its app and how to run it; the options live as long as that closure.
namespace ratrace {

struct Subcommand {
  CLI::App* app;
  std::function<int()> run;  // after a successful parse: the process exit code
};

// The program's own options, given on the app or on a subcommand that plays games (so its
// --help lists them); every occurrence lands here.
struct ProgramFlags {
  std::string log_level = "info";
  std::vector<std::string> player_libraries;  // --player-lib, loaded before the command runs
  std::vector<std::string> python_players;    // --python FILE.py:FUNCTION, loaded likewise
};

Subcommand add_score_command(CLI::App& app, ProgramFlags& program);
Subcommand add_leaderboard_command(CLI::App& app, ProgramFlags& program);
Subcommand add_players_command(CLI::App& app, ProgramFlags& program);
Subcommand add_track_command(CLI::App& app, ProgramFlags& program);
Subcommand add_play_command(CLI::App& app, ProgramFlags& program);
Subcommand add_render_command(CLI::App& app, ProgramFlags& program);
Subcommand add_replay_command(CLI::App& app, ProgramFlags& program);
Subcommand add_bench_command(CLI::App& app, ProgramFlags& program);
Subcommand add_sweep_command(CLI::App& app, ProgramFlags& program);
Subcommand add_compare_command(CLI::App& app, ProgramFlags& program);

}  // namespace ratrace
