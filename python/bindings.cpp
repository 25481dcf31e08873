#include "ratrace/python/bindings.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/stl.h>

#include "ratrace/analysis/compare_run.h"
#include "ratrace/analysis/leaderboard_run.h"
#include "ratrace/analysis/score_run.h"
#include "ratrace/analysis/sweep_run.h"
#include "ratrace/common/io.h"
#include "ratrace/common/version.h"
#include "ratrace/engine/board.h"
#include "ratrace/python/background_task.h"
#include "ratrace/python/call_watch.h"
#include "ratrace/python/compiled_player.h"
#include "ratrace/python/python_player.h"
#include "ratrace/python/request_fields.h"
#include "ratrace/runs/durable_run.h"
#include "ratrace/see/board_view.h"
#include "ratrace/see/replay.h"

namespace py = pybind11;

namespace ratrace {

namespace {

// Where a player registered from Python loads from again: its "FILE.py:FUNCTION", if it came
// from a file.
std::optional<PlayerSource> python_source(const std::optional<std::string>& file_spec) {
  if (!file_spec) return std::nullopt;
  return PlayerSource{PlayerSource::Kind::kPython, *file_spec};
}

// A board index of a run, checked as the command line's --board.
void check_board(int board) {
  if (board < 0 || board >= kMaxBoards)
    throw std::invalid_argument("board must be in [0, " + std::to_string(kMaxBoards - 1) + "]");
}

// The options every game-running command shares, from a request made by the package.
RunFlags run_flags_of(const py::dict& request) {
  RunFlags flags;
  flags.boards = static_cast<int>(whole_field(request, "boards", 1, kMaxBoards));
  flags.seed = seed_field(request);
  flags.threads = static_cast<int>(whole_field(request, "threads", 0, 1024));
  flags.sets = request["sets"].cast<std::vector<std::string>>();
  flags.config_file = request["config_file"].cast<std::string>();
  flags.no_cache = !request["cache"].cast<bool>();
  flags.journal_file = request["journal_file"].cast<std::string>();
  flags.call_time_limit = request["call_time_limit"].cast<double>();
  if (!(flags.call_time_limit >= 0)) throw std::invalid_argument("call_time_limit must be at least 0 seconds");
  return flags;
}

// The command a request names, with its own fields.
std::unique_ptr<RunCommand> command_of(const py::dict& request) {
  const std::string command = request["command"].cast<std::string>();
  if (command == "score") {
    ScoreRequest r;
    r.run = run_flags_of(request);
    r.player = request["player"].cast<std::string>();
    return std::make_unique<ScoreRun>(std::move(r));
  }
  if (command == "compare") {
    CompareRequest r;
    r.run = run_flags_of(request);
    r.side_a = request["a"].cast<std::string>();
    r.side_b = request["b"].cast<std::string>();
    r.player = request["player"].cast<std::string>();
    r.max_boards = static_cast<int>(whole_field(request, "max_boards", 1, kMaxBoards));
    return std::make_unique<CompareRun>(std::move(r));
  }
  if (command == "sweep") {
    SweepRequest r;
    r.run = run_flags_of(request);
    r.player = request["player"].cast<std::string>();
    r.params = request["params"].cast<std::vector<std::string>>();
    r.baseline = request["baseline"].cast<std::string>();
    return std::make_unique<SweepRun>(std::move(r));
  }
  if (command == "leaderboard") {
    LeaderboardRequest r;
    r.run = run_flags_of(request);
    r.players = request["players"].cast<std::vector<std::string>>();
    return std::make_unique<LeaderboardRun>(std::move(r));
  }
  throw std::invalid_argument("unknown command '" + command + "'");
}

// A durable run for Python: it plays on a thread of its own, so that Python's main thread
// keeps polling it (progress bars) and takes Ctrl-C, which stops it (every Python call in
// progress is interrupted, so stopping never waits for a stuck player).
class PythonRun {
 public:
  PythonRun(const py::dict& request, const std::string& journal_folder)
      : command_(command_of(request)), run_(*command_, journal_folder) {}
  ~PythonRun() {
    // The games' Python calls need the GIL to end.
    py::gil_scoped_release release;
    run_.stop();
    try {
      run_.wait(1e9);
    } catch (...) {  // the error was the run's; nothing is left to report it to
    }
    watch_.reset();
  }

