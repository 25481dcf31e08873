#pragma once
// The population search's settings as every front end names, bounds and explains them: the flags
// of `morpion search` and the keywords of ratrace.morpion.search are made from this one table, so
// that a range or a choice cannot differ between them.
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "morpion/population.h"

namespace morpion {

// A setting that is a number in a range: [least, most], or (least, most] when `least_excluded`.
template <typename T>
struct Bounded {
  T PopulationOptions::*member;
  T least;
  T most;
  bool least_excluded = false;
};

// A setting that is on or off.
struct Switch {
  bool PopulationOptions::*member;
};

// A setting that is one of a few named values, the first its default, each with how it sets the options.
struct Choice {
  std::vector<std::pair<std::string, std::function<void(PopulationOptions&)>>> values;
};

// One setting of the population search.
struct PopulationSetting {
  std::string name;  // "end_search_every": the flag --end-search-every, the Python keyword end_search_every
  std::string help;
  std::variant<Bounded<int>, Bounded<uint64_t>, Bounded<double>, Switch, Choice> kind;
  bool population_only = true;  // false: MORPION.md's local search reads it too
  std::string flag() const;     // "--end-search-every"
};

// Every setting of the table, in the order `morpion search --help` lists them. Two settings are
// not in it, since each is its own kind of value: the kick depth (two shares) and the start (a
// layer code).
const std::vector<PopulationSetting>& population_setting_table();

// The setting of that name; throws std::invalid_argument otherwise.
const PopulationSetting& population_setting(const std::string& name);

// Sets a population setting that is a choice by its name and value, as the command line spells
// them ("same_grid", "dots"); throws std::invalid_argument naming the choices otherwise.
void set_population_choice(PopulationOptions& options, const std::string& name, const std::string& value);
// The values a choice takes, its default first.
std::vector<std::string> population_choice_values(const std::string& name);

}  // namespace morpion
