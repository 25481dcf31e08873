#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace ratrace {

// Most specimens a game may hold (initial_specimens + offspring * turns): a bound that keeps
// a game's memory to a few gigabytes at most.
constexpr int kMaxSpecimenCount = 20000000;
// Most genome bits: a genome is one 128-bit word.
constexpr int kMaxGenomeBits = 128;

// Every constant of the rules (docs/RULES.md), with the spec's values as defaults. One instance
// drives a whole run and is echoed into every result file.
struct Config {
  int width = 53;        // X: columns, x = 0..width-1
  int height = 15;       // Y: rows
  int goal_column = 49;  // every in-bounds cell with x >= goal_column is a goal
  int colours = 16;
  int empty_colours = 8;
  int teleporter_colours = 4;  // in pairs: offsets A, B and their negations
  int trap_colours = 2;
  int wall_colours = 2;
  int teleporter_reach = 4;  // teleporter offsets in [-r, r]^2 except (0, 0)
  int trap_reach = 1;        // trap offsets in [-r, r]^2, (0, 0) included
  int view_radius = 2;       // 5x5 view
  int lifespan = 100;        // turns a specimen may live without scoring
  int initial_specimens = 15;
  int offspring = 10;  // newborns per turn
  int genome_bits = 100;
  double crossover = 0.05;  // probability of switching parents at each bit
  double mutation = 0.01;   // probability of flipping each bit
  int turns = 10000;
  int min_start_cells = 10;
  int max_track_attempts = 10000;  // give up (with an error) on configs that never yield a track

  // Rules dialects of the original controllers (controller/rules.cpp): the name of the
  // preset last applied, and the switches it sets besides crossover, mutation and lifespan.
  std::string rules = "cpp";
  int breed_before_moves = 0;  // 1: parents drawn from the population as it was before the turn's moves
  int parent_choice = 0;       // 0: fitness-proportional; 1: the Java upstream's biased draw
  int offset_draws = 0;        // 0: each colour's offset drawn alone; 1: Java's few distinct offsets shared
  // 1: Java's goal timing. A specimen reaching the goal stands there for a turn, is then
  // scored and respawned (no move that turn), and one standing there at the end counts.
  // Initial specimens get `lifespan` moves, children and respawned ones lifespan - 1.
  int goal_timing = 0;
  int start_search = 0;  // 1: Java's start-row search (unbounded, through survivable off-board cells)
  // 1: Java's finish. Each look at a goal cell shows a random empty colour; a trap aimed at
  // the goal makes a random empty colour deadly there, and each arrival draws one colour.
  int finish_cells = 0;
  // 1: Java's single off-board square: deadly only if some trap aims off the board, and
  // otherwise specimens live on out there and may walk back (needs finish_cells = 1).
  int off_board = 0;

  // Goal timing, finish cells or off-board survival: the game runs the Java board's path.
  bool java_board() const { return goal_timing || finish_cells || off_board; }
  // How far off the board a specimen can get under off_board = 1: every move adds at most 1,
  // a teleport at most teleporter_reach, and a specimen makes at most `lifespan` moves.
  int off_board_margin() const { return lifespan + teleporter_reach + 1; }

  // Throws std::invalid_argument naming the first impossible value.
  void validate() const;

  // Sets one key from text ("mutation", "0.0227"); throws on unknown keys or bad values.
  void set(const std::string& key, const std::string& value);
  static std::vector<std::string> keys();

  bool operator==(const Config&) const = default;
};

void to_json(nlohmann::json& j, const Config& c);
// Strict: unknown keys and wrongly typed values are errors; missing keys keep defaults.
void from_json(const nlohmann::json& j, Config& c);

// A config file's text (JSON), validated; throws with what is wrong.
Config parse_config(std::string_view text);
// Reads a JSON config file, validated; the error names the file and what is wrong.
Config load_config(const std::string& path);

// The config from --config and --set, validated.
Config build_config(const std::string& config_file, const std::vector<std::string>& sets);
// Splits "key=value"; throws naming the text when there is no '='.
std::pair<std::string, std::string> split_assignment(const std::string& text);

}  // namespace ratrace
