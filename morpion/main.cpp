// The `morpion` command: decode/encode layer codes, pictures, the DNA local search, NRPA and
// a benchmark.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <thread>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "morpion/checkpoint.h"
#include "morpion/compare_runs.h"
#include "morpion/game_io.h"
#include "morpion/layer_code.h"
#include "morpion/nrpa.h"
#include "morpion/population.h"
#include "morpion/search_run.h"
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
  std::string best_svg;        // redrawn on each new best grid ("": none)
  bool best_svg_ours = false;  // a resumed search's own picture, replaced without --force
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
  cmd->add_option("--best-svg", f.best_svg, "Draw the best grid here each time it improves");
}

// The run the flags ask for.
RunRequest request_of(const std::string& kind, const RunFlags& flags, nlohmann::json settings) {
  RunRequest request;
  request.kind = kind;
  request.rules = parse_rules(flags.rules);
  request.seed = flags.seed;
  request.threads = flags.threads;
  request.searches = flags.searches;
  request.seconds = flags.seconds;
  request.cpu_seconds = flags.cpu_seconds;
  request.work_limit = flags.work_limit;
  request.settings = std::move(settings);
  return request;
}

// Runs the flags' searches in parallel, printing one line per improvement of the best score so
// far and, on a terminal, a progress line; Ctrl-C stops them and keeps the best grid.
int run_and_report(const std::string& kind, const RunFlags& flags, nlohmann::json settings,
                   const SearchFunction& search) {
  const RunRequest request = request_of(kind, flags, std::move(settings));
  ratrace::check_output_path(flags.json, flags.force);
  ratrace::check_output_path(flags.best_svg, flags.force || flags.best_svg_ours);
  const bool tty = isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::mutex print_mutex;
  std::atomic<int> best_score{-1};
  std::atomic<uint64_t> work_done{0};
  const ratrace::StopOnSignal stop("\nstopping: the best grid found so far is kept (Ctrl-C again to kill)\n");
  RunHooks hooks;
  hooks.stop = stop.flag();
  hooks.work_done = &work_done;
  hooks.on_best = [&](int s, const Improvement& step, const Game& game, double t) {
    std::lock_guard lock(print_mutex);
    best_score = step.score;
    if (tty) ratrace::draw_status_line("");
    std::cout << fmt::format("search {} iteration {} score {} time {:.2f} s code {}", s, step.iteration, step.score, t,
                             encode_game(game, request.rules))
              << std::endl;
    if (!flags.best_svg.empty()) ratrace::write_file_atomically(flags.best_svg, svg_picture(game, false));
  };
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
  RunOutcome outcome;
  try {
    outcome = run_and_record(request, search, hooks);
  } catch (...) {
    done = true;
    progress.join();
    throw;
  }
  done = true;
  progress.join();
  if (tty) ratrace::draw_status_line("");

  const nlohmann::json& document = outcome.document;
  const double total_seconds = document["elapsed_seconds"].get<double>();
  // The rate is of this run's work: a resumed search's earlier iterations took no time here.
  std::cout << fmt::format("best {} (search {}) after {} {} in {:.2f} s ({:.0f}/s); code {}",
                           document["best"]["score"].get<int>(), document["best"]["search"].get<int>(),
                           document["total_iterations"].get<uint64_t>(), kind == "nrpa" ? "playouts" : "iterations",
                           total_seconds, static_cast<double>(work_done.load()) / std::max(total_seconds, 1e-9),
                           document["best"]["code"].get<std::string>())
            << std::endl;
  if (!flags.json.empty()) {
    ratrace::write_json_file(flags.json, document, flags.force);
    if (flags.json != "-") spdlog::info("wrote {}", flags.json);
  }
  return outcome.interrupted ? ratrace::kExitInterrupted : ratrace::kExitOk;
}

