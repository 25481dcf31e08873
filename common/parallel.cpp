#include "ratrace/common/parallel.h"

#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace ratrace {

int thread_count(int threads) { return threads > 0 ? threads : tbb::info::default_concurrency(); }

ThreadAllowance::ThreadAllowance(int threads) {
  const size_t allowed = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
  if (threads > 0 && static_cast<size_t>(threads) > allowed)
    control_ = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                     static_cast<size_t>(threads));
}

ThreadAllowance::~ThreadAllowance() = default;

void run_indexed(size_t count, int threads, const char* what_is_i, const std::function<void(size_t)>& task) {
  std::vector<std::exception_ptr> errors(count);
  const ThreadAllowance allowance(thread_count(threads));
  tbb::task_arena arena(thread_count(threads));
  arena.execute([&] {
    tbb::parallel_for(size_t{0}, count, [&](size_t i) {
      try {
        task(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    });
  });
  for (size_t i = 0; i < count; ++i) {
    if (!errors[i]) continue;
    try {
      std::rethrow_exception(errors[i]);
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string(what_is_i) + " " + std::to_string(i) + ": " + e.what());
    }
  }
}

}  // namespace ratrace
