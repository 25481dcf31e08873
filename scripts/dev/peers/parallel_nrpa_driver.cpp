// Times the parallel-nrpa 5T engine (morpiongame.*), for scripts/dev/side_by_side.sh: `random N` plays
// N uniformly random games, `nrpa LEVEL ITER SEARCHES` runs its NRPA. Same RNG as ours
// (ratrace::Rng, one stream per game). Their code is not part of this repository: this file is
// compiled against a fetched copy of it (PEER: its folder with morpiongame.* and cppnrpa.*),
// outside the tree, after a build of ratrace in build/:
//   g++ -O3 -march=native -std=c++20 -I PEER -I build/include scripts/dev/peers/parallel_nrpa_driver.cpp \
//       PEER/morpiongame.cpp PEER/cppnrpa.cpp -o parallel_nrpa
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#include "morpiongame.h"
#include "ratrace/common/rng.h"
// After morpiongame.h and <vector>: cppnrpa.h uses both without including them.
#include "cppnrpa.h"

static double cpu() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char** argv) {
  if (argc >= 3 && !strcmp(argv[1], "random")) {
    const int games = atoi(argv[2]);
    static const MorpionGame root;
    const double c0 = cpu();
    long long moves = 0;
    for (int g = 0; g < games; ++g) {
      ratrace::Rng rng(ratrace::stream_key(1, 4, static_cast<uint64_t>(g)));
      MorpionGame game(root);
      while (game.Moves().length > 0) {
        game.MakeMove(game.Moves().mv[rng.below(game.Moves().length)]);
        ++moves;
      }
    }
    const double c = cpu() - c0;
    printf("peer random: %d games in %.3f s CPU = %.0f games per CPU second; mean score %.2f\n", games, c, games / c,
           double(moves) / games);
    return 0;
  }
  if (argc >= 5 && !strcmp(argv[1], "nrpa")) {
    static CppNRPAExperimentData data;
    data.batch_size = atoi(argv[4]);
    data.random_seed = 1;
    data.levels = atoi(argv[2]);
    data.iterations = atoi(argv[3]);
    data.alpha = 1.0f;
    data.v = MorpionGame::T5;
    for (float& w : data.weights) w = 0.0f;
    const double c0 = cpu();
    CppNRPA().run(data);
    const double c = cpu() - c0;
    printf("peer nrpa: %lld playouts in %.3f s CPU = %.0f playouts per CPU second; mean score %.2f; best %zu\n",
           data.sequences, c, data.sequences / c, double(data.moves) / data.sequences, data.best_sequence.size());
    return 0;
  }
  fprintf(stderr, "usage: driver random N | driver nrpa LEVEL ITERATIONS SEARCHES\n");
  return 2;
}
