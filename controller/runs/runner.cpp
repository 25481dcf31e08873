#include "ratrace/runs/runner.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>
#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "ratrace/common/parallel.h"
#include "ratrace/runs/distributed.h"
#include "ratrace/runs/journal.h"

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
  const ThreadAllowance allowance(thread_count(options.threads));
  tbb::task_arena arena(thread_count(options.threads));
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

namespace ratrace {

std::string crashed_fault(const std::string& how, const std::string& player, const BoardResult& r) {
  return "crashed: " + how + " [player " + player + ", board " + std::to_string(r.index) + ", board seed " +
         std::to_string(r.seed) + "]";
}

namespace {

// One game in its own process: its pid, the read end of the pipe its result comes through.
struct GameProcess {
  pid_t pid = -1;
  int fd = -1;
  BoardTask task;
  std::string text;  // what it wrote so far
};

std::string signal_abbreviation(int signal) {
  const char* name = sigabbrev_np(signal);
  return name ? std::string("SIG") + name : "signal " + std::to_string(signal);
}

// The child: plays its game and writes the result (JSON) to `fd`, or {"error": ...} for a
// controller error; writes nothing when stopped. Never returns.
[[noreturn]] void play_in_child(const Entrant& entrant, uint64_t master_seed, int board, const RunOptions& options,
                                size_t games_waiting, int fd) {
  // A crash is the parent's to report, as this game's fault: no line of its own here.
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(signal, SIG_DFL);
  int code = 0;
  std::string text;
  try {
    const std::atomic<size_t> waiting = games_waiting;
    BoardResult result;
    if (play_board(entrant, master_seed, board, options, result, &waiting)) text = nlohmann::json(result).dump();
    else code = 130;
  } catch (const std::exception& e) {
    text = nlohmann::json{{"error", e.what()}}.dump();
    code = 1;
  }
  for (size_t at = 0; at < text.size();) {
    const ssize_t written = ::write(fd, text.data() + at, text.size() - at);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) _exit(1);
    at += static_cast<size_t>(written);
  }
  // _exit: no destructor, no atexit handler, no stdio flush of the parent's buffers.
  _exit(code);
}

}  // namespace

void run_boards_isolated(const std::vector<Entrant>& entrants, const std::vector<BoardTask>& tasks,
                         uint64_t master_seed, const RunOptions& options,
                         const std::function<void(size_t entrant, const BoardResult&)>& finished) {
  if (distributed_run_active())
    throw std::invalid_argument(
        "--isolate plays each game in a process of its own in one program; under mpirun, "
        "leave it out or run without mpirun");
  const size_t slots = static_cast<size_t>(options.threads > 0 ? options.threads : tbb::info::default_concurrency());
  std::vector<GameProcess> running;
  size_t next = 0;
  std::exception_ptr error;
  auto stopped = [&] { return options.stop && options.stop->load(); };
  auto start = [&](const BoardTask& task) {
    int pipe_fds[2];
    if (::pipe2(pipe_fds, O_CLOEXEC) != 0)
      throw std::runtime_error(std::string("--isolate: cannot make a pipe: ") + std::strerror(errno));
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) {
      ::close(pipe_fds[0]);
      ::close(pipe_fds[1]);
      throw std::runtime_error(std::string("--isolate: cannot start a process: ") + std::strerror(errno));
    }
    if (pid == 0) {
      ::close(pipe_fds[0]);
      play_in_child(entrants.at(task.entrant), master_seed, task.board, options, tasks.size() - next, pipe_fds[1]);
    }
    ::close(pipe_fds[1]);
    running.push_back({pid, pipe_fds[0], task, {}});
  };
  // The game of `p`, whose pipe is closed: its result, its fault, or (stopped) nothing.
  auto end = [&](GameProcess& p) {
    ::close(p.fd);
    int status = 0;
    while (::waitpid(p.pid, &status, 0) < 0 && errno == EINTR) {
    }
    const Entrant& entrant = entrants.at(p.task.entrant);
    BoardResult result;
    result.index = p.task.board;
    result.seed = board_seed(master_seed, p.task.board);
    std::string how;
    if (WIFSIGNALED(status)) {
      const int signal = WTERMSIG(status);
      // A stop of its own (a kill of that one process, or Ctrl-C reaching it first): dropped.
      if (signal == SIGINT || signal == SIGTERM || signal == SIGHUP) return;
      how = signal_abbreviation(signal);
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 130) {
      return;  // stopped: the game is dropped, as in one process
    } else if (!p.text.empty()) {
      try {
        const nlohmann::json message = nlohmann::json::parse(p.text);
        if (message.contains("error")) {
          if (!error)
            error = std::make_exception_ptr(std::runtime_error("board " + std::to_string(p.task.board) + " of '" +
                                                               entrant.label +
                                                               "': " + message.at("error").get<std::string>()));
          return;
        }
        finished(p.task.entrant, message.get<BoardResult>());
        return;
      } catch (const nlohmann::json::exception&) {
        how = "a broken result";
      }
    } else {
      how = "exit code " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    result.fault = crashed_fault(how, entrant.player, result);
    spdlog::warn("player '{}' crashed ({}) on board {} (seed {}): recorded as its fault; the other games go on",
                 entrant.player, how, result.index, result.seed);
    finished(p.task.entrant, result);
  };
  try {
    while (next < tasks.size() || !running.empty()) {
      while (!stopped() && !error && next < tasks.size() && running.size() < slots) start(tasks[next++]);
      if (running.empty()) break;
      if (stopped()) {
        for (const GameProcess& p : running) ::kill(p.pid, SIGKILL);
        for (GameProcess& p : running) {
          ::close(p.fd);
          while (::waitpid(p.pid, nullptr, 0) < 0 && errno == EINTR) {
          }
        }
        running.clear();
        break;
      }
      std::vector<pollfd> fds;
      for (const GameProcess& p : running) fds.push_back({p.fd, POLLIN, 0});
      if (::poll(fds.data(), fds.size(), 100) <= 0) continue;  // a signal, or time to look at the stop flag
      for (size_t i = running.size(); i-- > 0;) {
        if (fds[i].revents == 0) continue;
        char buffer[65536];
        const ssize_t got = ::read(running[i].fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got > 0) {
          running[i].text.append(buffer, static_cast<size_t>(got));
          continue;
        }
        GameProcess ended = std::move(running[i]);
        running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
        end(ended);
      }
    }
  } catch (...) {
    for (const GameProcess& p : running) ::kill(p.pid, SIGKILL);
    for (const GameProcess& p : running) {
      ::close(p.fd);
      ::waitpid(p.pid, nullptr, 0);
    }
    throw;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace ratrace
