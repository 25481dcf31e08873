#include "ratrace/runs/result_file.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include <nlohmann/json.hpp>

#include "ratrace/common/version.h"

namespace ratrace {

namespace {

// `text` as one shell word (player names have spaces).
std::string shell_word(const std::string& text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("_-+=.,:/").find(c) != std::string_view::npos;
  });
  if (plain) return text;
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

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

CommandWords run_flag_words(const RunFlags& flags) {
  CommandWords words{{"--boards", std::to_string(flags.boards)}, {"--seed", std::to_string(flags.seed)}};
  if (!flags.config_file.empty()) words.emplace_back("--config", flags.config_file);
  for (const auto& set : flags.sets) words.emplace_back("--set", set);
  if (!flags.journal_file.empty()) words.emplace_back("--journal", flags.journal_file);
  if (!flags.json_file.empty()) words.emplace_back("--json", flags.json_file);
  return words;
}

std::string command_line(const std::string& command, const CommandWords& words) {
  std::string line = "ratrace " + command;
  for (const auto& [flag, value] : words) {
    line.append(" ").append(flag);
    if (!value.empty()) line.append(" ").append(shell_word(value));
  }
  return line;
}

nlohmann::json result_document(const Journal& journal, const std::vector<EntrantRole>& roles,
                               const nlohmann::json& config, int boards) {
  const RunHeader& run = journal.header();
  nlohmann::json entrants = nlohmann::json::array(), records = nlohmann::json::array();
  for (size_t e = 0; e < roles.size(); ++e) {
    const EntrantRole& role = roles[e];
    entrants.push_back({{"entrant", role.entrant->label},
                        {"player", role.entrant->player},
                        {"setting", role.setting ? nlohmann::json(*role.setting) : nlohmann::json(nullptr)},
                        {"config", role.entrant->config}});
    for (int i = 0; i < boards; ++i) records.push_back(board_record(role, journal.results().at(e).at(i).value()));
  }
  return {{"format", kResultFormat}, {"tool", {{"name", "ratrace"}, {"version", version()}}},
          {"command", run.command},  {"command_line", run.extra.value("command_line", "ratrace " + run.command)},
          {"config", config},        {"master_seed", std::to_string(run.master_seed)},
          {"entrants", entrants},    {"boards", records}};
}

}  // namespace ratrace
