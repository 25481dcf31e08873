#include "ratrace/tracks/rules.h"

#include <stdexcept>

namespace ratrace {

namespace {

// One dialect's values of the switches it governs.
struct Dialect {
  const char* name;
  double crossover;
  double mutation;
  int lifespan;
  int breed_before_moves;
  int parent_choice;
  int offset_draws;
  int java_board;  // goal_timing, start_search, finish_cells and off_board together
};

// Python and Ruby re-pick one of the two parents at each 5% crossover event, which switches
// with probability 1/2: the same law as switching at 2.5%, so the preset sets 2.5%. Ruby's
// mutation assigns the flipped bit to the wrong variable: no mutation. The Java controllers
// give children 99 moves, draw parents from the population before the turn's moves and draw
// few distinct trap and teleporter offsets, and share one board (Board.java) with its goal
// timing, start-row search, finish cells and off-board square; upstream also re-picks
// parents (2.5%) and has the biased parent draw. Java's lifespan of 100 turns counts from
// the turn of birth, so children get 99 moves (goal_timing). The fork switches before each
// bit rather than after it, which from a random first parent is the same law as C++'s.
constexpr Dialect kDialects[] = {
    {"cpp", 0.05, 0.01, 100, 0, 0, 0, 0},       {"java", 0.025, 0.01, 100, 1, 1, 1, 1},
    {"java-fork", 0.05, 0.01, 100, 1, 0, 1, 1}, {"python", 0.025, 0.01, 100, 0, 0, 0, 0},
    {"ruby", 0.025, 0.0, 100, 0, 0, 0, 0},
};

}  // namespace

const std::vector<std::string>& rules_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const Dialect& d : kDialects) n.emplace_back(d.name);
    return n;
  }();
  return names;
}

void apply_rules(Config& config, const std::string& name) {
  for (const Dialect& d : kDialects) {
    if (name != d.name) continue;
    config.rules = d.name;
    config.crossover = d.crossover;
    config.mutation = d.mutation;
    config.lifespan = d.lifespan;
    config.breed_before_moves = d.breed_before_moves;
    config.parent_choice = d.parent_choice;
    config.offset_draws = d.offset_draws;
    config.goal_timing = config.start_search = config.finish_cells = config.off_board = d.java_board;
    return;
  }
  std::string known;
  for (const auto& n : rules_names()) known += (known.empty() ? "" : ", ") + n;
  throw std::invalid_argument("unknown rules '" + name + "'; known rules: " + known);
}

std::string rules_for_language(const std::string& language) {
  if (language.rfind("Java", 0) == 0) return "java";
  if (language.rfind("Python", 0) == 0) return "python";
  if (language.rfind("Ruby", 0) == 0) return "ruby";
  return "cpp";
}

}  // namespace ratrace
