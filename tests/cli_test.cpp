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
#include "ratrace/cli/journalled_run.h"
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
  set_program_path("build/ratrace");
  EXPECT_EQ(resume_command("score", "runs/score-ColorScorePlayer-seed1-1a2b3c4d.jsonl"),
            "build/ratrace score --resume runs/score-ColorScorePlayer-seed1-1a2b3c4d.jsonl");
  set_program_path("/opt/my tools/ratrace");
  EXPECT_EQ(resume_command("sweep", "runs/sweep-Blind Faith-seed1-00000000.jsonl"),
            "'/opt/my tools/ratrace' sweep --resume 'runs/sweep-Blind Faith-seed1-00000000.jsonl'");
  EXPECT_EQ(resume_command("score", "it's.jsonl"), "'/opt/my tools/ratrace' score --resume 'it'\\''s.jsonl'");
  set_program_path("ratrace");
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

TEST(JournalledRun, TheSameRunAgainReportsItAgainAndLeavesItsResult) {
  const auto folder = std::filesystem::temp_directory_path() / ("ratrace_cli_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  ScoreOptions options;
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
