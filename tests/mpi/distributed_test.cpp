// run_boards across MPI ranks equals the same games played in this process, faults included.
// Run under mpiexec with 2 or more ranks: rank 0 runs the tests (and plays games in them), the
// others serve games.
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

#include "ratrace/engine/player.h"
#include "ratrace/runs/distributed.h"
#include "ratrace/runs/runner.h"

namespace ratrace {
namespace {

// Stays put, but throws on any cell of colour 7: a faulty player for the fault report.
Move fail_on_colour_seven(const Genome&, const View& view, Rng&) {
  if (view(0, 0) == 7) throw std::runtime_error("stood on colour 7");
  return {0, 0};
}
RATRACE_PLAYER({.name = "MpiTestFaulty",
                .author = "test",
                .language = "C++",
                .summary = "Stays put; throws on colour 7.",
                .choices = "",
                .move = fail_on_colour_seven});

// Every entrant on boards 0..boards-1, in the order a run hands them out.
std::vector<BoardTask> board_major(size_t entrants, int boards) {
  std::vector<BoardTask> tasks;
  for (int board = 0; board < boards; ++board)
    for (size_t e = 0; e < entrants; ++e) tasks.push_back({e, board});
  return tasks;
}

// Plays `tasks` across the ranks with `threads` threads on each, checks every result against
// play_board in this process (one thread), and returns the results.
std::vector<BoardResult> expect_one_process_results(const std::vector<Entrant>& entrants,
                                                    const std::vector<BoardTask>& tasks, uint64_t seed, int threads) {
  std::map<std::pair<size_t, int>, BoardResult> distributed;
  run_boards(entrants, tasks, seed, {threads, true, nullptr}, [&](size_t e, const BoardResult& r) {
    distributed[{e, r.index}] = r;
  });
  EXPECT_EQ(distributed.size(), tasks.size());
  std::vector<BoardResult> results;
  for (const BoardTask& task : tasks) {
    BoardResult local;
    EXPECT_TRUE(play_board(entrants[task.entrant], seed, task.board, {1, true, nullptr}, local));
    const auto found = distributed.find({task.entrant, task.board});
    if (found == distributed.end()) continue;
    const BoardResult& remote = found->second;
    EXPECT_EQ(remote.score, local.score) << entrants[task.entrant].label << " board " << task.board;
    EXPECT_EQ(remote.seed, local.seed);
    EXPECT_EQ(remote.turns, local.turns);
    EXPECT_EQ(remote.moves, local.moves);
    EXPECT_EQ(remote.player_calls, local.player_calls);
    EXPECT_EQ(remote.peak_population, local.peak_population);
    EXPECT_EQ(remote.fault, local.fault);
    results.push_back(remote);
  }
  return results;
}

TEST(Distributed, SameResultsAsOneProcessFaultsIncluded) {
  ASSERT_TRUE(distributed_run_active()) << "run under mpiexec with at least 2 ranks";
  Config config;
  config.turns = 300;
  const std::vector<Entrant> entrants{
      {"csp", "ColorScorePlayer", config}, {"faulty", "MpiTestFaulty", config}, {"bf", "Blind Faith", config}};
  size_t faults = 0;
  for (const BoardResult& result : expect_one_process_results(entrants, board_major(entrants.size(), 8), 42, 1)) {
    if (result.fault.empty()) continue;
    ++faults;
    EXPECT_NE(result.fault.find("player MpiTestFaulty, board " + std::to_string(result.index)), std::string::npos)
        << result.fault;
    EXPECT_NE(result.fault.find("specimen #"), std::string::npos) << result.fault;
  }
  EXPECT_GT(faults, 0u);  // the faulty player faulted, and every other game still finished
}

TEST(Distributed, SameResultsWithTwoThreadsOnEveryRank) {
  // Rank 0 plays too, and every rank's last games may use in-game parallelism.
  Config config;
  config.turns = 1500;
  const std::vector<Entrant> entrants{{"csp", "ColorScorePlayer", config}, {"bf", "Blind Faith", config}};
  expect_one_process_results(entrants, board_major(entrants.size(), 5), 11, 2);
}

TEST(Distributed, RepeatedRunsReuseTheRanks) {
  // compare plays its boards in batches: several run_boards calls in one session.
  Config config;
  config.turns = 200;
  const std::vector<Entrant> entrants{{"csp", "ColorScorePlayer", config}};
  for (int batch = 0; batch < 3; ++batch) {
    std::vector<BoardTask> tasks;
    for (int board = batch * 4; board < batch * 4 + 4; ++board) tasks.push_back({0, board});
    size_t count = 0;
    run_boards(entrants, tasks, 7, {1, true, nullptr}, [&](size_t, const BoardResult&) { ++count; });
    EXPECT_EQ(count, tasks.size());
  }
}

}  // namespace
}  // namespace ratrace

int main(int argc, char** argv) {
  ratrace::DistributedSession session(argc, argv);
  if (session.is_worker()) return session.serve();
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
