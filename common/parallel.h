#pragma once
#include <cstddef>
#include <functional>

namespace ratrace {

// The threads a --threads value stands for: `threads`, or when 0 (every program's default)
// one per core, oneTBB's default.
int thread_count(int threads);

// Runs task(i) for every i in [0, count) on a oneTBB arena of thread_count(threads) threads;
// each task writes its own result. An exception in a task is caught inside it, so
// the others finish; then the one of the lowest index is rethrown as std::runtime_error
// "<what_is_i> i: <message>", e.g. "search 3: ...".
void run_indexed(size_t count, int threads, const char* what_is_i, const std::function<void(size_t)>& task);

}  // namespace ratrace
