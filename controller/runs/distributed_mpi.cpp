// DistributedSession on MPI. Every MPI call is made from the main thread of each rank
// (MPI_THREAD_FUNNELED); a playing rank's games run on its own oneTBB arena and hand their
// results to the main thread through a queue.
#include <mpi.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>
#include <tbb/concurrent_queue.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>

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
std::atomic<bool> g_worker_signalled = false;

extern "C" void on_worker_signal(int) { g_worker_signalled = true; }

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

// Receives the message `status` (from MPI_Probe / MPI_Iprobe) describes.
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

// Polling keeps each rank's main thread free to notice Ctrl-C and finished games; the pause
// bounds the hand-out latency while costing the playing threads almost nothing.
void pause_briefly() { std::this_thread::sleep_for(std::chrono::microseconds(50)); }

void send_to_all_workers(int tag, const nlohmann::json& message) {
  for (int rank = 1; rank < g_size; ++rank) send_json(rank, tag, message);
}

}  // namespace

DistributedSession::DistributedSession(int& argc, char**& argv) {
  if (!launched_by_mpi()) return;
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED) throw std::runtime_error("this MPI library cannot be used from a threaded program");
  g_initialised = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
}

DistributedSession::~DistributedSession() {
  if (!g_initialised) return;
  if (g_rank == 0) send_to_all_workers(kShutdown, nullptr);
  MPI_Finalize();
}

bool DistributedSession::is_worker() const { return g_rank > 0; }

int DistributedSession::serve() {
  // Ctrl-C reaches every rank: a playing rank abandons its games and lets rank 0 finish.
  std::signal(SIGINT, on_worker_signal);
  std::signal(SIGTERM, on_worker_signal);
  std::vector<Entrant> entrants;
  uint64_t master_seed = 0;
  RunOptions options;
  std::atomic<bool> stop = false;
  std::atomic<size_t> games_unassigned = 0;
  // The main thread only talks MPI, so the arena reserves no slot for it: its games run on
  // `concurrency` worker threads, which the global limit must allow.
  std::unique_ptr<tbb::global_control> thread_limit;
  std::unique_ptr<tbb::task_arena> arena;
  tbb::concurrent_queue<nlohmann::json> finished;
  int running = 0;
  for (;;) {
    if (g_worker_signalled) stop = true;
    MPI_Status status;
    if (message_waiting(0, MPI_ANY_TAG, status)) {
      const nlohmann::json message = receive_json(status);
      switch (status.MPI_TAG) {
        case kShutdown:
          // Rank 0 is done with every result: abandon whatever still runs.
          stop = true;
          while (running > 0) {
            nlohmann::json ignored;
            if (finished.try_pop(ignored))
              --running;
            else
              pause_briefly();
          }
          return 0;
        case kRun: {
          entrants = message.at("entrants").get<std::vector<Entrant>>();
          master_seed = message.at("master_seed").get<uint64_t>();
          const int threads = message.at("threads").get<int>();
          const int concurrency = threads > 0 ? threads : tbb::info::default_concurrency();
          if (!arena || arena->max_concurrency() != concurrency) {
            arena.reset();
            thread_limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                                 static_cast<size_t>(concurrency) + 1);
            arena = std::make_unique<tbb::task_arena>(concurrency, 0);
          }
          options = RunOptions{threads, message.at("cache").get<bool>(), &stop};
          stop = g_worker_signalled.load();
          send_json(0, kReady, {{"capacity", concurrency}});
          break;
        }
        case kTask: {
          const size_t entrant = message.at("entrant").get<size_t>();
          const int board = message.at("board").get<int>();
          games_unassigned = message.at("unassigned").get<size_t>();
          ++running;
          arena->enqueue([&, entrant, board] {
            nlohmann::json reply = {{"entrant", entrant}, {"board", board}};
            try {
              BoardResult result;
              if (play_board(entrants.at(entrant), master_seed, board, options, result, &games_unassigned))
                reply["result"] = result;
              else
                reply["interrupted"] = true;
            } catch (const std::exception& e) {
              reply["error"] = e.what();
            }
            finished.push(std::move(reply));
          });
          break;
        }
        case kStop:
          stop = true;
          break;
        case kTail:
          games_unassigned = 0;
          break;
        default:
          throw std::runtime_error("rank " + std::to_string(g_rank) + ": unexpected MPI message tag " +
                                   std::to_string(status.MPI_TAG));
      }
      continue;
    }
    nlohmann::json reply;
    bool sent = false;
    while (finished.try_pop(reply)) {
      send_json(0, kResult, reply);
      --running;
      sent = true;
    }
    if (!sent) pause_briefly();
  }
}

