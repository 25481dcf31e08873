#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/stl.h>

#include "morpion/compare_runs.h"
#include "morpion/game_io.h"
#include "morpion/layer_code.h"
#include "morpion/nrpa.h"
#include "morpion/population.h"
#include "morpion/search_run.h"
#include "ratrace/python/background_task.h"
#include "ratrace/python/request_fields.h"
#include "ratrace/python/sibling_bindings.h"

namespace py = pybind11;

namespace ratrace {

namespace {

using morpion::PopulationOptions;

// Every population setting that is a number or a switch, read from a request's settings with
// the command line's range for its flag.
struct NumberSetting {
  const char* name;
  std::function<void(PopulationOptions&, const py::dict&)> set;
};

template <typename T>
NumberSetting whole(const char* name, T PopulationOptions::*member, int64_t least, int64_t most) {
  return {name, [=](PopulationOptions& o, const py::dict& s) {
            o.*member = static_cast<T>(whole_field(s, name, least, most));
          }};
}

NumberSetting real(const char* name, double PopulationOptions::*member, double least, double most,
                   bool least_excluded = false) {
  return {name, [=](PopulationOptions& o, const py::dict& s) {
            o.*member = real_field(s, name, least, most, least_excluded);
          }};
}

NumberSetting flag(const char* name, bool PopulationOptions::*member) {
  return {name, [=](PopulationOptions& o, const py::dict& s) {
            if (!py::isinstance<py::bool_>(s[name])) throw std::invalid_argument(std::string(name) + " must be a bool");
            o.*member = s[name].cast<bool>();
          }};
}

constexpr int64_t kMost = INT64_MAX;  // iteration counts: no practical limit

const std::vector<NumberSetting>& number_settings() {
  using O = PopulationOptions;
  static const std::vector<NumberSetting> table = {
      whole("pool", &O::pool, 1, 10000000),
      whole("window", &O::window, 0, 1000),
      real("skew", &O::skew, 0, 1000, true),
      whole("swaps", &O::swaps, 0, 1000),
      whole("blacklist", &O::blacklist, 1, 1000),
      real("mutation_focus", &O::mutation_focus, 0, 100, true),
      real("protect", &O::protect, 0, 1),
      real("fill_centre", &O::fill_centre, 0, 100),
      whole("end_search_every", &O::end_search_every, 1, kMost),
      whole("completions", &O::completions, 1, 1000000),
      whole("restart_after", &O::restart_after, 0, kMost),
      real("restart_growth", &O::restart_growth, 1, 1000),
      whole("poor_restart_after", &O::poor_restart_after, 0, kMost),
      whole("poor_below", &O::poor_below, 0, 100000),
      whole("widen_after", &O::widen_after, 0, kMost),
      whole("widen_by", &O::widen_by, 1, 1000),
      whole("abandon_after", &O::abandon_after, 0, kMost),
      whole("abandon_margin", &O::abandon_margin, 0, 1000),
      whole("abandon_below", &O::abandon_below, 0, 1000),
      real("kick_share", &O::kick_share, 0, 1),
      whole("kick_after", &O::kick_after, 0, kMost),
      whole("kick_restart_after", &O::kick_restart_after, 0, kMost),
      whole("kick_return_patience", &O::kick_return_patience, 0, kMost),
      whole("kick_tabu", &O::kick_tabu, 0, 1000),
      whole("elite_starts", &O::elite_starts, 0, 1000),
      whole("round_iterations", &O::round_iterations, 0, kMost),
      whole("kick_accept", &O::kick_accept, -1, 1000),
      whole("climb_after", &O::climb_after, 0, kMost),
      whole("climb_iterations", &O::climb_iterations, 1, kMost),
      whole("climb_lineages", &O::climb_lineages, 1, 1000),
      whole("record_climbs", &O::record_climbs, 0, kMost),
      whole("record_climb_from", &O::record_climb_from, 0, 100000),
      whole("resort_every", &O::resort_every, 1, kMost),
      real("ruin_share", &O::ruin_share, 0, 1),
      real("crossover_share", &O::crossover_share, 0, 1),
      flag("adapt_window", &O::adapt_window),
      flag("drift", &O::drift),
  };
  return table;
}

// The population search's options from a request's settings, as `morpion search` reads its flags.
PopulationOptions population_options(const py::dict& settings, morpion::Rules rules) {
  PopulationOptions o;
  o.rules = rules;
  for (const NumberSetting& setting : number_settings())
    if (settings.contains(setting.name)) setting.set(o, settings);
  for (const std::string& name : morpion::population_choice_names())
    if (settings.contains(name)) morpion::set_population_choice(o, name, settings[name.c_str()].cast<std::string>());
  if (settings.contains("kick_depth")) {
    const auto depth = settings["kick_depth"].cast<std::vector<double>>();
    if (depth.size() != 2 || !(depth[0] >= 0 && depth[1] <= 1))
      throw std::invalid_argument("kick_depth must be two shares in [0, 1]");
    o.kick_least = depth[0];
    o.kick_most = depth[1];
  }
  if (settings.contains("start")) o.start = morpion::decode_game(settings["start"].cast<std::string>(), rules).moves;
  morpion::settle_climbs_and_kicks(o, settings.contains("kick_after"));
  morpion::check_population_options(o);
  return o;
}

// Refuses a setting the method does not read, as the command line refuses its flag.
void check_known(const py::dict& settings, const std::vector<std::string>& known, const std::string& method) {
  for (const auto& [key, value] : settings) {
    const std::string name = key.cast<std::string>();
    if (std::find(known.begin(), known.end(), name) == known.end())
      throw std::invalid_argument("'" + name + "' is not a setting of " + method);
  }
}

std::vector<std::string> population_setting_names() {
  std::vector<std::string> names = {"kick_depth", "start"};
  for (const NumberSetting& setting : number_settings()) names.emplace_back(setting.name);
  for (const std::string& name : morpion::population_choice_names()) names.push_back(name);
  return names;
}

// A request's searches: the population search, MORPION.md's local search or NRPA, with the
// settings their result documents record (those of `morpion search` and `morpion nrpa`).
std::pair<morpion::RunRequest, morpion::SearchFunction> run_of(const py::dict& request) {
  morpion::RunRequest run;
  run.kind = request["kind"].cast<std::string>();
  run.rules = morpion::parse_rules(request["rules"].cast<std::string>());
  run.seed = seed_field(request);
  run.threads = static_cast<int>(whole_field(request, "threads", 0, 1024));
  run.searches = static_cast<int>(whole_field(request, "searches", 0, 100000));
  run.seconds = real_field(request, "seconds", 0, 1e9);
  run.cpu_seconds = real_field(request, "cpu_seconds", 0, 1e9);
  run.work_limit = static_cast<uint64_t>(whole_field(request, "work_limit", 0, kMost));
  const py::dict settings = request["settings"];
  const uint64_t seed = run.seed;
  if (run.kind == "nrpa") {
    check_known(settings, {"level", "iterations", "alpha"}, "nrpa");
    morpion::NrpaOptions o;
    o.rules = run.rules;
    if (settings.contains("level")) o.level = static_cast<int>(whole_field(settings, "level", 1, 6));
    if (settings.contains("iterations"))
      o.iterations = static_cast<int>(whole_field(settings, "iterations", 1, 100000));
    if (settings.contains("alpha")) o.alpha = real_field(settings, "alpha", 0, 100, true);
    run.settings = morpion::nrpa_settings(o, run.work_limit);
    return {run, [=](int s, const morpion::SearchLimits& limits, const morpion::ImprovementCallback& cb) {
              return morpion::nrpa_search(seed, s, o, limits, cb);
            }};
  }
  if (run.kind != "search") throw std::invalid_argument("unknown kind '" + run.kind + "'");
  const std::string method = request["method"].cast<std::string>();
  if (method == "local") {
    check_known(settings, {"blacklist"}, "the local search (method='local')");
    morpion::LocalSearchOptions o;
    o.rules = run.rules;
    if (settings.contains("blacklist")) o.blacklist = static_cast<int>(whole_field(settings, "blacklist", 1, 1000));
    run.settings = morpion::local_search_settings(o, run.work_limit);
    return {run, [=](int s, const morpion::SearchLimits& limits, const morpion::ImprovementCallback& cb) {
              return morpion::local_search(seed, s, o, limits, cb);
            }};
  }
  if (method != "population")
    throw std::invalid_argument("method must be 'population' or 'local', not '" + method + "'");
  check_known(settings, population_setting_names(), "the population search");
  const PopulationOptions o = population_options(settings, run.rules);
  run.settings = morpion::population_run_settings(o, run.seed, morpion::search_count(run), run.work_limit, "");
  return {run, [=](int s, const morpion::SearchLimits& limits, const morpion::ImprovementCallback& cb) {
            morpion::PopulationState state;
            return morpion::population_search(seed, s, o, limits, cb, state, {});
          }};
}

// Searches on a thread of their own: Python polls them and stops them on Ctrl-C.
class MorpionRun {
 public:
  explicit MorpionRun(const py::dict& request)
      : run_(run_of(request)), task_([this](const std::atomic<bool>& stop, std::atomic<uint64_t>& done) {
          morpion::RunHooks hooks;
          hooks.stop = &stop;
          hooks.work_done = &done;
          hooks.on_best = [this](int, const morpion::Improvement& step, const morpion::Game&, double) {
            best_ = step.score;
          };
          document_ = morpion::run_and_record(run_.first, run_.second, hooks).document.dump();
        }) {}

