#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// The flags of the game-running commands (score, compare, sweep, leaderboard), declared once:
// what each means for a run, the options every such command shares, and a run's words as a
// command line. The command line, Python, a run's identity, --resume's check and the command
// that finishes an interrupted run all read this one declaration.
namespace ratrace {

// What a flag does to a run.
enum class FlagRole {
  kDefinesRun,    // which games are played or how they are judged: --player, --boards, --set...
  kLoadsPlayers,  // makes players known (--python, --player-lib); their code is in the run's identity
  kOutput,        // where results go: --json, --plot, --csv, --markdown
  kExecution,     // how the games are carried out, never what they give: --threads, --journal...
};

// A flag of a game-running command as declared: its role, and the flag it is written as in a
// run's words when it is another spelling of one (--rules R is --set rules=R).
struct FlagDeclaration {
  std::string_view flag;
  FlagRole role;
  std::string_view written_as;  // empty: the flag itself
};
// The declaration of `flag`; throws std::logic_error for a flag nobody declared, so that a new
// flag cannot be added without saying what it does to a run.
const FlagDeclaration& declared_flag(std::string_view flag);

// Flags and their values as typed, in order; an empty value is a bare flag such as --no-cache.
using CommandWords = std::vector<std::pair<std::string, std::string>>;

// Options every game-running command shares.
struct RunFlags {
  std::string config_file;        // --config FILE
  std::vector<std::string> sets;  // --set key=value (and --rules R as rules=R), applied after the file
  uint64_t seed = 1;              // --seed: master seed
  int boards = 100;
  int threads = 0;  // 0: all cores (one for an interpreted player)
  bool no_cache = false;
  bool isolate = false;            // --isolate: every game in a process of its own (run_boards_isolated)
  double call_time_limit = 0;      // seconds a Python player's call may take; 0: no limit
  std::string json_file;           // the result document
  std::string journal_file;        // per-game JSON lines; default under runs/
  std::string resume_file;         // finish this journal instead of starting afresh
  bool force = false;              // --force: replace an existing journal (new run) and output files
  std::vector<std::string> given;  // the flags given on the command line, e.g. "--seed"
};

// The words of RunFlags that define a run and name its result file, in their declared order
// (--boards, --seed, --config, --set..., --journal, --json); not --threads, --no-cache or
// --call-time-limit, which change no result.
CommandWords run_flag_words(const RunFlags& flags);
// "ratrace <command> --flag value ...", each value quoted for a POSIX shell when it needs it.
std::string command_line(const std::string& command, const CommandWords& words);
// `text` as one word of a POSIX shell command: as it is when it needs no quotes, else quoted.
std::string shell_word(const std::string& text);
// Every value `words` gives `flag`, in order.
std::vector<std::string> values_of(const CommandWords& words, std::string_view flag);

}  // namespace ratrace
