#include "morpion/compare_runs.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "ratrace/common/io.h"
#include "ratrace/common/numbers.h"
#include "ratrace/common/stats.h"
#include "ratrace/common/usage_error.h"

namespace morpion {

namespace {

// Where a clock is read in a result document: the column of an improvement, the run's field for
// how long it ran; its name and how points are labelled.
struct ClockReading {
  int column;
  const char* ran_field;
  const char* name;
  const char* unit;
};
constexpr ClockReading kClockReadings[] = {{3, "cpu_seconds", "cpu", "s (CPU)"},
                                           {2, "seconds", "wall", "s (wall)"},
                                           {0, "iterations", "iterations", "iterations"}};
constexpr const ClockReading& reading_of(Clock clock) { return kClockReadings[static_cast<int>(clock)]; }

nlohmann::json sample(const std::vector<double>& values) {
  const auto [mean, half] = mean_and_half_width(values);
  return {{"mean", mean},
          {"ci95", {mean - half, mean + half}},
          {"min", *std::min_element(values.begin(), values.end())},
          {"max", *std::max_element(values.begin(), values.end())}};
}

}  // namespace

Clock parse_clock(const std::string& text) {
  for (Clock clock : {Clock::kCpu, Clock::kWall, Clock::kIterations})
    if (text == reading_of(clock).name) return clock;
  throw std::invalid_argument("clock '" + text + "': one of cpu, wall, iterations");
}

int SearchTrace::best_at(double time) const {
  int best = 0;
  for (const auto& [t, score] : steps)
    if (t <= time) best = std::max(best, score);
  return best;
}

SearchRun search_run_of(const nlohmann::json& document, const std::string& name, Clock clock) {
  SearchRun run{name, "", {}, {}};
  try {
    const std::string format = document.value("format", "");
    if (format != "morpion-search" && format != "morpion-nrpa")
      throw std::invalid_argument("not a `morpion search` or `morpion nrpa` result file");
    run.method = document.at("settings").at("method").get<std::string>();
    const auto master_seed = document.at("master_seed").get<uint64_t>();
    for (const auto& r : document.at("runs")) {
      SearchTrace trace;
      trace.ran = r.at(reading_of(clock).ran_field).get<double>();
      trace.final_score = r.at("score").get<int>();
      for (const auto& step : r.at("improvements"))
        trace.steps.emplace_back(step.at(reading_of(clock).column).get<double>(), step.at(1).get<int>());
      run.searches.push_back(std::move(trace));
    }
    if (run.searches.empty()) throw std::invalid_argument("it holds no searches");
    run.parts.push_back({master_seed, run.searches.size()});
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(fmt::format("result file '{}': {}", ratrace::clipped(name), e.what()));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("result file '{}': {}", ratrace::clipped(name), e.what()));
  }
  return run;
}

SearchRun load_search_run(const std::string& path, Clock clock) {
  const std::string text = ratrace::read_text(path, "result file");
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(fmt::format("result file '{}': {}", ratrace::clipped(path), e.what()));
  }
  return search_run_of(document, path, clock);
}

SearchRun pooled(const std::vector<SearchRun>& runs) {
  if (runs.empty()) throw ratrace::UsageError("no result documents to pool");
  if (runs.size() == 1) return runs.front();
  SearchRun all;
  for (const SearchRun& run : runs) {
    const bool first = all.parts.empty();
    if (!first && run.method != all.method)
      throw ratrace::UsageError(fmt::format("'{}' ({}) and '{}' ({}) are not one run: their methods differ",
                                            ratrace::clipped(runs.front().name), all.method, ratrace::clipped(run.name),
                                            run.method));
    for (const RunPart& part : run.parts)
      if (std::ranges::any_of(all.parts, [&](const RunPart& p) { return p.master_seed == part.master_seed; }))
        throw ratrace::UsageError(
            fmt::format("'{}' repeats seed {}: pooled files need seeds of their own, or their searches count twice",
                        ratrace::clipped(run.name), part.master_seed));
    all.name += (first ? "" : ",") + run.name;
    all.method = run.method;
    all.parts.insert(all.parts.end(), run.parts.begin(), run.parts.end());
    all.searches.insert(all.searches.end(), run.searches.begin(), run.searches.end());
  }
  return all;
}

