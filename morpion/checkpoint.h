#pragma once
// A population search's checkpoint file: its settings and each search's state, so that a
// long search stopped by Ctrl-C or kill -9 resumes where its last save left it.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "morpion/population.h"

namespace morpion {

// A lineage as {"iterations": n, "steps": [[iterations since its start, pool best], ...]}, in
// checkpoints and result files alike.
void to_json(nlohmann::json& j, const Lineage& lineage);
void from_json(const nlohmann::json& j, Lineage& lineage);

// {"format": "morpion-checkpoint", "settings": ..., "searches": [state, ...]}: a game is the
// lines of its moves in the order played, 4 hex digits each. `states[i]` is search i's.
nlohmann::json checkpoint_json(const nlohmann::json& settings, const std::vector<PopulationState>& states, Rules rules);

// The states of a checkpoint file written with these `settings` and `searches`. Throws
// std::invalid_argument naming the file when it is damaged or was written by a search with
// other settings (a different search would not resume what it holds).
std::vector<PopulationState> load_checkpoint(const std::string& path, const nlohmann::json& settings, int searches,
                                             Rules rules);

}  // namespace morpion
