#pragma once
#include <string>

namespace ratrace {

// A fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT), most often a player plugin's bug,
// would end the program without a word. Once install_crash_report() is called it prints one
// error line first, then the process dies of the signal as it would have (a core dump where
// they are enabled):
//
//   ratrace: error: player 'X' crashed (SIGSEGV) on board 3 (seed 1523...): HINT
//
// The line is written with write(2) from text formatted before the signal (a handler may not
// allocate): what the crashing thread was doing (a CrashScope), and the process's hint.
void install_crash_report(const std::string& program);
// Sets what the line ends with, e.g. how to finish the run ("" for nothing).
void set_crash_hint(const std::string& hint);

// While alive, a fatal signal on this thread is reported as "WHO crashed (SIGNAL) WHERE", e.g.
// who = "player 'X'", where = "on board 3 (seed 42)". Scopes nest; the innermost speaks.
class CrashScope {
 public:
  CrashScope(std::string who, std::string where);
  // Another thread's scope, e.g. a helper thread's share of that thread's game; null: none.
  explicit CrashScope(const CrashScope* borrowed);
  ~CrashScope();
  CrashScope(const CrashScope&) = delete;
  CrashScope& operator=(const CrashScope&) = delete;
  // This thread's innermost scope, or null.
  static const CrashScope* current();

 private:
  friend struct CrashReport;
  std::string who_, where_;
  const CrashScope* text_;      // the scope whose words are said: this one, or the borrowed one
  const CrashScope* previous_;  // the scope this one hides
};

}  // namespace ratrace
