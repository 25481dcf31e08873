// The `morpion` command: decode/encode layer codes, pictures, the DNA local search, NRPA and
// a benchmark.
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "morpion/compare_runs.h"
#include "morpion/game_io.h"
#include "morpion/layer_code.h"
#include "morpion/nrpa.h"
#include "morpion/population.h"
#include "morpion/search_options.h"
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
      ->check(ratrace::whole_number(1, kMaxSearches));
  cmd->add_option("--seconds", f.seconds, "Stop each search after this many seconds of its own run (0: no limit)")
      ->check(ratrace::real_number(0, kMaxRunSeconds))
      ->capture_default_str();
  cmd->add_option("--cpu-seconds", f.cpu_seconds,
                  "Stop each search after this much CPU time of its own (0: no limit); fairer on a busy machine")
      ->check(ratrace::real_number(0, kMaxRunSeconds))
      ->capture_default_str();
  cmd->add_option("--json", f.json, "Write the result file here ('-' for standard output)");
  cmd->add_flag("--force", f.force, "Replace an existing --json file");
  cmd->add_option("--rules", f.rules, "5T or 5D")
      ->check(CLI::IsMember({"5T", "5t", "5D", "5d"}))
      ->capture_default_str();
  cmd->add_option("--best-svg", f.best_svg, "Draw the best grid here each time it improves");
}

// The flags of the population settings' table (search_options.h), each checked against its range
// or choices; a choice's value goes to `choices` under its name. Returns the flags that only the
// population search reads.
std::vector<CLI::Option*> add_population_flags(CLI::App* cmd, PopulationOptions& options,
                                               std::map<std::string, std::string>& choices) {
  std::vector<CLI::Option*> population_only;
  for (const PopulationSetting& setting : population_setting_table()) {
    const std::string flag = setting.flag();
    std::string help = setting.help;
    if (setting.population_only) {
      help[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(help[0])));
      help = "Population: " + help;
    }
    CLI::Option* option = std::visit(
        [&](const auto& kind) -> CLI::Option* {
          using Kind = std::decay_t<decltype(kind)>;
          if constexpr (std::is_same_v<Kind, Switch>) {
            return cmd->add_flag(flag, options.*kind.member, help);
          } else if constexpr (std::is_same_v<Kind, Choice>) {
            std::string& value = choices[setting.name];
            value = kind.values.front().first;
            return cmd->add_option(flag, value, help)
                ->check(CLI::IsMember(population_choice_values(setting.name)))
                ->capture_default_str();
          } else if constexpr (std::is_same_v<Kind, Bounded<double>>) {
            return cmd->add_option(flag, options.*kind.member, help)
                ->check(ratrace::real_number(
                    kind.least, kind.most,
                    kind.least_excluded ? ratrace::LowerEnd::kExcluded : ratrace::LowerEnd::kIncluded))
                ->capture_default_str();
          } else if constexpr (std::is_same_v<Kind, Bounded<int>>) {
            return cmd->add_option(flag, options.*kind.member, help)
                ->check(kind.least < 0 ? ratrace::signed_number(kind.least, kind.most)
                                       : ratrace::whole_number(static_cast<unsigned long long>(kind.least),
                                                               static_cast<unsigned long long>(kind.most)))
                ->capture_default_str();
          } else {
            return cmd->add_option(flag, options.*kind.member, help)
                ->check(ratrace::whole_number(kind.least, kind.most))
                ->capture_default_str();
          }
        },
        setting.kind);
    if (setting.population_only) population_only.push_back(option);
  }
  return population_only;
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
  request.best_picture = flags.best_svg;
  return request;
}

