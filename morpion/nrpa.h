#pragma once
// Nested Rollout Policy Adaptation (Rosin, IJCAI 2011) on the Morpion engine. A policy holds
// one weight per move code; a playout draws each move with probability proportional to
// exp(weight); level L runs level L-1 `iterations` times from its own copy of the policy and
// after each run moves that copy towards the best sequence found so far (gradient step alpha).
#include <vector>

#include "morpion/search.h"

namespace morpion {

// The code of a move: its line and where on the line the new dot is, line * 5 + k. The same
// line drawn with a different new dot is a different move.
int nrpa_code(const Move& move);
constexpr int kNrpaCodes = kLines * 5;

// NRPA's settings, with the bounds every front end checks them against: level in [1,
// kMaxNrpaLevel], iterations in [1, kMaxNrpaIterations], alpha in (0, kMaxNrpaAlpha].
constexpr int kMaxNrpaLevel = 6;
constexpr int kMaxNrpaIterations = 100000;
constexpr double kMaxNrpaAlpha = 100;
struct NrpaOptions {
  Rules rules = Rules::k5T;
  int level = 3;
  int iterations = 100;  // N: level-(L-1) calls per level-L call
  double alpha = 1.0;
};

// One NRPA search from the zero policy. limits.iterations caps the playouts (0: none); an
// improvement is any playout beating every earlier one, its `iteration` the playout count.
SearchResult nrpa_search(uint64_t master_seed, int search, const NrpaOptions& options, const SearchLimits& limits,
                         const ImprovementCallback& on_improvement);

}  // namespace morpion
