// menace: Donald Michie's matchbox learner for noughts and crosses -- play it, train it,
// look at its boxes. Parsing and file handling only; the work lives in the other files.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <limits>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "menace/interactive.h"
#include "menace/output.h"
#include "menace/training.h"
#include "ratrace/common/cli.h"
#include "ratrace/common/io.h"
#include "ratrace/common/parallel.h"
#include "ratrace/common/version.h"

namespace {

using namespace ratrace::menace;

using ratrace::UsageError;

// Says what went wrong as "menace: error: ..."; returns the exit code: kExitUsage for the
// user's input (UsageError), kExitFailure for the work itself.
int report(const std::exception& e) {
  std::fprintf(stderr, "menace: error: %s\n", e.what());
  return dynamic_cast<const UsageError*>(&e) ? ratrace::kExitUsage : ratrace::kExitFailure;
}

Matchboxes load_or_usage_error(const std::string& path, Mark player) {
  try {
    return load_boxes(path, player);
  } catch (const std::exception& e) {
    throw UsageError(e.what());
  }
}

// Without `replace` an existing file is kept (the result goes beside it, with exit code 2); the
// write also clears what an earlier save of the same file left when it was killed mid-write.
void save_boxes(const std::string& path, const Matchboxes& boxes, bool replace) {
  ratrace::write_json_file(path, boxes_to_json(boxes), replace);
}

struct PlayOptions {
  uint64_t seed = 1;
  std::string beads = "random", reinforcement = "challenge", load, save;
  bool force = false, show_boxes = false;
};

int run_play(const PlayOptions& o) {
  ratrace::check_output_path(o.save, o.force);
  const uint64_t learner = learner_key(o.seed, 0);
  Learner menace(o.load.empty() ? fresh_learner_boxes(learner, Mark::kX, start_beads_from_string(o.beads))
                                : load_or_usage_error(o.load, Mark::kX),
                 reinforcement_from_string(o.reinforcement));
  bool saved = false;  // after the first save the file is this session's own
  play_interactive(std::cin, std::cout, menace, learner, !::isatty(STDIN_FILENO), o.show_boxes,
                   [&](const Matchboxes& boxes) {
                     if (o.save.empty()) return;
                     save_boxes(o.save, boxes, o.force || saved);
                     saved = true;
                   });
  return ratrace::kExitOk;
}

struct TrainOptions {
  TrainConfig config;
  std::string opponent = "random", beads = "random", load, save, load_opponent, save_opponent, curve;
  bool force = false;
};

std::string share_text(const nlohmann::json& s) {
  char text[64];
  if (s["ci95"][0].is_null()) std::snprintf(text, sizeof text, "%.3f", s["mean"].get<double>());
  else
    std::snprintf(text, sizeof text, "%.3f [%.3f, %.3f]", s["mean"].get<double>(), s["ci95"][0].get<double>(),
                  s["ci95"][1].get<double>());
  return text;
}

// The summary on standard output: at most about kSummaryRows block lines (every block of a
// short run; evenly spread ones and the last of a long one), then "stopped losing".
constexpr uint64_t kSummaryRows = 20;

void print_row(const nlohmann::json& b) {
  const std::string games =
      std::to_string(b["first_game"].get<uint64_t>()) + "-" + std::to_string(b["last_game"].get<uint64_t>());
  std::printf("%-13s  %-22s  %-22s  %-22s\n", games.c_str(), share_text(b["win"]).c_str(),
              share_text(b["draw"]).c_str(), share_text(b["loss"]).c_str());
}

void print_stops_losing(const nlohmann::json& stop) {
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

// Makes every write even when one fails, so one lost file never costs the others; each failure
// is reported. The exit code of the worst: a failed write (kExitFailure) before a file another
// process took meanwhile (OutputTaken, kExitUsage).
int write_each(std::initializer_list<std::function<void()>> writes) {
  int code = ratrace::kExitOk;
  for (const auto& write : writes) {
    try {
      write();
    } catch (const std::exception& e) {
      const int failed = report(e);
      if (code != ratrace::kExitFailure) code = failed;
    }
  }
  return code;
}

int run_train(TrainOptions& o, bool block_given) {
  o.config.opponent = opponent_from_string(o.opponent);
  o.config.start = start_beads_from_string(o.beads);
  if (!block_given) o.config.block = default_block(o.config.games);
  if ((!o.save.empty() || !o.save_opponent.empty() || !o.load.empty() || !o.load_opponent.empty()) &&
      o.config.learners != 1)
    throw UsageError("--load/--save work on one learner's boxes: use them with --learners 1");
  if ((!o.load_opponent.empty() || !o.save_opponent.empty()) && o.config.opponent != OpponentKind::kMenace)
    throw UsageError("--load-opponent/--save-opponent need --opponent menace");
  ratrace::check_output_path(o.save, o.force);
  ratrace::check_output_path(o.save_opponent, o.force);
  ratrace::check_output_path(o.curve, o.force);
  // Each output its own file; a --load file may be saved over (continuing), but only by its own side.
  ratrace::check_distinct_files({{"--save", o.save}, {"--save-opponent", o.save_opponent}, {"--curve", o.curve}});
  ratrace::check_distinct_files({{"--load", o.load}, {"--save-opponent", o.save_opponent}, {"--curve", o.curve}});
  ratrace::check_distinct_files({{"--load-opponent", o.load_opponent}, {"--save", o.save}, {"--curve", o.curve}});
  std::optional<Matchboxes> start, opponent_start;
  if (!o.load.empty()) start = load_or_usage_error(o.load, Mark::kX);
  if (!o.load_opponent.empty()) opponent_start = load_or_usage_error(o.load_opponent, Mark::kO);
  check_training(o.config, start ? &*start : nullptr, opponent_start ? &*opponent_start : nullptr);

  // Caught before the curve file exists, so a signal that finds it on disk always ends the run cleanly.
  ratrace::StopOnSignal stop(
      "\nmenace: stopping; keeping the blocks every learner finished (press Ctrl-C again to quit at once)\n");
  std::optional<CurveFile> curve;
  if (!o.curve.empty()) curve.emplace(o.curve, curve_header(o.config, start ? start->games_played : 0));
  // With the curve on standard output, the summary and everything else go to standard error.
  if (o.curve == "-") ratrace::keep_stdout_for_results();

  const uint64_t blocks = block_count(o.config.games, o.config.block);
  const uint64_t stride = (blocks + kSummaryRows - 1) / kSummaryRows;
  std::vector<nlohmann::json> shown;  // printed after the run, clear of the progress line
  nlohmann::json last_row;            // shown too, also when a stop cuts the run short
  uint64_t finished_blocks = 0;
  std::atomic<uint64_t> games_played{0};
  TrainHooks hooks;
  hooks.stop = stop.flag();
  hooks.games_played = &games_played;
  hooks.on_block = [&](const nlohmann::json& row) {
    ++finished_blocks;
    if (curve) curve->add_block(row);
    if (finished_blocks % stride == 0) shown.push_back(row);
    last_row = row;
  };
  const auto began = std::chrono::steady_clock::now();
  TrainOutcome outcome;
  {
    ProgressLine progress("menace train", o.config.games * static_cast<uint64_t>(o.config.learners), games_played);
    outcome =
        ratrace::menace::train(o.config, start ? &*start : nullptr, opponent_start ? &*opponent_start : nullptr, hooks);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  spdlog::info("{} learners x {} games against {} in {:.2f} s", o.config.learners, outcome.games, o.opponent, seconds);

  if (!last_row.is_null() && (shown.empty() || shown.back() != last_row)) shown.push_back(last_row);
  if (shown.size() < finished_blocks)
    std::printf("(%zu of the %llu blocks of %llu games shown; --curve writes them all)\n", shown.size(),
                static_cast<unsigned long long>(finished_blocks), static_cast<unsigned long long>(o.config.block));
  std::printf("%-13s  %-22s  %-22s  %-22s\n", "games", "win [95% CI]", "draw [95% CI]", "loss [95% CI]");
  for (const auto& row : shown) print_row(row);
  const nlohmann::json tail = curve_tail(o.config, outcome);
  print_stops_losing(tail["stops_losing"]);
  const int written = write_each({
      [&] {
        if (curve) curve->finish(tail, o.force);
      },
      [&] {
        if (!o.save.empty()) save_boxes(o.save, outcome.boxes[0], o.force);
      },
      [&] {
        if (!o.save_opponent.empty()) save_boxes(o.save_opponent, *outcome.opponent_boxes[0], o.force);
      },
  });
  if (written != ratrace::kExitOk) return written;
  if (!outcome.stopped) return ratrace::kExitOk;
  std::string kept;
  if (curve && o.curve != "-")
    kept += ", the curve of its " + std::to_string(finished_blocks) + " blocks in " + o.curve;
  if (!o.save.empty()) kept += ", the boxes after those games in " + o.save;
  if (!o.save_opponent.empty()) kept += ", the O boxes in " + o.save_opponent;
  spdlog::warn("interrupted after {} of {} games per learner; kept the summary above{}", outcome.games, o.config.games,
               kept);
  return ratrace::kExitInterrupted;
}

struct BoxesOptions {
  uint64_t seed = 1;
  std::string beads = "random", load, svg, player = "X";
  bool force = false;
};

int run_boxes(const BoxesOptions& o) {
  ratrace::check_output_path(o.svg, o.force);
  ratrace::check_distinct_files({{"--load", o.load}, {"--svg", o.svg}});
  const Mark player = o.player == "O" ? Mark::kO : Mark::kX;
  const Matchboxes boxes = o.load.empty()
                               ? fresh_learner_boxes(learner_key(o.seed, 0), player, start_beads_from_string(o.beads))
                               : load_or_usage_error(o.load, player);
  if (!o.svg.empty()) {
    ratrace::write_file_atomically(o.svg, boxes_svg(boxes), o.force);
    return ratrace::kExitOk;
  }
  std::cout << boxes_listing(boxes);
  return ratrace::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"menace: Donald Michie's matchbox learner for noughts and crosses (MENACE plays X and moves first)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", ratrace::version_text("menace"));
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
      "play",
      "Play O against MENACE: type the number of games, then each move as two letters, row then column "
      "(L/M/R; row L = top, R = bottom; column L = left, R = right). Works from a pipe.");
  const auto any_seed = ratrace::whole_number(0, std::numeric_limits<uint64_t>::max());
  play_cmd->add_option("--seed", play.seed, "Seed of MENACE's bead draws and random start beads")
      ->check(any_seed)
      ->capture_default_str();
  play_cmd->add_option("--beads", play.beads, beads_help)->check(beads_check)->capture_default_str();
  play_cmd->add_option("--reinforcement", play.reinforcement, reinforcement_help)
      ->check(CLI::IsMember({"challenge", "michie"}))
      ->capture_default_str();
  play_cmd->add_option("--load", play.load, "Start from these boxes (JSON from --save)")->check(CLI::ExistingFile);
  play_cmd->add_option("--save", play.save, "Save the boxes here after every finished game (JSON)");
  play_cmd->add_flag("--force", play.force, "Overwrite the --save file if it exists");
  play_cmd->add_flag("--show-boxes", play.show_boxes,
                     "After each game print all 304 boxes (default: one line on what the game changed)");

  TrainOptions train;
  auto* train_cmd = app.add_subcommand("train", "MENACE against an opponent for many games; learning curve as JSON");
  train_cmd
      ->add_option("--opponent", train.opponent,
                   "random, perfect (minimax, random among best moves), perfect-fixed (minimax, always its first best "
                   "move) or menace (a second MENACE learning as O)")
      ->check(CLI::IsMember({"random", "perfect", "perfect-fixed", "menace"}))
      ->capture_default_str();
  train_cmd
      ->add_option("--opponent-error", train.config.opponent_error,
                   "With a perfect opponent: the share of its moves played at random instead")
      ->check(ratrace::real_number(0, 1))
      ->capture_default_str();
  train_cmd->add_option("--games", train.config.games, "Games per learner")
      ->check(ratrace::whole_number(1, 100000000))
      ->capture_default_str();
  train_cmd->add_option("--seed", train.config.seed, "Master seed: learner i's games derive from (seed, i)")
      ->check(any_seed)
      ->capture_default_str();
  train_cmd->add_option("--learners", train.config.learners, "Independent learners (for intervals)")
      ->check(ratrace::whole_number(1, 1000000))
      ->capture_default_str();
  train_cmd
      ->add_option("--threads", train.config.threads,
                   "Worker threads, 0 for one per core (" + std::to_string(ratrace::thread_count(0)) +
                       " here); results are identical whatever the count")
      ->check(ratrace::whole_number(0, 1024))
      ->capture_default_str();
  train_cmd->add_option("--beads", train.beads, beads_help)->check(beads_check)->capture_default_str();
  train_cmd->add_option("--reinforcement", train.config.reinforcement_name, reinforcement_help)
      ->check(CLI::IsMember({"challenge", "michie"}))
      ->capture_default_str();
  train_cmd
      ->add_option("--block", train.config.block,
                   "Games per learning-curve point (default: 100, or more for long runs so that a curve has at "
                   "most 2000 points)")
      ->check(ratrace::whole_number(1, 100000000));
  train_cmd
      ->add_option("--no-loss-window", train.config.no_loss_window,
                   "'Stopped losing' means this many games in a row without a loss")
      ->check(ratrace::whole_number(1, 100000000))
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
  boxes_cmd->add_option("--seed", boxes.seed, "Seed of fresh random start beads")
      ->check(any_seed)
      ->capture_default_str();
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
      if (train_cmd->parsed()) return run_train(train, train_cmd->count("--block") > 0);
      return run_boxes(boxes);
    } catch (const std::exception& e) {
      return report(e);
    }
  };
  return ratrace::with_stdout_checked(run_command());
}
