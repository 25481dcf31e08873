// common/cli: a live status line fitted to the terminal's width.
#include <cstdlib>

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace ratrace
