#include "ratrace/common/crash.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstring>
#include <memory>
#include <vector>

namespace ratrace {

namespace {

thread_local const CrashScope* t_scope = nullptr;
// Replaced, never freed: a handler may be reading the previous text.
std::atomic<const std::string*> g_program{nullptr};
std::atomic<const std::string*> g_hint{nullptr};

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

const char* fatal_signal_name(int signal) {
  switch (signal) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
    default: return "a fatal signal";
  }
}

void say(const char* text) {
  size_t left = std::strlen(text);
  while (left > 0) {
    const ssize_t written = write(STDERR_FILENO, text, left);
    if (written <= 0) return;
    text += written;
    left -= static_cast<size_t>(written);
  }
}

}  // namespace

// The handler, a friend of CrashScope: reads the words it needs, formatted before.
struct CrashReport {
  static void say_scope(const CrashScope* scope, const char* signal) {
    const CrashScope* text = scope ? scope->text_ : nullptr;
    if (text) {
      say(text->who_.c_str());
      say(" crashed (");
      say(signal);
      say(")");
      if (!text->where_.empty()) {
        say(" ");
        say(text->where_.c_str());
      }
    } else {
      say("crashed (");
      say(signal);
      say(")");
    }
  }
};

namespace {

extern "C" void on_fatal_signal(int signal) {
  // One line, whatever the threads: the first to fault writes it and ends the process; another
  // that faults meanwhile waits for that end. A fault while writing it ends the process at once.
  static std::atomic<bool> reporting{false};
  static thread_local bool writing = false;
  if (writing) {
    std::signal(signal, SIG_DFL);
    std::raise(signal);
  }
  if (reporting.exchange(true))
    for (;;) pause();
  writing = true;
  const std::string* program = g_program.load();
  say(program ? program->c_str() : "");
  say(": error: ");
  CrashReport::say_scope(t_scope, fatal_signal_name(signal));
  if (const std::string* hint = g_hint.load(); hint && !hint->empty()) {
    say(": ");
    say(hint->c_str());
  }
  say("\n");
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

}  // namespace

void install_crash_report(const std::string& program) {
  g_program = new std::string(program);
  struct sigaction action {};
  action.sa_handler = on_fatal_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_NODEFER;  // a fault inside the handler reaches it, and ends the process
  for (int signal : kFatalSignals) sigaction(signal, &action, nullptr);
}

void set_crash_hint(const std::string& hint) {
  // Earlier hints stay alive (and reachable): the handler may be reading one as it is replaced.
  static std::vector<std::unique_ptr<const std::string>> hints;
  hints.push_back(std::make_unique<const std::string>(hint));
  g_hint = hints.back().get();
}

CrashScope::CrashScope(std::string who, std::string where)
    : who_(std::move(who)), where_(std::move(where)), text_(this), previous_(t_scope) {
  t_scope = this;
}

CrashScope::CrashScope(const CrashScope* borrowed) : text_(borrowed ? borrowed->text_ : nullptr), previous_(t_scope) {
  t_scope = this;
}

CrashScope::~CrashScope() { t_scope = previous_; }

const CrashScope* CrashScope::current() { return t_scope; }

}  // namespace ratrace
