#pragma once
// menace's output files: the learning curve written as the run goes, and the temporary files
// that a killed run leaves beside its outputs.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <nlohmann/json_fwd.hpp>

#include "ratrace/common/io.h"

namespace ratrace::menace {

// The learning curve, block by block, so a run of any length holds none of it in memory:
// {header fields..., "blocks": [one row per line], tail fields...}. A file is written under a
// temporary name and appears complete at finish(), never replacing an existing file unless
// asked; "-" streams to standard output, and a device or a pipe is written in place.
class CurveFile {
 public:
  // Writes the header's fields. For "-", call it before keep_stdout_for_results(), which
  // moves standard output away from the descriptor kept here.
  CurveFile(const std::string& path, const nlohmann::json& header);
  // An unfinished file's temporary is removed.
  ~CurveFile();
  CurveFile(const CurveFile&) = delete;
  CurveFile& operator=(const CurveFile&) = delete;

  void add_block(const nlohmann::json& row);
  // Writes the tail's fields after the blocks and puts the file in place with
  // write_file_atomically(path, text, replace): OutputTaken when another process made the file
  // meanwhile and not `replace`.
  void finish(const nlohmann::json& tail, bool replace);
  const std::string& path() const { return path_; }

 private:
  std::string path_, temporary_;
  std::optional<CheckedFile> out_;
  bool first_block_ = true;
};

// A live status line on standard error while a long run works: games done of `total`, rate
// and time left, redrawn twice a second from `done`. Only when standard error is a terminal;
// the line is cleared when the object goes.
class ProgressLine {
 public:
  ProgressLine(std::string what, uint64_t total, const std::atomic<uint64_t>& done);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

 private:
  void run();
  std::string what_;
  uint64_t total_;
  const std::atomic<uint64_t>& done_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::thread thread_;
};

}  // namespace ratrace::menace
