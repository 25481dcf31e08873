#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/stl.h>

#include "menace/boxes.h"
#include "menace/learner.h"
#include "menace/training.h"
#include "ratrace/python/background_task.h"
#include "ratrace/python/request_fields.h"
#include "ratrace/python/sibling_bindings.h"

namespace py = pybind11;

namespace ratrace {

namespace {

using namespace ratrace::menace;

// A training run's settings from a request, checked as `menace train` checks its flags.
TrainConfig train_config(const py::dict& request) {
  TrainConfig c;
  c.seed = seed_field(request);
  c.games = static_cast<uint64_t>(whole_field(request, "games", 1, 100000000));
  c.learners = static_cast<int>(whole_field(request, "learners", 1, 1000000));
  c.threads = static_cast<int>(whole_field(request, "threads", 0, 1024));
  c.start = start_beads_from_string(request["beads"].cast<std::string>());
  c.reinforcement_name = request["reinforcement"].cast<std::string>();
  reinforcement_from_string(c.reinforcement_name);  // refuses an unknown name
  c.opponent = opponent_from_string(request["opponent"].cast<std::string>());
  c.opponent_error = real_field(request, "opponent_error", 0, 1);
  const int64_t block = whole_field(request, "block", 0, 100000000);
  c.block = block == 0 ? default_block(c.games) : static_cast<uint64_t>(block);
  c.no_loss_window = static_cast<uint64_t>(whole_field(request, "no_loss_window", 1, 100000000));
  return c;
}

std::optional<Matchboxes> boxes_from(const py::dict& request, const char* key, Mark player) {
  const std::string path = request[key].cast<std::string>();
  if (path.empty()) return std::nullopt;
  return load_boxes(path, player);
}

// A training run on a thread of its own: Python polls it and stops it on Ctrl-C. Its curve is
// the document `menace train --curve` writes, its boxes those `--save` and `--save-opponent` write.
class MenaceTraining {
 public:
  explicit MenaceTraining(const py::dict& request)
      : config_(train_config(request)),
        start_(boxes_from(request, "load", Mark::kX)),
        opponent_start_(boxes_from(request, "load_opponent", Mark::kO)),
        task_([this](const std::atomic<bool>& stop, std::atomic<uint64_t>& done) { train(stop, done); }) {
    check_training(config_, start_ ? &*start_ : nullptr, opponent_start_ ? &*opponent_start_ : nullptr);
  }

  void start() { task_.start(); }
  bool wait(double seconds) { return task_.wait(seconds); }
  void stop() { task_.stop(); }
  uint64_t done() const { return task_.done(); }
  uint64_t total() const { return config_.games * static_cast<uint64_t>(config_.learners); }
  // "" until the run has ended (a second Ctrl-C may leave Python before it does).
  std::string curve() { return task_.ended() ? curve_.dump() : ""; }
  // The one learner's boxes as JSON text, or its O opponent's; "" with more learners or none.
  std::string boxes(bool opponent) {
    if (!task_.ended() || outcome_.boxes.size() != 1) return "";  // boxes are one learner's, as --save says
    if (!opponent) return boxes_to_json(outcome_.boxes[0]).dump();
    const auto& o = outcome_.opponent_boxes[0];
    return o ? boxes_to_json(*o).dump() : "";
  }

 private:
  void train(const std::atomic<bool>& stop, std::atomic<uint64_t>& done) {
    nlohmann::json blocks = nlohmann::json::array();
    TrainHooks hooks;
    hooks.stop = &stop;
    hooks.games_played = &done;
    hooks.on_block = [&](const nlohmann::json& row) { blocks.push_back(row); };
    outcome_ =
        menace::train(config_, start_ ? &*start_ : nullptr, opponent_start_ ? &*opponent_start_ : nullptr, hooks);
    nlohmann::json curve = curve_header(config_, start_ ? start_->games_played : 0);
    curve["blocks"] = std::move(blocks);
    curve.update(curve_tail(config_, outcome_));
    curve_ = std::move(curve);
  }

  TrainConfig config_;
  std::optional<Matchboxes> start_, opponent_start_;
  TrainOutcome outcome_;
  nlohmann::json curve_;
  BackgroundTask task_;  // last: its thread ends before the rest goes
};

}  // namespace

void bind_menace(py::module_& m) {
  m.doc() = "MENACE, Michie's matchbox learner: the training runs of `menace train`, and its boxes";
  m.def(
      "boxes",
      [](const std::string& document, const std::string& what, uint64_t seed, const std::string& beads,
         const std::string& player) {
        if (player != "X" && player != "O")
          throw std::invalid_argument("player must be 'X' or 'O', not '" + player + "'");
        const Mark mark = player == "O" ? Mark::kO : Mark::kX;
        Matchboxes boxes;
        if (document.empty()) {
          boxes = fresh_learner_boxes(learner_key(seed, 0), mark, start_beads_from_string(beads));
        } else {
          try {
            boxes = boxes_from_json(nlohmann::json::parse(document));
          } catch (const std::exception& e) {
            throw std::invalid_argument(what + ": " + e.what());
          }
          try {
            check_boxes_player(boxes, mark, what);
          } catch (const std::runtime_error& e) {
            throw std::invalid_argument(e.what());
          }
        }
        return py::make_tuple(boxes_to_json(boxes).dump(), boxes_listing(boxes), boxes_svg(boxes));
      },
      py::arg("document"), py::arg("what"), py::arg("seed"), py::arg("beads"), py::arg("player"),
      "`menace boxes`: a boxes document (\"\": fresh boxes of the seed's first learner), named `what` in errors, "
      "as its document, listing and SVG");
  py::class_<MenaceTraining>(m, "Training", "A training run, on a thread of its own")
      .def(py::init<const py::dict&>(), py::arg("request"))
      .def("start", &MenaceTraining::start)
      .def("wait", &MenaceTraining::wait, py::arg("seconds"), py::call_guard<py::gil_scoped_release>())
      .def("stop", &MenaceTraining::stop)
      .def_property_readonly("done", &MenaceTraining::done)
      .def_property_readonly("total", &MenaceTraining::total)
      .def("curve", &MenaceTraining::curve)
      .def("boxes", &MenaceTraining::boxes, py::arg("opponent"));
}

}  // namespace ratrace
