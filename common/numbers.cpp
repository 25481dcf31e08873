#include "ratrace/common/numbers.h"

#include <algorithm>
#include <charconv>
#include <system_error>
#include <type_traits>

#include "ratrace/common/usage_error.h"

namespace ratrace {

std::string clipped(std::string_view text, size_t most) {
  // A control character is written as an escape, so that a message stays one line; `most`
  // bounds what is shown, escapes included, so that text of control bytes stays as short.
  std::string shown;
  size_t used = 0;
  for (; used < text.size(); ++used) {
    const auto byte = static_cast<unsigned char>(text[used]);
    char piece[4] = {text[used], 0, 0, 0};
    size_t width = 1;
    if (byte == '\n' || byte == '\r' || byte == '\t') {
      piece[0] = '\\';
      piece[1] = byte == '\n' ? 'n' : byte == '\r' ? 'r' : 't';
      width = 2;
    } else if (byte < 0x20 || byte == 0x7f) {
      constexpr char kHex[] = "0123456789abcdef";
      piece[0] = '\\';
      piece[1] = 'x';
      piece[2] = kHex[byte >> 4];
      piece[3] = kHex[byte & 15];
      width = 4;
    }
    if (shown.size() + width > most) break;
    shown.append(piece, width);
  }
  if (used == text.size()) return shown;
  return shown + "... (" + std::to_string(text.size()) + " characters)";
}

namespace {

// The shortest text that reads back as `x`.
std::string shortest(double x) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, result.ptr);
}

std::string refusal(std::string_view kind, const std::string& range, std::string_view text) {
  return "expected " + std::string(kind) + " in " + range + ", got '" + clipped(text, 40) + "'";
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Skips [0-9]+ from `at`; false if there is no digit there.
bool skip_digits(std::string_view text, size_t& at) {
  const size_t start = at;
  while (at < text.size() && is_digit(text[at])) ++at;
  return at > start;
}

// Skips 0|[1-9][0-9]* from `at`: digits without a leading zero.
bool skip_integer(std::string_view text, size_t& at) {
  const size_t start = at;
  return skip_digits(text, at) && (text[start] != '0' || at == start + 1);
}

// Where a real number's parts lie, once its text matched the grammar.
struct RealParts {
  bool negative = false;
  std::string_view whole, fraction;  // the digits before and after the point
  long long exponent = 0;            // saturated far beyond any double's
};

bool split_real(std::string_view text, RealParts& parts) {
  size_t at = 0;
  if (at < text.size() && text[at] == '-') parts.negative = true, ++at;
  const size_t whole = at;
  if (!skip_integer(text, at)) return false;
  parts.whole = text.substr(whole, at - whole);
  if (at < text.size() && text[at] == '.') {
    const size_t fraction = ++at;
    if (!skip_digits(text, at)) return false;
    parts.fraction = text.substr(fraction, at - fraction);
  }
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    ++at;
    bool minus = false;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) minus = text[at++] == '-';
    const size_t digits = at;
    if (!skip_digits(text, at)) return false;
    for (char c : text.substr(digits, at - digits))
      parts.exponent = std::min(parts.exponent * 10 + (c - '0'), 1LL << 40);
    if (minus) parts.exponent = -parts.exponent;
  }
  return at == text.size();
}

// For a number from_chars found out of range: whether it is too small (it rounds to zero)
// rather than too large, i.e. its first nonzero digit stands after the decimal point.
bool underflows(const RealParts& parts) {
  const std::string digits = std::string(parts.whole) + std::string(parts.fraction);
  const size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return false;
  return static_cast<long long>(parts.whole.size()) - 1 - static_cast<long long>(first) + parts.exponent < 0;
}

// The whole-number grammar, with a leading '-' only for a signed T.
template <typename T>
std::string integer_error(std::string_view text, T least, T most, T& value) {
  size_t at = std::is_signed_v<T> && !text.empty() && text[0] == '-' ? 1 : 0;
  T parsed = 0;
  if (skip_integer(text, at) && at == text.size() &&
      std::from_chars(text.data(), text.data() + text.size(), parsed).ec == std::errc() && parsed >= least &&
      parsed <= most) {
    value = parsed;
    return {};
  }
  std::string range = "[";
  range.append(std::to_string(least)).append(", ").append(std::to_string(most)).append("]");
  return refusal("a whole number", range, text);
}

}  // namespace

std::string whole_error(std::string_view text, uint64_t least, uint64_t most, uint64_t& value) {
  return integer_error(text, least, most, value);
}

std::string signed_error(std::string_view text, int64_t least, int64_t most, int64_t& value) {
  return integer_error(text, least, most, value);
}

std::string real_range(double least, double most, LowerEnd lower) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) about `"(" + std::string&&`.
  std::string range(1, lower == LowerEnd::kExcluded ? '(' : '[');
  range += shortest(least);
  range += ", ";
  range += shortest(most);
  range += ']';
  return range;
}

std::string real_error(std::string_view text, double least, double most, LowerEnd lower, double& value) {
  const std::string range = real_range(least, most, lower);
  RealParts parts;
  if (!split_real(text, parts)) return refusal("a real number", range, text);
  double parsed = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), parsed);
  if (result.ec == std::errc::result_out_of_range && underflows(parts)) parsed = parts.negative ? -0.0 : 0.0;
  else if (result.ec != std::errc()) return refusal("a real number", range, text);
  const bool above_least = lower == LowerEnd::kExcluded ? parsed > least : parsed >= least;
  if (!above_least || parsed > most) return refusal("a real number", range, text);
  value = parsed;
  return {};
}

namespace {
template <typename T>
T checked(std::string_view what, const std::string& error, T value) {
  if (!error.empty()) throw UsageError(std::string(what) + ": " + error);
  return value;
}
}  // namespace

uint64_t parse_whole(std::string_view text, uint64_t least, uint64_t most, std::string_view what) {
  uint64_t value = 0;
  const std::string error = whole_error(text, least, most, value);
  return checked(what, error, value);
}

int64_t parse_signed(std::string_view text, int64_t least, int64_t most, std::string_view what) {
  int64_t value = 0;
  const std::string error = signed_error(text, least, most, value);
  return checked(what, error, value);
}

double parse_real(std::string_view text, double least, double most, std::string_view what, LowerEnd lower) {
  double value = 0;
  const std::string error = real_error(text, least, most, lower, value);
  return checked(what, error, value);
}

}  // namespace ratrace
