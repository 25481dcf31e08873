#include "ratrace/cli/flags.h"

#include <fstream>

#include <nlohmann/json.hpp>

#include "ratrace/common/cli.h"
#include "ratrace/runs/journal.h"
#include "ratrace/see/board_view.h"

namespace ratrace {

void add_config_flags(CLI::App* cmd, std::string& config_file, std::vector<std::string>& sets) {
  cmd->add_option("--config", config_file, "JSON file of config keys (see README: Config)")->check(CLI::ExistingFile);
  cmd->add_option("--set", sets, "Override one config key, e.g. --set mutation=0.0227 (repeatable)");
  // Defined after --set, whose values it joins; build_config applies the dialect first.
  cmd->add_option_function<std::string>(
      "--rules", [&sets](const std::string& rules) { sets.push_back("rules=" + rules); },
      "Rules dialect of an original controller: cpp (default), java, java-fork, python, ruby (README: Rules dialects)");
}

void add_run_flags(CLI::App* cmd, RunFlags& run) {
  add_config_flags(cmd, run.config_file, run.sets);
  cmd->add_option("--boards", run.boards, "Number of boards")
      ->check(whole_number(1, kMaxBoards))
      ->capture_default_str();
  cmd->add_option("--seed", run.seed, "Master seed: board i's track and game derive from (seed, i)")
      ->check(whole_number(0, UINT64_MAX))
      ->capture_default_str();
  cmd->add_option("--threads", run.threads, "Worker threads (default: all cores)")->check(whole_number(0, 1024));
  cmd->add_flag("--no-cache", run.no_cache, "Do not memoise player calls (results are identical either way)");
  cmd->add_flag("--isolate", run.isolate,
                "Play each game in a process of its own: a player that crashes the process (SIGSEGV, abort) "
                "faults that game alone, kept in the journal as its fault, and the run goes on (docs/RUNNING.md)");
  cmd->add_option("--call-time-limit", run.call_time_limit,
                  "Seconds a Python player's call may take before it is a fault naming the board (default 0: no limit)")
      ->check(real_number(0, 1e9));
  cmd->add_option("--json", run.json_file, "Write the summary and every board's result here");
  cmd->add_option("--journal", run.journal_file, "Per-game JSON lines, written as games finish (default runs/...)")
      ->check(CLI::Validator(
          [](const std::string& path) {
            return path == "-" ? std::string(
                                     "a journal is a file the run is resumed from; '-' (standard output) "
                                     "cannot be one: name a file, or leave --journal out for runs/...")
                               : std::string();
          },
          "FILE"));
  cmd->add_option("--resume", run.resume_file, "Finish an interrupted run from its journal")->check(CLI::ExistingFile);
  cmd->add_flag("--force", run.force,
                "Replace existing output files, and an existing journal (its finished games are lost; "
                "with --resume the journal is kept)");
  // Which flags were given, so --resume can refuse one that would change the run.
  cmd->callback([cmd, &run] {
    for (const CLI::Option* option : cmd->get_options())
      if (option->count() > 0) run.given.push_back(option->get_name());
  });
}

void add_program_flags(CLI::App* cmd, ProgramFlags& program) {
  add_log_level_option(*cmd, program.log_level);
  // Appends rather than assigns: the app and the subcommand may each be given some.
  cmd->add_option_function<std::vector<std::string>>(
      "--player-lib",
      [&program](const std::vector<std::string>& libraries) {
        program.player_libraries.insert(program.player_libraries.end(), libraries.begin(), libraries.end());
      },
      "Load the players of a plugin built with ratrace_add_player (repeatable; README: Load a C++ player)");
  cmd->add_option_function<std::vector<std::string>>(
      "--python",
      [&program](const std::vector<std::string>& specs) {
        program.python_players.insert(program.python_players.end(), specs.begin(), specs.end());
      },
      "Load FUNCTION of FILE.py (a move function, or an organisers' Player class) as the player named "
      "FILE.py:FUNCTION; it is the command's player unless --player names another (repeatable)");
}

void default_player_to_python(CLI::App* cmd, std::string& player) {
  cmd->parse_complete_callback([cmd, &player] {
    const CLI::Option* python = cmd->get_option_no_throw("--python");
    if (python && python->count() > 0 && cmd->get_option("--player")->count() == 0)
      player = python->as<std::vector<std::string>>().back();
  });
}

nlohmann::json read_json_file(const std::string& path, const std::string& what) {
  const std::string text = read_text(path, what);
  try {
    return parse_json(text);
  } catch (const std::exception& e) {
    // The parser quotes what it read last, which may be a whole line of junk.
    throw std::invalid_argument(what + " '" + path + "' is not valid JSON: " + clipped(e.what(), 300));
  }
}

nlohmann::json read_record_file(const std::string& path) {
  nlohmann::json record = read_json_file(path, "game record");
  check_record_document(record, "game record '" + path + "'");
  return record;
}

}  // namespace ratrace
