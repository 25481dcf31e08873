#include "ratrace/runs/run_flags.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace ratrace {

namespace {

constexpr FlagDeclaration kFlags[] = {
    // What the games are: the entrants, their configs, the boards and the decision rule.
    {"--player", FlagRole::kDefinesRun, ""},
    {"--players", FlagRole::kDefinesRun, ""},
    {"--a", FlagRole::kDefinesRun, ""},
    {"--b", FlagRole::kDefinesRun, ""},
    {"--max-boards", FlagRole::kDefinesRun, ""},
    {"--param", FlagRole::kDefinesRun, ""},
    {"--baseline", FlagRole::kDefinesRun, ""},
    {"--boards", FlagRole::kDefinesRun, ""},
    {"--seed", FlagRole::kDefinesRun, ""},
    {"--config", FlagRole::kDefinesRun, ""},
    {"--set", FlagRole::kDefinesRun, ""},
    {"--rules", FlagRole::kDefinesRun, "--set"},
    // Players from outside the program: the run records each entrant's source and code.
    {"--python", FlagRole::kLoadsPlayers, ""},
    {"--player-lib", FlagRole::kLoadsPlayers, ""},
    {"--json", FlagRole::kOutput, ""},
    {"--plot", FlagRole::kOutput, ""},
    {"--csv", FlagRole::kOutput, ""},
    {"--markdown", FlagRole::kOutput, ""},
    {"--journal", FlagRole::kExecution, ""},
    {"--resume", FlagRole::kExecution, ""},
    {"--threads", FlagRole::kExecution, ""},
    {"--no-cache", FlagRole::kExecution, ""},
    {"--isolate", FlagRole::kExecution, ""},
    {"--call-time-limit", FlagRole::kExecution, ""},
    {"--force", FlagRole::kExecution, ""},
    {"--log-level", FlagRole::kExecution, ""},
};

}  // namespace

const FlagDeclaration& declared_flag(std::string_view flag) {
  for (const FlagDeclaration& declaration : kFlags)
    if (declaration.flag == flag) return declaration;
  throw std::logic_error("the flag " + std::string(flag) + " is not declared in controller/runs/run_flags.cpp");
}

CommandWords run_flag_words(const RunFlags& flags) {
  CommandWords words{{"--boards", std::to_string(flags.boards)}, {"--seed", std::to_string(flags.seed)}};
  if (!flags.config_file.empty()) words.emplace_back("--config", flags.config_file);
  for (const auto& set : flags.sets) words.emplace_back("--set", set);
  if (!flags.journal_file.empty()) words.emplace_back("--journal", flags.journal_file);
  if (!flags.json_file.empty()) words.emplace_back("--json", flags.json_file);
  return words;
}

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

std::string command_line(const std::string& command, const CommandWords& words) {
  std::string line = "ratrace " + command;
  for (const auto& [flag, value] : words) {
    line.append(" ").append(flag);
    if (!value.empty()) line.append(" ").append(shell_word(value));
  }
  return line;
}

std::vector<std::string> values_of(const CommandWords& words, std::string_view flag) {
  std::vector<std::string> values;
  for (const auto& [word, value] : words)
    if (word == flag) values.push_back(value);
  return values;
}

}  // namespace ratrace
