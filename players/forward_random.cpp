// The controllers' first sample: a random forward mover.
#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

Move forward_random_move(const Genome&, const View&, Rng& rng) { return Move{1, rng.between(-1, 1)}; }

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "ForwardRandom",
    .author = "challenge organisers (sample)",
    .language = "all",
    .summary = "Ignores genome and view: moves to (1, dy) with dy uniform in {-1, 0, 1}.",
    .choices = "",
    .move = ratrace::forward_random_move,
})
