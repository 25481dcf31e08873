#pragma once
// One strict reader of numbers written by people (flag values, numbers in input files), so
// that every program accepts and refuses the same texts.
//
// Grammar (nothing else is accepted: no blanks, no leading '+', no leading zeros, no hex or
// octal, no "inf" or "nan", nothing after the number, not the empty text):
//   whole number   0|[1-9][0-9]*                     no sign: "-1" is refused, not wrapped
//   signed number  -?(0|[1-9][0-9]*)
//   real number    -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?   the nearest double
// A leading zero is refused because other readers (CLI11, strtol with base 0) take "010" for
// octal. A real number too large for a double is out of range; one too small rounds to zero
// (or to a subnormal), as strtod rounds it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ratrace {

// `text` for a message: whole if it shows in at most `most` characters, else as much as shows
// in `most`, "..." and its length, so a 100 MB value never floods a terminal or a log; control
// characters escaped (a newline as \n, others as \xNN), so the message stays one line.
std::string clipped(std::string_view text, size_t most = 200);

// Whether a real number's range includes its lower end: (0, 1] for a step that must be
// positive, [0, 1] otherwise.
enum class LowerEnd { kIncluded, kExcluded };

// A real number's range as the messages write it, e.g. "(0, 100]" or "[0, 1e+09]".
std::string real_range(double least, double most, LowerEnd lower);

// The parsers: the value, or UsageError (common/usage_error.h) "WHAT: expected a whole number in [1, 256], got 'x'"
// naming `what` (e.g. "--seed"), the range accepted and the text, clipped.
uint64_t parse_whole(std::string_view text, uint64_t least, uint64_t most, std::string_view what);
int64_t parse_signed(std::string_view text, int64_t least, int64_t most, std::string_view what);
double parse_real(std::string_view text, double least, double most, std::string_view what,
                  LowerEnd lower = LowerEnd::kIncluded);

// The same without `what` and without throwing: "" when `text` is accepted (and `value` set),
// else the message after "WHAT: ". The CLI11 validators use these (CLI11 adds the flag).
std::string whole_error(std::string_view text, uint64_t least, uint64_t most, uint64_t& value);
std::string signed_error(std::string_view text, int64_t least, int64_t most, int64_t& value);
std::string real_error(std::string_view text, double least, double most, LowerEnd lower, double& value);

}  // namespace ratrace
