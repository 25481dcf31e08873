#include "morpion/checkpoint.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "ratrace/common/io.h"
#include "ratrace/common/numbers.h"
#include "ratrace/common/version.h"

namespace morpion {

namespace {

std::string lines_text(const Game& game) {
  std::string text;
  text.reserve(game.size() * 4);
  for (const Move& m : game) text += fmt::format("{:04x}", m.line);
  return text;
}

// Replays the lines of `text`, each of which must be legal where it comes.
Game game_of_lines(const std::string& text, Rules rules) {
  if (text.size() % 4 != 0) throw std::invalid_argument("a game's text is not 4 hex digits per move");
  Board board(rules);
  Game game;
  for (size_t at = 0; at < text.size(); at += 4) {
    size_t used = 0;
    int line = 0;
    try {
      line = std::stoi(text.substr(at, 4), &used, 16);
    } catch (const std::exception&) {
      used = 0;
    }
    Move move;
    if (used != 4 || line < 0 || line >= kLines || !board.legal_move_of_line(line, &move))
      throw std::invalid_argument(
          fmt::format("move {} ('{}') is not a legal line there", at / 4 + 1, ratrace::clipped(text.substr(at, 4))));
    board.play(move);
    game.push_back(move);
  }
  return game;
}

// A list of grids as an array of their lines_text, and back.
nlohmann::json lines_texts(const std::vector<Game>& games) {
  nlohmann::json texts = nlohmann::json::array();
  for (const Game& g : games) texts.push_back(lines_text(g));
  return texts;
}
std::vector<Game> games_of_lines(const nlohmann::json& texts, Rules rules) {
  std::vector<Game> games;
  for (const auto& text : texts) games.push_back(game_of_lines(text.get<std::string>(), rules));
  return games;
}

std::vector<uint64_t> sorted(const std::unordered_set<uint64_t>& set) {
  std::vector<uint64_t> values(set.begin(), set.end());
  std::sort(values.begin(), values.end());
  return values;
}

}  // namespace

void to_json(nlohmann::json& j, const Lineage& lineage) {
  j = {{"iterations", lineage.iterations}, {"steps", lineage.steps}};
  if (lineage.kicked) j["kick"] = *lineage.kicked;
}

void from_json(const nlohmann::json& j, Lineage& lineage) {
  lineage.iterations = j.at("iterations").get<uint64_t>();
  lineage.steps = j.at("steps").get<decltype(lineage.steps)>();
  if (j.contains("kick")) lineage.kicked = j.at("kick").get<bool>();
}

nlohmann::json checkpoint_json(const nlohmann::json& settings, const std::vector<PopulationState>& states,
                               Rules rules) {
  nlohmann::json searches = nlohmann::json::array();
  for (const PopulationState& s : states) {
    if (!s.dnas.empty())
      throw std::invalid_argument("a search whose grids keep their DNA is not checkpointed (32 KB a grid)");
    nlohmann::json pool = nlohmann::json::array();
    for (const Game& g : s.pool) pool.push_back(lines_text(g));
    nlohmann::json steps = nlohmann::json::array();
    for (const Improvement& i : s.result.improvements)
      steps.push_back({i.iteration, i.score, i.seconds, i.cpu_seconds});
    searches.push_back({{"iteration", s.iteration},
                        {"pool", pool},
                        {"tries", s.tries},
                        {"successes", s.successes},
                        {"end_searched", sorted(s.end_searched)},
                        {"lineage_start", s.lineage_start},
                        {"restarts", s.restarts},
                        {"lineage", s.lineage},
                        {"lineages", s.result.lineages},
                        {"best", lines_text(s.result.best)},
                        {"improvements", steps},
                        {"seconds", s.result.seconds},
                        {"cpu_seconds", s.result.cpu_seconds}});
    if (!s.visits.empty()) searches.back()["visits"] = s.visits;
    if (!s.result.climbs.empty()) searches.back()["climbs"] = s.result.climbs;
    if (!s.climb_starts.empty()) searches.back()["climb_starts"] = lines_texts(s.climb_starts);
    if (!s.elites.empty()) searches.back()["elites"] = lines_texts(s.elites);
    if (!s.round_best.empty()) searches.back()["round_best"] = lines_text(s.round_best);
    if (!s.kick_walk.empty()) searches.back()["kick_walk"] = lines_text(s.kick_walk);
    if (!s.tabu.empty()) searches.back()["tabu"] = s.tabu;
    if (s.burst_kicks > 0) searches.back()["burst_kicks"] = s.burst_kicks;
    if (s.window.width >= 0) searches.back()["window"] = {s.window.width, s.window.gains, s.window.idle_tenths};
  }
  return {{"format", "morpion-checkpoint"},
          {"version", ratrace::version()},
          {"rules", rules_name(rules)},
          {"settings", settings},
          {"searches", searches}};
}

std::vector<PopulationState> load_checkpoint(const std::string& path, const nlohmann::json& settings, int searches,
                                             Rules rules) {
  const std::string text = ratrace::read_text(path, "checkpoint");
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    if (j.value("format", "") != "morpion-checkpoint") throw std::invalid_argument("not a morpion checkpoint file");
    if (j.at("settings") != settings) {
      std::string differences;
      // Every key of either: a setting written only when on may be in the file and not here.
      nlohmann::json keys = settings;
      keys.update(j.at("settings"));
      for (const auto& [key, unused] : keys.items()) {
        const nlohmann::json saved = j.at("settings").value(key, nlohmann::json());
        const nlohmann::json here = settings.value(key, nlohmann::json());
        if (saved == here) continue;
        differences += fmt::format("{}{} {} (here {})", differences.empty() ? "" : ", ", key,
                                   ratrace::clipped(saved.dump(), 40), ratrace::clipped(here.dump(), 40));
      }
      // Kicks became the default in 0.14.0, bursts of them in 0.15.0, climbs keyed by dots in 0.15.5,
      // climbs of the parent's moves in 0.15.7; a search begun without them goes on without them.
      const auto begun_without = [&](const char* key) {
        return !j.at("settings").contains(key) && settings.contains(key);
      };
      const bool climbed = j.at("settings").contains("climb_after") || j.at("settings").contains("record_climbs");
      std::string hint = std::string(begun_without("kick_after") ? "--kick-after 0 " : "") +
                         (begun_without("kick_bursts") ? "--kick-bursts 0 " : "") +
                         (begun_without("climb_same_grid") && climbed ? "--climb-same-grid lines " : "") +
                         (begun_without("climb_dna") && climbed ? "--climb-dna kept " : "");
      if (!hint.empty()) hint += "to resume its search as it was begun, or ";
      throw std::invalid_argument(
          fmt::format("it holds a search with other settings: {}; give {}another --checkpoint file to start afresh",
                      differences, hint));
    }
    const nlohmann::json& saved = j.at("searches");
    if (!saved.is_array() || saved.size() != static_cast<size_t>(searches))
      throw std::invalid_argument(fmt::format("it holds {} searches, not {}", saved.size(), searches));
    std::vector<PopulationState> states(static_cast<size_t>(searches));
    for (size_t i = 0; i < states.size(); ++i) {
      const nlohmann::json& s = saved[i];
      PopulationState& state = states[i];
      state.iteration = s.at("iteration").get<uint64_t>();
      for (const auto& g : s.at("pool")) state.pool.push_back(game_of_lines(g.get<std::string>(), rules));
      // Only a search with a rotating pool order counts its grids' visits.
      state.visits = s.value("visits", std::vector<uint64_t>{});
      if (!state.visits.empty() && state.visits.size() != state.pool.size())
        throw std::invalid_argument(fmt::format("search {}: {} visit counts for a pool of {} grids", i,
                                                state.visits.size(), state.pool.size()));
      state.tries = s.at("tries").get<decltype(state.tries)>();
      state.successes = s.at("successes").get<decltype(state.successes)>();
      // Absent from the checkpoints of searches that never kept them.
      state.lineage_start = s.value("lineage_start", uint64_t{0});
      for (const auto& hash : s.value("end_searched", nlohmann::json::array()))
        state.end_searched.insert(hash.get<uint64_t>());
      state.restarts = s.at("restarts").get<int>();
      // Only a search whose window adapts keeps [width, gains, idleness in tenths].
      if (s.contains("window")) {
        const nlohmann::json& window = s.at("window");
        state.window = {.width = window.at(0).get<int>(),
                        .gains = window.at(1).get<uint64_t>(),
                        .idle_tenths = window.at(2).get<uint64_t>()};
      }
      // Checkpoints of 0.12.2 kept only each ended lineage's best, older ones nothing: a search
      // resumed from one knows its earlier lineages by their bests at most, and of the current
      // lineage only its last rise, which such a checkpoint saved as `pool_best_since`.
      if (s.contains("lineages")) {
        state.result.lineages = s.at("lineages").get<std::vector<Lineage>>();
        state.lineage = s.at("lineage").get<Lineage>();
      } else {
        for (const int best : s.value("lineage_bests", std::vector<int>{}))
          state.result.lineages.push_back({.iterations = 0, .steps = {{0, best}}, .kicked = std::nullopt});
        const int pool_best = state.pool.empty() ? 0 : static_cast<int>(state.pool[0].size());
        const auto last_rise = s.at("pool_best_since").get<uint64_t>();
        if (last_rise < state.lineage_start || last_rise > state.iteration)
          throw std::invalid_argument(fmt::format(
              "search {}: its pool's last rise, iteration {}, lies outside its lineage (iterations {} to {})", i,
              last_rise, state.lineage_start, state.iteration));
        state.lineage = {
            .iterations = 0, .steps = {{last_rise - state.lineage_start, pool_best}}, .kicked = std::nullopt};
      }
      state.result.search = static_cast<int>(i);
      state.result.best = game_of_lines(s.at("best").get<std::string>(), rules);
      for (const auto& step : s.at("improvements"))
        state.result.improvements.push_back(
            {step.at(0).get<uint64_t>(), step.at(1).get<int>(), step.at(2).get<double>(), step.at(3).get<double>()});
      state.result.seconds = s.at("seconds").get<double>();
      state.result.cpu_seconds = s.at("cpu_seconds").get<double>();
      state.result.iterations = state.iteration;
      state.result.climbs = s.value("climbs", std::vector<Lineage>{});
      if (s.contains("round_best")) state.round_best = game_of_lines(s.at("round_best").get<std::string>(), rules);
      if (s.contains("kick_walk")) state.kick_walk = game_of_lines(s.at("kick_walk").get<std::string>(), rules);
      if (s.contains("tabu")) state.tabu = s.at("tabu").get<std::vector<int>>();
      state.burst_kicks = s.value("burst_kicks", 0);
      if (state.burst_kicks < 0)
        throw std::invalid_argument(fmt::format("search {}: {} kicks of a burst", i, state.burst_kicks));
      for (const int line : state.tabu)
        if (line < 0 || line >= kLines)
          throw std::invalid_argument(fmt::format("search {}: tabu line {} is not a line of the grid", i, line));
      state.climb_starts = games_of_lines(s.value("climb_starts", nlohmann::json::array()), rules);
      state.elites = games_of_lines(s.value("elites", nlohmann::json::array()), rules);
      // A search that had not started when the file was saved holds nothing yet; one that has
      // handed its best grid over to climbs holds no pool.
      const auto climb_after = settings.value("climb_after", uint64_t{0});
      const bool climbing = climb_after > 0 && state.iteration >= climb_after;
      if (state.iteration > 0 && ((state.pool.empty() && !climbing) || state.result.improvements.empty()))
        throw std::invalid_argument(fmt::format("search {} has an empty pool or no best grid", i));
    }
    return states;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(fmt::format("checkpoint '{}' is damaged: {}", ratrace::clipped(path), e.what()));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("checkpoint '{}': {}", ratrace::clipped(path), e.what()));
  }
}

}  // namespace morpion
