// Counts the moves of the organisers' C++ controller (m-ender/ppcg-genetic-algorithms, c++/)
// around its own ColorScorePlayer, for scripts/dev/side_by_side.sh. Their code is not part of this
// repository: this file is compiled against a fetched copy of it, outside the tree:
//   g++ -O3 -march=native -std=c++17 -pthread -DORGANISERS_MAIN='"PATH/c++/main.cpp"' \
//       organisers_cpp_driver.cpp -o organisers_cpp
#include <cstdio>

#define main organisers_main  // their main() runs the same simulation without the counter
#include ORGANISERS_MAIN
#undef main

static unsigned long long g_moves = 0;

coord_t counted_color_score(dna_t dna, view_t view) {
  ++g_moves;
  return colorScorePlayer(dna, view);
}

int main() {
  const double geometric_mean = runsimulation(counted_color_score);
  std::fprintf(stderr, "games %d moves %llu geomean %f\n", N_GAMES, g_moves, geometric_mean);
}
