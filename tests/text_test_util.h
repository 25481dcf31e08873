#pragma once
// Text checks shared by the test files.
#include <string>

namespace ratrace::testing {

// Whether `part` occurs in `text`: error messages are checked for what they must name, not
// word for word.
inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace ratrace::testing
