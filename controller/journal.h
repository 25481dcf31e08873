#pragma once
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "controller/runner.h"

namespace ratrace {

// What a run is: enough to redo any of its games exactly.
struct RunHeader {
  std::string command;             // score, leaderboard, sweep, compare
  uint64_t master_seed = 1;
  int boards = 0;
  std::vector<Entrant> entrants;
  nlohmann::json extra = nlohmann::json::object();  // command-specific settings
};

// An append-only JSON-lines file: the header, then one line per finished game, flushed
// as each game ends, so an interrupted run keeps every finished game and can be resumed.
class Journal {
 public:
  // Starts a new journal at `path` (replacing any file there).
  static Journal create(const std::string& path, RunHeader header);
  // Reopens a journal to finish it; a torn last line (the process was killed mid-write) is dropped.
  static Journal resume(const std::string& path);

  const std::string& path() const { return path_; }
  const RunHeader& header() const { return header_; }
  // results()[entrant][board]: the finished games so far.
  const std::vector<std::vector<std::optional<BoardResult>>>& results() const { return results_; }
  // Games not finished yet, board-major so every entrant advances together.
  std::vector<BoardTask> missing() const;
  size_t finished_count() const;
  void append(size_t entrant, const BoardResult& result);

 private:
  Journal(std::string path, RunHeader header);
  std::string path_;
  RunHeader header_;
  std::vector<std::vector<std::optional<BoardResult>>> results_;
  std::ofstream out_;
};

// Scores of one entrant over boards [0, n) in board order; throws if any is missing.
std::vector<uint64_t> scores_of(const std::vector<std::optional<BoardResult>>& results);

}  // namespace ratrace
