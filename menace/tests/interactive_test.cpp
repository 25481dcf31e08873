// The interactive program driven as a person would through a pipe: the real binary, moves on
// its standard input, its output checked.
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "menace/boxes.h"

namespace {

using ratrace::menace::kMaxGamesPlayed;

struct Outcome {
  int exit_code;
  std::string output;
};

// Runs `menace ARGS < input` and captures standard output and error.
Outcome run_menace(const std::string& args, const std::string& input) {
  const auto dir = std::filesystem::temp_directory_path() / ("menace_pipe_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto input_file = dir / "input.txt";
  std::ofstream(input_file) << input;
  const std::string command = std::string(MENACE_BINARY) + " " + args + " < " + input_file.string() + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  Outcome out{-1, ""};
  if (!pipe) return out;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.output.append(buffer, n);
  const int status = ::pclose(pipe);
  out.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);  // one folder per test process: none is left behind
  return out;
}

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The person tries every cell in reading order: occupied ones are refused and the next is
// tried, so any game MENACE plays is finished whatever it draws.
std::string every_cell() { return "LL\nLM\nLR\nML\nMM\nMR\nRL\nRM\nRR\n"; }

TEST(MenaceInteractivePipe, ScriptedGamesWithBadLines) {
  std::string input = "three\n0\n3\n" + std::string("hello\nXY\nLLL\nl m\n");
  for (int i = 0; i < 3; ++i) input += every_cell() + every_cell();
  const Outcome r = run_menace("play --seed 5 --show-boxes", input);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("row:    L = top"), std::string::npos) << "the help says which letter is top";
  EXPECT_EQ(occurrences(r.output, "is not a number of games"), 2u);
  EXPECT_EQ(occurrences(r.output, "new game\n"), 3u);
  EXPECT_NE(r.output.find("'hello' is not a move"), std::string::npos);
  EXPECT_NE(r.output.find("'XY' is not a move"), std::string::npos);
  EXPECT_NE(r.output.find("'LLL' is not a move"), std::string::npos);
  EXPECT_NE(r.output.find("is taken (X is there)"), std::string::npos);
  EXPECT_NE(r.output.find("You play LM:"), std::string::npos) << "lower case and spaces are accepted";
  EXPECT_EQ(occurrences(r.output, "#303 s3"), 3u) << "all 304 boxes after each game";
  EXPECT_EQ(occurrences(r.output, "Boxes of X after"), 3u);
  EXPECT_NE(r.output.find("All 3 games played"), std::string::npos);
  EXPECT_GE(occurrences(r.output, "MENACE plays "), 3u * 3);
  EXPECT_NE(r.output.find("---+---+---"), std::string::npos);
  // The same seed and input give the same session.
  EXPECT_EQ(run_menace("play --seed 5 --show-boxes", input).output, r.output);
}

TEST(MenaceInteractivePipe, WithoutShowBoxesEachGameEndsWithOneLine) {
  const Outcome r = run_menace("play --seed 5", "2\n" + every_cell() + every_cell() + every_cell() + every_cell());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output.find("#303"), std::string::npos) << "no box table";
  EXPECT_NE(r.output.find("--show-boxes shows them all"), std::string::npos) << "the help says how to see them";
  EXPECT_EQ(occurrences(r.output, "MENACE's boxes after "), 2u);
  EXPECT_NE(r.output.find("MENACE's boxes after 2 games: "), std::string::npos) << r.output;
  // The last board stays in view: the game's result, its summary and the total close the output.
  const size_t last_board = r.output.rfind("---+---+---");
  EXPECT_LT(std::count(r.output.begin() + static_cast<ptrdiff_t>(last_board), r.output.end(), '\n'), 10);
}

