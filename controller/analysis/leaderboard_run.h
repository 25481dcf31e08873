#pragma once
#include <string>
#include <vector>

#include "ratrace/analysis/leaderboard.h"
#include "ratrace/runs/durable_run.h"

namespace ratrace {

// `ratrace leaderboard` as asked: every selected player on the same boards, ranked next to
// the published leaderboard.
struct LeaderboardRequest {
  RunFlags run;
  std::vector<std::string> players;  // empty: every registered player but calibration candidates
  std::string markdown_file;         // the report as Markdown
  std::string plot_file;             // the forest plot, PLOT.png and PLOT.svg
};

// The Markdown report as an existing one must match it: without the date it was written.
std::string without_date(const std::string& markdown);
// The date a report is written: now, as "YYYY-MM-DD HH:MM UTC".
std::string utc_now();

// A leaderboard run, for DurableRun. Each player whose author published from a controller
// with other rules plays the same boards again under that dialect.
class LeaderboardRun final : public RunCommand {
 public:
  explicit LeaderboardRun(LeaderboardRequest request) : request_(std::move(request)) {}
  const LeaderboardRequest& request() const { return request_; }

  std::string name() const override { return "leaderboard"; }
  const RunFlags& flags() const override { return request_.run; }
  CommandWords words() const override;
  std::string journal_stem() const override { return "leaderboard-seed" + std::to_string(request_.run.seed); }
  std::vector<std::string> outputs() const override;
  RunHeader new_header() const override;
  // Board by board, so every player advances together; within a board the players that
  // published high scores first, as their big populations make the longest games.
  std::vector<BoardTask> next_games(const Journal& journal) override;
  nlohmann::json document(const Journal& journal) override;

  // After document(): the ranked rows and how their order agrees with the published one.
  const std::vector<LeaderboardRow>& rows() const { return rows_; }
  const RankAgreement& agreement() const { return agreement_; }
  const RankAgreement& author_agreement() const { return author_agreement_; }
  // The Markdown report, dated `utc_date`.
  std::string markdown(const RunHeader& run, const std::string& utc_date) const;

 private:
  LeaderboardRequest request_;
  std::vector<LeaderboardRow> rows_;
  RankAgreement agreement_, author_agreement_;
};

}  // namespace ratrace