  void start() {
    watch_.emplace(run_.stop_flag(), command_->flags().call_time_limit);
    run_.start();
  }
  bool wait(double seconds) {
    const bool ended = run_.wait(seconds);
    if (ended) watch_.reset();
    return ended;
  }
  void stop() { run_.stop(); }
  bool stopped() const { return run_.stopped(); }
  size_t finished() const { return run_.finished_games(); }
  size_t total() const { return run_.total_games(); }
  std::string journal() const { return run_.journal().path(); }
  std::string document() { return run_.document().dump(); }
  // After document(): the command's report beside it, as `leaderboard --markdown` and `sweep
  // --csv` write it; "" for the other commands.
  std::string report() {
    if (const auto* leaderboard = dynamic_cast<const LeaderboardRun*>(command_.get()))
      return leaderboard->markdown(run_.header(), utc_now());
    if (dynamic_cast<const SweepRun*>(command_.get()) != nullptr)
      return sweep_csv(run_.header(), sweep_results(run_.journal()));
    return "";
  }
  std::vector<std::string> faults() const {
    std::vector<std::string> faults;
    for (const BoardResult* r : run_.faulted()) faults.push_back(r->fault);
    return faults;
  }

 private:
  std::unique_ptr<RunCommand> command_;
  DurableRun run_;
  std::optional<PythonCallWatch> watch_;
};

// One board of a run (ratrace.play and ratrace.record) on a thread of its own, so that Ctrl-C
// stops it at once, whatever the player is doing: the game is then dropped, as a stopped run
// drops an unfinished game.
class OneBoard {
 public:
  OneBoard(const std::string& player, int board, uint64_t seed, const std::vector<std::string>& sets,
           const std::string& config_file, bool cache, const py::dict& keep)
      : entrant_(entrant_for(player, player, build_config(config_file, sets))),
        task_([this, board, seed, cache](const std::atomic<bool>& stop, std::atomic<uint64_t>&) {
          RunOptions run;
          run.cache = cache;
          run.stop = &stop;
          if (record_options_) record_ = record_board(entrant_, seed, board, *record_options_, run, result_);
          else play_board(entrant_, seed, board, run, result_);
        }) {
    check_board(board);
    if (keep.empty()) return;
    RecordOptions& options = record_options_.emplace();
    options.scorers = static_cast<int>(whole_field(keep, "scorers", 0, kMaxRecordPaths));
    options.sampled = static_cast<int>(whole_field(keep, "sampled", 0, kMaxRecordPaths));
    options.frames = static_cast<int>(whole_field(keep, "frames", 0, kMaxRecordFrames));
  }

  void start() {
    watch_.emplace(task_.stop_flag(), 0);
    task_.start();
  }
  bool wait(double seconds) {
    const bool ended = task_.wait(seconds);
    if (ended) watch_.reset();
    return ended;
  }
  void stop() { task_.stop(); }
  // The game's result and, when recorded, its record (`play --record`'s file), as JSON texts;
  // the record is "" when the player faulted.
  py::tuple result() {
    if (!task_.ended() || task_.stopped()) throw std::logic_error("the game has not ended");
    return py::make_tuple(game_record(result_).dump(), record_ ? record_->dump() : "");
  }

