#pragma once
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ratrace/api_version.h"
#include "ratrace/engine/genome.h"
#include "ratrace/tracks/streams.h"
#include "ratrace/tracks/view.h"

namespace ratrace {

// A player's move function: pure in (genome, view) plus the controller's RNG; it keeps no
// state between calls and owns no generator. A plain function for every compiled player;
// a callable object for one made at run time (a Python function), which it keeps alive.
class MoveFunction {
 public:
  using Plain = Move (*)(const Genome& genome, const View& view, Rng& rng);
  using Callable = std::function<Move(const Genome& genome, const View& view, Rng& rng)>;
  MoveFunction() = default;
  MoveFunction(Plain plain) : plain_(plain) {}
  explicit MoveFunction(Callable callable) : callable_(std::make_shared<const Callable>(std::move(callable))) {}

  // The plain function is tested first: compiled players pay one predictable branch.
  Move operator()(const Genome& genome, const View& view, Rng& rng) const {
    return plain_ ? plain_(genome, view, rng) : (*callable_)(genome, view, rng);
  }
  explicit operator bool() const { return plain_ != nullptr || (callable_ && *callable_); }

 private:
  Plain plain_ = nullptr;
  std::shared_ptr<const Callable> callable_;
};

// Where a player made outside the program comes from, so that another process (a resumed run,
// an MPI rank) can load it again: a Python file's "FILE.py:FUNCTION", or a plugin's file.
struct PlayerSource {
  enum class Kind { kPython, kLibrary };
  Kind kind = Kind::kPython;
  std::string path;
  // The command-line flag that loads it: "--python" or "--player-lib".
  const char* flag() const { return kind == Kind::kPython ? "--python" : "--player-lib"; }
  friend bool operator==(const PlayerSource&, const PlayerSource&) = default;
};

// A registered player and what is published about it.
struct PlayerInfo {
  std::string name;
  std::string author;
  std::string language;        // language of the original submission
  double published_score = 0;  // geometric mean as published; 0 when none
  int published_games = 0;     // games behind that score; 0 when not stated
  int published_rank = 0;      // rank on the published leaderboard; 0 when not on it
  std::string summary;         // how it plays
  std::string choices;         // details the write-up lost, and what we chose
  MoveFunction move = nullptr;
  // Rules dialect of the controller the published score was made on (tracks/rules.h);
  // null: the one of `language`. Pointers, so that a player may leave them out.
  const char* published_rules = nullptr;
  // The score of the original code where one was measured (how, where), else null.
  const char* original_figure = nullptr;
  // For an alternative reading of a lost original: the name of the player it is an
  // alternative to. Such a candidate is kept so that the calibration procedure of
  // docs/RECONCILIATION.md can be re-run; a leaderboard plays it only when named.
  const char* candidate_for = nullptr;
  // A fingerprint of the code its games depend on: for a compiled-in player a hash of the
  // engine's sources and its own, for a plugin of its file, for a Python player of its source
  // and the user modules it imports. A run records it and never reuses the games of another.
  std::string code = {};
  // Where a player made outside the program came from; none for a compiled-in one.
  std::optional<PlayerSource> source = {};
  // Its calls hold an interpreter lock, so one thread plays it as fast as more (a run's
  // default thread count is then one).
  bool interpreted = false;
};

// Adds a player to the registry; returns true so it can initialise a static. It never throws:
// it runs before main, where an exception would abort every command, --help included. A
// player without a name or move, or a second player of the same name, is recorded instead
// (with `source_file`, the file that registered it) and reported by registration_errors().
bool register_player(PlayerInfo info, std::string_view source_file = "");
// What went wrong while players registered, one message each, naming the player and the
// files involved; main() stops with exit code 2 when this is not empty.
const std::vector<std::string>& registration_errors();
// Every registered player, by name.
const std::map<std::string, PlayerInfo>& registered_players();
// The player called `name`; throws std::invalid_argument naming the known players.
const PlayerInfo& find_player(std::string_view name);

// Adds a player made at run time (a Python function), or replaces the one of that name made
// at run time before; throws std::invalid_argument for a compiled-in player's name, an empty
// name or no move function.
void register_runtime_player(PlayerInfo info);

// The fingerprint of a compiled-in player's code (PlayerInfo::code) from the file that
// registered it: a hash of the engine's sources, the shared player headers and that file,
// computed at build time. A file the build did not hash (a test's) gets the engine's hash.
std::string compiled_player_code(std::string_view source_file);

// Loads a player source (a Python file or a plugin) into this process; installed by the front
// end that can (the ratrace program), for runs resumed from a journal and for MPI ranks.
using PlayerLoader = std::function<void(const PlayerSource& source)>;
void set_player_loader(PlayerLoader loader);
// Makes `name` a known player: loads `source` with the installed loader when no player of
// that name is registered yet. Throws std::invalid_argument naming the player when that fails
// or no loader is installed.
const PlayerInfo& find_or_load_player(const std::string& name, const std::optional<PlayerSource>& source);

// Loads a player plugin (a shared library built with ratrace_add_player from the installed
// package): its players join the registry. Returns their names. Throws std::invalid_argument
// naming the file and the reason: it cannot be opened, it is no ratrace plugin, it was built
// against another ratrace version (both named), or a player of it cannot register.
std::vector<std::string> load_player_library(const std::string& path);

}  // namespace ratrace

// Registers a player from a PlayerInfo initialiser, in the player's own .cpp file (which may
// also register that player's calibration candidates):
//   RATRACE_PLAYER({.name = "Bishop", .author = "trichoplax", ..., .move = bishop_move});
#define RATRACE_PLAYER_CONCAT_(a, b) a##b
#define RATRACE_PLAYER_NAME_(counter) RATRACE_PLAYER_CONCAT_(ratrace_player_registered_, counter)
#ifdef RATRACE_PLAYER_PLUGIN
// A plugin says which ratrace it was built against; the loading program refuses another.
extern "C" [[gnu::weak, gnu::used, gnu::visibility("default")]] const char* ratrace_player_api_version() {
  return RATRACE_API_VERSION;
}
#endif
#define RATRACE_PLAYER(...)                                                    \
  namespace {                                                                  \
  [[maybe_unused]] const bool RATRACE_PLAYER_NAME_(__COUNTER__) =              \
      ::ratrace::register_player(::ratrace::PlayerInfo __VA_ARGS__, __FILE__); \
  }
