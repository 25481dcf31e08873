#include <chrono>
#include <cstdio>
#include <memory>

#include <nlohmann/json.hpp>

#include "ratrace/cli/commands.h"
#include "ratrace/cli/flags.h"
#include "ratrace/common/cli.h"
#include "ratrace/runs/runner.h"
#include "ratrace/tracks/rules.h"
#include "ratrace/tracks/streams.h"

namespace ratrace {

namespace {

// The fixed workload: a cheap memoisable player on full-length games, a search-based
// player, and one that draws on every call (never memoised). Changing this list changes
// the signature, which must then be recorded again in tests/bench_signature.txt.
struct BenchEntry {
  const char* player;
  int turns;
  int boards;
};
constexpr BenchEntry kBenchEntries[] = {
    {"ColorScorePlayer", 10000, 12},
    {"Running Star (reconstruction)", 2000, 4},
    {"Run-Bonus Player", 3000, 6},
};
constexpr uint64_t kBenchSeed = 20150101;

}  // namespace

Subcommand add_bench_command(CLI::App& app, ProgramFlags& program) {
  auto options = std::make_shared<BenchOptions>();
  auto* cmd = app.add_subcommand("bench", "Fixed built-in games: throughput and a signature of every result");
  cmd->add_option("--threads", options->threads, "Worker threads (default: all cores)")->check(whole_number(0, 1024));
  cmd->add_option("--rules", options->rules, "Rules dialect of the fixed games; each has its own signature")
      ->capture_default_str();
  cmd->add_flag("--no-cache", options->no_cache, "Do not memoise player calls (the signature must not change)");
  add_program_flags(cmd, program);
  return {cmd, [options] { return run_bench(*options); }};
}

int run_bench(const BenchOptions& options) {
  std::vector<Entrant> entrants;
  std::vector<BoardTask> tasks;
  for (const BenchEntry& entry : kBenchEntries) {
    Config config;
    apply_rules(config, options.rules);
    config.turns = entry.turns;
    find_player(entry.player);
    for (int b = 0; b < entry.boards; ++b) tasks.push_back({entrants.size(), b});
    entrants.push_back({entry.player, entry.player, config});
  }
  std::vector<std::vector<BoardResult>> results(entrants.size());
  for (size_t e = 0; e < entrants.size(); ++e) results[e].resize(static_cast<size_t>(kBenchEntries[e].boards));

  const auto start = std::chrono::steady_clock::now();
  run_boards(entrants, tasks, kBenchSeed, {options.threads, !options.no_cache, nullptr},
             [&](size_t e, const BoardResult& r) { results[e][static_cast<size_t>(r.index)] = r; });
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // The signature folds every game's outcome, in a fixed order, into one number.
  uint64_t signature = 0;
  uint64_t moves = 0, calls = 0;
  for (size_t e = 0; e < entrants.size(); ++e) {
    uint64_t entrant_moves = 0;
    double entrant_seconds = 0;
    for (const BoardResult& r : results[e]) {
      if (!r.fault.empty()) throw std::runtime_error("bench: " + r.fault);
      for (uint64_t value : {r.score, static_cast<uint64_t>(r.turns), r.peak_population, r.moves})
        signature = mix64(signature ^ mix64(value + e));
      entrant_moves += r.moves;
      entrant_seconds += r.seconds;
      calls += r.player_calls;
    }
    moves += entrant_moves;
    std::printf("%-18s %3zu games  %12llu moves  %7.1f M moves/s per thread\n", entrants[e].player.c_str(),
                results[e].size(), static_cast<unsigned long long>(entrant_moves),
                static_cast<double>(entrant_moves) / entrant_seconds / 1e6);
  }
  std::printf("total: %zu games in %.2f s: %.2f boards/s, %.1f M specimen moves/s, player called for %.1f%% of moves\n",
              tasks.size(), wall, static_cast<double>(tasks.size()) / wall, static_cast<double>(moves) / wall / 1e6,
              100.0 * static_cast<double>(calls) / static_cast<double>(moves));
  if (options.rules != "cpp") std::printf("rules: %s\n", options.rules.c_str());
  std::printf("signature: %016llx\n", static_cast<unsigned long long>(signature));
  return kExitOk;
}

}  // namespace ratrace