// The population search, resumed from `checkpoint` when that file exists and saved to it
// every `checkpoint_seconds` of each search's time and when the search ends.
int cmd_population(RunFlags flags, const PopulationOptions& options, const std::string& checkpoint,
                   double checkpoint_seconds) {
  const int count = search_count(request_of("search", flags, {}));
  const nlohmann::json identity = population_settings(options, flags.seed, count);
  ratrace::check_distinct_files({{"--json", flags.json}, {"--best-svg", flags.best_svg}, {"--checkpoint", checkpoint}});
  std::vector<PopulationState> states(static_cast<size_t>(count));
  if (checkpoint == "-") throw UsageError("--checkpoint needs a file, not standard output");
  const bool resuming = !checkpoint.empty() && std::filesystem::exists(checkpoint);
  if (!resuming) {
    ratrace::check_output_path(checkpoint, false);
  } else {
    states = load_checkpoint(checkpoint, identity, count, options.rules);
    uint64_t done = 0;
    for (const PopulationState& s : states) done += s.iteration;
    spdlog::info("resuming {} search{} from {} ({} iterations done)", count, count == 1 ? "" : "es", checkpoint, done);
    flags.best_svg_ours = true;
  }
  std::vector<PopulationState> saved = states;
  std::mutex save_mutex;
  Checkpointing checkpointing;
  if (!checkpoint.empty()) {
    checkpointing.every_seconds = checkpoint_seconds;
    checkpointing.save = [&](int s, const PopulationState& state) {
      std::lock_guard lock(save_mutex);
      saved[static_cast<size_t>(s)] = state;
      ratrace::write_json_file(checkpoint, checkpoint_json(identity, saved, options.rules));
    };
  }
  return run_and_report(
      "search", flags, population_run_settings(options, flags.seed, count, flags.work_limit, checkpoint),
      [&](int s, const SearchLimits& limits, const ImprovementCallback& cb) {
        return population_search(flags.seed, s, options, limits, cb, states[static_cast<size_t>(s)], checkpointing);
      });
}

