#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ratrace/analysis/tuning.h"
#include "ratrace/runs/durable_run.h"

namespace ratrace {

// `ratrace compare` as asked: two players or settings on the same boards.
struct CompareRequest {
  CompareRequest() { run.boards = 20; }
  RunFlags run;                             // run.boards: boards before the first look and between looks
  std::string player = "ColorScorePlayer";  // for a side that names no player
  std::string side_a, side_b;               // "Blind Faith", "Blind Faith:mutation=0.0227" or ":mutation=0.0227"
  int max_boards = 200;
};

// How far a sequential comparison went: the plan's looks, the last one taken and what it saw.
struct Looks {
  std::vector<int> boards;                 // boards at each planned look
  std::vector<SequentialBoundary> design;  // each look's boundary
  size_t k = 0;                            // the look the run stopped at
  int boards_used = 0;
  LookResult look;
  PairedScores pair;
  std::vector<PairedSummary> taken;  // every look's adjusted summary, in order
};

// The verdict of a finished comparison, as said and as the result file keeps it.
struct CompareConclusion {
  std::string level;   // the last look's confidence, "99.5%" or "1 - 5.7e-10"
  std::string reason;  // "a is better: after ..." or "no verdict: after ..."
  // Without a verdict: boards for an 80% chance of one at the observed ratio (none when it is exactly 1).
  std::optional<int> needed;
  PairedSummary plain;  // the plain 95% paired interval over the boards used
  std::vector<std::string> faults;
};

// The chance of a verdict that "boards needed" is sized for.
constexpr double kPlanningPower = 0.8;

// A compare run, for DurableRun: it plays up to each look in turn and stops at the first
// verdict. Every look is retaken from the journal on --resume, so a resumed run decides
// exactly as an uninterrupted one.
class CompareRun final : public RunCommand {
 public:
  explicit CompareRun(CompareRequest request) : request_(std::move(request)) {}
  const CompareRequest& request() const { return request_; }

  std::string name() const override { return "compare"; }
  const RunFlags& flags() const override { return request_.run; }
  CommandWords words() const override;
  std::string journal_stem() const override { return "compare-seed" + std::to_string(request_.run.seed); }
  std::vector<std::string> outputs() const override { return {request_.run.json_file}; }
  RunHeader new_header() const override;
  std::vector<BoardTask> next_games(const Journal& journal) override;
  nlohmann::json document(const Journal& journal) override;

  // After the run: the looks it took and its verdict.
  const Looks& looks() const { return looks_; }
  const CompareConclusion& conclusion() const { return conclusion_; }

 private:
  CompareRequest request_;
  std::optional<SequentialPlan> plan_;
  Looks looks_;
  bool decided_ = false;
  CompareConclusion conclusion_;
};

}  // namespace ratrace
