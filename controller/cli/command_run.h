#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ratrace/cli/progress.h"
#include "ratrace/common/cli.h"
#include "ratrace/python/call_watch.h"
#include "ratrace/runs/durable_run.h"

namespace ratrace {

// The command line's side of a durable run: Ctrl-C and SIGTERM caught from before the journal
// exists (so a signal that finds it on disk always stops the run and keeps it: a script's
// background job inherits SIGINT ignored), the live progress line, the line that says how to
// finish an interrupted run, the speed and fault lines, pictures, and the exit code.
class CommandRun {
 public:
  CommandRun(RunCommand& command, const std::string& title);
  CommandRun(const CommandRun&) = delete;
  CommandRun& operator=(const CommandRun&) = delete;

  DurableRun& run() { return run_; }
  const RunHeader& header() const { return run_.header(); }
  // Plays the command's games under the progress line; false when a signal stopped them.
  bool play();
  // Says what an interrupted run kept and the command that finishes it; kExitInterrupted.
  int report_interrupted() const;
  // The speed of the games played now (if any), then one line per faulted game.
  void print_speed_and_faults(const char* indent, const std::vector<const BoardResult*>& faulted) const;
  // Draws FILE.png and FILE.svg from the result file with `script`, unless they are there
  // already and the result file was left unchanged.
  void draw_plot(const std::string& plot_file, const std::string& script, const std::vector<std::string>& args);

  static int exit_code(const std::vector<const BoardResult*>& faulted) {
    return faulted.empty() ? kExitOk : kExitFaults;
  }

 private:
  // What the first Ctrl-C or SIGTERM says, with the command that finishes the run: under
  // mpirun, a rank's death ends rank 0 with a SIGTERM and then a SIGKILL, so this line may be
  // the last it prints.
  std::string stop_message_;
  StopOnSignal stop_;
  DurableRun run_;
  Progress progress_;
  // With a Python player: Ctrl-C interrupts its calls in progress, and --call-time-limit applies.
  std::optional<PythonCallWatch> python_calls_;
};

}  // namespace ratrace
