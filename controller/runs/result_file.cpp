#include "ratrace/runs/result_file.h"

#include <filesystem>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "ratrace/common/version.h"

namespace ratrace {

namespace {

// The journal's record of the game with who played it, its seed a string, and its timing.
nlohmann::json board_record(const EntrantRole& role, const BoardResult& r) {
  nlohmann::json record = game_record(r);
  record["seed"] = std::to_string(r.seed);
  record["entrant"] = role.entrant->label;
  record["player"] = role.entrant->player;
  record["setting"] = role.setting ? nlohmann::json(*role.setting) : nlohmann::json(nullptr);
  record["timing"] = game_timing(r);
  return record;
}

}  // namespace

nlohmann::json result_document(const Journal& journal, const std::vector<EntrantRole>& roles,
                               const nlohmann::json& config, int boards) {
  const RunHeader& run = journal.header();
  nlohmann::json entrants = nlohmann::json::array(), records = nlohmann::json::array();
  for (size_t e = 0; e < roles.size(); ++e) {
    const EntrantRole& role = roles[e];
    entrants.push_back({{"entrant", role.entrant->label},
                        {"player", role.entrant->player},
                        {"setting", role.setting ? nlohmann::json(*role.setting) : nlohmann::json(nullptr)},
                        {"config", role.entrant->config},
                        {"code", role.entrant->code}});
    for (int i = 0; i < boards; ++i) records.push_back(board_record(role, journal.results().at(e).at(i).value()));
  }
  return {{"format", kResultFormat}, {"tool", {{"name", "ratrace"}, {"version", version()}}},
          {"command", run.command},  {"command_line", command_line(run.command, run.words)},
          {"config", config},        {"master_seed", std::to_string(run.master_seed)},
          {"entrants", entrants},    {"boards", records}};
}

std::string plot_stem(const std::string& plot_file) {
  const std::filesystem::path path(plot_file);
  const auto ext = path.extension();
  return ext == ".png" || ext == ".svg" ? path.parent_path() / path.stem() : path;
}

std::string result_file(const std::string& json_file, const std::string& plot_file) {
  return json_file.empty() && !plot_file.empty() ? plot_stem(plot_file) + ".json" : json_file;
}

std::vector<std::string> result_outputs(const std::string& json_file, const std::string& plot_file) {
  std::vector<std::string> files{result_file(json_file, plot_file)};
  if (!plot_file.empty()) {
    std::error_code error;
    for (const std::string& path : {plot_file, plot_stem(plot_file)})
      if (std::filesystem::exists(path, error) && !std::filesystem::is_regular_file(path, error))
        throw std::runtime_error("cannot draw --plot '" + path +
                                 "': it is not a file (a device, a pipe or a folder); --plot FILE writes FILE.png "
                                 "and FILE.svg beside it (and, without --json, the result they are drawn from, "
                                 "FILE.json): name a file");
    files.push_back(plot_stem(plot_file) + ".png");
    files.push_back(plot_stem(plot_file) + ".svg");
  }
  return files;
}

}  // namespace ratrace