TEST(MenaceInteractivePipe, EndOfInputMidGameEndsCleanly) {
  const Outcome r = run_menace("play --seed 1", "2\nMM\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("End of input in game 1 of 2: the game is abandoned"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("Boxes of X"), std::string::npos);
}

TEST(MenaceInteractivePipe, EndOfInputBeforeTheNumberOfGames) {
  const Outcome r = run_menace("play", "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.output.find("nothing played"), std::string::npos);
}

TEST(MenaceInteractivePipe, SavesAfterEachGameRefusesToOverwriteAndLoadsBack) {
  const auto dir = std::filesystem::temp_directory_path() / ("menace_save_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const std::string boxes = (dir / "boxes.json").string();
  const Outcome first = run_menace("play --seed 2 --save " + boxes, "1\n" + every_cell() + every_cell());
  ASSERT_EQ(first.exit_code, 0) << first.output;
  ASSERT_TRUE(std::filesystem::exists(boxes));
  const Outcome refused = run_menace("play --seed 2 --save " + boxes, "1\n");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.output.find("--force"), std::string::npos) << refused.output;
  const Outcome again = run_menace("play --seed 2 --load " + boxes + " --save " + boxes + " --force",
                                   "1\n" + every_cell() + every_cell());
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_NE(again.output.find("MENACE has learnt from 1 games"), std::string::npos);
  EXPECT_NE(again.output.find("MENACE's boxes after 2 games"), std::string::npos);
  std::filesystem::remove_all(dir);
}

// The pid of a process that has just ended.
pid_t dead_pid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  return child;
}

TEST(MenaceInteractivePipe, ASaveClearsTheTemporariesOfKilledSavesOnly) {
  const auto dir = std::filesystem::temp_directory_path() / ("menace_stale_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string boxes = (dir / "boxes.json").string();
  const std::string dead = boxes + ".tmp-" + std::to_string(dead_pid());
  const std::string live = boxes + ".tmp-" + std::to_string(::getpid());
  const std::string other = (dir / ("other.json.tmp-" + std::to_string(dead_pid()))).string();
  for (const auto& path : {dead, live, other}) std::ofstream(path) << "partial";
  const Outcome r = run_menace("play --seed 2 --save " + boxes, "1\n" + every_cell() + every_cell());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dead)) << "its process is gone";
  EXPECT_TRUE(std::filesystem::exists(live)) << "a live process's file is never touched";
  EXPECT_TRUE(std::filesystem::exists(other)) << "another target's file is left alone";
  std::filesystem::remove_all(dir);
}

TEST(MenaceCommandLine, BadBoxesFilesAreRefusedWithTheReason) {
  const auto dir = std::filesystem::temp_directory_path() / ("menace_badboxes_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string boxes = (dir / "boxes.json").string();
  ASSERT_EQ(run_menace("train --games 10 --save " + boxes, "").exit_code, 0);
  std::ifstream in(boxes);
  const nlohmann::json good = nlohmann::json::parse(in);
  nlohmann::json bad = good;
  bad["learning_rate"] = 1;
  std::ofstream(boxes) << bad.dump();
  Outcome r = run_menace("train --games 10 --load " + boxes, "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("unknown key \"learning_rate\""), std::string::npos) << r.output;
  bad = good;
  bad["games_played"] = ~uint64_t{0};
  std::ofstream(boxes) << bad.dump();
  r = run_menace("play --load " + boxes + " --save " + boxes + " --force", "1\n" + every_cell() + every_cell());
  EXPECT_EQ(r.exit_code, 2) << "2^64 - 1 games would wrap to 9 after 10 more";
  EXPECT_NE(r.output.find("\"games_played\" is 18446744073709551615"), std::string::npos) << r.output;
  bad["games_played"] = kMaxGamesPlayed - 5;
  std::ofstream(boxes) << bad.dump();
  r = run_menace("train --games 10 --load " + boxes, "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("--games"), std::string::npos) << r.output;
  std::filesystem::remove_all(dir);
}

TEST(MenaceCommandLine, UsageErrorsExitTwo) {
  EXPECT_EQ(run_menace("train --learners 2 --save /tmp/never.json", "").exit_code, 2);
  EXPECT_EQ(run_menace("train --opponent nobody", "").exit_code, 2);
  EXPECT_EQ(run_menace("play --beads many", "").exit_code, 2);
  EXPECT_EQ(run_menace("frobnicate", "").exit_code, 2);
}

TEST(MenaceCommandLine, TrainPrintsTheCurve) {
  const Outcome r = run_menace("train --opponent perfect --games 200 --learners 4 --threads 2 --seed 3", "");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("101-200"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("stopped losing"), std::string::npos);
}

}  // namespace