 private:
  Entrant entrant_;
  std::optional<RecordOptions> record_options_;
  BoardResult result_;
  std::optional<nlohmann::json> record_;
  std::optional<PythonCallWatch> watch_;
  BackgroundTask task_;  // last: its thread ends before the rest goes
};

py::dict player_dict(const PlayerInfo& p) {
  py::dict d;
  d["name"] = p.name;
  d["author"] = p.author;
  d["language"] = p.language;
  d["published_score"] = p.published_score;
  d["published_games"] = p.published_games;
  d["summary"] = p.summary;
  d["choices"] = p.choices;
  d["candidate_for"] = p.candidate_for ? py::object(py::str(p.candidate_for)) : py::object(py::none());
  d["code"] = p.code;
  d["source"] = p.source ? py::object(py::str(p.source->path)) : py::object(py::none());
  d["interpreted"] = p.interpreted;
  return d;
}

}  // namespace

void bind_engine(py::module_& m) {
  m.doc() = "The ratrace engine: exact, multithreaded Lab Rat Race games";
  m.attr("__version__") = version();
  bind_move_arguments(m);

  m.def(
      "players",
      [] {
        py::list out;
        for (const auto& [name, info] : registered_players()) out.append(player_dict(info));
        return out;
      },
      "Every registered player, with what is published about it");
  m.def(
      "register_function",
      [](const std::string& name, py::object move, const std::string& summary, const std::string& code,
         const std::optional<std::string>& file_spec) {
        register_python_player(name, std::move(move), summary, code, python_source(file_spec));
      },
      py::arg("name"), py::arg("move"), py::arg("summary"), py::arg("code"), py::arg("file_spec"),
      "Registers move(genome, view, rng) -> (dx, dy) as the player `name` (replacing an earlier one of that name)");
  m.def(
      "register_compiled",
      [](const std::string& name, uintptr_t address, const std::string& summary, const std::string& code,
         const std::optional<std::string>& file_spec) {
        register_compiled_player(name, address, summary, code, python_source(file_spec));
      },
      py::arg("name"), py::arg("address"), py::arg("summary"), py::arg("code"), py::arg("file_spec"),
      "Registers the compiled move function at `address` (ratrace.compiled) as the player `name`");
  m.def("compiled_abi", &compiled_abi, "The engine functions compiled players call, by name, and the ABI version");
  m.def(
      "config",
      [](const std::vector<std::string>& sets, const std::string& config_file) {
        return nlohmann::json(build_config(config_file, sets)).dump();
      },
      py::arg("sets"), py::arg("config_file"), "The resolved config as JSON text");
  m.def("board_seed", &board_seed, py::arg("master_seed"), py::arg("board"));
  m.def(
      "track",
      [](int board, uint64_t seed, const std::vector<std::string>& sets, const std::string& config_file) {
        check_board(board);
        return board_track_document(build_config(config_file, sets), seed, board).dump();
      },
      py::arg("board"), py::arg("seed"), py::arg("sets"), py::arg("config_file"),
      "The track of a run's board as JSON text (the file `track --json` writes)");
  m.def(
      "render",
      [](const std::string& record_text, const std::string& track_text, int board, uint64_t seed,
         const std::vector<std::string>& sets, const std::string& config_file, const std::vector<std::string>& overlays,
         int paths) {
        check_board(board);
        nlohmann::json document;
        RenderSource source{nullptr, nullptr, seed, board};
        if (!record_text.empty()) {
          document = nlohmann::json::parse(record_text);
          check_record_document(document, "game record");
          source.record = &document;
        } else if (!track_text.empty()) {
          document = nlohmann::json::parse(track_text);
          source.track = &document;
        }
        return render_picture(source, build_config(config_file, sets), render_options(overlays, paths));
      },
      py::arg("record"), py::arg("track"), py::arg("board"), py::arg("seed"), py::arg("sets"), py::arg("config_file"),
      py::arg("overlays"), py::arg("paths"), "`render`'s SVG picture of a record, a track or a run's board");
  m.def(
      "replay",
      [](const std::string& record_text) {
        const nlohmann::json record = nlohmann::json::parse(record_text);
        check_record_document(record, "game record");
        return replay_html(record);
      },
      py::arg("record"), "`replay`'s self-contained HTML page of a game record (JSON text)");
  m.def(
      "write_text",
      [](const std::string& path, const std::string& text, bool force) {
        check_output_path(path, force);
        write_file_atomically(path, text, force);
      },
      py::arg("path"), py::arg("text"), py::arg("force"),
      "Writes a whole file atomically; an existing one only with force (as the command line's outputs)");

  py::class_<OneBoard>(m, "OneBoard", "One board of a run, exactly as a run plays it, on a thread of its own")
      .def(py::init<const std::string&, int, uint64_t, const std::vector<std::string>&, const std::string&, bool,
                    const py::dict&>(),
           py::arg("player"), py::arg("board"), py::arg("seed"), py::arg("sets"), py::arg("config_file"),
           py::arg("cache"), py::arg("keep"))
      .def("start", &OneBoard::start)
      .def("wait", &OneBoard::wait, py::arg("seconds"), py::call_guard<py::gil_scoped_release>())
      .def("stop", &OneBoard::stop)
      .def("result", &OneBoard::result);
  py::class_<PythonRun>(m, "Run", "A durable run of a game-running command, on a thread of its own")
      .def(py::init<const py::dict&, const std::string&>(), py::arg("request"), py::arg("journal_folder"))
      .def("start", &PythonRun::start)
      .def("wait", &PythonRun::wait, py::arg("seconds"), py::call_guard<py::gil_scoped_release>())
      .def("stop", &PythonRun::stop)
      .def_property_readonly("stopped", &PythonRun::stopped)
      .def_property_readonly("finished", &PythonRun::finished)
      .def_property_readonly("total", &PythonRun::total)
      .def_property_readonly("journal", &PythonRun::journal)
      .def("document", &PythonRun::document)
      .def("report", &PythonRun::report)
      .def("faults", &PythonRun::faults);
}

}  // namespace ratrace
