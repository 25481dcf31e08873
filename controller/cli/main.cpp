// ratrace: the command line. Builds the app from every subcommand (controller/cli/*_command.cpp),
// parses, loads --player-lib plugins and runs the chosen subcommand.
#include <exception>
#include <vector>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/cli/flags.h"
#include "ratrace/cli/subcommand.h"
#include "ratrace/common/cli.h"
#include "ratrace/common/crash.h"
#include "ratrace/common/version.h"
#include "ratrace/engine/player.h"
#include "ratrace/python/embedded.h"
#include "ratrace/runs/distributed.h"
#include "ratrace/runs/durable_run.h"

namespace {

int run_chosen(const std::vector<ratrace::Subcommand>& subcommands, const ratrace::ProgramFlags& program,
               const std::string& program_path) {
  try {
    for (const std::string& library : program.player_libraries) ratrace::load_player_library(library);
    for (const std::string& spec : program.python_players) ratrace::load_python_player(spec, program_path);
    for (const ratrace::Subcommand& subcommand : subcommands)
      if (*subcommand.app) return subcommand.run();
  } catch (const std::invalid_argument& e) {  // UsageError among them: the user's input
    spdlog::error("{}", e.what());
    return ratrace::kExitUsage;
  } catch (const std::exception& e) {  // the work failed: a write, a picture, a full disk
    spdlog::error("{}", e.what());
    return ratrace::kExitFailure;
  }
  return ratrace::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  // Under mpirun / srun every rank but 0 only plays the games rank 0 hands out.
  ratrace::DistributedSession distributed(argc, argv);
  // A crash (a plugin's bad pointer) says which player, board and seed; after MPI's start,
  // whose library installs handlers of its own.
  ratrace::install_crash_report("ratrace");
  ratrace::set_program_path(argv[0]);
  // Players of a run resumed from its journal, and on every rank of an MPI run, load from the
  // sources their entrants name (a --python file, a --player-lib library).
  const std::string program_path = argv[0];
  ratrace::set_player_loader([program_path](const ratrace::PlayerSource& source) {
    if (source.kind == ratrace::PlayerSource::Kind::kPython) ratrace::load_python_player(source.path, program_path);
    else ratrace::load_player_library(source.path);
  });
  if (distributed.is_worker()) return distributed.serve();

  CLI::App app{"ratrace: a fast, exact, multithreaded controller for the Lab Rat Race"};
  // At most one subcommand, and none is checked after parsing: CLI11's own check comes before
  // its check of unknown flags, so "ratrace --bogus" would only say a subcommand is required.
  app.require_subcommand(0, 1);
  app.callback([&app] {
    if (app.get_subcommands().empty()) throw CLI::RequiredError::Subcommand(1);
  });
  app.set_version_flag("--version", ratrace::version_text("ratrace", std::string("MPI ") + ratrace::mpi_status()));
  ratrace::ProgramFlags program;
  ratrace::add_program_flags(&app, program);
  const std::vector<ratrace::Subcommand> subcommands{
      ratrace::add_score_command(app, program),   ratrace::add_leaderboard_command(app, program),
      ratrace::add_players_command(app, program), ratrace::add_track_command(app, program),
      ratrace::add_play_command(app, program),    ratrace::add_render_command(app, program),
      ratrace::add_replay_command(app, program),  ratrace::add_bench_command(app, program),
      ratrace::add_sweep_command(app, program),   ratrace::add_compare_command(app, program)};

  if (const int code = ratrace::parse_command_line(app, argc, argv); code >= 0)
    return ratrace::with_stdout_checked(code);
  ratrace::setup_logging("ratrace", program.log_level);
  if (!ratrace::registration_errors().empty()) {
    for (const auto& error : ratrace::registration_errors()) spdlog::error("{}", error);
    return ratrace::kExitUsage;
  }
  return ratrace::with_stdout_checked(run_chosen(subcommands, program, argv[0]));
}
