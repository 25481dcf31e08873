// `menace train` as a user runs it: the real binary, its files, memory, signals and streams.
#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;

struct Finished {
  int exit_code = -1;
  std::string out, err;
  long max_rss_kb = 0;
  double seconds = 0;
};

std::string slurp(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A folder of its own for each test, removed afterwards.
class MenaceTrain : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("menace_train_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

  // Runs menace with `args`, standard output and error to files; `signal_after` > 0 sends
  // `signal` after that many seconds, just after calling `before_signal`.
  Finished menace(const std::vector<std::string>& args, double signal_after = 0,
                  const std::function<void()>& before_signal = {}, int signal = SIGINT) const {
    const std::string out = file("stdout.txt"), err = file("stderr.txt");
    const auto began = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid == 0) {
      std::vector<char*> argv{const_cast<char*>(MENACE_BINARY)};
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      ::dup2(::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), STDOUT_FILENO);
      ::dup2(::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), STDERR_FILENO);
      ::execv(MENACE_BINARY, argv.data());
      ::_exit(127);
    }
    Finished run;
    std::chrono::steady_clock::time_point signalled;
    if (signal_after > 0) {
      std::this_thread::sleep_for(std::chrono::duration<double>(signal_after));
      if (before_signal) before_signal();
      signalled = std::chrono::steady_clock::now();
      ::kill(pid, signal);
    }
    int status = 0;
    rusage usage{};
    ::wait4(pid, &status, 0, &usage);
    run.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - (signal_after > 0 ? signalled : began))
            .count();
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.max_rss_kb = usage.ru_maxrss;
    run.out = slurp(out);
    run.err = slurp(err);
    return run;
  }

  fs::path dir_;
};

TEST_F(MenaceTrain, MemoryAndCurveSizeDoNotGrowWithTheGames) {
  const std::string curve = file("curve.json");
  const Finished r = menace({"train", "--games", "2000000", "--curve", curve});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_LT(r.max_rss_kb, 50 * 1024) << "peak memory in KB";
  EXPECT_LT(fs::file_size(curve), 1000000u) << "one row per block, at most 2000 blocks";
  const auto j = nlohmann::json::parse(slurp(curve));
  EXPECT_EQ(j["config"]["block"], 1000u) << "the default block grows with the games";
  EXPECT_EQ(j["blocks"].size(), 2000u);
  EXPECT_EQ(j["blocks"].back()["last_game"], 2000000u);
  EXPECT_EQ(j["games_completed"], 2000000u);
  EXPECT_FALSE(j["interrupted"].get<bool>());
  EXPECT_NE(r.out.find("(20 of the 2000 blocks of 1000 games shown"), std::string::npos) << r.out;
}

