// menace: Donald Michie's matchbox learner for noughts and crosses -- play it, train it,
// look at its boxes. Parsing and file handling only; the work lives in the other files.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/common/cli.h"
#include "ratrace/common/io.h"
#include "ratrace/common/version.h"
#include "menace/interactive.h"
#include "menace/training.h"

namespace {

using namespace ratrace::menace;

using ratrace::UsageError;

Matchboxes load_or_usage_error(const std::string& path, Mark player) {
  try {
    Matchboxes m = load_boxes(path);
    if (m.catalogue->player != player)
      throw std::runtime_error("'" + path + "' holds boxes of " + std::string(1, mark_char(m.catalogue->player)) +
                               ", not of " + std::string(1, mark_char(player)));
    return m;
  } catch (const std::exception& e) {
    throw UsageError(e.what());
  }
}

struct PlayOptions {
  uint64_t seed = 1;
  std::string beads = "random", reinforcement = "challenge", load, save;
  bool force = false;
};

int run_play(const PlayOptions& o) {
  ratrace::check_output_path(o.save, o.force);
  const uint64_t learner = learner_key(o.seed, 0);
  Learner menace(o.load.empty() ? fresh_learner_boxes(learner, Mark::kX, start_beads_from_string(o.beads))
                                : load_or_usage_error(o.load, Mark::kX),
                 reinforcement_from_string(o.reinforcement));
  play_interactive(std::cin, std::cout, menace, learner, !::isatty(STDIN_FILENO), [&](const Matchboxes& boxes) {
    if (!o.save.empty()) ratrace::write_json_file(o.save, boxes_to_json(boxes));
  });
  return ratrace::kExitOk;
}

struct TrainOptions {
  TrainConfig config;
  std::string opponent = "random", beads = "random", load, save, load_opponent, save_opponent, curve;
  bool force = false;
};

void print_summary(const nlohmann::json& curve) {
  const auto& blocks = curve["blocks"];
  auto share = [](const nlohmann::json& s) {
    char text[64];
    if (s["ci95"][0].is_null()) std::snprintf(text, sizeof text, "%.3f", s["mean"].get<double>());
    else
      std::snprintf(text, sizeof text, "%.3f [%.3f, %.3f]", s["mean"].get<double>(), s["ci95"][0].get<double>(),
                    s["ci95"][1].get<double>());
    return std::string(text);
  };
  std::printf("%-13s  %-22s  %-22s  %-22s\n", "games", "win [95% CI]", "draw [95% CI]", "loss [95% CI]");
  for (const auto& b : blocks) {
    const std::string games = std::to_string(b["first_game"].get<uint64_t>()) + "-" +
                              std::to_string(b["last_game"].get<uint64_t>());
    std::printf("%-13s  %-22s  %-22s  %-22s\n", games.c_str(), share(b["win"]).c_str(), share(b["draw"]).c_str(),
                share(b["loss"]).c_str());
  }
  const auto& stop = curve["stops_losing"];
  std::printf("stopped losing (%llu games in a row without a loss): %llu of %llu learners",
              static_cast<unsigned long long>(stop["window"].get<uint64_t>()),
              static_cast<unsigned long long>(stop["reached"].get<uint64_t>()),
              static_cast<unsigned long long>(stop["learners"].get<uint64_t>()));
  if (stop.contains("quartiles"))
    std::printf("; last loss at game: median %.0f, quartiles %.0f-%.0f, mean %.1f, max %.0f",
                stop["quartiles"][1].get<double>(), stop["quartiles"][0].get<double>(),
                stop["quartiles"][2].get<double>(), stop["mean"].get<double>(), stop["max"].get<double>());
  if (stop["reached"].get<uint64_t>() > 0)
    std::printf("; %llu of them lost again later",
                static_cast<unsigned long long>(stop["lost_again_later"].get<uint64_t>()));
  std::printf("\n");
}

int run_train(TrainOptions& o) {
  o.config.opponent = opponent_from_string(o.opponent);
  o.config.start = start_beads_from_string(o.beads);
  if ((!o.save.empty() || !o.save_opponent.empty() || !o.load.empty() || !o.load_opponent.empty()) &&
      o.config.learners != 1)
    throw UsageError("--load/--save work on one learner's boxes: use them with --learners 1");
  if (o.config.opponent_error > 0 && o.config.opponent != OpponentKind::kPerfect &&
      o.config.opponent != OpponentKind::kPerfectFixed)
    throw UsageError("--opponent-error needs --opponent perfect or perfect-fixed");
  if ((!o.load_opponent.empty() || !o.save_opponent.empty()) && o.config.opponent != OpponentKind::kMenace)
    throw UsageError("--load-opponent/--save-opponent need --opponent menace");
  ratrace::check_output_path(o.save, o.force);
  ratrace::check_output_path(o.save_opponent, o.force);
  ratrace::check_output_path(o.curve, o.force);
  std::optional<Matchboxes> start, opponent_start;
  if (!o.load.empty()) start = load_or_usage_error(o.load, Mark::kX);
  if (!o.load_opponent.empty()) opponent_start = load_or_usage_error(o.load_opponent, Mark::kO);

  const auto began = std::chrono::steady_clock::now();
  const auto runs = ratrace::menace::train(o.config, start ? &*start : nullptr, opponent_start ? &*opponent_start : nullptr);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  spdlog::info("{} learners x {} games against {} in {:.2f} s", o.config.learners, o.config.games, o.opponent, seconds);

  const nlohmann::json curve = learning_curve(o.config, runs);
  if (!o.save.empty()) ratrace::write_json_file(o.save, boxes_to_json(runs[0].boxes));
  if (!o.save_opponent.empty()) ratrace::write_json_file(o.save_opponent, boxes_to_json(*runs[0].opponent_boxes));
  if (!o.curve.empty()) ratrace::write_json_file(o.curve, curve);
  print_summary(curve);
  return ratrace::kExitOk;
}

struct BoxesOptions {
  uint64_t seed = 1;
  std::string beads = "random", load, svg, player = "X";
  bool force = false;
};

int run_boxes(const BoxesOptions& o) {
  ratrace::check_output_path(o.svg, o.force);
  const Mark player = o.player == "O" ? Mark::kO : Mark::kX;
  const Matchboxes boxes = o.load.empty()
                               ? fresh_learner_boxes(learner_key(o.seed, 0), player, start_beads_from_string(o.beads))
                               : load_or_usage_error(o.load, player);
  if (!o.svg.empty()) {
    ratrace::write_file_atomically(o.svg, boxes_svg(boxes));
    return ratrace::kExitOk;
  }
  const auto& cat = *boxes.catalogue;
  std::cout << cat.size() << " boxes (by stage:";
  for (int n : cat.boxes_per_stage) std::cout << " " << n;
  std::cout << ")\n" << boxes_table(boxes);
  return ratrace::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"menace: Donald Michie's matchbox learner for noughts and crosses (MENACE plays X and moves first)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", ratrace::build_description());
  std::string log_level = "info";
  ratrace::add_log_level_option(app, log_level);
  const auto beads_check = CLI::IsMember({"random", "michie", "michie-distinct"});
  const std::string beads_help =
      "Start beads: random (1 to n random beads of the n empty cells per box), michie (4/3/2/1 of each empty cell by "
      "stage) or michie-distinct (the same for one cell of each set the picture's symmetries make equivalent)";
  const std::string reinforcement_help =
      "Learning rule: challenge (win: bead back +1, draw: back, loss: kept out) or michie (win +3, draw +1)";

