#include "ratrace/cli/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include <spdlog/spdlog.h>

#include "ratrace/analysis/report.h"
#include "ratrace/common/cli.h"

namespace ratrace {

Progress::Progress(std::string title) : title_(std::move(title)), tty_(isatty(STDERR_FILENO) != 0) {}

void Progress::started(size_t games, size_t finished) {
  // A run that plays in steps (compare's looks) keeps one line and one rate across them.
  if (began_) return;
  began_ = true;
  total_ = games;
  done_ = done_at_start_ = finished;
  start_ = last_draw_ = std::chrono::steady_clock::now();
}

void Progress::game_finished(const Entrant& entrant, const BoardResult& result, double running_geometric_mean) {
  const std::string& label = entrant.label;
  ++done_;
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = static_cast<double>(done_ - done_at_start_) / std::max(elapsed, 1e-9);
  const double eta = rate > 0 ? static_cast<double>(total_ - done_) / rate : 0;
  if (!result.fault.empty()) {
    if (tty_) draw_status_line("");
    spdlog::error("{}", result.fault);
  }
  if (tty_) {
    if (done_ < total_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
    last_draw_ = now;
    char line[512];
    std::snprintf(line, sizeof line, "%s %zu/%zu games | %s board %d: %llu | running geo mean %s | ETA %dm%02ds",
                  title_.c_str(), done_, total_, label.c_str(), result.index,
                  static_cast<unsigned long long>(result.score), format_score(running_geometric_mean).c_str(),
                  static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
    draw_status_line(line);
  } else {
    spdlog::info("{} {}/{} games: {} board {} scored {} ({} turns, peak {} specimens, {:.2f} s); running geo mean {}",
                 title_, done_, total_, label, result.index, result.score, result.turns, result.peak_population,
                 result.seconds, format_score(running_geometric_mean));
  }
}

void Progress::ended() {
  if (tty_) draw_status_line("");
}

}  // namespace ratrace
