// Config: every rule constant settable by key, strictly checked, round-tripped through JSON.
#include "ratrace/tracks/config.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "ratrace/tests/text_test_util.h"

namespace ratrace {
namespace {

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

using testing::contains;

TEST(ConfigTest, DefaultsAreTheSpecsAndValid) {
  const Config c;
  EXPECT_EQ(c.width, 53);
  EXPECT_EQ(c.height, 15);
  EXPECT_EQ(c.goal_column, 49);
  EXPECT_EQ(c.colours, 16);
  EXPECT_EQ(c.empty_colours, 8);
  EXPECT_EQ(c.teleporter_colours, 4);
  EXPECT_EQ(c.trap_colours, 2);
  EXPECT_EQ(c.wall_colours, 2);
  EXPECT_EQ(c.teleporter_reach, 4);
  EXPECT_EQ(c.trap_reach, 1);
  EXPECT_EQ(c.view_radius, 2);
  EXPECT_EQ(c.lifespan, 100);
  EXPECT_EQ(c.initial_specimens, 15);
  EXPECT_EQ(c.offspring, 10);
  EXPECT_EQ(c.genome_bits, 100);
  EXPECT_DOUBLE_EQ(c.crossover, 0.05);
  EXPECT_DOUBLE_EQ(c.mutation, 0.01);
  EXPECT_EQ(c.turns, 10000);
  EXPECT_EQ(c.min_start_cells, 10);
  EXPECT_NO_THROW(c.validate());
}

TEST(ConfigTest, SetChangesOneKey) {
  Config c;
  c.set("turns", "1500");
  c.set("mutation", "0.0227");
  EXPECT_EQ(c.turns, 1500);
  EXPECT_DOUBLE_EQ(c.mutation, 0.0227);
  Config expected;
  expected.turns = 1500;
  expected.mutation = 0.0227;
  EXPECT_EQ(c, expected);
  for (const std::string& key : Config::keys()) {
    Config d;
    if (key == "rules") EXPECT_NO_THROW(d.set(key, "java")) << key;  // the one text key: a dialect name
    // A value in every key's own range (the switches take 0 or 1; width and initial_specimens
    // start at 2).
    else EXPECT_NO_THROW(d.set(key, key == "width" || key == "initial_specimens" ? "2" : "1")) << key;
  }
}

TEST(ConfigTest, UnknownKeyIsAnError) {
  Config c;
  const std::string e = error_of([&] { c.set("turn", "5"); });
  EXPECT_TRUE(contains(e, "unknown config key 'turn'")) << e;
  EXPECT_TRUE(contains(e, "turns")) << e;  // lists the known keys
  EXPECT_EQ(c, Config{});
}

TEST(ConfigTest, BadValueIsAnError) {
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{{"turns", "ten"},
                                                                                   {"turns", "10x"},
                                                                                   {"turns", "1.5"},
                                                                                   {"turns", ""},
                                                                                   {"turns", "99999999999"},
                                                                                   {"turns", "010"},
                                                                                   {"turns", "+5"},
                                                                                   {"initial_specimens", "007"},
                                                                                   {"mutation", "+0.01"},
                                                                                   {"mutation", ".5"},
                                                                                   {"mutation", "abc"},
                                                                                   {"mutation", "0.1%"},
                                                                                   {"crossover", ""}}) {
    Config c;
    const std::string e = error_of([&, &key = key, &value = value] { c.set(key, value); });
    EXPECT_TRUE(contains(e, "invalid value '" + value + "' for config key '" + key + "'")) << e;
  }
}

// No key is negative: "-0" is refused as "-1" is (a sign where whole numbers take none), and an
// out-of-range value names the key's own range, not the range of an int.
TEST(ConfigTest, ValuesAreCheckedAgainstTheKeysOwnRange) {
  Config c;
  for (const char* value : {"-0", "-1"})
    for (const char* key : {"turns", "lifespan", "trap_reach"}) {
      const std::string e = error_of([&] { c.set(key, value); });
      EXPECT_TRUE(contains(e, std::string("for config key '") + key + "': expected a whole number in [")) << e;
    }
  std::string e = error_of([&] { c.set("turns", "99999999999"); });
  EXPECT_TRUE(contains(e, "expected a whole number in [0, 10000000], got '99999999999'")) << e;
  EXPECT_FALSE(contains(e, "2147483647")) << e;
  e = error_of([&] { c.set("view_radius", "6"); });
  EXPECT_TRUE(contains(e, "in [1, 5]")) << e;
  e = error_of([&] { c.set("mutation", "2"); });
  EXPECT_TRUE(contains(e, "expected a real number in [0, 1], got '2'")) << e;
  c.set("turns", "0");
  EXPECT_EQ(c.turns, 0);
}

TEST(ConfigTest, ImpossibleValuesAreErrors) {
  auto invalid = [](const std::function<void(Config&)>& change) {
    Config c;
    change(c);
    return error_of([&] { c.validate(); });
  };
  EXPECT_TRUE(contains(invalid([](Config& c) { c.empty_colours = 9; }), "add up to colours")) << "roles 9/4/2/2 of 16";
  EXPECT_TRUE(contains(invalid([](Config& c) { c.colours = 17; }), "add up to colours"));
  EXPECT_TRUE(contains(invalid([](Config& c) {
                         c.teleporter_colours = 3;
                         c.empty_colours = 9;
                       }),
                       "even"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.goal_column = 53; }), "goal_column"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.goal_column = 0; }), "goal_column"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.lifespan = 0; }), "lifespan"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.lifespan = 256; }), "lifespan"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.genome_bits = 129; }), "genome_bits"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.mutation = 1.5; }), "mutation"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.crossover = -0.1; }), "crossover"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.initial_specimens = 1; }), "initial_specimens"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.min_start_cells = 16; }), "min_start_cells"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.turns = -1; }), "turns"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.view_radius = 0; }), "view_radius"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.off_board = 1; }), "off_board = 1 needs finish_cells = 1"));
  EXPECT_TRUE(contains(invalid([](Config& c) {
                         c.off_board = c.finish_cells = 1;
                         c.lifespan = 200;
                       }),
                       "in 16 bits"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.goal_timing = 2; }), "goal_timing"));
  EXPECT_TRUE(contains(invalid([](Config& c) { c.start_search = -1; }), "start_search"));
}

