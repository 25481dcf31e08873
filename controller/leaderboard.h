#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "controller/player.h"
#include "common/stats.h"

// The leaderboard's tables and rank correlation, apart from running games, so they can be
// tested on made-up scores.
namespace ratrace {

// One player's line on our leaderboard, next to what was published about it.
struct LeaderboardRow {
  int rank = 0;  // ours: 1 + the number of players with a higher geometric mean
  std::string player;
  std::string author;
  ScoreSummary summary;         // over the boards the player finished without a fault
  size_t faulted_boards = 0;
  double published_score = 0;   // 0: none published
  int published_games = 0;      // 0: not stated
  int published_rank = 0;       // 0: not on the published leaderboard
  double ratio_to_published = NAN;  // our geometric mean / published score; NaN without one
};

// The row of `info` from its scores on the boards it did not fault on (rank left at 0).
LeaderboardRow leaderboard_row(const PlayerInfo& info, std::span<const uint64_t> scores, size_t faulted_boards);
// The rows best first by geometric mean (equal ones by name), ranks filled in; equal
// geometric means share a rank.
std::vector<LeaderboardRow> rank_rows(std::vector<LeaderboardRow> rows);

// Spearman's rank correlation of paired values: Pearson's correlation of their ranks, tied
// values sharing their average rank. NaN with fewer than two pairs or a constant side.
double spearman(std::span<const double> x, std::span<const double> y);

// How our order agrees with the published one.
struct RankAgreement {
  size_t players = 0;  // ranked rows that have a published rank
  double rho = NAN;    // Spearman: 1 the same order, -1 reversed
};
RankAgreement agreement_with_published(const std::vector<LeaderboardRow>& rows);
// "Spearman's rank correlation ...: 0.912 (over the 17 players ...)": one sentence, no full stop.
std::string rank_agreement_text(const RankAgreement& agreement);

// What the leaderboard ran on, for the report's header and notes.
struct LeaderboardRun {
  int boards = 0;
  uint64_t master_seed = 1;
  std::string command_line;  // as typed, to redo the run
  std::string utc_date;      // when the report was written
};

// The table for a terminal, aligned, one line per row after a header line.
std::string leaderboard_text(const std::vector<LeaderboardRow>& rows);
// The table, the rank correlation and notes on reading them, as a Markdown document.
std::string leaderboard_markdown(const std::vector<LeaderboardRow>& rows, const RankAgreement& agreement,
                                 const LeaderboardRun& run);
nlohmann::json leaderboard_to_json(const std::vector<LeaderboardRow>& rows, const RankAgreement& agreement);

}  // namespace ratrace
