// ProbabilisticScorePlayer: each forward cell is judged, through good/bad colour bits, by
// itself and by its neighbours; the rat moves to a cell with probability proportional to
// how many of those judgements say "good".
#include <array>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

// Block j (bits 16j..16j+15) holds one good/bad bit per colour for the j-th cell around
// the target T: block 0 for T itself, block 1 for the cell in front of T, then the cells
// ahead-up, ahead-down, above and below T (offsets from T).
constexpr std::array<std::array<int, 2>, 6> kBlocks = {{{0, 0}, {1, 0}, {1, -1}, {1, 1}, {0, -1}, {0, 1}}};

int good(const Genome& genome, int block, int colour) {
  return colour == kOutOfBounds ? 0 : genome.bit(16 * block + colour);
}

Move probabilistic_score_move(const Genome& genome, const View& view, Rng& rng) {
  int weight[3] = {0, 0, 0};
  int in_bounds[3];
  int n_in = 0, n_positive = 0, total = 0, last_positive = 0;
  for (int t = 0; t < 3; ++t) {
    const int dy = t - 1;
    if (view(1, dy) == kOutOfBounds) continue;  // a target must be enterable
    in_bounds[n_in++] = dy;
    for (int j = 0; j < 6; ++j) weight[t] += good(genome, j, view(1 + kBlocks[j][0], dy + kBlocks[j][1]));
    total += weight[t];
    if (weight[t] > 0) {
      ++n_positive;
      last_positive = dy;
    }
  }
  if (n_in == 0) return Move{1, 0};  // only off the board (Java's rules): on it (1,0) is in bounds
  if (total == 0)                    // nothing looks good: any in-bounds forward cell, uniformly
    return Move{1, n_in == 1 ? in_bounds[0] : in_bounds[rng.below(static_cast<uint32_t>(n_in))]};
  if (n_positive == 1) return Move{1, last_positive};
  int r = static_cast<int>(rng.below(static_cast<uint32_t>(total)));
  for (int t = 0; t < 3; ++t) {
    if (r < weight[t]) return Move{1, t - 1};
    r -= weight[t];
  }
  return Move{1, last_positive};  // unreachable
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "ProbabilisticScorePlayer",
    .author = "not named in the write-up",
    .language = "Ruby",
    .published_score = 0,
    .published_games = 0,
    .published_rank = 0,
    .summary = "Six blocks of 16 good/bad colour bits judge each forward cell T: block 0 T itself, block 1 "
               "the cell in front of T, blocks 2-5 T's other neighbours ahead-up, ahead-down, above and "
               "below; it moves to T with probability proportional to the number of good verdicts, so it "
               "is highly non-deterministic and rarely stuck behind a wall.",
    .choices = "Followed from the write-up: the first 16 genome slots are the 16 colours (1 = good, 0 = "
               "bad) for the target cell; the next 16 do the same for the cell in front of the target, "
               "'and so on'; the move is drawn by the probability of getting through. Chosen (the code "
               "is lost, and the reviewers said the posted code did not run): targets are the three "
               "forward moves (1,-1), (1,0), (1,1), never an out-of-bounds one; 'and so on' is read as "
               "six blocks, bits 16j..16j+15 for the cells at offsets (0,0), (1,0), (1,-1), (1,1), "
               "(0,-1), (0,1) from the target (96 bits, all inside the view; bits 96..99 unused); an "
               "out-of-bounds cell counts as bad (it has no colour bit); a "
               "target's weight is its number of good verdicts (0..6), all blocks counting equally, and "
               "the move is drawn with probability weight / total; if every weight is 0 it moves to a "
               "uniformly random in-bounds forward cell. Draws from the rng only when more than one "
               "target is possible.",
    .move = ratrace::probabilistic_score_move,
})
