#pragma once
#include <chrono>
#include <string>

#include "ratrace/engine/board.h"

namespace ratrace {

// Progress of a run: a live line on a terminal, plain log lines otherwise.
class Progress {
 public:
  Progress(std::string title, size_t total, size_t already_done);
  void game_finished(const std::string& label, const BoardResult& result, double running_geometric_mean);
  void close();

 private:
  std::string title_;
  size_t total_, done_, done_at_start_;
  bool tty_;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace ratrace
