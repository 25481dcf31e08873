#include <cstdio>
#include <memory>

#include <nlohmann/json.hpp>

#include "ratrace/analysis/report.h"
#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/engine/player.h"

namespace ratrace {

Subcommand add_players_command(CLI::App& app, ProgramFlags& program) {
  auto as_json = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("players", "List the registered players and what is published about them");
  cmd->add_flag("--json", *as_json, "Print JSON");
  add_program_flags(cmd, program);  // a plugin's players are listed too
  return {cmd, [as_json] { return run_players(*as_json); }};
}

int run_players(bool as_json) {
  if (as_json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& [name, p] : registered_players())
      list.push_back({{"name", name},
                      {"author", p.author},
                      {"language", p.language},
                      {"published_score", p.published_score},
                      {"published_games", p.published_games},
                      {"published_rank", p.published_rank},
                      {"summary", p.summary},
                      {"choices", p.choices},
                      {"candidate_for", p.candidate_for ? nlohmann::json(p.candidate_for) : nlohmann::json(nullptr)}});
    std::printf("%s\n", list.dump(2).c_str());
    return kExitOk;
  }
  for (const auto& [name, p] : registered_players()) {
    std::printf("%s  (%s, %s)", name.c_str(), p.author.c_str(), p.language.c_str());
    if (p.published_score > 0) std::printf("  published %s", format_score(p.published_score).c_str());
    if (p.published_games > 0) std::printf(" over %d games", p.published_games);
    if (p.published_rank > 0) std::printf(", rank %d", p.published_rank);
    if (p.candidate_for) std::printf("  calibration candidate for %s", p.candidate_for);
    std::printf("\n    %s\n", p.summary.c_str());
    if (!p.choices.empty()) std::printf("    choices: %s\n", p.choices.c_str());
  }
  return kExitOk;
}

}  // namespace ratrace
