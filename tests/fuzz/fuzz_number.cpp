// libFuzzer target: common/numbers.h, the one parser of every numeric flag. The first byte
// picks the kind and the range, the rest is the text. The parser must accept exactly the
// texts that a regular expression of its grammar matches and whose value (by strtoull,
// strtoll or strtod) is in range, return that value, read its own output back to the same
// value, and keep its refusals short whatever the text's length.
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <regex>
#include <string>

#include "ratrace/common/cli.h"
#include "ratrace/common/numbers.h"

namespace {

using ratrace::LowerEnd;

template <typename T>
struct IntegerRange {
  T least, most;
};
struct RealRange {
  double least, most;
  LowerEnd lower;
};
constexpr IntegerRange<uint64_t> kWhole[] = {{0, UINT64_MAX}, {1, 256}, {5, 5}, {0, 0}};
constexpr IntegerRange<int64_t> kSigned[] = {{INT64_MIN, INT64_MAX}, {-10, 10}, {-5, -5}};
constexpr RealRange kReal[] = {
    {-1e300, 1e300, LowerEnd::kIncluded},
    {0, 1e9, LowerEnd::kIncluded},
    {0, 100, LowerEnd::kExcluded},
    {-std::numeric_limits<double>::max(), std::numeric_limits<double>::max(), LowerEnd::kIncluded}};

// std::regex recurses per character: the grammar is checked by regex for texts up to this
// length; longer ones are only run for crashes, hangs and the message's length.
constexpr size_t kRegexLength = 300;

const std::regex kWholeGrammar("0|[1-9][0-9]*");
const std::regex kSignedGrammar("-?(0|[1-9][0-9]*)");
const std::regex kRealGrammar("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

// Parses `text` with `parse`; false when refused (the message checked for length).
template <typename T, typename Parse>
bool accepts(Parse parse, T& value) {
  try {
    value = parse();
    return true;
  } catch (const ratrace::UsageError& e) {
    // 40 characters of the text at most, the flag, the range and the wording.
    if (std::string(e.what()).size() > 220) std::abort();
    return false;
  }
}

void check(bool expected, bool accepted) {
  if (expected != accepted) std::abort();
}

// A whole or signed number: `parse(text, least, most)` against the grammar and `reference`
// (strtoull or strtoll, base 10).
template <typename T, typename Parse, typename Reference>
void check_integer(const std::string& text, bool with_reference, const IntegerRange<T>& r, const std::regex& grammar,
                   Parse parse, Reference reference) {
  T value = 0;
  const bool accepted = accepts([&] { return parse(text, r.least, r.most); }, value);
  if (!with_reference) return;
  errno = 0;
  const auto expected = reference(text.c_str());
  check(std::regex_match(text, grammar) && errno == 0 && expected >= r.least && expected <= r.most, accepted);
  if (accepted && (value != expected || parse(std::to_string(value), r.least, r.most) != value)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const unsigned pick = data[0];
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const bool with_reference = text.size() <= kRegexLength;
  // strtod and its kin stop at a NUL, where the parser sees text after the number.
  if (text.find('\0') != std::string::npos) {
    double ignored = 0;
    if (accepts([&] { return ratrace::parse_real(text, -1e300, 1e300, "--x"); }, ignored)) std::abort();
    return 0;
  }
  switch (pick % 3) {
    case 0:
      check_integer(
          text, with_reference, kWhole[(pick / 3) % std::size(kWhole)], kWholeGrammar,
          [](const std::string& t, uint64_t least, uint64_t most) {
            return ratrace::parse_whole(t, least, most, "--n");
          },
          [](const char* t) { return std::strtoull(t, nullptr, 10); });
      return 0;
    case 1:
      check_integer(
          text, with_reference, kSigned[(pick / 3) % std::size(kSigned)], kSignedGrammar,
          [](const std::string& t, int64_t least, int64_t most) {
            return ratrace::parse_signed(t, least, most, "--n");
          },
          [](const char* t) { return std::strtoll(t, nullptr, 10); });
      return 0;
    default: {
      const RealRange& r = kReal[(pick / 3) % std::size(kReal)];
      double value = 0;
      const bool accepted = accepts([&] { return ratrace::parse_real(text, r.least, r.most, "--x", r.lower); }, value);
      if (!with_reference) return 0;
      // The programs never set a locale: strtod reads '.' as the decimal point.
      const double expected = std::strtod(text.c_str(), nullptr);
      const bool above = r.lower == LowerEnd::kExcluded ? expected > r.least : expected >= r.least;
      check(std::regex_match(text, kRealGrammar) && std::isfinite(expected) && above && expected <= r.most, accepted);
      if (!accepted) return 0;
      if (value != expected || std::signbit(value) != std::signbit(expected)) std::abort();
      char shortest[32];
      const auto end = std::to_chars(shortest, shortest + sizeof shortest, value).ptr;
      if (ratrace::parse_real(std::string(shortest, end), r.least, r.most, "--x", r.lower) != value) std::abort();
      return 0;
    }
  }
}
