#pragma once
#include <string>
#include <vector>

#include "ratrace/analysis/tuning.h"
#include "ratrace/runs/durable_run.h"

namespace ratrace {

// `ratrace sweep` as asked: every setting of a one- or two-parameter grid on the same boards,
// each compared with a baseline setting board by board.
struct SweepRequest {
  RunFlags run;
  std::string player = "ColorScorePlayer";
  std::vector<std::string> params;  // "mutation=0.005,0.01,0.0227"; one or two
  std::string baseline;             // "key=value,..." over the base config; empty: the base config
  std::string csv_file;             // one row per setting
  std::string plot_file;            // draw PLOT.png and PLOT.svg
};

// How the journal and the report name a baseline that no --baseline changed.
inline const std::string kBaseConfig = "the base config";

// What a finished sweep found: every setting's summary and its paired comparison with the
// baseline, and the best setting.
struct SweepResults {
  size_t baseline = 0;   // entrant index of the baseline
  size_t grid_size = 0;  // entrants [0, grid_size) are the grid; a baseline outside it comes last
  std::vector<std::string> keys;
  std::vector<ScoreSummary> summaries;
  std::vector<PairedSummary> paired;
  BestSetting best;
  std::vector<std::string> faults;
};
SweepResults sweep_results(const Journal& journal);
// One CSV row per setting, with a header row.
std::string sweep_csv(const RunHeader& run, const SweepResults& sweep);

// A sweep run, for DurableRun.
class SweepRun final : public RunCommand {
 public:
  explicit SweepRun(SweepRequest request) : request_(std::move(request)) {}
  const SweepRequest& request() const { return request_; }

  std::string name() const override { return "sweep"; }
  const RunFlags& flags() const override { return request_.run; }
  CommandWords words() const override;
  std::string journal_stem() const override;
  std::vector<std::string> outputs() const override;
  RunHeader new_header() const override;
  std::vector<BoardTask> next_games(const Journal& journal) override { return journal.missing(); }
  nlohmann::json document(const Journal& journal) override;

 private:
  SweepRequest request_;
};

}  // namespace ratrace
