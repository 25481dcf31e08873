#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/runs/journal.h"

// The one shape of every game-running command's result document (docs/result.schema.json):
// format, tool, command, command_line, config, master_seed, entrants, one flat record per
// game in `boards`, and a command-specific `summary`, and the files a run writes it to.
// 64-bit seeds are strings, so readers that hold JSON numbers as doubles (JavaScript,
// pandas) do not round them.
namespace ratrace {

// Bumped whenever a field changes meaning or goes away. 1 was the per-command shapes; 2 had
// player_calls and seconds in each board record, where 3 has only what (config, player, seed,
// board) decide and the wall time apart in `timing`.
constexpr int kResultFormat = 3;

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

// "out.png" and "out.svg" name the pair of pictures "out"; anything else is the stem itself.
std::string plot_stem(const std::string& plot_file);
// The result file a run writes: --json, or FILE.json when only --plot FILE is given (the
// plot is drawn from it); empty for neither.
std::string result_file(const std::string& json_file, const std::string& plot_file);
// Every file --json and --plot FILE write: the result file, FILE.png and FILE.svg. Throws
// std::runtime_error when FILE (or its stem) is a device, a pipe or a folder: the pictures
// would go beside it (/dev/full.png), not into it.
std::vector<std::string> result_outputs(const std::string& json_file, const std::string& plot_file);

}  // namespace ratrace