TEST_F(MenaceTrain, CtrlCKeepsTheFinishedBlocksAndTheirBoxes) {
  const std::string curve = file("curve.json"), boxes = file("boxes.json");
  // Unloaded, a sanitizer build plays about 25 blocks a second; with the machine's two cores
  // shared by a parallel test run and other jobs, two seconds once finished none. A run that kept
  // no block shows nothing, so the signal comes later until one has.
  Finished r;
  nlohmann::json j;
  for (const double signal_after : {2.0, 8.0, 30.0}) {
    fs::remove(curve);
    fs::remove(boxes);
    r = menace({"train", "--games", "20000000", "--block", "1000", "--curve", curve, "--save", boxes}, signal_after);
    ASSERT_EQ(r.exit_code, 130) << r.err;
    j = nlohmann::json::parse(slurp(curve));
    if (j["games_completed"] > 0u) break;
  }
  EXPECT_LT(r.seconds, 1.0) << "stops within a second of the signal";
  EXPECT_NE(r.err.find("interrupted after"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(curve), std::string::npos) << "says where the curve was kept";
  EXPECT_TRUE(j["interrupted"].get<bool>());
  const uint64_t games = j["games_completed"];
  EXPECT_EQ(games, j["blocks"].size() * 1000u);
  EXPECT_GT(games, 0u) << "thirty seconds play several blocks, even under a sanitizer on a loaded machine";
  EXPECT_EQ(nlohmann::json::parse(slurp(boxes))["games_played"], games) << "the boxes match the kept blocks";
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
}

TEST_F(MenaceTrain, SigtermStopsLikeCtrlC) {
  const std::string boxes = file("boxes.json");
  const Finished r = menace({"train", "--games", "100000000", "--save", boxes}, 0.5, {}, SIGTERM);
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_LT(r.seconds, 1.0);
  EXPECT_NE(r.err.find("the boxes after those games in " + boxes), std::string::npos) << r.err;
}

TEST_F(MenaceTrain, CurveOnStandardOutputCarriesTheDataAlone) {
  const Finished r = menace({"train", "--games", "300", "--learners", "3", "--curve", "-"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);  // throws on any other text
  EXPECT_EQ(j["blocks"].size(), 3u);
  EXPECT_NE(r.err.find("stopped losing"), std::string::npos) << "the summary goes to standard error";
  EXPECT_EQ(r.err.find("\033[K"), std::string::npos) << "no progress line off a terminal";
}

TEST_F(MenaceTrain, OnATerminalALiveProgressLineShows) {
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::execl(MENACE_BINARY, MENACE_BINARY, "train", "--games", "3000000", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::string screen;
  char buffer[4096];
  for (ssize_t n; (n = ::read(master, buffer, sizeof buffer)) > 0;) screen.append(buffer, static_cast<size_t>(n));
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::close(master);
  EXPECT_EQ(WEXITSTATUS(status), 0) << screen;
  EXPECT_NE(screen.find("\r\033[Kmenace train: "), std::string::npos) << screen;
  EXPECT_NE(screen.find(" of 3000000 games over all learners"), std::string::npos) << screen;
}

TEST_F(MenaceTrain, EveryNumericFlagRefusesJunkNamingTheFlag) {
  const std::vector<std::pair<std::string, std::string>> flags = {
      {"train", "--games"},          {"train", "--seed"},  {"train", "--learners"},
      {"train", "--threads"},        {"train", "--block"}, {"train", "--no-loss-window"},
      {"train", "--opponent-error"}, {"play", "--seed"},   {"boxes", "--seed"}};
  for (const auto& [command, flag] : flags)
    for (const std::string bad : {"nan", "-1", "1x", "", "0x10", "1e999", "99999999999999999999999"}) {
      const Finished r = menace({command, "--opponent", "perfect", flag, bad});
      EXPECT_EQ(r.exit_code, 2) << command << " " << flag << " '" << bad << "': " << r.err;
      EXPECT_NE(r.err.find("menace: error: " + flag), std::string::npos) << r.err;
    }
  EXPECT_EQ(menace({"train", "--games", "0"}).exit_code, 2);
  EXPECT_EQ(menace({"train", "--opponent", "perfect", "--opponent-error", "1.5"}).exit_code, 2);
  const Finished r = menace({"train", "--games", "20001", "--block", "1"});
  EXPECT_EQ(r.exit_code, 2) << "20,000 points are the most a curve may have";
  EXPECT_NE(r.err.find("--block"), std::string::npos) << r.err;
}

TEST_F(MenaceTrain, FailedWritesExitOne) {
  Finished r = menace({"train", "--games", "10", "--curve", "/dev/full"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("menace: error: cannot write"), std::string::npos) << r.err;
  r = menace({"train", "--games", "10", "--save", "/dev/full"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
}

TEST_F(MenaceTrain, VersionAndHelpFollowTheConventions) {
  Finished r = menace({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("menace ", 0), 0u) << r.out;
  EXPECT_EQ(r.out.find("MPI"), std::string::npos) << "menace has no MPI to report";
  for (const std::string command : {"play", "train", "boxes"}) {
    r = menace({command, "--help"});
    EXPECT_NE(r.out.find("--log-level"), std::string::npos) << command;
  }
  EXPECT_NE(menace({"train", "--help"}).out.find("UINT in [0, 1024]=0"), std::string::npos)
      << "0: one thread per core, the default";
}

TEST_F(MenaceTrain, AnOutputMadeByAnotherProcessMeanwhileIsKept) {
  const std::string curve = file("curve.json"), boxes = file("boxes.json");
  const Finished r = menace({"train", "--games", "100000000", "--curve", curve, "--save", boxes}, 0.5,
                            [&] { std::ofstream(boxes) << "another run's"; });
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(slurp(boxes), "another run's");
  EXPECT_NE(r.err.find(file("boxes.1.json")), std::string::npos) << r.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(file("boxes.1.json")))["format"], "menace-boxes");
  EXPECT_TRUE(nlohmann::json::parse(slurp(curve))["interrupted"].get<bool>()) << "the other output is still made";
}

}  // namespace
