// The Python module `ratrace._engine`: the engine and its runs, bound with pybind11. The
// Python package around it (python/ratrace/) adds progress bars, Ctrl-C and result objects.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "python_player.h"
#include "ratrace/analysis/report.h"
#include "ratrace/common/stats.h"
#include "ratrace/common/version.h"
#include "ratrace/engine/board.h"
#include "ratrace/runs/journal.h"
#include "ratrace/runs/result_file.h"
#include "ratrace/runs/runner.h"

namespace py = pybind11;

namespace ratrace {
namespace {

// The config of `rules` with `sets` ("key=value") applied after it.
Config config_of(const std::string& rules, const std::vector<std::string>& sets) {
  std::vector<std::string> all{"rules=" + rules};
  all.insert(all.end(), sets.begin(), sets.end());
  return build_config("", all);
}

// One journalled run of some entrants on boards [0, boards), played on a thread of its own so
// that Python keeps its main thread: it polls progress and may stop the run (Ctrl-C).
class Run {
 public:
  Run(const std::string& command, std::vector<Entrant> entrants, uint64_t seed, int boards, int threads, bool cache,
      const std::string& journal_path)
      : journal_(open(command, std::move(entrants), seed, boards, journal_path)), done_(journal_.finished_count()) {
    tasks_ = journal_.missing();
    thread_ = std::thread([this, threads, cache] {
      try {
        run_boards(journal_.header().entrants, tasks_, journal_.header().master_seed, {threads, cache, &stop_},
                   [this](size_t entrant, const BoardResult& result) {
                     journal_.append(entrant, result);
                     ++done_;
                   });
        journal_.sync();
      } catch (const std::exception& e) {
        std::lock_guard lock(mutex_);
        error_ = e.what();
      }
      finished_ = true;
    });
  }
  ~Run() {
    stop_ = true;
    if (!thread_.joinable()) return;
    // The run's Python players need the GIL to finish their calls.
    if (PyGILState_Check()) {
      py::gil_scoped_release release;
      thread_.join();
    } else {
      thread_.join();
    }
  }

  // Waits up to `seconds` (GIL released by the binding); true once the run has ended.
  bool wait(double seconds) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (!finished_ && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (finished_ && thread_.joinable()) thread_.join();
    return finished_;
  }
  void stop() { stop_ = true; }
  size_t done() const { return done_; }
  size_t total() const { return journal_.header().entrants.size() * static_cast<size_t>(journal_.header().boards); }
  std::string journal_path() const { return journal_.path(); }

  // The result document, as `ratrace score --json` writes it (JSON text); throws the run's
  // error, or if it was stopped before every game finished.
  std::string result(const std::string& command) const {
    {
      std::lock_guard lock(mutex_);
      if (!error_.empty()) throw std::runtime_error(error_);
    }
    if (journal_.finished_count() < total())
      throw std::runtime_error("the run was stopped: " + std::to_string(journal_.finished_count()) + " of " +
                               std::to_string(total()) + " games are kept in " + journal_.path() +
                               "; run the same call with journal=" + journal_.path() + " to finish it");
    const RunHeader& run = journal_.header();
    std::vector<EntrantRole> roles;
    for (const Entrant& e : run.entrants) roles.push_back({&e, std::nullopt});
    nlohmann::json document = result_document(journal_, roles, run.entrants.front().config, run.boards);
    document["command"] = command;
    std::vector<std::vector<uint64_t>> scores;
    nlohmann::json summary;
    for (size_t e = 0; e < run.entrants.size(); ++e) {
      std::vector<uint64_t> own;
      size_t faulted = 0;
      for (const auto& r : journal_.results()[e]) r->fault.empty() ? own.push_back(r->score) : void(++faulted);
      nlohmann::json s = own.empty() ? nlohmann::json{{"boards", 0}} : summary_to_json(summarise(own));
      s["faulted_boards"] = faulted;
      if (run.entrants.size() == 1) summary = s;
      else summary["entrants"].push_back(s);
      scores.push_back(std::move(own));
    }
    if (run.entrants.size() == 2 && scores[0].size() == scores[1].size() && !scores[0].empty())
      summary["paired"] = paired_to_json(compare_paired(scores[0], scores[1]));
    document["summary"] = summary;
    return document.dump();
  }