// The mean best score of each file's searches at each point, with its 95% interval; with two
// files, search i of one against search i of the other (the same seed and search index): the
// mean difference and its 95% interval, from the per-search differences.
int cmd_compare(const std::vector<std::string>& paths, const std::vector<double>& points, Clock clock) {
  std::vector<SearchRun> runs;
  for (const std::string& path : paths) runs.push_back(load_search_run(path, clock));
  const nlohmann::json comparison = compare_runs(runs, points, clock);
  const bool two = runs.size() == 2;
  for (size_t f = 0; f < runs.size(); ++f)
    std::cout << fmt::format("{}: {} ({}, {} searches, seed {})\n", f == 0 ? "A" : "B", runs[f].name, runs[f].method,
                             runs[f].searches.size(), runs[f].master_seed);
  std::cout << fmt::format("{:>10}  {:>26}", comparison["unit"].get<std::string>(), "A mean best [95%] min-max");
  if (two) std::cout << fmt::format("  {:>26}  {:>22}  {}", "B mean best [95%] min-max", "B - A [95%]", "B>A=B<A");
  std::cout << "\n";
  auto column = [](const nlohmann::json& side) {
    return fmt::format("{:6.1f} [{:5.1f}, {:5.1f}] {:3.0f}-{:3.0f}", side["mean"].get<double>(),
                       side["ci95"][0].get<double>(), side["ci95"][1].get<double>(), side["min"].get<double>(),
                       side["max"].get<double>());
  };
  for (const auto& point : comparison["points"]) {
    std::cout << fmt::format("{:>10.{}f}  {:>26}", point["at"].get<double>(), clock == Clock::kIterations ? 0 : 1,
                             column(point["runs"][0]));
    if (two) {
      const auto& d = point["difference"];
      std::cout << fmt::format("  {:>26}  {:+6.1f} [{:+6.1f}, {:+6.1f}]  {}-{}-{}", column(point["runs"][1]),
                               d["mean"].get<double>(), d["ci95"][0].get<double>(), d["ci95"][1].get<double>(),
                               d["better"].get<int>(), d["tied"].get<int>(), d["worse"].get<int>());
    }
    std::cout << "\n";
  }
  for (size_t f = 0; f < runs.size(); ++f) {
    std::cout << (f == 0 ? "A" : "B") << " final scores:";
    for (const SearchTrace& trace : runs[f].searches) std::cout << " " << trace.final_score;
    std::cout << "\n";
  }
  return ratrace::kExitOk;
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
  const auto [mean, half] = mean_and_half_width(scores);
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
  // Two DNA local searches, two population searches and two NRPA level-1 searches, on
  // `threads` threads.
  const auto t1 = std::chrono::steady_clock::now();
  SearchLimits limits;
  limits.iterations = 3000;
  const auto local = run_searches(2, threads, [&](int s) { return local_search(kSeed, s, {}, limits, nullptr); });
  const double local_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  const auto t_population = std::chrono::steady_clock::now();
  const auto population = run_searches(2, threads, [&](int s) {
    PopulationState state;
    return population_search(kSeed, s, {}, limits, nullptr, state);
  });
  const double population_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t_population).count();
  const auto t2 = std::chrono::steady_clock::now();
  NrpaOptions nrpa;
  nrpa.level = 1;
  const auto nested = run_searches(2, threads, [&](int s) { return nrpa_search(kSeed, s, nrpa, {}, nullptr); });
  const double nrpa_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t2).count();
  for (const auto* results : {&local, &nested, &population})
    for (const SearchResult& r : *results) {
      sign(r.best.size());
      for (const Move& m : r.best) sign(m.line);
    }
  std::cout << fmt::format(
      "local search: 2 x 3000 iterations in {:.3f} s ({:.0f} iterations/s on {} threads), best {} {}\n", local_seconds,
      6000 / local_seconds, threads, local[0].best.size(), local[1].best.size());
  std::cout << fmt::format("population search: 2 x 3000 iterations in {:.3f} s, best {} {}\n", population_seconds,
                           population[0].best.size(), population[1].best.size());
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
  std::string method = "population";
  std::string same_grid = "lines", order = "played", end_search_source = "parent", end_search_keep = "best",
              fill = "fresh", mutation = "blacklist", end_search_depths = "bandit", pool_order = "score",
              dna_source = "parent", kick_shape = "tail";
  PopulationOptions population;
  std::string checkpoint, start_code;
  double checkpoint_seconds = 60;
  std::vector<double> kick_depth = {population.kick_least, population.kick_most};
  auto* search = app.add_subcommand(
      "search", "DNA search, independent searches on oneTBB: the population search, or MORPION.md's local search");
  add_run_flags(search, search_flags);
  search->add_option("--method", method, "population, or local: MORPION.md's single-lineage local search")
      ->check(CLI::IsMember({"population", "local"}))
      ->capture_default_str();
  search
      ->add_option("--iterations", search_flags.work_limit, "Stop each search after this many iterations (0: no limit)")
      ->check(ratrace::whole_number(0, UINT64_MAX))
      ->capture_default_str();
  search
      ->add_option("--blacklist", population.blacklist,
                   "Moves blacklisted per iteration (population: a child blacklists 1 to this many)")
      ->check(ratrace::whole_number(1, 1000))
      ->capture_default_str();
  const std::vector<CLI::Option*> population_only = {
      search->add_option("--pool", population.pool, "Population: grids kept")
          ->check(ratrace::whole_number(1, 10000000))
          ->capture_default_str(),
      search
          ->add_option("--same-grid", same_grid,
                       "Population: lines (two grids are the same when they draw the same lines) or dots (when "
                       "they place the same dots); the pool holds one of each")
          ->check(CLI::IsMember(population_choice_values("same_grid")))
          ->capture_default_str(),
      search
          ->add_option("--order", order,
                       "Population: played (a pool grid keeps the order it was played in) or canonical (each "
                       "time the ready move with the smallest line, an order that depends only on the grid)")
          ->check(CLI::IsMember(population_choice_values("order")))
          ->capture_default_str(),
      search
          ->add_option("--end-search-source", end_search_source,
                       "Population: parent (an end search finishes the iteration's parent) or unsearched (the first "
                       "grid from the parent on, down the pool, that no end search of its lineage has finished)")
          ->check(CLI::IsMember(population_choice_values("end_search_source")))
          ->capture_default_str(),
      search
          ->add_option("--end-search-keep", end_search_keep,
                       "Population: best (the pool is offered an end search's longest finish, when it is no shorter "
                       "than its source) or all (every finish, each taken when it is new and within the window)")
          ->check(CLI::IsMember(population_choice_values("end_search_keep")))
          ->capture_default_str(),
      search
          ->add_option("--end-search-depths", end_search_depths,
                       "Population: bandit (an end search winds back by one depth that a UCB1 bandit chooses from "
                       "the search's end searches so far), lineage-bandit (from its lineage's only) or all (the public "
                       "log's: the best grid no end search of its lineage has finished, wound back by "
                       "every depth up to a quarter of its moves, each finished at random until 200 finishes in a row "
                       "add nothing to the pool; --end-search-source, --end-search-keep and --completions then do not "
                       "apply)")
          ->check(CLI::IsMember(population_choice_values("end_search_depths")))
          ->capture_default_str(),
      search
          ->add_option("--fill", fill,
                       "Population: a child's preferences for the lines its parent did not play: fresh (a new random "
                       "fill each child), lineage (one fill per lineage) or grid (one per parent grid, shared by all "
                       "its children)")
          ->check(CLI::IsMember(population_choice_values("fill")))
          ->capture_default_str(),
      search
          ->add_option("--mutation", mutation,
                       "Population: blacklist (a child swaps 0 to --swaps pairs of its parent's moves and blacklists 1 "
                       "to --blacklist of them) or swap-any (it swaps 1 to --swaps of its parent's moves each with any "
                       "line, blacklisting none: the public log's mutation)")
          ->check(CLI::IsMember(population_choice_values("mutation")))
          ->capture_default_str(),
      search
          ->add_option("--pool-order", pool_order,
                       "Population: score (parents are drawn from the pool sorted best first) or rotate (the public "
                       "log's: new grids join at the end, and every --resort-every iterations the pool is re-sorted by "
                       "a key that rotates between score, fewest visits, score less a charge per visit and a UCB "
                       "bound)")
          ->check(CLI::IsMember(population_choice_values("pool_order")))
          ->capture_default_str(),
      search->add_option("--resort-every", population.resort_every, "Population: see --pool-order")
          ->check(ratrace::whole_number(1, UINT64_MAX))
          ->capture_default_str(),
      search
          ->add_option("--dna", dna_source,
                       "Population: parent (a child's DNA is its parent's moves on top of a fill) or kept (the public "
                       "log's: each pool grid keeps a DNA that its children copy and change, and takes over a child's "
                       "that plays it again)")
          ->check(CLI::IsMember(population_choice_values("dna")))
          ->capture_default_str(),
      search->add_flag("--adapt-window", population.adapt_window,
                       "Population: the public log's window, checked every --resort-every iterations: narrower by 1 "
                       "after 16 grids taken inside it, wider by 10 after 16 checks with hardly any taken, back to "
                       "--window at a new best"),
      search->add_flag("--drift", population.drift,
                       "Population, with --pool-order rotate: a child that is a grid the pool holds gives that grid "
                       "the order it played its moves in (the public log's neutral drift)"),
      search
          ->add_option("--ruin-share", population.ruin_share,
                       "Population: share of end searches that take out moves anywhere in the grid, each with the "
                       "moves that need its dot, rather than the last ones")
          ->check(ratrace::real_number(0, 1))
          ->capture_default_str(),
      search
          ->add_option("--crossover-share", population.crossover_share,
                       "Population: share of children that join two pool grids, the parent's moves on one side of a "
                       "random straight cut and another pool grid's on the other, rather than change one grid")
          ->check(ratrace::real_number(0, 1))
          ->capture_default_str(),
      search->add_option("--window", population.window, "Population: no grid kept more than this below the best")
          ->check(ratrace::whole_number(0, 1000))
          ->capture_default_str(),
      search->add_option("--skew", population.skew, "Population: a parent is pool[u^skew * size], u uniform in [0, 1)")
          ->check(ratrace::real_number(0, 1000, ratrace::LowerEnd::kExcluded))
          ->capture_default_str(),
      search
          ->add_option(
              "--swaps", population.swaps,
              "Population: a child swaps 0 to this many pairs of preferences (--mutation swap-any: 1 to this many)")
          ->check(ratrace::whole_number(0, 1000))
          ->capture_default_str(),
      search
          ->add_option("--mutation-focus", population.mutation_focus,
                       "Population: each move a child changes is its parent's move floor(u^focus * n), u uniform in "
                       "[0, 1): below 1 nearer the game's end, above 1 nearer its start")
          ->check(ratrace::real_number(0, 100, ratrace::LowerEnd::kExcluded))
          ->capture_default_str(),
      search
          ->add_option("--protect", population.protect,
                       "Population: a child's new line that overlaps a parent move it has still to play loses this "
                       "much value (0: off)")
          ->check(ratrace::real_number(0, 1))
          ->capture_default_str(),
      search
          ->add_option("--fill-centre", population.fill_centre,
                       "Population: a child's fill values, where it leaves its parent's moves, lean this much to "
                       "lines near the cross: (u + w c) / (1 + w), c = 1 / (1 + d / 4), d the line's distance from "
                       "the cross's centre (0: uniform)")
          ->check(ratrace::real_number(0, 100))
          ->capture_default_str(),
      search->add_option("--end-search-every", population.end_search_every, "Population: iterations per end search")
          ->check(ratrace::whole_number(1, UINT64_MAX))
          ->capture_default_str(),
      search->add_option("--completions", population.completions, "Population: random finishes per end search")
          ->check(ratrace::whole_number(1, 1000000))
          ->capture_default_str(),
      search
          ->add_option("--restart-after", population.restart_after,
                       "Population: iterations without a better pool before a fresh start (0: never)")
          ->check(ratrace::whole_number(0, UINT64_MAX))
          ->capture_default_str(),
      search
          ->add_option("--restart-growth", population.restart_growth,
                       "Population: each lineage waits this many times longer than the last before its fresh start")
          ->check(ratrace::real_number(1, 1000))
          ->capture_default_str(),
      search
          ->add_option("--poor-restart-after", population.poor_restart_after,
                       "Population: --restart-after for a lineage whose best is below --poor-below (0: the same)")
          ->check(ratrace::whole_number(0, UINT64_MAX))
          ->capture_default_str(),
      search->add_option("--poor-below", population.poor_below, "Population: see --poor-restart-after")
          ->check(ratrace::whole_number(0, 100000))
          ->capture_default_str(),
      search
          ->add_option("--widen-after", population.widen_after,
                       "Population: each this many iterations without a better pool best widen the window by "
                       "--widen-by, until the pool's best rises (0: never)")
          ->check(ratrace::whole_number(0, UINT64_MAX))
          ->capture_default_str(),
      search->add_option("--widen-by", population.widen_by, "Population: see --widen-after")
          ->check(ratrace::whole_number(1, 1000))
          ->capture_default_str(),
      search
          ->add_option("--abandon-after", population.abandon_after,
                       "Population: a lineage this many iterations old and more than --abandon-margin below the "
                       "search's best is given up for a fresh start (0: never)")
          ->check(ratrace::whole_number(0, UINT64_MAX))
          ->capture_default_str(),
      search->add_option("--abandon-margin", population.abandon_margin, "Population: see --abandon-after")
          ->check(ratrace::whole_number(0, 1000))
          ->capture_default_str(),
      search
          ->add_option("--abandon-below", population.abandon_below,
                       "Population: with --abandon-after, a lineage that old whose best is below this score is given "
                       "up, whatever the search's best (0: the --abandon-margin rule)")
          ->check(ratrace::whole_number(0, 1000))
          ->capture_default_str(),
      search
          ->add_option("--kick-share", population.kick_share,
                       "Population: share of fresh starts from the best grid wound back, not from a random game")
          ->check(ratrace::real_number(0, 1))
          ->capture_default_str(),
      search
          ->add_option("--kick-after", population.kick_after,
                       "Population: from this many iterations on, every fresh start is from the best grid wound "
                       "back (0: never; off with --climb-after)")
          ->check(ratrace::whole_number(0, UINT64_MAX))
          ->capture_default_str(),
      search
          ->add_option("--kick-restart-after", population.kick_restart_after,
                       "Population: --restart-after for a lineage begun by a kick after --kick-after (0: the same)")
          ->check(ratrace::whole_number(0, UINT64_MAX))
          ->capture_default_str(),
      search
          ->add_option("--kick-return-patience", population.kick_return_patience,
                       "Population: --restart-after for a kick's lineage while it stands on the grid it was kicked "
                       "from, climbed back to it and no higher (0: as --kick-restart-after)")
          ->check(ratrace::whole_number(0, UINT64_MAX))
          ->capture_default_str(),
      search
          ->add_option("--kick-tabu", population.kick_tabu,
                       "Population: a kick's lineage blacklists this many lines of the moves the kick took out, "
                       "drawn at random, in every child it makes, so that it climbs back to its grid less often")
          ->check(ratrace::whole_number(0, 1000))
          ->capture_default_str(),
      search
          ->add_option("--elite-starts", population.elite_starts,
                       "Population: once this many lineages have ended, a fresh start that is not a kick plays a "
                       "random game biased to the lines of their best grids, each preferred with the share of them "
                       "that play it (0: a random game)")
          ->check(ratrace::whole_number(0, 1000))
          ->capture_default_str(),
      search
          ->add_option("--round-iterations", population.round_iterations,
                       "Population: every this many iterations the search begins a new round: a fresh start from a "
                       "random game, --kick-after counted from the round's start, kicks from the round's best (0: one "
                       "round)")
          ->check(ratrace::whole_number(0, UINT64_MAX))
          ->capture_default_str(),
      search
          ->add_option("--kick-accept", population.kick_accept,
                       "Population: a kick's lineage that ends at most this many points below the search's best "
                       "becomes the source of the next kicks (-1: kicks always from the best)")
          ->check(ratrace::signed_number(-1, 1000))
          ->capture_default_str(),
      search
          ->add_option("--kick-depth", kick_depth,
                       "Population: a kick winds back a share of the best grid's moves drawn uniformly between these "
                       "two, comma-separated")
          ->delimiter(',')
          ->expected(2)
          ->check(ratrace::real_number(0, 1))
          ->capture_default_str(),
      search
          ->add_option("--kick-shape", kick_shape,
                       "Population: which of the best grid's moves a kick takes out: tail (its last moves), ruin "
                       "(moves anywhere, each with the moves that need its dot) or region (the moves nearest one of "
                       "its dots, each with theirs)")
          ->check(CLI::IsMember(population_choice_values("kick_shape")))
          ->capture_default_str(),
      search->add_option("--start", start_code,
                         "Population: the layer code of a grid each search's first lineage starts from, rather than "
                         "a random game"),
      search
          ->add_option("--climb-after", population.climb_after,
                       "Population: after this many iterations, hand the best grid to climbs with the climber's "
                       "settings, each from the best so far (0: never; up to 1.6 GB a search)")
          ->check(ratrace::whole_number(0, UINT64_MAX))
          ->capture_default_str(),
      search->add_option("--climb-iterations", population.climb_iterations, "Population: iterations of each climb")
          ->check(ratrace::whole_number(1, UINT64_MAX))
          ->capture_default_str(),
      search
          ->add_option("--climb-lineages", population.climb_lineages,
                       "Population: the first climbs start from the best grids of this many lineages, best first, "
                       "the later ones from the best so far")
          ->check(ratrace::whole_number(1, 1000))
          ->capture_default_str(),
      search
          ->add_option("--record-climbs", population.record_climbs,
                       "Population: a lineage that ends with a better best than every lineage before it is first "
                       "climbed from for this many iterations with the climber's settings (0: never; up to 1.6 GB "
                       "a search)")
          ->check(ratrace::whole_number(0, UINT64_MAX))
          ->capture_default_str(),
      search
          ->add_option("--record-climb-from", population.record_climb_from,
                       "Population: see --record-climbs; only lineages whose best is at least this")
          ->check(ratrace::whole_number(0, 100000))
          ->capture_default_str(),
      search->add_option("--checkpoint", checkpoint,
                         "Population: save the searches here, and resume from it when it exists (Ctrl-C, kill -9)"),
      search->add_option("--checkpoint-seconds", checkpoint_seconds, "Population: seconds between saves")
          ->check(ratrace::real_number(0, kMaxSeconds, ratrace::LowerEnd::kExcluded))
          ->capture_default_str()};

  std::vector<std::string> compare_files;
  std::vector<double> compare_at;
  bool compare_wall = false;
  bool compare_iterations = false;
  auto* compare = app.add_subcommand(
      "compare", "Mean best score over the searches of a result file at given times; of two files, paired per search");
  compare->add_option("files", compare_files, "One or two `morpion search/nrpa --json` results")
      ->required()
      ->expected(1, 2)
      ->check(CLI::ExistingFile);
  compare
      ->add_option("--at", compare_at,
                   "Times in seconds, comma-separated (default: 60,120,300,600,1800 up to the shortest run); "
                   "with --iterations, iteration counts (default: 1e6,1e7,1e8,1e9 up to the shortest run, and its end)")
      ->delimiter(',')
      ->check(ratrace::real_number(0, kMaxComparePoint, ratrace::LowerEnd::kExcluded));
  auto* wall_flag =
      compare->add_flag("--wall", compare_wall, "Times of the wall clock rather than of each search's CPU");
  compare
      ->add_flag("--iterations", compare_iterations,
                 "Points in each search's own iterations (playouts for nrpa), whatever the machine's speed that day")
      ->excludes(wall_flag);

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
        population.rules = parse_rules(search_flags.rules);
        const std::vector<std::pair<std::string, const std::string*>> choice_flags = {
            {"same_grid", &same_grid},
            {"order", &order},
            {"end_search_source", &end_search_source},
            {"end_search_keep", &end_search_keep},
            {"end_search_depths", &end_search_depths},
            {"fill", &fill},
            {"mutation", &mutation},
            {"pool_order", &pool_order},
            {"dna", &dna_source},
            {"kick_shape", &kick_shape}};
        for (const auto& [name, value] : choice_flags) set_population_choice(population, name, *value);
        population.kick_least = kick_depth[0];
        population.kick_most = kick_depth[1];
        if (!start_code.empty()) population.start = decode_game(start_code, population.rules).moves;
        settle_climbs_and_kicks(population, search->get_option("--kick-after")->count() > 0);
        if (method == "population") {
          check_population_options(population);
          if (population.dna == DnaSource::kKept && !checkpoint.empty())
            throw UsageError("--dna kept does not take --checkpoint");
          return cmd_population(search_flags, population, checkpoint, checkpoint_seconds);
        }
        for (const CLI::Option* option : population_only)
          if (option->count() > 0) throw UsageError(option->get_name() + " belongs to --method population");
        const LocalSearchOptions options{population.rules, population.blacklist};
        return run_and_report("search", search_flags, local_search_settings(options, search_flags.work_limit),
                              [&](int s, const SearchLimits& limits, const ImprovementCallback& cb) {
                                return local_search(search_flags.seed, s, options, limits, cb);
                              });
      }
      if (*compare)
        return cmd_compare(compare_files, compare_at,
                           compare_iterations ? Clock::kIterations
                           : compare_wall     ? Clock::kWall
                                              : Clock::kCpu);
      if (*nrpa) {
        nrpa_options.rules = parse_rules(nrpa_flags.rules);
        return run_and_report("nrpa", nrpa_flags, nrpa_settings(nrpa_options, nrpa_flags.work_limit),
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
