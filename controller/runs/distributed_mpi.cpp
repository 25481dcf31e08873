// DistributedSession on MPI. Every MPI call is made from the main thread of each rank
// (MPI_THREAD_FUNNELED). Every rank, rank 0 included, plays games on its own oneTBB arena;
// the main thread only talks MPI (and, on rank 0, runs the command and keeps the journal).
//
// Waiting: Open MPI's blocking calls (MPI_Probe, MPI_Recv, MPI_Wait) spin on the progress
// engine, and with mpi_yield_when_idle they call sched_yield, which on Linux still takes a
// fair share of a core that a game wants. So no main thread ever blocks in MPI: it sleeps
// on a condition variable that a finishing game of its own rank signals at once, and probes
// MPI between sleeps of 50 us growing to 1 ms while nothing arrives. A game is queued ahead
// on every rank that plays, so that millisecond is never a playing thread's wait.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>

#include "ratrace/engine/player.h"
#include "ratrace/runs/distributed.h"
#include "ratrace/runs/journal.h"

namespace ratrace {
namespace {

// Messages between the gathering rank (0) and a playing rank. All carry JSON text.
enum Tag : int {
  kRun = 1,   // 0 -> all: the entrants, master seed and options of the next run_boards
  kReady,     // rank -> 0: how many games it plays at once
  kTask,      // 0 -> rank: one game (entrant, board) and how many games are still unassigned
  kResult,    // rank -> 0: a finished game, an interrupted one, or a controller error
  kStop,      // 0 -> all: Ctrl-C; abandon the games under way
  kTail,      // 0 -> all: every game is assigned; in-game parallelism may use idle threads
  kShutdown,  // 0 -> all: the command is over
};

bool g_initialised = false;
int g_rank = 0;
int g_size = 1;
std::atomic<int> g_worker_signal = 0;  // the SIGINT or SIGTERM a playing rank received, or 0

extern "C" void on_worker_signal(int signal) { g_worker_signal = signal; }

// The launchers' own environment variables: Open MPI's mpirun, PMIx and PMI (srun, Hydra).
bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(name)) return true;
  return false;
}

