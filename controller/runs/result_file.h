#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/runs/journal.h"
#include "ratrace/runs/run_flags.h"

// The one shape of every game-running command's --json file (docs/result.schema.json):
// format, tool, command, command_line, config, master_seed, entrants, one flat record per
// game in `boards`, and a command-specific `summary`. 64-bit seeds are strings, so readers
// that hold JSON numbers as doubles (JavaScript, pandas) do not round them.
namespace ratrace {

// Bumped whenever a field changes meaning or goes away. 1 was the per-command shapes; 2 had
// player_calls and seconds in each board record, where 3 has only what (config, player, seed,
// board) decide and the wall time apart in `timing`.
constexpr int kResultFormat = 3;

// A flag and its value as typed; an empty value is a bare flag such as --no-cache.
using CommandWords = std::vector<std::pair<std::string, std::string>>;
// The flags of RunFlags that decide a run's results and where they go (not --threads or
// --no-cache, which change neither: the same games give the same result file).
CommandWords run_flag_words(const RunFlags& flags);
// "ratrace <command> --flag value ...", each value quoted for a POSIX shell when it needs it.
std::string command_line(const std::string& command, const CommandWords& words);

// Which entrant plays, and which setting (config overrides, e.g. "mutation=0.0227") tells it
// apart from the others; no setting is written as null.
struct EntrantRole {
  const Entrant* entrant;
  std::optional<std::string> setting;
};

// The result document of a finished run: the common fields and, entrant by entrant, a record
// of each of its first `boards` boards (all of them: run.boards). `config` is the run's base
// config; the command adds `summary`.
nlohmann::json result_document(const Journal& journal, const std::vector<EntrantRole>& roles,
                               const nlohmann::json& config, int boards);

}  // namespace ratrace
