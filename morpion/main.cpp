// The `morpion` command: decode/encode layer codes, pictures, the DNA local search, NRPA and
// a benchmark.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <thread>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "morpion/game_io.h"
#include "morpion/layer_code.h"
#include "morpion/nrpa.h"
#include "ratrace/common/cli.h"
#include "ratrace/common/io.h"
#include "ratrace/common/parallel.h"
#include "ratrace/common/stats.h"
#include "ratrace/common/version.h"

using namespace morpion;

namespace {

using ratrace::UsageError;

int cmd_decode(const std::string& text, const std::string& rules_text, const std::string& game_out, bool force) {
  const Rules rules = parse_rules(rules_text);
  ratrace::check_output_path(game_out, force);
  const LayeredGame game = decode_game(text, rules);
  std::cout << "score " << game.moves.size() << " (" << game.bits << " bits, " << game.layers.size() << " layers, "
            << rules_name(rules) << ")\n";
  for (size_t l = 0; l < game.layers.size(); ++l) {
    const Layer& layer = game.layers[l];
    std::cout << "layer " << l << " (" << layer.moves.size() << " moves):";
    for (size_t i = 0; i < layer.moves.size(); ++i)
      if (layer.taken[i]) std::cout << "  " << to_string(layer.moves[i]);
    std::cout << "\n";
  }
  std::cout << "\n" << ascii_picture(game.moves);
  if (!game_out.empty()) ratrace::write_json_file(game_out, game_json(game.moves, rules), force);
  return ratrace::kExitOk;
}

int cmd_encode(const std::string& path) {
  const LoadedGame game = load_game(path);
  std::cout << encode_game(game.moves, game.rules) << "\n";
  return ratrace::kExitOk;
}

Game game_from(const std::string& code, const std::string& path) {
  if (!code.empty() == !path.empty()) throw UsageError("give exactly one of --code and --game");
  return code.empty() ? load_game(path).moves : decode_game(code, Rules::k5T).moves;
}

constexpr int kMaxThreads = 1024;
// About 30 years: a limit, not a typo's 1e300.
constexpr double kMaxSeconds = 1e9;

// The settings shared by `search` and `nrpa`.
struct RunFlags {
  uint64_t seed = 1;
  int threads = 0;   // 0: one per core
  int searches = 0;  // 0: as many as threads
  double seconds = 0;
  double cpu_seconds = 0;
  uint64_t work_limit = 0;  // iterations of `search`, playouts of `nrpa` (0: none)
  std::string json;
  bool force = false;
  std::string rules = "5T";
};

void add_run_flags(CLI::App* cmd, RunFlags& f) {
  cmd->add_option("--seed", f.seed, "Master seed: search i uses the stream (seed, i)")
      ->check(ratrace::whole_number(0, UINT64_MAX))
      ->capture_default_str();
  cmd->add_option("--threads", f.threads, "oneTBB threads (default 0: one per core)")
      ->check(ratrace::whole_number(0, kMaxThreads))
      ->capture_default_str();
  cmd->add_option("--searches", f.searches, "Independent searches (default: one per thread)")
      ->check(ratrace::whole_number(1, 100000));
  cmd->add_option("--seconds", f.seconds, "Stop each search after this many seconds of its own run (0: no limit)")
      ->check(ratrace::real_number(0, kMaxSeconds))
      ->capture_default_str();
  cmd->add_option("--cpu-seconds", f.cpu_seconds,
                  "Stop each search after this much CPU time of its own (0: no limit); fairer on a busy machine")
      ->check(ratrace::real_number(0, kMaxSeconds))
      ->capture_default_str();
  cmd->add_option("--json", f.json, "Write the result file here ('-' for standard output)");
  cmd->add_flag("--force", f.force, "Replace an existing --json file");
  cmd->add_option("--rules", f.rules, "5T or 5D")
      ->check(CLI::IsMember({"5T", "5t", "5D", "5d"}))
      ->capture_default_str();
}

// Runs `count` searches in parallel, printing one line per improvement of the best score so
// far and, on a terminal, a progress line; Ctrl-C stops them and keeps the best grid.
int run_and_report(const std::string& kind, const RunFlags& flags, nlohmann::json settings,
                   const std::function<SearchResult(int, const SearchLimits&, const ImprovementCallback&)>& search) {
  const Rules rules = parse_rules(flags.rules);
  const int threads = ratrace::thread_count(flags.threads);
  const int count = flags.searches > 0 ? flags.searches : threads;
  ratrace::check_output_path(flags.json, flags.force);
  const bool tty = isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::mutex print_mutex;
  std::atomic<int> best_score{-1};
  std::atomic<uint64_t> work_done{0};
  nlohmann::json timeline = nlohmann::json::array();
  const ImprovementCallback on_improvement = [&](int s, const Improvement& step, const Game& game) {
    std::lock_guard lock(print_mutex);
    if (step.score <= best_score.load()) return;
    best_score = step.score;
    const double t = elapsed();
    timeline.push_back({{"seconds", t}, {"score", step.score}, {"search", s}, {"iteration", step.iteration}});
    if (tty) ratrace::draw_status_line("");
    std::cout << fmt::format("search {} iteration {} score {} time {:.2f} s code {}", s, step.iteration, step.score, t,
                             encode_game(game, rules))
              << std::endl;
  };
  const ratrace::StopOnSignal stop("\nstopping: the best grid found so far is kept (Ctrl-C again to kill)\n");
  std::atomic<bool> done{false};
  std::thread progress([&] {
    while (!done) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      if (!tty || done) continue;
      std::lock_guard lock(print_mutex);
      const double t = elapsed();
      ratrace::draw_status_line(fmt::format("{}: best {} | {} {} ({:.0f}/s) | {:.1f} s", kind, best_score.load(),
                                            work_done.load(), kind == "nrpa" ? "playouts" : "iterations",
                                            static_cast<double>(work_done.load()) / std::max(t, 1e-9), t));
    }
  });
  std::vector<SearchResult> results;
  try {
    results = run_searches(count, threads, [&](int s) {
      SearchLimits limits = {};
      limits.seconds = flags.seconds;
      limits.cpu_seconds = flags.cpu_seconds;
      limits.stop = stop.flag();
      limits.work_done = &work_done;
      limits.iterations = flags.work_limit;
      return search(s, limits, on_improvement);
    });
  } catch (...) {
    done = true;
    progress.join();
    throw;
  }
  done = true;
  progress.join();
  if (tty) ratrace::draw_status_line("");

