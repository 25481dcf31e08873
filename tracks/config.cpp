#include "ratrace/tracks/config.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "ratrace/common/io.h"
#include "ratrace/common/numbers.h"
#include "ratrace/tracks/rules.h"

namespace ratrace {

namespace {

// One table of every key: name, member and the range of the key alone (validate() then checks
// the keys together), so set/to_json/from_json/keys never disagree. No key is negative: a
// value is a whole number (no sign, as every flag), and an error names the key's own range.
struct IntKey {
  const char* name;
  int Config::*member;
  int least, most;
};
struct RealKey {
  const char* name;
  double Config::*member;
  double least, most;
};
constexpr IntKey kIntKeys[] = {
    {"width", &Config::width, 2, 1000},
    {"height", &Config::height, 1, 1000},
    {"goal_column", &Config::goal_column, 1, 999},
    {"colours", &Config::colours, 1, 100},
    {"empty_colours", &Config::empty_colours, 1, 100},
    {"teleporter_colours", &Config::teleporter_colours, 0, 100},
    {"trap_colours", &Config::trap_colours, 0, 100},
    {"wall_colours", &Config::wall_colours, 0, 100},
    {"teleporter_reach", &Config::teleporter_reach, 1, 20},
    {"trap_reach", &Config::trap_reach, 0, 20},
    {"view_radius", &Config::view_radius, 1, 5},
    {"lifespan", &Config::lifespan, 1, 255},
    {"initial_specimens", &Config::initial_specimens, 2, kMaxSpecimenCount},
    {"offspring", &Config::offspring, 0, kMaxSpecimenCount},
    {"genome_bits", &Config::genome_bits, 1, kMaxGenomeBits},
    {"turns", &Config::turns, 0, 10000000},
    {"min_start_cells", &Config::min_start_cells, 1, 1000},
    {"max_track_attempts", &Config::max_track_attempts, 1, 1000000},
    {"breed_before_moves", &Config::breed_before_moves, 0, 1},
    {"parent_choice", &Config::parent_choice, 0, 1},
    {"offset_draws", &Config::offset_draws, 0, 1},
    {"goal_timing", &Config::goal_timing, 0, 1},
    {"start_search", &Config::start_search, 0, 1},
    {"finish_cells", &Config::finish_cells, 0, 1},
    {"off_board", &Config::off_board, 0, 1},
};
constexpr RealKey kRealKeys[] = {
    {"crossover", &Config::crossover, 0, 1},
    {"mutation", &Config::mutation, 0, 1},
};

void require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("invalid config: " + what);
}

}  // namespace

void Config::validate() const {
  require(width >= 2 && width <= 1000, "width must be in [2, 1000]");
  require(height >= 1 && height <= 1000, "height must be in [1, 1000]");
  require(width * height <= 30000, "width * height must be at most 30000 cells");
  require(goal_column >= 1 && goal_column < width, "goal_column must be in [1, width - 1]");
  require(colours >= 1 && colours <= 100, "colours must be in [1, 100]");
  require(empty_colours >= 1, "empty_colours must be at least 1 (goal cells are empty)");
  require(teleporter_colours >= 0 && teleporter_colours % 2 == 0,
          "teleporter_colours must be even (teleporters come in pairs A, -A)");
  require(trap_colours >= 0 && wall_colours >= 0, "trap_colours and wall_colours must be >= 0");
  require(empty_colours + teleporter_colours + trap_colours + wall_colours == colours,
          "empty + teleporter + trap + wall colours must add up to colours (" + std::to_string(colours) + ")");
  require(teleporter_reach >= 1 && teleporter_reach <= 20, "teleporter_reach must be in [1, 20]");
  require(trap_reach >= 0 && trap_reach <= 20, "trap_reach must be in [0, 20]");
  require(view_radius >= 1 && view_radius <= 5, "view_radius must be in [1, 5]");
  require(lifespan >= 1 && lifespan <= 255, "lifespan must be in [1, 255]");
  require(initial_specimens >= 2, "initial_specimens must be at least 2");
  require(initial_specimens <= kMaxSpecimenCount,
          "initial_specimens must be at most " + std::to_string(kMaxSpecimenCount));
  require(offspring >= 0 && offspring <= kMaxSpecimenCount,
          "offspring must be in [0, " + std::to_string(kMaxSpecimenCount) + "]");
  require(genome_bits >= 1 && genome_bits <= kMaxGenomeBits,
          "genome_bits must be in [1, " + std::to_string(kMaxGenomeBits) + "]");
  require(std::isfinite(crossover) && crossover >= 0 && crossover <= 1, "crossover must be in [0, 1]");
  require(std::isfinite(mutation) && mutation >= 0 && mutation <= 1, "mutation must be in [0, 1]");
  require(turns >= 0 && turns <= 10000000, "turns must be in [0, 10000000]");
  require(min_start_cells >= 1 && min_start_cells <= height, "min_start_cells must be in [1, height]");
  require(max_track_attempts >= 1 && max_track_attempts <= 1000000, "max_track_attempts must be in [1, 1000000]");
  require(breed_before_moves == 0 || breed_before_moves == 1, "breed_before_moves must be 0 or 1");
  require(parent_choice == 0 || parent_choice == 1, "parent_choice must be 0 or 1");
  require(parent_choice == 0 || breed_before_moves == 1,
          "parent_choice = 1 (the Java upstream draw) needs breed_before_moves = 1 (the Java breeding)");
  require(offset_draws == 0 || offset_draws == 1, "offset_draws must be 0 or 1");
  require(goal_timing == 0 || goal_timing == 1, "goal_timing must be 0 or 1");
  require(goal_timing == 0 || lifespan >= 2,
          "goal_timing = 1 gives children lifespan - 1 moves: lifespan must be at least 2");
  require(start_search == 0 || start_search == 1, "start_search must be 0 or 1");
  require(finish_cells == 0 || finish_cells == 1, "finish_cells must be 0 or 1");
  require(off_board == 0 || off_board == 1, "off_board must be 0 or 1");
  require(off_board == 0 || finish_cells == 1,
          "off_board = 1 needs finish_cells = 1: a specimen beside the board sees goal columns past the track's width");
  if (off_board == 1) {
    // Positions off the board are numbered after the board's cells, in 16 bits.
    const long long margin = off_board_margin();
    require((width + 2 * margin) * (height + 2 * margin) + static_cast<long long>(width) * height <= 65535,
            "off_board = 1 numbers every position within lifespan + teleporter_reach + 1 of the board in 16 bits: "
            "(width + 2 m) * (height + 2 m) + width * height must be at most 65535, m = " +
                std::to_string(margin));
  }
  // Pre-flight: a population that cannot fit in memory, a goal no specimen can reach.
  require(static_cast<long long>(initial_specimens) + static_cast<long long>(offspring) * turns <= kMaxSpecimenCount,
          "initial_specimens + offspring * turns (the most specimens a game can hold) must be at most " +
              std::to_string(kMaxSpecimenCount) + ", which already needs gigabytes");
  const int most_per_turn = 1 + (teleporter_colours > 0 ? teleporter_reach : 0);
  require(static_cast<long long>(goal_column) <= static_cast<long long>(lifespan) * most_per_turn,
          "goal_column " + std::to_string(goal_column) + " cannot be reached: a specimen advances at most " +
              std::to_string(most_per_turn) + " columns a turn (a step and a teleport) and lives " +
              std::to_string(lifespan) + " turns without scoring, so no track would ever have a start cell");
}