TEST(ConfigTest, JsonRoundTrip) {
  Config c;
  c.width = 40;
  c.goal_column = 36;
  c.turns = 1234;
  c.mutation = 0.0227;
  c.crossover = 0.1 / 3;  // not exactly representable in decimal: must survive anyway
  c.lifespan = 77;
  const nlohmann::json j = c;
  EXPECT_EQ(j.size(), Config::keys().size());
  Config read;
  from_json(j, read);
  EXPECT_EQ(read, c);
  Config reparsed;
  from_json(nlohmann::json::parse(j.dump()), reparsed);
  EXPECT_EQ(reparsed, c);
}

TEST(ConfigTest, JsonIsStrict) {
  Config c;
  EXPECT_TRUE(contains(error_of([&] { from_json(nlohmann::json{{"turnz", 5}}, c); }), "unknown config key 'turnz'"));
  EXPECT_TRUE(contains(error_of([&] { from_json(nlohmann::json{{"turns", "5"}}, c); }), "must be a number"));
  EXPECT_TRUE(contains(error_of([&] { from_json(nlohmann::json{{"turns", 5.5}}, c); }), "turns"));
  EXPECT_NE(error_of([&] { from_json(nlohmann::json::array({1, 2}), c); }), "no error");
  Config partial;
  from_json(nlohmann::json{{"turns", 5}}, partial);
  Config expected;
  expected.turns = 5;
  EXPECT_EQ(partial, expected);  // missing keys keep their defaults
}

TEST(ConfigTest, LoadConfigValidatesAndNamesTheFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("ratrace_config_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string good = (dir / "good.json").string(), bad = (dir / "bad.json").string();
  std::ofstream(good) << R"({"turns": 300, "mutation": 0.02})";
  std::ofstream(bad) << R"({"empty_colours": 9})";
  const Config loaded = load_config(good);
  EXPECT_EQ(loaded.turns, 300);
  EXPECT_DOUBLE_EQ(loaded.mutation, 0.02);
  const std::string e = error_of([&] { load_config(bad); });
  EXPECT_TRUE(contains(e, bad)) << e;
  EXPECT_TRUE(contains(e, "add up to colours")) << e;
  EXPECT_TRUE(contains(error_of([&] { load_config((dir / "absent.json").string()); }), "cannot read"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ratrace
