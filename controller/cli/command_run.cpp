#include "ratrace/cli/command_run.h"

#include <cstdio>

#include "ratrace/common/crash.h"

#include <spdlog/spdlog.h>

#include "ratrace/runs/result_file.h"
#include "ratrace/see/plot.h"

namespace ratrace {

CommandRun::CommandRun(RunCommand& command, const std::string& title)
    : stop_("\nstopping before the first game (Ctrl-C again to kill)\n"),
      run_(command, "runs", stop_.flag()),
      progress_(title) {
  stop_message_ = "\nstopping: unfinished games are dropped, every finished game is kept in " + run_.journal().path() +
                  "; finish with: " + run_.resume_command() + " (Ctrl-C again to kill)\n";
  stop_.say(stop_message_.c_str());
  spdlog::info("if interrupted, finish the run with: {}", run_.resume_command());
  if (!command.flags().isolate)
    set_crash_hint("every finished game is kept in " + run_.journal().path() +
                   "; to finish the run without the game that crashes (recorded as its player's fault), play each "
                   "game in a process of its own: " +
                   run_.resume_command() + " --isolate");
  run_.set_observer(&progress_);
  for (const Entrant& entrant : header().entrants)
    if (find_player(entrant.player).interpreted && !python_calls_)
      python_calls_.emplace(stop_.flag(), command.flags().call_time_limit);
}

bool CommandRun::play() { return run_.run(); }

int CommandRun::report_interrupted() const {
  spdlog::warn("interrupted: {} of {} games kept in {}; finish with: {}", run_.finished_games(), run_.total_games(),
               run_.journal().path(), run_.resume_command());
  return kExitInterrupted;
}

void CommandRun::print_speed_and_faults(const char* indent, const std::vector<const BoardResult*>& faulted) const {
  const PlayedGames& played = run_.played();
  // With one entrant a game is a board.
  if (played.games > 0)
    std::printf("%sspeed: %.2f %s/s, %.1f million specimen moves/s (%zu games in %.1f s)\n", indent,
                static_cast<double>(played.games) / played.seconds, header().entrants.size() == 1 ? "boards" : "games",
                static_cast<double>(played.moves) / played.seconds / 1e6, played.games, played.seconds);
  for (const BoardResult* r : faulted) std::printf("%sFAULT board %d: %s\n", indent, r->index, r->fault.c_str());
}

void CommandRun::draw_plot(const std::string& plot_file, const std::string& script,
                           const std::vector<std::string>& args) {
  if (plot_file.empty()) return;
  const std::string stem = plot_stem(plot_file);
  if (run_.outputs_current({stem + ".png", stem + ".svg"})) {
    spdlog::info("{}.png and {}.svg are drawn from this result already; left as they are", stem, stem);
    return;
  }
  draw_with_matplotlib(script, args);
}

}  // namespace ratrace