std::vector<std::string> Config::keys() {
  std::vector<std::string> names;
  for (const auto& k : kIntKeys) names.emplace_back(k.name);
  for (const auto& k : kRealKeys) names.emplace_back(k.name);
  names.emplace_back("rules");
  return names;
}

void Config::set(const std::string& key, const std::string& value) {
  if (key == "rules") {
    apply_rules(*this, value);
    return;
  }
  auto bad = [&](const std::string& why) {
    return std::invalid_argument("invalid value '" + clipped(value, 60) + "' for config key '" + clipped(key, 60) +
                                 "': " + why);
  };
  // common/numbers.h's grammar, as every number a user types: no '+', no leading zeros (which
  // other readers take for octal), no hex, inf or nan.
  for (const auto& k : kIntKeys) {
    if (key != k.name) continue;
    uint64_t parsed = 0;
    if (const std::string why =
            whole_error(value, static_cast<uint64_t>(k.least), static_cast<uint64_t>(k.most), parsed);
        !why.empty())
      throw bad(why);
    this->*k.member = static_cast<int>(parsed);
    return;
  }
  for (const auto& k : kRealKeys) {
    if (key != k.name) continue;
    // A value too small for a double rounds towards 0 as a JSON reader rounds it, so a file
    // and --set agree.
    double parsed = 0;
    if (const std::string why = real_error(value, k.least, k.most, LowerEnd::kIncluded, parsed); !why.empty())
      throw bad(why);
    this->*k.member = parsed;
    return;
  }
  std::string known;
  for (const auto& name : keys()) known += (known.empty() ? "" : ", ") + name;
  throw std::invalid_argument("unknown config key '" + clipped(key) + "'; known keys: " + known);
}

void to_json(nlohmann::json& j, const Config& c) {
  j = nlohmann::json::object();
  for (const auto& k : kIntKeys) j[k.name] = c.*k.member;
  for (const auto& k : kRealKeys) j[k.name] = c.*k.member;
  j["rules"] = c.rules;
}

void from_json(const nlohmann::json& j, Config& c) {
  if (!j.is_object()) throw std::invalid_argument("a config must be a JSON object");
  // The dialect first: it resets its switches, which the file's other keys may then override.
  if (j.contains("rules")) {
    if (!j["rules"].is_string()) throw std::invalid_argument("config key 'rules' must be a string");
    c.set("rules", j["rules"].get<std::string>());
  }
  for (const auto& [key, value] : j.items()) {
    if (key == "rules") continue;
    if (!value.is_number()) throw std::invalid_argument("config key '" + clipped(key) + "' must be a number");
    // The JSON reader's number, in the exact text --set would be given: one parser for both.
    c.set(key, value.dump());
  }
}

Config parse_config(std::string_view text) {
  Config config;
  from_json(parse_json(text), config);
  config.validate();
  return config;
}

Config load_config(const std::string& path) {
  const std::string text = read_text(path, "config file");
  try {
    return parse_config(text);
  } catch (const std::exception& e) {
    throw std::invalid_argument("config file '" + path + "': " + clipped(e.what(), 600));
  }
}

Config build_config(const std::string& config_file, const std::vector<std::string>& sets) {
  Config config = config_file.empty() ? Config{} : load_config(config_file);
  // A rules dialect first (it resets its switches), then every other key in order.
  for (bool dialect : {true, false})
    for (const auto& text : sets) {
      const auto [key, value] = split_assignment(text);
      if ((key == "rules") == dialect) config.set(key, value);
    }
  config.validate();
  return config;
}

std::pair<std::string, std::string> split_assignment(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0) throw std::invalid_argument("expected key=value, got '" + text + "'");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

}  // namespace ratrace
