// Stripe Follower: an example player written outside the ratrace tree. Genome bit c says
// whether colour c is safe; it steps to the first safe cell of ahead, ahead-up, ahead-down,
// and stays put when none is.
#include "ratrace/engine/player.h"

namespace {

ratrace::Move stripe_follower_move(const ratrace::Genome& genome, const ratrace::View& view, ratrace::Rng&) {
  for (const int dy : {0, -1, 1}) {
    const int colour = view(1, dy);
    if (colour >= 0 && genome.bit(colour)) return ratrace::Move{1, dy};
  }
  return ratrace::Move{0, 0};
}

}  // namespace

RATRACE_PLAYER({.name = "Stripe Follower",
                .author = "you",
                .language = "C++",
                .summary = "Genome bit c marks colour c safe; first safe cell ahead, ahead-up, ahead-down.",
                .choices = "",
                .move = stripe_follower_move})
