#pragma once
#include <functional>
#include <vector>

#include "ratrace/runs/runner.h"

namespace ratrace {

// A run spread over MPI ranks: rank 0 runs the command as usual, plays games like every other
// rank, and hands out the games one by one as ranks finish theirs; every other rank only
// plays games. No rank spins while it waits (see distributed_mpi.cpp). Started under mpirun,
// srun or any launcher that sets the MPI environment; otherwise (or in a build without MPI)
// it is inactive and everything runs in this one process.
class DistributedSession {
 public:
  DistributedSession(int& argc, char**& argv);
  ~DistributedSession();  // tells the playing ranks to stop, then finalises MPI
  DistributedSession(const DistributedSession&) = delete;
  DistributedSession& operator=(const DistributedSession&) = delete;

  // True on a playing rank: it must call serve() instead of running the command.
  bool is_worker() const;
  // Plays the games rank 0 hands out until rank 0 is done; returns the exit code.
  int serve();
};

// True in the gathering rank of a session with at least one playing rank.
bool distributed_run_active();

// run_boards across every rank, this one included (same contract): each rank plays up to its
// --threads games at a time, gets a new one as each ends, and keeps in-game parallelism for
// the tail. `finished` is called on this rank's calling thread, in the order games end.
void run_boards_distributed(const std::vector<Entrant>& entrants, const std::vector<BoardTask>& tasks,
                            uint64_t master_seed, const RunOptions& options,
                            const std::function<void(size_t entrant, const BoardResult&)>& finished);

}  // namespace ratrace
