#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/common/stats.h"
#include "ratrace/engine/player.h"

// The leaderboard's tables and rank correlation, apart from running games, so they can be
// tested on made-up scores.
namespace ratrace {

// One player's line on our leaderboard, next to what was published about it.
struct LeaderboardRow {
  int rank = 0;  // ours: 1 + the number of players with a higher geometric mean
  std::string player;
  std::string author;
  ScoreSummary summary;  // over the boards the player finished without a fault
  size_t faulted_boards = 0;
  double published_score = 0;       // 0: none published
  int published_games = 0;          // 0: not stated
  int published_rank = 0;           // 0: not on the published leaderboard
  double ratio_to_published = NAN;  // our geometric mean / published score; NaN without one
  // The same player under the rules dialect of its author's controller (tracks/rules.h).
  std::string rules = "cpp";    // the dialect of `summary` (the run's own rules)
  std::string author_rules;     // the author's controller's dialect
  ScoreSummary author_summary;  // under author_rules; equal to `summary` when it is the run's
  std::string original_figure;  // the original code's measured score, where one exists
};

// The dialect a published score belongs to: the player's published_rules, else its language's.
std::string author_rules_of(const PlayerInfo& info);
// Adds the scores under the author's dialect to a row made by leaderboard_row.
void add_author_scores(LeaderboardRow& row, const std::string& author_rules, std::span<const uint64_t> scores);
// Whether the published score is consistent with ours, and the evidence: "consistent: ..."
// when it lies inside our 95% interval under the author's dialect, "not consistent: ..."
// with how far outside it lies (and the original code's figure, where measured), "-"
// without a published score.
std::string verdict(const LeaderboardRow& row);

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
// Our order is by `summary`, or by `author_summary` with under_author_rules.
RankAgreement agreement_with_published(const std::vector<LeaderboardRow>& rows, bool under_author_rules = false);
// Fewer players than this with a published rank make a rank correlation too noisy to print.
constexpr size_t kMinRankedPlayers = 5;
// "Rank correlation (Spearman) ...: 0.912 over the 17 players ...": one sentence, no full stop;
// "not shown" with fewer than kMinRankedPlayers. `rules_note` (e.g. "under each author's
// controller's rules") qualifies the order.
std::string rank_agreement_text(const RankAgreement& agreement, const std::string& rules_note = "");

// What the leaderboard ran on, for the report's header and notes.
struct LeaderboardRunInfo {
  int boards = 0;
  uint64_t master_seed = 1;
  std::string command_line;  // as typed, to redo the run
  std::string utc_date;      // when the report was written
};

// The table for a terminal, aligned, one line per row after a header line, and a line under
// each player whose author published under other rules, with its score under those.
std::string leaderboard_text(const std::vector<LeaderboardRow>& rows);
// The table, the rank correlation and notes on reading them, as a Markdown document.
// `author_agreement` is the order under each author's dialect (agreement_with_published(rows, true)).
std::string leaderboard_markdown(const std::vector<LeaderboardRow>& rows, const RankAgreement& agreement,
                                 const RankAgreement& author_agreement, const LeaderboardRunInfo& run);
nlohmann::json leaderboard_to_json(const std::vector<LeaderboardRow>& rows, const RankAgreement& agreement,
                                   const RankAgreement& author_agreement);

}  // namespace ratrace
