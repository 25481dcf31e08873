#pragma once
#include <cstdint>

#include "ratrace/common/rng.h"

namespace ratrace {

// Stream tags: one per kind of decision.
enum StreamTag : uint64_t {
  kTagBoard = 1,         // master seed -> board seed
  kTagTrack = 2,         // board seed -> one track generation attempt
  kTagGame = 3,          // board seed -> game seed
  kTagTurn = 4,          // game seed -> turn
  kTagMove = 5,          // turn -> the player's call for one specimen
  kTagRespawn = 6,       // turn -> start cell of one specimen that scored
  kTagBreed = 7,         // turn -> this turn's offspring
  kTagInitial = 8,       // game seed -> the initial specimens
  kTagRecordSample = 9,  // game seed -> the specimens a game record follows (never the game)
  kTagJavaBoard = 10,    // turn -> one specimen's goal-cell colours (seen and landed on), Java's board
};

}  // namespace ratrace
