#include "ratrace/runs/runner.h"

#include <chrono>
#include <cstdint>
#include <exception>
#include <mutex>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "ratrace/runs/distributed.h"

namespace ratrace {

void run_boards(const std::vector<Entrant>& entrants, const std::vector<BoardTask>& tasks, uint64_t master_seed,
                const RunOptions& options, const std::function<void(size_t, const BoardResult&)>& finished) {
  if (distributed_run_active()) return run_boards_distributed(entrants, tasks, master_seed, options, finished);
  std::mutex report_mutex;
  std::exception_ptr error;
  std::atomic<size_t> waiting = tasks.size();
  auto play_task = [&](const BoardTask& task) {
    waiting.fetch_sub(1, std::memory_order_relaxed);
    // Anything but a player fault (those are results) is a controller error: keep the
    // first with its context and let the other games finish.
    try {
      BoardResult result;
      if (!play_board(entrants.at(task.entrant), master_seed, task.board, options, result, &waiting)) return;
      std::lock_guard lock(report_mutex);
      finished(task.entrant, result);
    } catch (const std::exception& e) {
      std::lock_guard lock(report_mutex);
      if (!error)
        error = std::make_exception_ptr(std::runtime_error("board " + std::to_string(task.board) + " of '" +
                                                           entrants.at(task.entrant).label + "': " + e.what()));
    }
  };
  tbb::task_arena arena(options.threads > 0 ? options.threads : tbb::info::default_concurrency());
  arena.execute([&] {
    // One task per game (grain 1, simple partitioner): no game waits behind another that
    // happened to share its chunk.
    tbb::parallel_for(
        tbb::blocked_range<size_t>(0, tasks.size(), 1),
        [&](const tbb::blocked_range<size_t>& range) {
          for (size_t t = range.begin(); t < range.end(); ++t) play_task(tasks[t]);
        },
        tbb::simple_partitioner());
  });
  if (error) std::rethrow_exception(error);
}

}  // namespace ratrace
