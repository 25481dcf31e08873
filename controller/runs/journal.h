#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "ratrace/common/io.h"
#include "ratrace/runs/run_flags.h"
#include "ratrace/runs/runner.h"

namespace ratrace {

// A game as MPI ranks pass it: every field, the wall time and player calls included.
void to_json(nlohmann::json& j, const BoardResult& r);
void from_json(const nlohmann::json& j, BoardResult& r);
// A game as journals and result files record it: only what (config, player, seed, board)
// decide (index, seed, score, turns, peak_population, moves, peak_genomes, fault), so two
// runs of the same games write the same bytes whatever their thread count or interruptions.
// `player_calls` is left out: the in-game parallel path races on the cache.
nlohmann::json game_record(const BoardResult& r);
// What the game cost, apart from its record: {"seconds": wall time}.
nlohmann::json game_timing(const BoardResult& r);
// An entrant of a journal's header (and of an MPI run): label, player, the whole config (a
// missing or unknown config key is an error naming it), validated, the player's code and its
// source ({"python": "FILE.py:FUNCTION"}, {"library": "PATH"} or null).
void to_json(nlohmann::json& j, const Entrant& e);
void from_json(const nlohmann::json& j, Entrant& e);

// The journal format this ratrace writes and reads; others are refused.
constexpr int kJournalFormat = 3;

// Most boards a run may have: a run's tables are allocated up front.
constexpr int kMaxBoards = 1000000;

// What a run is: enough to redo any of its games exactly, and the words it was first asked
// with (for its result's command line and --resume's check).
struct RunHeader {
  std::string command;  // score, leaderboard, sweep, compare
  uint64_t master_seed = 1;
  int boards = 0;
  std::vector<Entrant> entrants;
  nlohmann::json extra = nlohmann::json::object();  // command-specific settings
  CommandWords words;                               // as first typed: not part of the run's identity
};

// The header as the journal's first line holds it.
nlohmann::json header_to_json(const RunHeader& h);
// A short hash of everything that makes the run distinct (command, seed, boards, every
// entrant's player, config, code and source, the command's settings), for default journal
// names; how the run was typed (its words) is left out.
std::string run_hash(const RunHeader& h);
// What makes run `b` another run than `a`, for a person ("the player 'X' has other code
// (...)", "other entrants or settings"); empty when they are the same run.
std::string run_difference(const RunHeader& a, const RunHeader& b);

// A journal's text, parsed and checked: every game line against the header.
struct JournalContents {
  RunHeader header;
  // results[entrant][board]: the finished games.
  std::vector<std::vector<std::optional<BoardResult>>> results;
  size_t intact_bytes = 0;     // length of the text up to the end of its last complete line
  uint64_t last_checksum = 0;  // of the last complete line: the next line's seed
};
// Parses a journal's text. A final line without its newline (the process was killed while
// writing it) is left out. Each line is a JSON object ending in "xxh64":"<16 hex digits>",
// the XXH64 of the line's text without that field (and its comma), seeded with the previous
// line's checksum (the header's: 0), so every game line is bound to its run and its place: a
// line from another journal, moved, or edited with its checksum recomputed fails. Throws
// std::invalid_argument naming the line and what is wrong: another journal format, a missing
// or unknown key (the header holds the whole config), a game the header's run cannot have
// (a wrong board seed, entrant or board index, a score below 1, a score without moves, turns
// or populations the config cannot produce, a fault the engine does not write, two different
// results for one game), or, when every line is such a game, the first one whose checksum
// does not match (it was changed after it was written, or belongs to another run).
JournalContents parse_journal(std::string_view text);

// An append-only JSON-lines file: the header, then one line per finished game, handed to
// the kernel as each game ends and fsynced at least every second and at the end, so an
// interrupted run keeps every finished game and can be resumed. The file is locked
// (flock) while a Journal holds it: a second run on it is refused, naming the first.
class Journal {
 public:
  // Starts a new journal at `path`. Refuses a file that already holds anything unless
  // `force` (then it is replaced).
  static Journal create(const std::string& path, RunHeader header, bool force = false);
  // Reopens a journal to finish it: checks every line, cuts off a torn last line and
  // appends from there (finished games are never rewritten).
  static Journal resume(const std::string& path);

  const std::string& path() const { return path_; }
  const RunHeader& header() const { return header_; }
  // results()[entrant][board]: the finished games so far.
  const std::vector<std::vector<std::optional<BoardResult>>>& results() const { return results_; }
  // Games not finished yet, board-major so every entrant advances together.
  std::vector<BoardTask> missing() const;
  size_t finished_count() const;
  // Records a game; throws std::runtime_error if the line cannot be written.
  void append(size_t entrant, const BoardResult& result);
  // Makes every appended game durable (fsync); throws if that fails.
  void sync();

 private:
  Journal(std::string path, RunHeader header, CheckedFile out);
  std::string path_;
  RunHeader header_;
  std::vector<std::vector<std::optional<BoardResult>>> results_;
  CheckedFile out_;
  uint64_t last_checksum_ = 0;
  std::chrono::steady_clock::time_point last_sync_;
};

// Scores of one entrant over boards [0, n) in board order; throws if any is missing.
std::vector<uint64_t> scores_of(const std::vector<std::optional<BoardResult>>& results);

}  // namespace ratrace
