#pragma once
#include <chrono>
#include <string>

#include "ratrace/runs/durable_run.h"

namespace ratrace {

// A run's progress on standard error: a live line on a terminal, plain log lines otherwise.
class Progress final : public RunObserver {
 public:
  explicit Progress(std::string title);
  void started(size_t games, size_t finished) override;
  void game_finished(const Entrant& entrant, const BoardResult& result, double running_geometric_mean) override;
  void ended() override;

 private:
  std::string title_;
  size_t total_ = 0, done_ = 0, done_at_start_ = 0;
  bool tty_, began_ = false;
  std::chrono::steady_clock::time_point start_, last_draw_;
};

}  // namespace ratrace