  const SearchResult& best = best_of(results);
  const double total_seconds = elapsed();
  uint64_t total_work = 0;
  nlohmann::json runs = nlohmann::json::array();
  for (const SearchResult& r : results) {
    total_work += r.iterations;
    nlohmann::json steps = nlohmann::json::array();
    for (const Improvement& i : r.improvements) steps.push_back({i.iteration, i.score, i.seconds, i.cpu_seconds});
    runs.push_back({{"search", r.search},
                    {"score", r.best.size()},
                    {"iterations", r.iterations},
                    {"seconds", r.seconds},
                    {"cpu_seconds", r.cpu_seconds},
                    {"stopped", r.stopped},
                    {"code", encode_game(r.best, rules)},
                    {"improvements", steps}});
  }
  std::cout << fmt::format("best {} (search {}) after {} {} in {:.2f} s ({:.0f}/s); code {}", best.best.size(),
                           best.search, total_work, kind == "nrpa" ? "playouts" : "iterations", total_seconds,
                           static_cast<double>(total_work) / std::max(total_seconds, 1e-9),
                           encode_game(best.best, rules))
            << std::endl;
  if (!flags.json.empty()) {
    nlohmann::json out = {{"format", "morpion-" + kind},
                          {"version", ratrace::version()},
                          {"rules", rules_name(rules)},
                          {"master_seed", flags.seed},
                          {"threads", threads},
                          {"searches", count},
                          {"seconds_limit", flags.seconds},
                          {"cpu_seconds_limit", flags.cpu_seconds},
                          {"settings", settings},
                          {"interrupted", stop.stopped()},
                          {"elapsed_seconds", total_seconds},
                          {"total_iterations", total_work},
                          {"timeline", timeline},
                          {"best", game_json(best.best, rules)},
                          {"runs", runs}};
    out["best"]["search"] = best.search;
    ratrace::write_json_file(flags.json, out, flags.force);
    if (flags.json != "-") spdlog::info("wrote {}", flags.json);
  }
  return stop.stopped() ? ratrace::kExitInterrupted : ratrace::kExitOk;
}

