// The population search's settings table, from which the command line's flags and the Python
// keywords are made: names, ranges, defaults and choices.
#include <set>
#include <type_traits>

#include <gtest/gtest.h>

#include "morpion/search_options.h"
#include "morpion/search_run.h"

namespace morpion {
namespace {

TEST(MorpionSearchOptions, EverySettingHasOneNameAFlagAndADefaultInsideItsRange) {
  const PopulationOptions defaults;
  std::set<std::string> names;
  int choices = 0;
  for (const PopulationSetting& setting : population_setting_table()) {
    EXPECT_TRUE(names.insert(setting.name).second) << setting.name << " twice";
    EXPECT_EQ(setting.flag().substr(0, 2), "--");
    EXPECT_EQ(setting.flag().find('_'), std::string::npos);
    EXPECT_FALSE(setting.help.empty()) << setting.name;
    std::visit(
        [&](const auto& kind) {
          using Kind = std::decay_t<decltype(kind)>;
          if constexpr (std::is_same_v<Kind, Choice>) {
            ++choices;
            PopulationOptions o;
            kind.values.front().second(o);  // the first value is the default: it changes nothing recorded
            EXPECT_EQ(population_settings(o, 1, 1), population_settings(defaults, 1, 1)) << setting.name;
          } else if constexpr (!std::is_same_v<Kind, Switch>) {
            const auto value = defaults.*kind.member;
            EXPECT_LE(kind.least, kind.most) << setting.name;
            EXPECT_TRUE(kind.least_excluded ? value > kind.least : value >= kind.least) << setting.name;
            EXPECT_LE(value, kind.most) << setting.name;
          }
        },
        setting.kind);
  }
  EXPECT_EQ(choices, 14);
  EXPECT_EQ(population_setting("end_search_every").flag(), "--end-search-every");
  EXPECT_FALSE(population_setting("blacklist").population_only);  // the local search reads it too
  EXPECT_THROW(population_setting("poool"), std::invalid_argument);
}

TEST(MorpionSearchOptions, ChoicesAreSetByNameAndRecordedAsTheCommandLineSpellsThem) {
  PopulationOptions o;
  set_population_choice(o, "fill", "grid");
  set_population_choice(o, "kick_shape", "ruin");
  set_population_choice(o, "end_search_depths", "lineage-bandit");
  set_population_choice(o, "ties", "oldest");
  set_population_choice(o, "refound", "front");
  const nlohmann::json settings = population_settings(o, 1, 1);
  EXPECT_EQ(settings["fill"], "grid");
  EXPECT_EQ(settings["kick_shape"], "ruin");
  EXPECT_EQ(settings["end_search_depths"], "lineage-bandit");
  EXPECT_EQ(settings["ties"], "oldest");
  EXPECT_EQ(settings["refound"], "front");
  // A default choice is not recorded, so that older checkpoints still resume.
  set_population_choice(o, "fill", "fresh");
  EXPECT_FALSE(population_settings(o, 1, 1).contains("fill"));
  try {
    set_population_choice(o, "fill", "bogus");
    FAIL() << "an unknown value was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "fill 'bogus': one of fresh, lineage, grid");
  }
  EXPECT_THROW(set_population_choice(o, "pool", "5"), std::invalid_argument);
  // The command line's flags take these values, each choice's default first.
  EXPECT_EQ(population_choice_values("fill"), (std::vector<std::string>{"fresh", "lineage", "grid"}));
  EXPECT_EQ(population_choice_values("end_search_depths"),
            (std::vector<std::string>{"bandit", "lineage-bandit", "all"}));
  EXPECT_THROW(population_choice_values("pool"), std::invalid_argument);
}

}  // namespace
}  // namespace morpion