// Runs the request's searches in parallel, printing one line per improvement of the best score
// so far and, on a terminal, a progress line; Ctrl-C stops them and keeps the best grid.
int run_and_report(const RunRequest& request, const RunFlags& flags, const RunFunction& run) {
  const std::string& kind = request.kind;
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
    outcome = run(hooks);
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

// Runs the searches of `search` (local search or NRPA) as the flags ask, recording `settings`.
int run_searches_and_report(const std::string& kind, const RunFlags& flags, nlohmann::json settings,
                            const SearchFunction& search) {
  const RunRequest request = request_of(kind, flags, std::move(settings));
  return run_and_report(request, flags, [&](const RunHooks& hooks) { return run_and_record(request, search, hooks); });
}

// The population search, resumed from `checkpoint` when that file exists and saved to it as it goes.
int cmd_population(RunFlags flags, const PopulationOptions& options, const CheckpointFile& checkpoint) {
  ratrace::check_distinct_files(
      {{"--json", flags.json}, {"--best-svg", flags.best_svg}, {"--checkpoint", checkpoint.path}});
  PopulationRun run(request_of("search", flags, {}), options, checkpoint);
  if (run.resumed()) {
    const int count = search_count(run.request());
    spdlog::info("resuming {} search{} from {} ({} iterations done)", count, count == 1 ? "" : "es", checkpoint.path,
                 run.iterations_done());
    flags.best_svg_ours = true;
  }
  return run_and_report(run.request(), flags, [&](const RunHooks& hooks) { return run.run(hooks); });
}

// "a.json,b.json" as its files; a path without commas as itself.
std::vector<std::string> comma_separated(const std::string& text) {
  std::vector<std::string> parts;
  for (size_t from = 0;;) {
    const size_t comma = text.find(',', from);
    parts.push_back(text.substr(from, comma - from));
    if (comma == std::string::npos) return parts;
    from = comma + 1;
  }
}

// A run's master seeds, "17, 9".
std::string seeds_of(const SearchRun& run) {
  std::string seeds;
  for (const RunPart& part : run.parts) seeds += (seeds.empty() ? "" : ", ") + std::to_string(part.master_seed);
  return seeds;
}

// The mean best score of each run's searches at each point, with its 95% interval; with two
// runs, search i of one against search i of the other (the same seed and search index): the
// mean difference and its 95% interval, from the per-search differences. A run is a result file,
// or several joined with commas, whose searches pool.
int cmd_compare(const std::vector<std::string>& arguments, const std::vector<double>& points, Clock clock) {
  std::vector<SearchRun> runs;
  for (const std::string& argument : arguments) {
    std::vector<SearchRun> files;
    for (const std::string& path : comma_separated(argument)) files.push_back(load_search_run(path, clock));
    runs.push_back(pooled(files));
  }
  const nlohmann::json comparison = compare_runs(runs, points, clock);
  const bool two = runs.size() == 2;
  for (size_t f = 0; f < runs.size(); ++f)
    std::cout << fmt::format("{}: {} ({}, {} searches, seed{} {})\n", f == 0 ? "A" : "B", runs[f].name, runs[f].method,
                             runs[f].searches.size(), runs[f].parts.size() == 1 ? "" : "s", seeds_of(runs[f]));
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
  std::map<std::string, std::string> choices;  // the population settings that are choices, by name
  PopulationOptions population;
  CheckpointFile checkpoint;
  std::string start_code;
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
  std::vector<CLI::Option*> population_only = add_population_flags(search, population, choices);
  population_only.insert(
      population_only.end(),
      {search
           ->add_option("--kick-depth", kick_depth,
                        "Population: a kick winds back a share of the best grid's moves drawn uniformly between these "
                        "two, comma-separated")
           ->delimiter(',')
           ->expected(2)
           ->check(ratrace::real_number(0, 1))
           ->capture_default_str(),
       search->add_option("--start", start_code,
                          "Population: the layer code of a grid each search's first lineage starts from, rather than "
                          "a random game"),
       search->add_option("--checkpoint", checkpoint.path,
                          "Population: save the searches here, and resume from it when it exists (Ctrl-C, kill -9)"),
       search->add_option("--checkpoint-seconds", checkpoint.every_seconds, "Population: seconds between saves")
           ->check(ratrace::real_number(0, kMaxRunSeconds, ratrace::LowerEnd::kExcluded))
           ->capture_default_str()});

  std::vector<std::string> compare_files;
  std::vector<double> compare_at;
  bool compare_wall = false;
  bool compare_iterations = false;
  auto* compare = app.add_subcommand(
      "compare", "Mean best score over the searches of a result file at given times; of two files, paired per search");
  compare
      ->add_option("files", compare_files,
                   "One or two `morpion search/nrpa --json` results; files of other seeds joined with commas pool "
                   "their searches (two such runs pair file by file)")
      ->required()
      ->expected(1, 2)
      ->check(CLI::Validator(
          [](const std::string& argument) {
            for (const std::string& path : comma_separated(argument)) {
              if (path.empty()) return "'" + argument + "' has an empty file name between its commas";
              if (std::string missing = CLI::ExistingFile(path); !missing.empty()) return missing;
            }
            return std::string();
          },
          "FILE[,FILE...]"));
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
      ->check(ratrace::whole_number(1, kMaxNrpaLevel))
      ->capture_default_str();
  nrpa->add_option("--iterations", nrpa_options.iterations, "N: level L-1 runs per level-L run")
      ->check(ratrace::whole_number(1, kMaxNrpaIterations))
      ->capture_default_str();
  nrpa->add_option("--alpha", nrpa_options.alpha, "Adaptation step")
      ->check(ratrace::real_number(0, kMaxNrpaAlpha, ratrace::LowerEnd::kExcluded))
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
        for (const auto& [name, value] : choices) set_population_choice(population, name, value);
        population.kick_least = kick_depth[0];
        population.kick_most = kick_depth[1];
        if (!start_code.empty()) population.start = decode_game(start_code, population.rules).moves;
        settle_climbs_and_kicks(population, search->get_option("--kick-after")->count() > 0,
                                search->get_option("--kick-bursts")->count() > 0);
        if (method == "population") {
          check_population_options(population);
          return cmd_population(search_flags, population, checkpoint);
        }
        for (const CLI::Option* option : population_only)
          if (option->count() > 0) throw UsageError(option->get_name() + " belongs to --method population");
        const LocalSearchOptions options{population.rules, population.blacklist};
        return run_searches_and_report("search", search_flags, local_search_settings(options, search_flags.work_limit),
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
        return run_searches_and_report("nrpa", nrpa_flags, nrpa_settings(nrpa_options, nrpa_flags.work_limit),
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