void send_json(int to, int tag, const nlohmann::json& message) {
  const std::string text = message.dump();
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

// Receives the message `status` (from MPI_Iprobe) describes.
nlohmann::json receive_json(const MPI_Status& status) {
  int length = 0;
  MPI_Get_count(&status, MPI_CHAR, &length);
  std::string text(static_cast<size_t>(length), '\0');
  MPI_Recv(text.data(), length, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text.empty() ? nlohmann::json() : nlohmann::json::parse(text);
}

bool message_waiting(int source, int tag, MPI_Status& status) {
  int flag = 0;
  MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, &status);
  return flag != 0;
}

void send_to_all_workers(int tag, const nlohmann::json& message) {
  for (int rank = 1; rank < g_size; ++rank) send_json(rank, tag, message);
}

// The sleep between two probes of MPI: short right after something arrived (a burst of
// results is taken in quickly), doubling up to 1 ms while nothing does (about a thousand
// wake-ups a second, a few microseconds each, on a core a game is using).
class Backoff {
 public:
  std::chrono::microseconds next() {
    const auto pause = pause_;
    pause_ = std::min(pause_ * 2, kLongest);
    return pause;
  }
  void reset() { pause_ = kShortest; }

 private:
  static constexpr std::chrono::microseconds kShortest{50}, kLongest{1000};
  std::chrono::microseconds pause_ = kShortest;
};

// How one game ended: a result, a controller error, or (neither) interrupted by a stop: rank
// 0's, or the playing rank's own when it was sent SIGINT or SIGTERM (`signal`, set on the rank).
struct Reply {
  size_t entrant = 0;
  int board = 0;
  std::optional<BoardResult> result;
  std::optional<std::string> error;
  std::optional<std::string> signal;
};

nlohmann::json reply_json(const Reply& reply) {
  nlohmann::json message = {{"entrant", reply.entrant}, {"board", reply.board}};
  if (reply.result) message["result"] = *reply.result;
  if (reply.error) message["error"] = *reply.error;
  if (reply.signal) message["signal"] = *reply.signal;
  return message;
}

Reply reply_from_json(const nlohmann::json& message) {
  Reply reply{message.at("entrant").get<size_t>(), message.at("board").get<int>(), {}, {}, {}};
  if (message.contains("result")) reply.result = message.at("result").get<BoardResult>();
  if (message.contains("error")) reply.error = message.at("error").get<std::string>();
  if (message.contains("signal")) reply.signal = message.at("signal").get<std::string>();
  return reply;
}

const char* signal_name(int signal) { return signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "a signal"; }

// The games this rank plays, on a oneTBB arena of `concurrency` threads that reserves no
// slot for the main thread; each ending game queues its reply and wakes the main thread.
class LocalGames {
 public:
  LocalGames(const LocalGames&) = delete;
  LocalGames& operator=(const LocalGames&) = delete;
  LocalGames() = default;
  ~LocalGames() { drain(); }

  void configure(int concurrency) {
    if (arena_ && arena_->max_concurrency() == concurrency) return;
    drain();
    arena_.reset();
    // The global limit counts a thread that is not in the arena: the main thread.
    thread_limit_ = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                          static_cast<size_t>(concurrency) + 1);
    arena_ = std::make_unique<tbb::task_arena>(concurrency, 0);
  }

  // Plays board `board` of entrants[entrant]; the references must outlive the game.
  void start(const std::vector<Entrant>& entrants, uint64_t master_seed, size_t entrant, int board,
             const RunOptions& options, const std::atomic<size_t>* unassigned) {
    ++running_;
    arena_->enqueue([this, &entrants, master_seed, entrant, board, &options, unassigned] {
      Reply reply{entrant, board, {}, {}, {}};
      try {
        BoardResult result;
        if (play_board(entrants.at(entrant), master_seed, board, options, result, unassigned))
          reply.result = std::move(result);
      } catch (const std::exception& e) {
        reply.error = e.what();
      }
      {
        std::lock_guard lock(mutex_);
        done_.push_back(std::move(reply));
      }
      ended_.notify_one();
    });
  }

  bool try_pop(Reply& reply) {
    std::lock_guard lock(mutex_);
    if (done_.empty()) return false;
    reply = std::move(done_.front());
    done_.pop_front();
    --running_;
    return true;
  }

  // Sleeps until a game has ended or `timeout` has passed.
  void wait(std::chrono::microseconds timeout) {
    std::unique_lock lock(mutex_);
    ended_.wait_for(lock, timeout, [&] { return !done_.empty(); });
  }

  int running() const { return running_; }

  // Waits for every game under way and drops their replies (set the stop flag first).
  void drain() {
    Reply ignored;
    while (running_ > 0)
      if (!try_pop(ignored)) wait(std::chrono::milliseconds(1));
  }

 private:
  std::unique_ptr<tbb::global_control> thread_limit_;
  std::unique_ptr<tbb::task_arena> arena_;
  std::mutex mutex_;
  std::condition_variable ended_;
  std::deque<Reply> done_;
  int running_ = 0;  // main thread only
};

// Sleeps until a message with `tag` from `source` waits (no game runs meanwhile).
MPI_Status wait_for_message(int source, int tag) {
  MPI_Status status;
  Backoff backoff;
  while (!message_waiting(source, tag, status)) std::this_thread::sleep_for(backoff.next());
  return status;
}

double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

int concurrency_for(int threads) { return threads > 0 ? threads : tbb::info::default_concurrency(); }

// A playing rank's answer to a run: how many games it plays at once, or why it cannot play
// (a --python file or --player-lib library it could not load, named with the rank).
nlohmann::json ready_reply(const std::vector<Entrant>& entrants, int capacity) {
  for (const Entrant& entrant : entrants) {
    try {
      find_or_load_player(entrant.player, entrant.source);
    } catch (const std::exception& e) {
      const std::string from = entrant.source ? " from " + entrant.source->path : "";
      return {{"error", "rank " + std::to_string(g_rank) + " cannot load player '" + entrant.player + "'" + from +
                            ": " + e.what()}};
    }
  }
  return {{"capacity", capacity}};
}

}  // namespace

