#pragma once
#include <cstddef>
#include <functional>
#include <memory>

#include <tbb/global_control.h>

namespace ratrace {

// The threads a --threads value stands for: `threads`, or when 0 (every program's default)
// one per core, oneTBB's default.
int thread_count(int threads);

// Runs task(i) for every i in [0, count) on a oneTBB arena of thread_count(threads) threads;
// each task writes its own result. An exception in a task is caught inside it, so
// the others finish; then the one of the lowest index is rethrown as std::runtime_error
// "<what_is_i> i: <message>", e.g. "search 3: ...".
// oneTBB runs at most one thread per core unless told otherwise, and an arena that asks for
// more gets a multi-line warning of oneTBB's own on standard error. While alive, this lets
// `threads` threads run (more than the cores when --threads asks for it), without the warning.
class ThreadAllowance {
 public:
  explicit ThreadAllowance(int threads);
  ~ThreadAllowance();
  ThreadAllowance(const ThreadAllowance&) = delete;
  ThreadAllowance& operator=(const ThreadAllowance&) = delete;

 private:
  std::unique_ptr<tbb::global_control> control_;
};

void run_indexed(size_t count, int threads, const char* what_is_i, const std::function<void(size_t)>& task);

}  // namespace ratrace
