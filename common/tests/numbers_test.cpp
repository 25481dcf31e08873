// common/numbers.h and the CLI11 checks on it, which every numeric flag of the three programs uses.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "ratrace/common/cli.h"
#include "ratrace/common/numbers.h"

namespace ratrace {
namespace {

constexpr uint64_t kMax64 = std::numeric_limits<uint64_t>::max();

TEST(Numbers, WholeNumbersArePlainDigitsInRange) {
  EXPECT_EQ(parse_whole("0", 0, kMax64, "--seed"), 0u);
  EXPECT_EQ(parse_whole("18446744073709551615", 0, kMax64, "--seed"), kMax64);
  for (const char* bad : {"", "010", "00", "-1", "+1", " 1", "1 ", "1x", "0x10", "1e3", "1.0", "18446744073709551616",
                          "99999999999999999999999", "-0"})
    EXPECT_THROW(parse_whole(bad, 0, kMax64, "--seed"), UsageError) << bad;
  EXPECT_THROW(parse_whole("257", 1, 256, "--threads"), UsageError);
  EXPECT_THROW(parse_whole("0", 1, 256, "--threads"), UsageError);
}

TEST(Numbers, SignedNumbersTakeOneMinus) {
  EXPECT_EQ(parse_signed("-5", -10, 10, "--x"), -5);
  EXPECT_EQ(parse_signed("-0", -10, 10, "--x"), 0);
  EXPECT_EQ(parse_signed("-9223372036854775808", std::numeric_limits<int64_t>::min(), 0, "--x"),
            std::numeric_limits<int64_t>::min());
  for (const char* bad : {"", "-", "--1", "+5", "-05", "05", "11", "-11", "5-", "9223372036854775808"})
    EXPECT_THROW(parse_signed(bad, -10, 10, "--x"), UsageError) << bad;
}

TEST(Numbers, RealNumbersAreFiniteDecimalsInRange) {
  EXPECT_EQ(parse_real("0.5", 0, 1, "--a"), 0.5);
  EXPECT_EQ(parse_real("1e-3", 0, 1, "--a"), 0.001);
  EXPECT_EQ(parse_real("25E+1", 0, 1000, "--a"), 250);
  EXPECT_EQ(parse_real("-2", -3, 0, "--a"), -2);
  EXPECT_EQ(parse_real("0.25e01", 0, 10, "--a"), 2.5);
  EXPECT_EQ(parse_real("1e-400", 0, 1, "--a"), 0.0);  // rounds to zero, as strtod does
  for (const char* bad : {"",    "nan",   "NaN", "inf", "-inf", "infinity", ".5", "5.",    "+1",   "1e",
                          "1e+", "0x1p3", "1,5", " 1",  "1 ",   "1e400",    "-",  "1.5.2", "00.5", "01"})
    EXPECT_THROW(parse_real(bad, -1e300, 1e300, "--a"), UsageError) << bad;
  EXPECT_THROW(parse_real("0", 0, 1, "--alpha", LowerEnd::kExcluded), UsageError);
  EXPECT_THROW(parse_real("1e-400", 0, 1, "--alpha", LowerEnd::kExcluded), UsageError);
  EXPECT_EQ(parse_real("1e-300", 0, 1, "--alpha", LowerEnd::kExcluded), 1e-300);
  EXPECT_THROW(parse_real("1.5", 0, 1, "--a"), UsageError);
}

TEST(Numbers, MessagesNameTheFlagAndRangeAndClipTheText) {
  try {
    parse_whole(std::string(100'000'000, '9'), 1, 256, "--threads");
    FAIL();
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_LT(message.size(), 200u) << message;
    EXPECT_NE(message.find("--threads: expected a whole number in [1, 256]"), std::string::npos) << message;
    EXPECT_NE(message.find("(100000000 characters)"), std::string::npos) << message;
  }
  try {
    parse_real("nan", 0, 100, "--alpha", LowerEnd::kExcluded);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--alpha: expected a real number in (0, 100], got 'nan'");
  }
  EXPECT_EQ(clipped("abcdef", 3), "abc... (6 characters)");
  EXPECT_EQ(clipped("abc", 3), "abc");
  // One line, whatever the text holds.
  EXPECT_EQ(clipped("1\n2\r\t\x01", 100), "1\\n2\\r\\t\\x01");
  // Escapes count towards the width: 40 control bytes show in 40 characters, not 160.
  EXPECT_EQ(clipped(std::string(50, '\0'), 10), "\\x00\\x00... (50 characters)");
}

// CLI11 converts the text itself after the check (integers with base 0, so "010" would be
// octal): what the grammar accepts it reads as the parser does.
TEST(Numbers, Cli11ReadsWhatTheChecksAccept) {
  CLI::App app;
  uint64_t seed = 0;
  double alpha = 0, small = 0;
  app.add_option("--seed", seed)->check(whole_number(0, kMax64));
  app.add_option("--alpha", alpha)->check(real_number(0, 100, LowerEnd::kExcluded));
  app.add_option("--small", small)->check(real_number(-1, 1));
  app.parse(std::vector<std::string>{"--small=-4.9406564584124654e-324", "--alpha=0.1", "--seed=18446744073709551615"});
  EXPECT_EQ(seed, kMax64);
  EXPECT_EQ(alpha, 0.1);
  EXPECT_EQ(small, -std::numeric_limits<double>::denorm_min());
  for (const char* bad : {"--seed=-1", "--seed=010", "--seed=0x10", "--seed=18446744073709551616", "--alpha=nan",
                          "--alpha=0", "--small=inf"})
    EXPECT_THROW(app.parse(std::vector<std::string>{bad}), CLI::ValidationError) << bad;
}

}  // namespace
}  // namespace ratrace
