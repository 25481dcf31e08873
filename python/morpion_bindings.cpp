#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/stl.h>

#include "morpion/compare_runs.h"
#include "morpion/game_io.h"
#include "morpion/layer_code.h"
#include "morpion/nrpa.h"
#include "morpion/population.h"
#include "morpion/search_options.h"
#include "morpion/search_run.h"
#include "ratrace/common/io.h"
#include "ratrace/common/usage_error.h"
#include "ratrace/python/background_task.h"
#include "ratrace/python/request_fields.h"
#include "ratrace/python/sibling_bindings.h"

namespace py = pybind11;

namespace ratrace {

namespace {

using morpion::PopulationOptions;

// A population setting read from a request's settings, as `morpion search` reads its flag: a
// number in its range, a bool, or one of its choices.
void read_setting(const morpion::PopulationSetting& setting, PopulationOptions& o, const py::dict& settings) {
  const char* name = setting.name.c_str();
  std::visit(
      [&](const auto& kind) {
        using Kind = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<Kind, morpion::Switch>) {
          if (!py::isinstance<py::bool_>(settings[name])) throw std::invalid_argument(setting.name + " must be a bool");
          o.*kind.member = settings[name].template cast<bool>();
        } else if constexpr (std::is_same_v<Kind, morpion::Choice>) {
          if (!py::isinstance<py::str>(settings[name])) throw std::invalid_argument(setting.name + " must be a str");
          morpion::set_population_choice(o, setting.name, settings[name].template cast<std::string>());
        } else if constexpr (std::is_same_v<Kind, morpion::Bounded<double>>) {
          o.*kind.member = real_field(settings, name, kind.least, kind.most, kind.least_excluded);
        } else {
          o.*kind.member = static_cast<std::decay_t<decltype(o.*kind.member)>>(
              whole_field(settings, name, static_cast<int64_t>(kind.least), static_cast<int64_t>(kind.most)));
        }
      },
      setting.kind);
}

// The population search's options from a request's settings, as `morpion search` reads its flags.
PopulationOptions population_options(const py::dict& settings, morpion::Rules rules) {
  PopulationOptions o;
  o.rules = rules;
  for (const morpion::PopulationSetting& setting : morpion::population_setting_table())
    if (settings.contains(setting.name)) read_setting(setting, o, settings);
  if (settings.contains("kick_depth")) {
    const auto depth = settings["kick_depth"].cast<std::vector<double>>();
    if (depth.size() != 2 || !(depth[0] >= 0 && depth[1] <= 1))
      throw std::invalid_argument("kick_depth must be two shares in [0, 1]");
    o.kick_least = depth[0];
    o.kick_most = depth[1];
  }
  if (settings.contains("start")) o.start = morpion::decode_game(settings["start"].cast<std::string>(), rules).moves;
  morpion::settle_climbs_and_kicks(o, settings.contains("kick_after"), settings.contains("kick_bursts"));
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
  for (const morpion::PopulationSetting& setting : morpion::population_setting_table()) names.push_back(setting.name);
  return names;
}

// A usage error of the population search's checks, which name `morpion search`'s flags, in the
// names of Python's keywords: "--drift needs --pool-order rotate" becomes "drift needs pool_order
// rotate". Every flag of the search is a keyword of the same name with '_' for '-'.
std::invalid_argument in_keywords(const ratrace::UsageError& error) {
  const std::string text = error.what();
  std::string said;
  for (size_t i = 0; i < text.size(); ++i) {
    const bool flag_starts = text.compare(i, 2, "--") == 0 && i + 2 < text.size() &&
                             std::islower(static_cast<unsigned char>(text[i + 2])) &&
                             (i == 0 || text[i - 1] == ' ' || text[i - 1] == '(');
    if (!flag_starts) {
      said += text[i];
      continue;
    }
    for (i += 2; i < text.size() && (std::islower(static_cast<unsigned char>(text[i])) || text[i] == '-'); ++i)
      said += text[i] == '-' ? '_' : text[i];
    --i;
  }
  return std::invalid_argument(said);
}

// The population settings' table as JSON text: each setting's name, flag, help, kind, default, and
// its range or choices, for ratrace.morpion.settings().
std::string settings_table() {
  const PopulationOptions defaults;
  nlohmann::json table = nlohmann::json::array();
  for (const morpion::PopulationSetting& setting : morpion::population_setting_table()) {
    nlohmann::json entry = {{"name", setting.name},
                            {"flag", setting.flag()},
                            {"help", setting.help},
                            {"population_only", setting.population_only}};
    std::visit(
        [&](const auto& kind) {
          using Kind = std::decay_t<decltype(kind)>;
          if constexpr (std::is_same_v<Kind, morpion::Switch>) {
            entry["kind"] = "switch";
            entry["default"] = defaults.*kind.member;
          } else if constexpr (std::is_same_v<Kind, morpion::Choice>) {
            entry["kind"] = "choice";
            entry["choices"] = morpion::population_choice_values(setting.name);
            entry["default"] = entry["choices"][0];
          } else {
            entry["kind"] = std::is_same_v<Kind, morpion::Bounded<double>> ? "real" : "whole";
            entry["default"] = defaults.*kind.member;
            entry["least"] = kind.least;
            entry["most"] = kind.most;
            entry["least_excluded"] = kind.least_excluded;
          }
        },
        setting.kind);
    table.push_back(entry);
  }
  return table.dump();
}

// A request's run, ready to start: what it records and how it runs.
struct PreparedRun {
  morpion::RunRequest request;
  morpion::RunFunction run;
  bool resumed = false;          // from its checkpoint file
  uint64_t iterations_done = 0;  // by the searches it resumes
};

// The run of a request whose searches are `search`'s.
morpion::RunFunction searches_of(const morpion::RunRequest& run, morpion::SearchFunction search) {
  return [run, search = std::move(search)](const morpion::RunHooks& hooks) {
    return morpion::run_and_record(run, search, hooks);
  };
}

// A request's searches: the population search, MORPION.md's local search or NRPA, with the
// settings their result documents record (those of `morpion search` and `morpion nrpa`).
PreparedRun prepare(const py::dict& request) {
  constexpr int64_t kAny = INT64_MAX;  // iteration and playout counts: no practical limit
  PreparedRun prepared;
  morpion::RunRequest& run = prepared.request;
  run.kind = request["kind"].cast<std::string>();
  run.rules = morpion::parse_rules(request["rules"].cast<std::string>());
  run.seed = seed_field(request);
  run.threads = static_cast<int>(whole_field(request, "threads", 0, morpion::kMaxThreads));
  run.searches = static_cast<int>(whole_field(request, "searches", 0, morpion::kMaxSearches));
  run.seconds = real_field(request, "seconds", 0, morpion::kMaxRunSeconds);
  run.cpu_seconds = real_field(request, "cpu_seconds", 0, morpion::kMaxRunSeconds);
  run.work_limit = static_cast<uint64_t>(whole_field(request, "work_limit", 0, kAny));
  run.best_picture = request["best_svg"].cast<std::string>();
  const std::string checkpoint = request["checkpoint"].cast<std::string>();
  check_distinct_files({{"best_svg", run.best_picture}, {"checkpoint", checkpoint}});
  const py::dict settings = request["settings"];
  const uint64_t seed = run.seed;
  const std::string method = request["method"].cast<std::string>();
  if (method != "population" && !checkpoint.empty())
    throw std::invalid_argument("checkpoint belongs to the population search, not to " + method);
  if (run.kind == "nrpa") {
    check_known(settings, {"level", "iterations", "alpha"}, "nrpa");
    morpion::NrpaOptions o;
    o.rules = run.rules;
    if (settings.contains("level"))
      o.level = static_cast<int>(whole_field(settings, "level", 1, morpion::kMaxNrpaLevel));
    if (settings.contains("iterations"))
      o.iterations = static_cast<int>(whole_field(settings, "iterations", 1, morpion::kMaxNrpaIterations));
    if (settings.contains("alpha")) o.alpha = real_field(settings, "alpha", 0, morpion::kMaxNrpaAlpha, true);
    run.settings = morpion::nrpa_settings(o, run.work_limit);
    prepared.run =
        searches_of(run, [=](int s, const morpion::SearchLimits& limits, const morpion::ImprovementCallback& cb) {
          return morpion::nrpa_search(seed, s, o, limits, cb);
        });
    return prepared;
  }
  if (run.kind != "search") throw std::invalid_argument("unknown kind '" + run.kind + "'");
  if (method == "local") {
    check_known(settings, {"blacklist"}, "the local search (method='local')");
    PopulationOptions read;
    if (settings.contains("blacklist")) read_setting(morpion::population_setting("blacklist"), read, settings);
    const morpion::LocalSearchOptions o{run.rules, read.blacklist};
    run.settings = morpion::local_search_settings(o, run.work_limit);
    prepared.run =
        searches_of(run, [=](int s, const morpion::SearchLimits& limits, const morpion::ImprovementCallback& cb) {
          return morpion::local_search(seed, s, o, limits, cb);
        });
    return prepared;
  }
  if (method != "population")
    throw std::invalid_argument("method must be 'population' or 'local', not '" + method + "'");
  check_known(settings, population_setting_names(), "the population search");
  std::shared_ptr<morpion::PopulationRun> population;
  try {
    population = std::make_shared<morpion::PopulationRun>(
        run, population_options(settings, run.rules),
        morpion::CheckpointFile{checkpoint,
                                real_field(request, "checkpoint_seconds", 0, morpion::kMaxRunSeconds, true)});
  } catch (const ratrace::UsageError& error) {
    throw in_keywords(error);
  }
  prepared.request = population->request();
  prepared.resumed = population->resumed();
  prepared.iterations_done = population->iterations_done();
  prepared.run = [population](const morpion::RunHooks& hooks) { return population->run(hooks); };
  return prepared;
}

// Searches on a thread of their own: Python polls them and stops them on Ctrl-C.
class MorpionRun {
 public:
  explicit MorpionRun(const py::dict& request)
      : run_(prepare(request)), task_([this](const std::atomic<bool>& stop, std::atomic<uint64_t>& done) {
          morpion::RunHooks hooks;
          hooks.stop = &stop;
          hooks.work_done = &done;
          hooks.on_best = [this](int, const morpion::Improvement& step, const morpion::Game&, double) {
            best_ = step.score;
          };
          document_ = run_.run(hooks).document.dump();
        }) {
    // A resumed search's picture is its own, and is redrawn without force.
    check_output_path(run_.request.best_picture, request["force"].cast<bool>() || run_.resumed);
  }

