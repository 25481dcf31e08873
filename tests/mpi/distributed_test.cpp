// run_boards across MPI ranks equals the same games played in this process, faults included.
// Run under mpiexec with 2 or more ranks: rank 0 runs the tests (and plays games in them), the
// others serve games.
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

#include "ratrace/runs/distributed.h"
#include "ratrace/engine/player.h"
#include "ratrace/runs/runner.h"

namespace ratrace {
namespace {

// Stays put, but throws on any cell of colour 7: a faulty player for the fault report.
Move fail_on_colour_seven(const Genome&, const View& view, Rng&) {
  if (view(0, 0) == 7) throw std::runtime_error("stood on colour 7");
  return {0, 0};
}
RATRACE_PLAYER({.name = "MpiTestFaulty", .author = "test", .language = "C++", .summary = "Stays put; throws on colour 7.", .choices = "",
                .move = fail_on_colour_seven});

TEST(Distributed, SameResultsAsOneProcessFaultsIncluded) {
  ASSERT_TRUE(distributed_run_active()) << "run under mpiexec with at least 2 ranks";
  Config config;
  config.turns = 300;
  const std::vector<Entrant> entrants{{"csp", "ColorScorePlayer", config}, {"faulty", "MpiTestFaulty", config},
                                      {"bf", "Blind Faith", config}};
  std::vector<BoardTask> tasks;
  for (int board = 0; board < 8; ++board)
    for (size_t e = 0; e < entrants.size(); ++e) tasks.push_back({e, board});
  std::map<std::pair<size_t, int>, BoardResult> distributed;
  run_boards(entrants, tasks, 42, {1, true, nullptr},
             [&](size_t e, const BoardResult& r) { distributed[{e, r.index}] = r; });
  ASSERT_EQ(distributed.size(), tasks.size());
  size_t faults = 0;
  for (const BoardTask& task : tasks) {
    BoardResult local;
    ASSERT_TRUE(play_board(entrants[task.entrant], 42, task.board, {1, true, nullptr}, local));
    const BoardResult& remote = distributed.at({task.entrant, task.board});
    EXPECT_EQ(remote.score, local.score) << entrants[task.entrant].label << " board " << task.board;
    EXPECT_EQ(remote.seed, local.seed);
    EXPECT_EQ(remote.turns, local.turns);
    EXPECT_EQ(remote.moves, local.moves);
    EXPECT_EQ(remote.player_calls, local.player_calls);
    EXPECT_EQ(remote.fault, local.fault);
    if (!remote.fault.empty()) {
      ++faults;
      EXPECT_NE(remote.fault.find("player MpiTestFaulty, board " + std::to_string(task.board)), std::string::npos)
          << remote.fault;
      EXPECT_NE(remote.fault.find("specimen #"), std::string::npos) << remote.fault;
    }
  }
  EXPECT_GT(faults, 0u);  // the faulty player faulted, and every other game still finished
}

TEST(Distributed, SameResultsWithTwoThreadsOnEveryRank) {
  // Rank 0 plays too, and every rank's last games may use in-game parallelism.
  Config config;
  config.turns = 1500;
  const std::vector<Entrant> entrants{{"csp", "ColorScorePlayer", config}, {"bf", "Blind Faith", config}};
  std::vector<BoardTask> tasks;
  for (int board = 0; board < 5; ++board)
    for (size_t e = 0; e < entrants.size(); ++e) tasks.push_back({e, board});
  std::map<std::pair<size_t, int>, BoardResult> distributed;
  run_boards(entrants, tasks, 11, {2, true, nullptr},
             [&](size_t e, const BoardResult& r) { distributed[{e, r.index}] = r; });
  ASSERT_EQ(distributed.size(), tasks.size());
  for (const BoardTask& task : tasks) {
    BoardResult local;
    ASSERT_TRUE(play_board(entrants[task.entrant], 11, task.board, {1, true, nullptr}, local));
    const BoardResult& remote = distributed.at({task.entrant, task.board});
    EXPECT_EQ(remote.score, local.score) << entrants[task.entrant].label << " board " << task.board;
    EXPECT_EQ(remote.turns, local.turns);
    EXPECT_EQ(remote.moves, local.moves);
    EXPECT_EQ(remote.player_calls, local.player_calls);
    EXPECT_EQ(remote.peak_population, local.peak_population);
  }
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
