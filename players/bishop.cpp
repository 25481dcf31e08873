// Bishop: always moves diagonally forward. The 3x3 block ahead of the specimen picks one
// genome bit, and that bit says up or down.
#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

// The 3x3 block ahead: the block centred on the cell straight ahead, dx 0..2, dy -1..1
// (the only 3x3 block of the 5x5 view that lies ahead). Its nine colours, shifted to
// 0..16 (out of bounds reads -1), are the digits of a base-17 number, read row by row from
// the top left, most significant first; that number modulo 100 is the bit to read.
int block_bit_index(const View& view) {
  int index = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = 0; dx <= 2; ++dx) index = (index * 17 + view(dx, dy) + 1) % 100;
  return index;
}

Move bishop_move(const Genome& genome, const View& view, Rng&) {
  return Move{1, genome.bit(block_bit_index(view)) ? 1 : -1};
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "Bishop",
    .author = "trichoplax",
    .language = "Python",
    .published_score = 1.9,
    .published_games = 0,
    .published_rank = 16,
    .summary = "Always moves diagonally forward, (1,-1) or (1,1), never back. The colours of the 3x3 "
               "block ahead select one of the 100 genome bits, and that single bit picks up or down, so "
               "the best move for a situation is always one bit flip away.",
    .choices = "Followed from the write-up: only diagonal forward moves; each genome bit is one move; the "
               "bit is chosen from the 3x3 block ahead (right) of the specimen; published 1.9 (1.901 "
               "provisional in the write-up). Chosen (the code is lost): the 3x3 block is the one centred "
               "on the cell straight ahead (dx 0..2, dy -1..1), the only 3x3 block of the 5x5 view that "
               "lies ahead; its nine colours + 1 (so out of bounds, -1, is digit 0) are read row by row "
               "from the top left as the digits of a base-17 number, most significant first, and that "
               "number mod 100 is the bit index, so all 100 bits are used and the position of each "
               "colour matters (different situations can still share a bit, which fits the write-up's "
               "ceiling); bit 0 = up (1,-1), bit 1 = down (1,1). It does not refuse a diagonal that is "
               "out of bounds: out-of-bounds cells are part of the situation and evolution must learn "
               "the edges, as in the write-up. No randomness.",
    .move = ratrace::bishop_move,
})