DistributedSession::DistributedSession(int& argc, char**& argv) {
  if (!launched_by_mpi()) return;
  // Ctrl-C reaches every rank: a playing rank abandons its games and lets rank 0 finish. A
  // SIGINT or SIGTERM sent to a playing rank alone (a scheduler, a kill) does the same: the
  // games it drops reach rank 0 as interrupted, naming the signal, and rank 0 stops the whole
  // run. Caught from before MPI starts (the rank is not known yet), so that a signal during
  // the start is not the rank's death; rank 0 then gets its default back.
  std::signal(SIGINT, on_worker_signal);
  std::signal(SIGTERM, on_worker_signal);
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED)
    throw std::runtime_error("this MPI library cannot be used from a threaded program");
  g_initialised = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  if (g_rank == 0) {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (const int early = g_worker_signal.exchange(0)) std::raise(early);  // as if it came now
  }
}

DistributedSession::~DistributedSession() {
  if (!g_initialised) return;
  if (g_rank == 0) send_to_all_workers(kShutdown, nullptr);
  MPI_Finalize();
}

bool DistributedSession::is_worker() const { return g_rank > 0; }

int DistributedSession::serve() {
  std::vector<Entrant> entrants;
  uint64_t master_seed = 0;
  RunOptions options;
  std::atomic<bool> stop = false;
  std::atomic<size_t> games_unassigned = 0;
  LocalGames games;  // declared after what its games read, so it drains before they go
  Backoff backoff;
  for (;;) {
    if (g_worker_signal) stop = true;
    bool progressed = false;
    MPI_Status status;
    while (message_waiting(0, MPI_ANY_TAG, status)) {
      progressed = true;
      const nlohmann::json message = receive_json(status);
      switch (status.MPI_TAG) {
        case kShutdown:
          // Rank 0 is done with every result: abandon whatever still runs.
          stop = true;
          games.drain();
          return 0;
        case kRun:
          entrants = message.at("entrants").get<std::vector<Entrant>>();
          master_seed = message.at("master_seed").get<uint64_t>();
          options = RunOptions{message.at("threads").get<int>(), message.at("cache").get<bool>(), &stop};
          games.configure(concurrency_for(options.threads));
          stop = g_worker_signal != 0;
          send_json(0, kReady, ready_reply(entrants, concurrency_for(options.threads)));
          break;
        case kTask:
          games_unassigned = message.at("unassigned").get<size_t>();
          games.start(entrants, master_seed, message.at("entrant").get<size_t>(), message.at("board").get<int>(),
                      options, &games_unassigned);
          break;
        case kStop: stop = true; break;
        case kTail: games_unassigned = 0; break;
        default:
          throw std::runtime_error("rank " + std::to_string(g_rank) + ": unexpected MPI message tag " +
                                   std::to_string(status.MPI_TAG));
      }
    }
    Reply reply;
    while (games.try_pop(reply)) {
      if (!reply.result && !reply.error && g_worker_signal) reply.signal = signal_name(g_worker_signal);
      send_json(0, kResult, reply_json(reply));
      progressed = true;
    }
    if (progressed) backoff.reset();
    else games.wait(backoff.next());  // a game that ends wakes this thread at once
  }
}

bool distributed_run_active() { return g_initialised && g_rank == 0 && g_size > 1; }