  void start() { task_.start(); }
  bool wait(double seconds) { return task_.wait(seconds); }
  void stop() { task_.stop(); }
  uint64_t done() const { return task_.done(); }
  int best() const { return best_; }
  int searches() const { return morpion::search_count(run_.first); }
  // "" until the searches have ended (a second Ctrl-C may leave Python before they do).
  std::string document() { return task_.ended() ? document_ : ""; }

 private:
  std::pair<morpion::RunRequest, morpion::SearchFunction> run_;
  std::atomic<int> best_{-1};
  std::string document_;
  BackgroundTask task_;  // last: its thread ends before the rest goes
};

}  // namespace

void bind_morpion(py::module_& m) {
  m.doc() = "Morpion Solitaire 5T: the layer code, pictures, and the searches of `morpion search` and `nrpa`";
  m.def(
      "decode",
      [](const std::string& code, const std::string& rules) {
        const morpion::Rules r = morpion::parse_rules(rules);
        return morpion::game_json(morpion::decode_game(code, r).moves, r).dump();
      },
      py::arg("code"), py::arg("rules"),
      "The game of a layer code as JSON text (the file `morpion decode --game` writes)");
  m.def(
      "picture",
      [](const std::string& code, bool svg, bool numbers) {
        const morpion::Game game = morpion::decode_game(code, morpion::Rules::k5T).moves;
        return svg ? morpion::svg_picture(game, numbers) : morpion::ascii_picture(game);
      },
      py::arg("code"), py::arg("svg"), py::arg("numbers"), "The grid of a layer code, as SVG or as text");
  m.def("mean_interval", &morpion::mean_and_half_width, py::arg("values"),
        "A sample's mean and the half width of its 95% t interval (0 for one value)");
  m.def(
      "compare",
      [](const std::vector<std::string>& documents, const std::vector<std::string>& names,
         const std::vector<double>& points, const std::string& clock_name) {
        const morpion::Clock clock = morpion::parse_clock(clock_name);
        for (double point : points)
          if (!(point > 0 && point <= morpion::kMaxComparePoint))
            throw std::invalid_argument("a point must be above 0 and at most 1e15");
        std::vector<morpion::SearchRun> runs;
        for (size_t i = 0; i < documents.size(); ++i)
          runs.push_back(morpion::search_run_of(nlohmann::json::parse(documents[i]), names[i], clock));
        return morpion::compare_runs(runs, points, clock).dump();
      },
      py::arg("documents"), py::arg("names"), py::arg("points"), py::arg("clock"),
      "`morpion compare` of one or two result documents (JSON texts) as JSON text");
  py::register_local_exception<morpion::CodeError>(m, "CodeError", PyExc_ValueError);

  py::class_<MorpionRun>(m, "Run", "Independent searches, on a thread of their own")
      .def(py::init<const py::dict&>(), py::arg("request"))
      .def("start", &MorpionRun::start)
      .def("wait", &MorpionRun::wait, py::arg("seconds"), py::call_guard<py::gil_scoped_release>())
      .def("stop", &MorpionRun::stop)
      .def_property_readonly("done", &MorpionRun::done)
      .def_property_readonly("best", &MorpionRun::best)
      .def_property_readonly("searches", &MorpionRun::searches)
      .def("document", &MorpionRun::document);
}

}  // namespace ratrace
