// The controllers' second sample: always straight ahead.
#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

Move forward_only_move(const Genome&, const View&, Rng&) { return Move{1, 0}; }

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "ForwardOnly",
    .author = "challenge organisers (sample)",
    .language = "all",
    .summary = "Ignores genome and view: always moves (1, 0).",
    .choices = "",
    .move = ratrace::forward_only_move,
})