void run_boards_distributed(const std::vector<Entrant>& entrants, const std::vector<BoardTask>& tasks,
                            uint64_t master_seed, const RunOptions& options,
                            const std::function<void(size_t entrant, const BoardResult&)>& finished) {
  const double cpu_before = thread_cpu_seconds();
  nlohmann::json run = {{"master_seed", master_seed}, {"threads", options.threads}, {"cache", options.cache}};
  run["entrants"] = entrants;
  send_to_all_workers(kRun, run);

  // Rank 0 plays too, on its own arena beside this thread, which gathers. Its games read
  // `local_unassigned` as the other ranks' games read theirs.
  std::atomic<size_t> local_unassigned = tasks.size();
  LocalGames local;
  std::vector<int> free_slots(static_cast<size_t>(g_size), 0);
  free_slots[0] = concurrency_for(options.threads);
  local.configure(free_slots[0]);
  for (int rank = 1; rank < g_size; ++rank) {
    const MPI_Status status = wait_for_message(rank, kReady);
    const nlohmann::json ready = receive_json(status);
    if (ready.contains("error")) {
      send_to_all_workers(kStop, nullptr);
      throw std::invalid_argument(ready.at("error").get<std::string>());
    }
    free_slots[static_cast<size_t>(rank)] = ready.at("capacity").get<int>();
  }

  // While many games are unassigned, each other rank holds one game more than it has
  // threads, so a thread that finishes starts the next game without waiting for the round
  // trip; near the tail, no rank holds a game another rank could start sooner. Rank 0's
  // own threads need no game ahead: this thread hands them one as soon as one ends.
  int total_threads = 0;
  for (int slots : free_slots) total_threads += slots;
  for (size_t rank = 1; rank < free_slots.size(); ++rank) ++free_slots[rank];
  size_t next = 0, outstanding = 0, played_here = 0;
  bool stopping = false, tail_announced = false;
  std::exception_ptr error;
  auto assign = [&](int rank) {
    int& slots = free_slots[static_cast<size_t>(rank)];
    const bool prefetch_slot_only = rank > 0 && slots == 1 && tasks.size() - next <= static_cast<size_t>(total_threads);
    if (stopping || next >= tasks.size() || slots == 0 || prefetch_slot_only) return false;
    const BoardTask& task = tasks[next++];
    local_unassigned = tasks.size() - next;
    if (rank == 0) {
      local.start(entrants, master_seed, task.entrant, task.board, options, &local_unassigned);
      ++played_here;
    } else {
      send_json(rank, kTask, {{"entrant", task.entrant}, {"board", task.board}, {"unassigned", tasks.size() - next}});
    }
    --slots;
    ++outstanding;
    return true;
  };
  auto announce_tail = [&] {
    if (tail_announced || next < tasks.size()) return;
    tail_announced = true;
    send_to_all_workers(kTail, nullptr);
  };
  auto stop_every_rank = [&] {
    stopping = true;
    send_to_all_workers(kStop, nullptr);
  };
  auto take = [&](int rank, const Reply& reply) {
    --outstanding;
    ++free_slots[static_cast<size_t>(rank)];
    if (!reply.result && !reply.error && !stopping && !(options.stop && options.stop->load())) {
      // The rank dropped its game without being told: it was sent SIGINT or SIGTERM (a
      // scheduler's, or a kill of that one process). The run stops as on Ctrl-C: the stop flag
      // (the run's own, so writable whatever `options` says) makes the command report what the
      // journal keeps and how to finish. (Else the signal would go unheeded: the rank drops
      // every game handed to it, and the others play them.)
      spdlog::warn("rank {} received {}: stopping the run; the games it was playing are dropped", rank,
                   reply.signal.value_or("a signal"));
      if (options.stop) const_cast<std::atomic<bool>*>(options.stop)->store(true);
      stop_every_rank();
    }
    if (reply.error) {
      // A controller error, not a player fault (those are results): keep the first with its
      // context and let the other games finish, as in one process.
      if (!error)
        error = std::make_exception_ptr(std::runtime_error("board " + std::to_string(reply.board) + " of '" +
                                                           entrants.at(reply.entrant).label + "' (rank " +
                                                           std::to_string(rank) + "): " + *reply.error));
    } else if (reply.result) {
      try {
        finished(reply.entrant, *reply.result);
      } catch (...) {
        // The result could not be kept (a failed journal write): hand out no more games.
        if (!error) error = std::current_exception();
        stopping = true;
      }
    }
    assign(rank);
    announce_tail();
  };
  // First round: one game per rank at a time, so a small run is spread over every rank.
  for (bool any = true; any;) {
    any = false;
    for (int rank = 0; rank < g_size; ++rank) any = assign(rank) || any;
  }
  announce_tail();
  Backoff backoff;
  while (outstanding > 0) {
    if (!stopping && options.stop && options.stop->load()) stop_every_rank();
    bool progressed = false;
    Reply reply;
    while (local.try_pop(reply)) {
      take(0, reply);
      progressed = true;
    }
    // At most one message per rank before looking at this rank's games again.
    MPI_Status status;
    for (int taken = 1; taken < g_size && message_waiting(MPI_ANY_SOURCE, kResult, status); ++taken) {
      take(status.MPI_SOURCE, reply_from_json(receive_json(status)));
      progressed = true;
    }
    if (progressed) backoff.reset();
    else if (outstanding > 0) local.wait(backoff.next());  // a game of this rank that ends wakes this thread at once
  }
  spdlog::debug("rank 0 gathered {} games ({} played on rank 0) with {:.3f} s of CPU on its gathering thread",
                tasks.size(), played_here, thread_cpu_seconds() - cpu_before);
  if (error) std::rethrow_exception(error);
}

}  // namespace ratrace
