#pragma once
// A long C++ call on a thread of its own, so that Python's main thread keeps polling it (a
// progress bar) and takes Ctrl-C, which sets the stop flag the call watches.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace ratrace {

// The call runs once start() is called; its exception, if any, is rethrown by wait().
class BackgroundTask {
 public:
  using Work = std::function<void(const std::atomic<bool>& stop, std::atomic<uint64_t>& done)>;
  explicit BackgroundTask(Work work) : work_(std::move(work)) {}
  BackgroundTask(const BackgroundTask&) = delete;
  BackgroundTask& operator=(const BackgroundTask&) = delete;
  ~BackgroundTask() {
    stop();
    if (thread_.joinable()) thread_.join();
  }

  void start() {
    thread_ = std::thread([this] {
      std::exception_ptr error;
      try {
        work_(stop_, done_);
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard lock(mutex_);
      error_ = error;
      ended_ = true;
      ended_signal_.notify_all();
    });
  }
  // True once the call has ended, waiting at most `seconds` for it.
  bool wait(double seconds) {
    std::unique_lock lock(mutex_);
    if (!ended_signal_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return ended_; })) return false;
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    return true;
  }
  // True once the call has ended: what it wrote before may then be read.
  bool ended() {
    std::lock_guard lock(mutex_);
    return ended_;
  }
  void stop() { stop_ = true; }
  bool stopped() const { return stop_; }
  const std::atomic<bool>* stop_flag() const { return &stop_; }
  // The call's own count of work done (iterations, games), for a progress bar.
  uint64_t done() const { return done_; }

 private:
  Work work_;
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> done_{0};
  std::mutex mutex_;
  std::condition_variable ended_signal_;
  bool ended_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace ratrace