// Plays `games` uniformly random 5T games, game g from the stream (seed, g), on this thread,
// hands each to `each`, and prints their rate and mean score.
void play_random_games(int games, uint64_t seed, const std::function<void(const Game&)>& each) {
  std::vector<double> scores;
  const auto t0 = std::chrono::steady_clock::now();
  const double cpu0 = thread_cpu_seconds();
  uint64_t moves = 0;
  Board board(Rules::k5T);  // reset for each game, not copied
  Game game;
  for (int g = 0; g < games; ++g) {
    ratrace::Rng rng(ratrace::stream_key(seed, kTagRandomGame, static_cast<uint64_t>(g)));
    random_game(rng, board, game);
    moves += game.size();
    scores.push_back(static_cast<double>(game.size()));
    each(game);
  }
  const double random_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double random_cpu = thread_cpu_seconds() - cpu0;
  double mean = 0, var = 0;
  for (double s : scores) mean += s;
  mean /= games;
  for (double s : scores) var += (s - mean) * (s - mean);
  const double half = ratrace::t_quantile(0.95, games - 1) * std::sqrt(var / (games - 1) / games);
  std::cout << fmt::format(
      "random games: {} on one thread in {:.3f} s = {:.0f} games/s; {:.3f} s of CPU = {:.0f} games "
      "per CPU second ({:.2f} M moves/s); mean score {:.2f} (95% interval {:.2f} .. {:.2f})\n",
      games, random_seconds, games / random_seconds, random_cpu, games / random_cpu,
      static_cast<double>(moves) / random_cpu / 1e6, mean, mean - half, mean + half);
}