 private:
  static Journal open(const std::string& command, std::vector<Entrant> entrants, uint64_t seed, int boards,
                      const std::string& path) {
    RunHeader header{command, seed, boards, std::move(entrants), {{"command_line", "python: ratrace." + command}}};
    if (std::filesystem::exists(path) && std::filesystem::file_size(path) > 0) {
      Journal journal = Journal::resume(path);
      if (header_to_json(journal.header()) != header_to_json(header))
        throw std::invalid_argument("journal " + path + " holds another run; give a new journal= path");
      return journal;
    }
    return Journal::create(path, std::move(header));
  }

  Journal journal_;
  std::vector<BoardTask> tasks_;
  std::atomic<bool> stop_ = false, finished_ = false;
  std::atomic<size_t> done_;
  mutable std::mutex mutex_;
  std::string error_;
  std::thread thread_;
};

py::dict player_dict(const PlayerInfo& p) {
  py::dict d;
  d["name"] = p.name;
  d["author"] = p.author;
  d["language"] = p.language;
  d["published_score"] = p.published_score;
  d["published_games"] = p.published_games;
  d["summary"] = p.summary;
  d["candidate_for"] = p.candidate_for ? py::object(py::str(p.candidate_for)) : py::object(py::none());
  return d;
}

}  // namespace
}  // namespace ratrace

PYBIND11_MODULE(_engine, m) {
  using namespace ratrace;
  m.doc() = "The ratrace engine: exact, multithreaded Lab Rat Race games";
  m.attr("__version__") = version();
  bind_move_arguments(m);
  py::register_exception<GameFault>(m, "GameFault", PyExc_RuntimeError);

  m.def(
      "players",
      [] {
        py::list out;
        for (const auto& [name, info] : registered_players()) out.append(player_dict(info));
        return out;
      },
      "Every registered player, with what is published about it");
  m.def("register_function", &register_python_player, py::arg("name"), py::arg("move"), py::arg("summary") = "",
        "Registers move(genome, view, rng) -> (dx, dy) as the player `name` (replacing an earlier one of that name)");
  m.def(
      "config",
      [](const std::string& rules, const std::vector<std::string>& sets) {
        nlohmann::json j = config_of(rules, sets);
        return j.dump();
      },
      py::arg("rules"), py::arg("sets"), "The resolved config as JSON text");
  m.def("board_seed", &board_seed, py::arg("master_seed"), py::arg("board"));
  m.def(
      "play",
      [](const std::string& player, int board, uint64_t seed, const std::string& rules,
         const std::vector<std::string>& sets, bool cache) {
        const Entrant entrant{player, player, config_of(rules, sets)};
        find_player(player);
        BoardResult result;
        {
          py::gil_scoped_release release;
          play_board(entrant, seed, board, {1, cache, nullptr}, result);
        }
        nlohmann::json j = result;
        return j.dump();
      },
      py::arg("player"), py::arg("board"), py::arg("seed"), py::arg("rules"), py::arg("sets"), py::arg("cache"),
      "One board of a run, exactly as a run plays it; its record as JSON text");

  py::class_<Run>(m, "Run", "A journalled run on a thread of its own")
      .def(py::init([](const std::string& command, const std::vector<std::string>& players, uint64_t seed, int boards,
                       int threads, bool cache, const std::string& rules,
                       const std::vector<std::vector<std::string>>& sets, const std::string& journal) {
             std::vector<Entrant> entrants;
             for (size_t i = 0; i < players.size(); ++i) {
               find_player(players[i]);
               std::string label = players[i];
               for (const auto& s : sets[i]) label += (label == players[i] ? ":" : ",") + s;
               if (players.size() == 2 && players[0] == players[1] && sets[0] == sets[1]) label += i ? " (b)" : " (a)";
               entrants.push_back({label, players[i], config_of(rules, sets[i])});
             }
             return std::make_unique<Run>(command, std::move(entrants), seed, boards, threads, cache, journal);
           }),
           py::arg("command"), py::arg("players"), py::arg("seed"), py::arg("boards"), py::arg("threads"),
           py::arg("cache"), py::arg("rules"), py::arg("sets"), py::arg("journal"))
      .def("wait", &Run::wait, py::arg("seconds"), py::call_guard<py::gil_scoped_release>())
      .def("stop", &Run::stop)
      .def_property_readonly("done", &Run::done)
      .def_property_readonly("total", &Run::total)
      .def_property_readonly("journal", &Run::journal_path)
      .def("result", &Run::result, py::arg("command"));
}
