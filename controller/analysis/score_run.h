#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ratrace/common/stats.h"
#include "ratrace/runs/durable_run.h"

namespace ratrace {

// `ratrace score` as asked: one player over boards [0, boards) of a master seed.
struct ScoreRequest {
  RunFlags run;
  std::string player = "ColorScorePlayer";
  std::string plot_file;  // draw the log scores' distribution to PLOT.png and PLOT.svg
};

// What a score run found: the summary of the boards its player did not fault on.
struct ScoreOutcome {
  ScoreSummary summary;
  std::vector<const BoardResult*> faulted;
  uint64_t total_moves = 0;
};
ScoreOutcome score_outcome(const Journal& journal);

// A score run, for DurableRun.
class ScoreRun final : public RunCommand {
 public:
  explicit ScoreRun(ScoreRequest request) : request_(std::move(request)) {}
  const ScoreRequest& request() const { return request_; }

  std::string name() const override { return "score"; }
  const RunFlags& flags() const override { return request_.run; }
  CommandWords words() const override;
  std::string journal_stem() const override;
  std::vector<std::string> outputs() const override;
  RunHeader new_header() const override;
  std::vector<BoardTask> next_games(const Journal& journal) override { return journal.missing(); }
  nlohmann::json document(const Journal& journal) override;

 private:
  ScoreRequest request_;
};

}  // namespace ratrace