std::pair<double, double> mean_and_half_width(const std::vector<double>& values) {
  const ratrace::MeanInterval m = ratrace::mean_interval(values);
  return {m.mean, values.size() < 2 ? 0.0 : m.half_width};
}

nlohmann::json compare_runs(const std::vector<SearchRun>& runs, std::vector<double> points, Clock clock) {
  for (double point : points)
    if (!(point > 0 && point <= kMaxComparePoint))
      throw std::invalid_argument("a point must be above 0 and at most 1e15");
  if (runs.size() == 2 && runs[0].parts != runs[1].parts)
    throw ratrace::UsageError(
        fmt::format("'{}' and '{}' are not paired: they need the same --seed and --searches, file by file",
                    ratrace::clipped(runs[0].name), ratrace::clipped(runs[1].name)));
  // A point counts only when every search ran that long (a search's clock stops a little after
  // its limit, never before; its iterations stop exactly at theirs).
  double shortest = kMaxComparePoint;
  for (const SearchRun& run : runs)
    for (const SearchTrace& t : run.searches) shortest = std::min(shortest, t.ran);
  const bool iterations = clock == Clock::kIterations;
  const bool default_points = points.empty();
  if (default_points)
    points = iterations ? std::vector<double>{1e6, 1e7, 1e8, 1e9} : std::vector<double>{60, 120, 300, 600, 1800};
  std::erase_if(points, [&](double t) { return t > shortest * (iterations ? 1.0 : 1.0001); });
  // An iteration budget ends exactly, so its end is one of the default points too.
  if (points.empty() || (iterations && default_points && points.back() < shortest)) points.push_back(shortest);

  nlohmann::json out = {{"clock", reading_of(clock).name}, {"unit", reading_of(clock).unit}};
  for (const SearchRun& run : runs) {
    std::vector<int> finals;
    for (const SearchTrace& trace : run.searches) finals.push_back(trace.final_score);
    nlohmann::json seeds = nlohmann::json::array();
    for (const RunPart& part : run.parts) seeds.push_back(part.master_seed);
    nlohmann::json described = {{"name", run.name},
                                {"method", run.method},
                                {"searches", run.searches.size()},
                                {"master_seeds", seeds},
                                {"final_scores", finals}};
    if (run.parts.size() == 1) described["master_seed"] = run.parts.front().master_seed;
    out["runs"].push_back(described);
  }
  out["points"] = nlohmann::json::array();
  for (double t : points) {
    nlohmann::json point = {{"at", t}};
    std::vector<std::vector<double>> best(runs.size());
    for (size_t f = 0; f < runs.size(); ++f) {
      for (const SearchTrace& trace : runs[f].searches) best[f].push_back(trace.best_at(t));
      nlohmann::json side = sample(best[f]);
      side["bests"] = best[f];
      point["runs"].push_back(side);
    }
    if (runs.size() == 2) {
      std::vector<double> differences;
      int better = 0, tied = 0;
      for (size_t i = 0; i < best[0].size(); ++i) {
        differences.push_back(best[1][i] - best[0][i]);
        better += differences.back() > 0;
        tied += differences.back() == 0;
      }
      nlohmann::json difference = sample(differences);
      difference.erase("min");
      difference.erase("max");
      difference["values"] = differences;
      difference["better"] = better;
      difference["tied"] = tied;
      difference["worse"] = static_cast<int>(differences.size()) - better - tied;
      point["difference"] = difference;
    }
    out["points"].push_back(point);
  }
  return out;
}

}  // namespace morpion