bool distributed_run_active() { return g_initialised && g_rank == 0 && g_size > 1; }

void run_boards_distributed(const std::vector<Entrant>& entrants, const std::vector<BoardTask>& tasks,
                            uint64_t master_seed, const RunOptions& options,
                            const std::function<void(size_t entrant, const BoardResult&)>& finished) {
  nlohmann::json run = {{"master_seed", master_seed}, {"threads", options.threads}, {"cache", options.cache}};
  run["entrants"] = entrants;
  send_to_all_workers(kRun, run);

  std::vector<int> free_slots(static_cast<size_t>(g_size), 0);
  for (int rank = 1; rank < g_size; ++rank) {
    MPI_Status status;
    MPI_Probe(rank, kReady, MPI_COMM_WORLD, &status);
    free_slots[static_cast<size_t>(rank)] = receive_json(status).at("capacity").get<int>();
  }

  // While many games are unassigned, each rank holds one game more than it has threads, so
  // a thread that finishes starts the next game without waiting for the round trip; near
  // the tail, no rank holds a game another rank could start sooner.
  int total_threads = 0;
  for (int slots : free_slots) total_threads += slots;
  for (size_t rank = 1; rank < free_slots.size(); ++rank) ++free_slots[rank];
  size_t next = 0, outstanding = 0;
  bool stopping = false, tail_announced = false;
  std::exception_ptr error;
  auto assign = [&](int rank) {
    int& slots = free_slots[static_cast<size_t>(rank)];
    const bool prefetch_slot_only = slots == 1 && tasks.size() - next <= static_cast<size_t>(total_threads);
    if (stopping || next >= tasks.size() || slots == 0 || prefetch_slot_only) return false;
    const BoardTask& task = tasks[next++];
    send_json(rank, kTask, {{"entrant", task.entrant}, {"board", task.board}, {"unassigned", tasks.size() - next}});
    --slots;
    ++outstanding;
    return true;
  };
  auto announce_tail = [&] {
    if (tail_announced || next < tasks.size()) return;
    tail_announced = true;
    send_to_all_workers(kTail, nullptr);
  };
  // First round: one game per rank at a time, so a small run is spread over every rank.
  for (bool any = true; any;) {
    any = false;
    for (int rank = 1; rank < g_size; ++rank) any = assign(rank) || any;
  }
  announce_tail();
  while (outstanding > 0) {
    if (!stopping && options.stop && options.stop->load()) {
      stopping = true;
      send_to_all_workers(kStop, nullptr);
    }
    MPI_Status status;
    if (!message_waiting(MPI_ANY_SOURCE, kResult, status)) {
      pause_briefly();
      continue;
    }
    const nlohmann::json reply = receive_json(status);
    const int rank = status.MPI_SOURCE;
    --outstanding;
    ++free_slots[static_cast<size_t>(rank)];
    const size_t entrant = reply.at("entrant").get<size_t>();
    const int board = reply.at("board").get<int>();
    if (reply.contains("error")) {
      // A controller error, not a player fault (those are results): keep the first with its
      // context and let the other games finish, as in one process.
      if (!error)
        error = std::make_exception_ptr(std::runtime_error("board " + std::to_string(board) + " of '" +
                                                           entrants.at(entrant).label + "' (rank " +
                                                           std::to_string(rank) + "): " +
                                                           reply.at("error").get<std::string>()));
    } else if (reply.contains("result")) {
      try {
        finished(entrant, reply.at("result").get<BoardResult>());
      } catch (...) {
        // The result could not be kept (a failed journal write): hand out no more games.
        if (!error) error = std::current_exception();
        stopping = true;
      }
    }
    assign(rank);
    announce_tail();
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace ratrace
