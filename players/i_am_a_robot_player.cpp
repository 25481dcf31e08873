// IAmARobotPlayer: a lookup-table robot. Each colour is good or bad; the three cells ahead
// form a 3-bit situation number, and the genome stores one 3-bit action per situation.
#include <array>

#include "ratrace/engine/player.h"

namespace ratrace {
namespace {

constexpr int kColourBits = 0;   // bit c: colour c is good (1) or bad (0)
constexpr int kActionBits = 16;  // situation n: action in bits 16 + 3n .. 16 + 3n + 2

// Action number -> move: the 8 moves other than standing still, forward ones first.
constexpr std::array<Move, 8> kActions = {Move{1, -1}, Move{1, 0},   Move{1, 1},  Move{0, -1},
                                          Move{0, 1},  Move{-1, -1}, Move{-1, 0}, Move{-1, 1}};

int good(const Genome& genome, int colour) { return colour == kOutOfBounds ? 0 : genome.bit(kColourBits + colour); }

Move i_am_a_robot_move(const Genome& genome, const View& view, Rng&) {
  // Upper cell ahead is the most significant bit.
  const int situation = good(genome, view(1, -1)) << 2 | good(genome, view(1, 0)) << 1 | good(genome, view(1, 1));
  return kActions[genome.chunk(kActionBits + 3 * situation, 3)];
}

}  // namespace
}  // namespace ratrace

RATRACE_PLAYER({
    .name = "IAmARobotPlayer",
    .author = "flawr",
    .language = "Java",
    .published_score = 3.7,
    .published_games = 0,
    .published_rank = 15,
    .summary = "One genome bit per colour says good or bad; the three cells ahead, (1,-1), (1,0), (1,1), "
               "read as good/bad make a 3-bit situation number, and the 3 genome bits stored for that "
               "situation name one of 8 actions. Same situation, same move: no randomness.",
    .choices = "Followed from the write-up: only the three cells ahead are looked at, each good or bad, "
               "giving a binary number; three consecutive genome bits at that number, read as a number, "
               "pick the stored action. Chosen (the code is lost): colour c's good/bad bit is bit c "
               "(bits 0..15, 1 = good); out-of-bounds cells count as bad; the upper cell ahead is the "
               "most significant bit of the situation; the action for situation n is bits 16+3n..18+3n "
               "(bits 16..39, first bit most significant); the 8 actions are the 8 moves other than "
               "standing still, numbered 0 (1,-1), 1 (1,0), 2 (1,1), 3 (0,-1), 4 (0,1), 5 (-1,-1), "
               "6 (-1,0), 7 (-1,1). The action is taken as stored, even into a cell out of bounds, as the "
               "write-up's robot does (evolution must learn it); bits 40..99 are unused.",
    .move = ratrace::i_am_a_robot_move,
})