  PlayOptions play;
  auto* play_cmd = app.add_subcommand(
      "play", "Play O against MENACE: type the number of games, then each move as two letters, row then column "
              "(L/M/R; row L = top, R = bottom; column L = left, R = right). Works from a pipe.");
  play_cmd->add_option("--seed", play.seed, "Seed of MENACE's bead draws and random start beads")->capture_default_str();
  play_cmd->add_option("--beads", play.beads, beads_help)->check(beads_check)->capture_default_str();
  play_cmd->add_option("--reinforcement", play.reinforcement, reinforcement_help)
      ->check(CLI::IsMember({"challenge", "michie"}))
      ->capture_default_str();
  play_cmd->add_option("--load", play.load, "Start from these boxes (JSON from --save)")->check(CLI::ExistingFile);
  play_cmd->add_option("--save", play.save, "Save the boxes here after every finished game (JSON)");
  play_cmd->add_flag("--force", play.force, "Overwrite the --save file if it exists");

  TrainOptions train;
  auto* train_cmd = app.add_subcommand("train", "MENACE against an opponent for many games; learning curve as JSON");
  train_cmd->add_option("--opponent", train.opponent,
                        "random, perfect (minimax, random among best moves), perfect-fixed (minimax, always its first best "
                        "move) or menace (a second MENACE learning as O)")
      ->check(CLI::IsMember({"random", "perfect", "perfect-fixed", "menace"}))
      ->capture_default_str();
  train_cmd->add_option("--opponent-error", train.config.opponent_error,
                        "With a perfect opponent: the share of its moves played at random instead")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  train_cmd->add_option("--games", train.config.games, "Games per learner")->check(CLI::Range(1, 100000000))
      ->capture_default_str();
  train_cmd->add_option("--seed", train.config.seed, "Master seed: learner i's games derive from (seed, i)")
      ->capture_default_str();
  train_cmd->add_option("--learners", train.config.learners, "Independent learners (for intervals)")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  train_cmd->add_option("--threads", train.config.threads, "Worker threads (default: all cores; results identical)")
      ->check(CLI::Range(1, 1024));
  train_cmd->add_option("--beads", train.beads, beads_help)->check(beads_check)->capture_default_str();
  train_cmd->add_option("--reinforcement", train.config.reinforcement_name, reinforcement_help)
      ->check(CLI::IsMember({"challenge", "michie"}))
      ->capture_default_str();
  train_cmd->add_option("--block", train.config.block, "Games per learning-curve point")->check(CLI::Range(1, 100000000))
      ->capture_default_str();
  train_cmd->add_option("--no-loss-window", train.config.no_loss_window,
                        "'Stopped losing' means this many games in a row without a loss")
      ->check(CLI::Range(1, 100000000))
      ->capture_default_str();
  train_cmd->add_option("--curve", train.curve, "Write the learning curve here (JSON)");
  train_cmd->add_option("--load", train.load, "Continue from these X boxes (--learners 1)")->check(CLI::ExistingFile);
  train_cmd->add_option("--save", train.save, "Save the X boxes here (--learners 1)");
  train_cmd->add_option("--load-opponent", train.load_opponent, "Continue the O learner from these boxes")
      ->check(CLI::ExistingFile);
  train_cmd->add_option("--save-opponent", train.save_opponent, "Save the O learner's boxes here");
  train_cmd->add_flag("--force", train.force, "Overwrite existing output files");

