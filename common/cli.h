#pragma once
#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "ratrace/common/usage_error.h"

#include "ratrace/common/numbers.h"

namespace ratrace {

// Exit codes every binary of the repository uses.
enum ExitCode : int {
  kExitOk = 0,
  // The work itself failed: a write that failed (a full disk, an I/O error), an internal error.
  kExitFailure = 1,
  // The user's input: bad flags or numbers, bad or unreadable input files, an output file
  // that exists without --force (found before any work), or one that another process created
  // while this one worked (found at the end: the result is kept under another name, printed).
  kExitUsage = 2,
  // Some of the work faulted (ratrace: a player fault) but everything finished was kept.
  kExitFaults = 3,
  // Ctrl-C / SIGTERM: finished results were kept.
  kExitInterrupted = 130
};

// `code`, or kExitFailure when what the program printed to standard output could not all be
// written (`> /dev/full`, a closed pipe): flushes it and says so on standard error. Every
// binary returns through it, so a lost report is never an exit code 0.
int with_stdout_checked(int code);

// While alive, the first Ctrl-C or SIGTERM sets flag() and prints `message` (a string with
// static storage, e.g. a literal) to standard error, so the work stops and keeps what it
// finished; a second one kills the process with kExitInterrupted.
class StopOnSignal {
 public:
  explicit StopOnSignal(const char* message);
  ~StopOnSignal();
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;
  // Says `message` instead from now on (same storage rule).
  void say(const char* message) const;
  std::atomic<bool>* flag() const;
  bool stopped() const;
  // Stops the work as Ctrl-C would, e.g. after a failed write.
  void stop_now() const;
};

// Adds --log-level (trace, debug, info, warn, error, off; checked) to `app` and, when the
// command line is parsed, to each of its subcommands (listed in every --help), so it is
// accepted before or after a subcommand.
void add_log_level_option(CLI::App& app, std::string& level);

// CLI11 checks on common/numbers.h's parser: the message names the range and never echoes
// more than 40 characters of the text. CLI11 then converts the accepted text itself, to the
// same value (the grammar leaves nothing for it to read otherwise, such as octal "010").
CLI::Validator whole_number(unsigned long long least, unsigned long long most);  // [0-9]+
CLI::Validator signed_number(long long least, long long most);                   // -?[0-9]+
CLI::Validator real_number(double least, double most, LowerEnd lower = LowerEnd::kIncluded);

// Parses the command line. Returns -1 when the program should go on; otherwise the exit
// code to return now: 0 after --help or --version, kExitUsage after any parse error, reported
// as "PROGRAM: error: MESSAGE" (PROGRAM: the app's name, else argv[0]'s file name); without a
// subcommand it names the unknown first word (a flag or a misspelled subcommand) and lists
// the subcommands.
int parse_command_line(CLI::App& app, int argc, char** argv);

// Columns of the terminal on `fd`; else $COLUMNS; else 80.
int terminal_columns(int fd);

// `line` cut to at most `columns` characters (UTF-8 aware), so a live status line redrawn
// with a carriage return never wraps.
std::string fit_to_width(std::string_view line, int columns);

// Redraws the live status line on standard error (a terminal): clears the line and writes
// `line` cut one column short of the terminal's width, since a line that wraps can never be
// redrawn in place. An empty `line` only clears it.
void draw_status_line(std::string_view line);

// Sends spdlog's default logger, named `name`, to standard error at `level` (already
// checked). Every line of every program has one form, "NAME: LEVEL: MESSAGE", e.g.
// "morpion: error: cannot write 'a.json': No space left on device", "menace: warning: ...",
// "ratrace: info: wrote r.json" (the level coloured on a terminal).
void setup_logging(const std::string& name, const std::string& level);

}  // namespace ratrace