int cmd_bench(int threads) {
  constexpr int kGames = 20000;
  constexpr uint64_t kSeed = 1;
  uint64_t signature = 0xcbf29ce484222325ULL;
  auto sign = [&](uint64_t v) { signature = ratrace::mix64(signature ^ v); };
  // Random games, one stream per game, on one core.
  play_random_games(kGames, kSeed, [&](const Game& game) {
    sign(game.size());
    sign(game.back().line);
  });
  // Two DNA local searches and two NRPA level-1 searches, on `threads` threads.
  const auto t1 = std::chrono::steady_clock::now();
  SearchLimits limits;
  limits.iterations = 3000;
  const auto local = run_searches(2, threads, [&](int s) { return local_search(kSeed, s, {}, limits, nullptr); });
  const double local_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  const auto t2 = std::chrono::steady_clock::now();
  NrpaOptions nrpa;
  nrpa.level = 1;
  const auto nested = run_searches(2, threads, [&](int s) { return nrpa_search(kSeed, s, nrpa, {}, nullptr); });
  const double nrpa_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t2).count();
  for (const auto* results : {&local, &nested})
    for (const SearchResult& r : *results) {
      sign(r.best.size());
      for (const Move& m : r.best) sign(m.line);
    }
  std::cout << fmt::format(
      "local search: 2 x 3000 iterations in {:.3f} s ({:.0f} iterations/s on {} threads), best {} {}\n", local_seconds,
      6000 / local_seconds, threads, local[0].best.size(), local[1].best.size());
  std::cout << fmt::format("nrpa level 1: 2 x 100 playouts in {:.3f} s, best {} {}\n", nrpa_seconds,
                           nested[0].best.size(), nested[1].best.size());
  std::cout << fmt::format("signature: {:016x}\n", signature);
  return ratrace::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Morpion Solitaire 5T: the DNA local search, NRPA and the layer code", "morpion"};
  app.set_version_flag("--version", ratrace::version_text("morpion"));
  app.require_subcommand(1);
  std::string log_level = "info";
  ratrace::add_log_level_option(app, log_level);

  std::string code, rules_text = "5T", game_out, game_path, svg_out;
  bool numbers = false, force = false;
  auto* decode = app.add_subcommand("decode", "Print the game of a layer code: score, moves by layer, a picture");
  decode->add_option("code", code, "The layer code (base64 text)")->required();
  decode->add_option("--rules", rules_text, "5T, or 5D to check every move against the 5D rule")
      ->check(CLI::IsMember({"5T", "5t", "5D", "5d"}))
      ->capture_default_str();
  decode->add_option("--game", game_out, "Also write the game file here");
  decode->add_flag("--force", force, "Replace an existing --game file");

  auto* encode = app.add_subcommand("encode", "Print the layer code of a game file or of a search result's best game");
  encode->add_option("file", game_path, "Game file or `morpion search/nrpa --json` result")
      ->required()
      ->check(CLI::ExistingFile);

  auto* svg = app.add_subcommand("svg", "Draw a finished grid as SVG");
  svg->add_option("--code", code, "Layer code of the game");
  svg->add_option("--game", game_path, "Game file or search result")->check(CLI::ExistingFile);
  svg->add_option("-o,--output", svg_out, "SVG file to write ('-' for standard output)")->required();
  svg->add_flag("--numbers", numbers, "Number the dots in the order played");
  svg->add_flag("--force", force, "Replace an existing output file");

  RunFlags search_flags;
  int blacklist = 3;
  auto* search = app.add_subcommand("search", "MORPION.md's DNA local search, independent searches on oneTBB");
  add_run_flags(search, search_flags);
  search
      ->add_option("--iterations", search_flags.work_limit, "Stop each search after this many iterations (0: no limit)")
      ->check(ratrace::whole_number(0, UINT64_MAX))
      ->capture_default_str();
  search->add_option("--blacklist", blacklist, "Moves blacklisted per iteration")
      ->check(ratrace::whole_number(1, 1000))
      ->capture_default_str();

  RunFlags nrpa_flags;
  NrpaOptions nrpa_options;
  auto* nrpa =
      app.add_subcommand("nrpa", "Nested Rollout Policy Adaptation (Rosin 2011), independent searches on oneTBB");
  add_run_flags(nrpa, nrpa_flags);
  nrpa->add_option("--level", nrpa_options.level, "Nesting level L")
      ->check(ratrace::whole_number(1, 6))
      ->capture_default_str();
  nrpa->add_option("--iterations", nrpa_options.iterations, "N: level L-1 runs per level-L run")
      ->check(ratrace::whole_number(1, 100000))
      ->capture_default_str();
  nrpa->add_option("--alpha", nrpa_options.alpha, "Adaptation step")
      ->check(ratrace::real_number(0, 100, ratrace::LowerEnd::kExcluded))
      ->capture_default_str();
  nrpa->add_option("--playouts", nrpa_flags.work_limit, "Stop each search after this many playouts (0: no limit)")
      ->check(ratrace::whole_number(0, UINT64_MAX))
      ->capture_default_str();

  int bench_threads = 1;
  auto* bench = app.add_subcommand("bench", "Fixed seeds: random games per second and a signature of the results");
  bench->add_option("--threads", bench_threads, "Threads for the search part")
      ->check(ratrace::whole_number(1, kMaxThreads))
      ->capture_default_str();

  int random_games = 200000;
  uint64_t random_seed = 1;
  auto* random =
      app.add_subcommand("random", "Uniformly random 5T games on one thread: games per CPU second, mean score");
  random->add_option("--games", random_games, "Games to play")
      ->check(ratrace::whole_number(2, 1000000000))
      ->capture_default_str();
  random->add_option("--seed", random_seed, "Game g uses the stream (seed, g)")
      ->check(ratrace::whole_number(0, UINT64_MAX))
      ->capture_default_str();

  if (int rc = ratrace::parse_command_line(app, argc, argv); rc >= 0) return ratrace::with_stdout_checked(rc);
  ratrace::setup_logging("morpion", log_level);
  // A result written to standard output travels alone there: the rest goes to standard error.
  for (const std::string* result : {&game_out, &svg_out, &search_flags.json, &nrpa_flags.json})
    if (*result == "-") ratrace::keep_stdout_for_results();
  const auto run_command = [&]() -> int {
    try {
      if (*decode) return cmd_decode(code, rules_text, game_out, force);
      if (*encode) return cmd_encode(game_path);
      if (*svg) {
        ratrace::check_distinct_files({{"--game", game_path}, {"--output", svg_out}});
        ratrace::check_output_path(svg_out, force);
        ratrace::write_file_atomically(svg_out, svg_picture(game_from(code, game_path), numbers), force);
        return ratrace::kExitOk;
      }
      if (*search) {
        const LocalSearchOptions options{parse_rules(search_flags.rules), blacklist};
        const nlohmann::json settings = {
            {"method", "dna-local-search"}, {"blacklist", blacklist}, {"iterations_limit", search_flags.work_limit}};
        return run_and_report("search", search_flags, settings,
                              [&](int s, const SearchLimits& limits, const ImprovementCallback& cb) {
                                return local_search(search_flags.seed, s, options, limits, cb);
                              });
      }
      if (*nrpa) {
        nrpa_options.rules = parse_rules(nrpa_flags.rules);
        const nlohmann::json settings = {{"method", "nrpa"},
                                         {"level", nrpa_options.level},
                                         {"iterations", nrpa_options.iterations},
                                         {"alpha", nrpa_options.alpha},
                                         {"playouts_limit", nrpa_flags.work_limit}};
        return run_and_report("nrpa", nrpa_flags, settings,
                              [&](int s, const SearchLimits& limits, const ImprovementCallback& cb) {
                                return nrpa_search(nrpa_flags.seed, s, nrpa_options, limits, cb);
                              });
      }
      if (*bench) return cmd_bench(bench_threads);
      if (*random) {
        play_random_games(random_games, random_seed, [](const Game&) {});
        return ratrace::kExitOk;
      }
    } catch (const CodeError& e) {
      spdlog::error("invalid code: {}", e.what());
      return ratrace::kExitUsage;
    } catch (const std::invalid_argument& e) {
      spdlog::error("{}", e.what());
      return ratrace::kExitUsage;
    } catch (const std::exception& e) {
      spdlog::error("{}", e.what());
      return ratrace::kExitFailure;
    }
    return ratrace::kExitUsage;
  };
  return ratrace::with_stdout_checked(run_command());
}
