// DistributedSession in a build without MPI: always inactive, one process plays everything.
#include <stdexcept>

#include "ratrace/runs/distributed.h"

namespace ratrace {

DistributedSession::DistributedSession(int&, char**&) {}
DistributedSession::~DistributedSession() = default;
bool DistributedSession::is_worker() const { return false; }
int DistributedSession::serve() { return 0; }

bool distributed_run_active() { return false; }

void run_boards_distributed(const std::vector<Entrant>&, const std::vector<BoardTask>&, uint64_t, const RunOptions&,
                            const std::function<void(size_t, const BoardResult&)>&) {
  throw std::logic_error("run_boards_distributed: this build has no MPI");
}

}  // namespace ratrace
