#pragma once
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace ratrace {

// Exit codes every binary of the repository uses.
enum ExitCode : int {
  kExitOk = 0,
  kExitFailure = 1,      // the work itself failed (a faulty player, a failed write)
  kExitUsage = 2,        // bad flags, bad input files: nothing was run
  kExitFaults = 3,       // some of the work faulted (a player fault); the rest was finished and kept
  kExitInterrupted = 130 // Ctrl-C / SIGTERM: finished results were kept
};

// Input the user got wrong, found after parsing (bad values, files in the way): reported on
// one line with exit code kExitUsage.
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Before any work: refuses to replace an existing file at `path` unless `replace` (the
// command's --force) and checks that it can be written; "" (no file) and "-" (standard
// output) pass. Throws UsageError naming the path.
void check_output_path(const std::string& path, bool replace);

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
  const std::atomic<bool>* flag() const;
  bool stopped() const;
  // Stops the work as Ctrl-C would, e.g. after a failed write.
  void stop_now() const;
};

// Adds --log-level (trace, debug, info, warn, error, off; checked) to `app`, accepted before
// or after a subcommand.
void add_log_level_option(CLI::App& app, std::string& level);

// Accepts only a whole number in [least, most] written in plain digits: no sign, so
// "--threads -3" or "--seed -1" is an error rather than a wrapped value; the message never
// echoes the text (a 100 MB number stays out of it).
CLI::Validator whole_number(unsigned long long least, unsigned long long most);

// Parses the command line. Returns -1 when the program should go on; otherwise the exit
// code to return now: 0 after --help or --version, kExitUsage after any parse error, with
// CLI11's message; without a valid subcommand it names the unknown one and lists them all.
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

// Sends spdlog's default logger, named `name`, to standard error at `level` (already checked).
void setup_logging(const std::string& name, const std::string& level);

}  // namespace ratrace
