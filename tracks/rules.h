#pragma once
// Rules dialects: presets of config switches that reproduce the rule differences of the
// challenge's original controllers (C++, Java upstream, the Java fork, Python, Ruby).
#include <string>
#include <vector>

#include "ratrace/tracks/config.h"

namespace ratrace {

// The dialect names: cpp (the default, SPEC.md; also C#), java, java-fork, python, ruby.
const std::vector<std::string>& rules_names();

// Sets every switch a dialect governs (crossover, mutation, lifespan, breed_before_moves,
// parent_choice, offset_draws, goal_timing, start_search, finish_cells, off_board) to that dialect's value and records
// its name; other keys are left alone, so --set can still override any of them afterwards. Throws std::invalid_argument
// naming the known dialects.
void apply_rules(Config& config, const std::string& name);

// The dialect of the controller a published score was made on, from the language of the
// player's original submission ("Java" -> java, "C++" -> cpp, ...).
std::string rules_for_language(const std::string& language);

}  // namespace ratrace