  BoxesOptions boxes;
  auto* boxes_cmd = app.add_subcommand("boxes", "Show the boxes (fresh, or --load) as a text table or --svg");
  boxes_cmd->add_option("--load", boxes.load, "Boxes file (JSON from --save)")->check(CLI::ExistingFile);
  boxes_cmd->add_option("--seed", boxes.seed, "Seed of fresh random start beads")->capture_default_str();
  boxes_cmd->add_option("--beads", boxes.beads, beads_help)->check(beads_check)->capture_default_str();
  boxes_cmd->add_option("--player", boxes.player, "X (MENACE's 304 boxes) or O (a second learner's)")
      ->check(CLI::IsMember({"X", "O"}))
      ->capture_default_str();
  boxes_cmd->add_option("--svg", boxes.svg, "Write an SVG picture of the boxes here instead of the table");
  boxes_cmd->add_flag("--force", boxes.force, "Overwrite the --svg file if it exists");

  if (const int code = ratrace::parse_command_line(app, argc, argv); code >= 0)
    return ratrace::with_stdout_checked(code);
  ratrace::setup_logging("menace", log_level);
  const auto run_command = [&]() -> int {
    try {
      if (play_cmd->parsed()) return run_play(play);
      if (train_cmd->parsed()) return run_train(train);
      return run_boxes(boxes);
    } catch (const UsageError& e) {
      std::fprintf(stderr, "menace: %s\n", e.what());
      return ratrace::kExitUsage;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "menace: %s\n", e.what());
      return ratrace::kExitFailure;
    }
  };
  return ratrace::with_stdout_checked(run_command());
}