  void start() { task_.start(); }
  bool wait(double seconds) { return task_.wait(seconds); }
  void stop() { task_.stop(); }
  uint64_t done() const { return task_.done(); }
  int best() const { return best_; }
  int searches() const { return morpion::search_count(run_.request); }
  bool resumed() const { return run_.resumed; }
  uint64_t iterations_done() const { return run_.iterations_done; }
  // "" until the searches have ended (a second Ctrl-C may leave Python before they do).
  std::string document() { return task_.ended() ? document_ : ""; }

 private:
  PreparedRun run_;
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
      [](const std::vector<std::vector<std::string>>& documents, const std::vector<std::vector<std::string>>& names,
         const std::vector<double>& points, const std::string& clock_name) {
        const morpion::Clock clock = morpion::parse_clock(clock_name);
        std::vector<morpion::SearchRun> runs;
        for (size_t side = 0; side < documents.size(); ++side) {
          std::vector<morpion::SearchRun> pooled;
          for (size_t i = 0; i < documents[side].size(); ++i)
            pooled.push_back(morpion::search_run_of(nlohmann::json::parse(documents[side][i]), names[side][i], clock));
          runs.push_back(morpion::pooled(pooled));
        }
        return morpion::compare_runs(runs, points, clock).dump();
      },
      py::arg("documents"), py::arg("names"), py::arg("points"), py::arg("clock"),
      "`morpion compare` of one or two runs, each one or more result documents (JSON texts) pooled, as JSON text");
  m.def("settings", &settings_table,
        "The population search's settings as JSON text: name, flag, help, kind, default, range or choices");
  py::register_local_exception<morpion::CodeError>(m, "CodeError", PyExc_ValueError);

  py::class_<MorpionRun>(m, "Run", "Independent searches, on a thread of their own")
      .def(py::init<const py::dict&>(), py::arg("request"))
      .def("start", &MorpionRun::start)
      .def("wait", &MorpionRun::wait, py::arg("seconds"), py::call_guard<py::gil_scoped_release>())
      .def("stop", &MorpionRun::stop)
      .def_property_readonly("done", &MorpionRun::done)
      .def_property_readonly("best", &MorpionRun::best)
      .def_property_readonly("searches", &MorpionRun::searches)
      .def_property_readonly("resumed", &MorpionRun::resumed)
      .def_property_readonly("iterations_done", &MorpionRun::iterations_done)
      .def("document", &MorpionRun::document);
}

}  // namespace ratrace
