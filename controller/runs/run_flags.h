#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ratrace {

// Options every game-running command shares.
struct RunFlags {
  std::string config_file;        // --config FILE
  std::vector<std::string> sets;  // --set key=value, applied after the file
  uint64_t seed = 1;              // --seed: master seed
  int boards = 100;
  int threads = 0;  // 0: all cores
  bool no_cache = false;
  std::string json_file;           // final summary
  std::string journal_file;        // per-game JSON lines; default under runs/
  std::string resume_file;         // finish this journal instead of starting afresh
  bool force = false;              // --force: replace an existing journal (new run) and output files
  std::vector<std::string> given;  // the flags given on the command line, e.g. "--seed"
};

}  // namespace ratrace
