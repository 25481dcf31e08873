// common/cli: a live status line fitted to the terminal's width. cli/: the commands a
// message tells the user to paste, idempotent runs, compact numbers.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "ratrace/analysis/report.h"
#include "ratrace/cli/commands.h"
#include "ratrace/common/cli.h"

namespace ratrace {
namespace {

TEST(FitToWidth, CutsALongLineToTheColumns) {
  EXPECT_EQ(fit_to_width("score ColorScorePlayer 12/100 games", 10), "score Colo");
}

TEST(FitToWidth, KeepsALineThatFits) {
  EXPECT_EQ(fit_to_width("12/100", 6), "12/100");
  EXPECT_EQ(fit_to_width("12/100", 79), "12/100");
}

TEST(FitToWidth, CountsCharactersNotBytesAndNeverSplitsOne) {
  // "é" is two bytes: five characters fit in five columns.
  EXPECT_EQ(fit_to_width("caf\xc3\xa9s au lait", 5), "caf\xc3\xa9s");
  EXPECT_EQ(fit_to_width("caf\xc3\xa9s", 4), "caf\xc3\xa9");
}

TEST(TerminalColumns, FallsBackToColumnsWhenNotATerminal) {
  setenv("COLUMNS", "37", 1);
  EXPECT_EQ(terminal_columns(-1), 37);
  unsetenv("COLUMNS");
  EXPECT_EQ(terminal_columns(-1), 80);
}

TEST(ResumeCommand, NamesTheProgramAsInvokedAndQuotesEveryPath) {
  const auto folder = std::filesystem::temp_directory_path() / ("ratrace_resume_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  ScoreRequest request;
  request.player = "ForwardRandom";
  request.run.boards = 1;
  request.run.sets = {"turns=5"};
  request.run.journal_file = (folder / "it's.jsonl").string();
  ScoreRun command(request);
  {
    DurableRun run(command, folder.string());
    set_program_path("build/ratrace");
    EXPECT_EQ(run.resume_command(), "build/ratrace score --resume '" + folder.string() + "/it'\\''s.jsonl'");
    set_program_path("/opt/my tools/ratrace");
    EXPECT_EQ(run.resume_command(), "'/opt/my tools/ratrace' score --resume '" + folder.string() + "/it'\\''s.jsonl'");
    set_program_path("ratrace");
  }
  std::filesystem::remove_all(folder);
}

TEST(FormatScore, BoundsOfVeryFewBoardsStayShort) {
  EXPECT_EQ(format_score(3.9e24), "3.9e+24");
  EXPECT_EQ(format_score(7.5e-21), "7.5e-21");
  EXPECT_EQ(format_score(999999999), "999999999");
  EXPECT_EQ(format_score(54227), "54227");
  EXPECT_EQ(format_score(1.5), "1.50");
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(ScoreCommand, TheSameRunAgainReportsItAgainAndLeavesItsResult) {
  const auto folder = std::filesystem::temp_directory_path() / ("ratrace_cli_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  ScoreRequest options;
  options.player = "ForwardRandom";
  options.run.boards = 2;
  options.run.sets = {"turns=60"};
  options.run.threads = 1;
  options.run.journal_file = (folder / "j.jsonl").string();
  options.run.json_file = (folder / "score.json").string();
  testing::internal::CaptureStdout();
  EXPECT_EQ(run_score(options), kExitOk);
  const std::string first = file_text(options.run.json_file);
  EXPECT_EQ(run_score(options), kExitOk);
  EXPECT_EQ(file_text(options.run.json_file), first);
  // Another run on the same journal is refused, and so is a result file that differs.
  options.run.seed = 2;
  EXPECT_THROW(run_score(options), std::invalid_argument);
  options.run.seed = 1;
  std::ofstream(options.run.json_file) << "{}\n";
  EXPECT_THROW(run_score(options), UsageError);
  testing::internal::GetCapturedStdout();
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace ratrace
