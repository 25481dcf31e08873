// Google Benchmark micro-benchmarks of the hot paths. Not a test: run build/ratrace_microbench.
#include <benchmark/benchmark.h>

#include <vector>

#include "ratrace/engine/breeding.h"
#include "ratrace/engine/game.h"
#include "ratrace/engine/player.h"
#include "ratrace/runs/runner.h"
#include "ratrace/tracks/track.h"

namespace ratrace {
namespace {

const Track& bench_track() {
  static const Track track = generate_track(Config{}, board_seed(1, 0));
  return track;
}

// Building a board: generation, start-cell search and the precomputed views and moves.
void BM_GenerateTrack(benchmark::State& state) {
  int board = 0;
  for (auto _ : state) benchmark::DoNotOptimize(generate_track(Config{}, board_seed(1, board++)));
}
BENCHMARK(BM_GenerateTrack);

// One move decision of a player on every cell of a board in turn.
void player_moves(benchmark::State& state, const char* name) {
  const PlayerInfo& player = find_player(name);
  const Track& track = bench_track();
  Rng genome_rng(7);
  std::vector<Genome> genomes;
  for (int i = 0; i < 64; ++i)
    genomes.emplace_back((static_cast<uint128>(genome_rng.next()) << 64) | genome_rng.next(), 100);
  size_t k = 0;
  for (auto _ : state) {
    const int cell = track.cell(static_cast<int>(k % 49), static_cast<int>(k / 49 % 15));
    Rng rng(k);
    benchmark::DoNotOptimize(player.move(genomes[k % genomes.size()], track.view(cell), rng));
    ++k;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK_CAPTURE(player_moves, ColorScorePlayer, "ColorScorePlayer");
BENCHMARK_CAPTURE(player_moves, RunningStar, "Running Star (reconstruction)");
// The search players, whose calls dominate their games (docs/performance-ratrace.md).
BENCHMARK_CAPTURE(player_moves, Pathfinder, "Pathfinder");
BENCHMARK_CAPTURE(player_moves, CautiousSpecimens, "Cautious Specimens");
BENCHMARK_CAPTURE(player_moves, HardBelievers, "Hard Believers");
BENCHMARK_CAPTURE(player_moves, BlindFaith, "Blind Faith");

// One child: two fitness-proportional parents out of 50,000, crossover and mutation.
void BM_Breed(benchmark::State& state) {
  std::vector<uint64_t> fitness(50000);
  for (size_t i = 0; i < fitness.size(); ++i) fitness[i] = 1 + i % 49 + 50 * (i % 7);
  const ParentSampler sampler(fitness);
  const Breeder breeder{Config{}};
  const Genome a(~uint128{0}, 100), b(0, 100);
  Rng rng(3);
  for (auto _ : state) {
    benchmark::DoNotOptimize(sampler.pick(rng));
    benchmark::DoNotOptimize(breeder.child(a, b, rng));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Breed);

// Turns of a 50,000-specimen population (ColorScorePlayer): 50,000 specimens placed at the
// start, long-lived, 10 turns; items are specimen moves.
void BM_TurnsAt50k(benchmark::State& state) {
  Config config;
  config.initial_specimens = 50000;
  config.lifespan = 255;
  config.turns = 10;
  const PlayerInfo& player = find_player("ColorScorePlayer");
  GameOptions options;
  options.cache = state.range(0) != 0;
  options.parallel = false;
  uint64_t moves = 0;
  for (auto _ : state) moves += play_game(config, bench_track(), player, 5, options).moves;
  state.SetItemsProcessed(static_cast<int64_t>(moves));
}
BENCHMARK(BM_TurnsAt50k)->Arg(0)->Arg(1)->ArgName("cache")->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ratrace

BENCHMARK_MAIN();
