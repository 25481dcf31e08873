#include "ratrace/runs/journal.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "ratrace/common/hash.h"
#include "ratrace/common/io.h"
#include "ratrace/common/numbers.h"
#include <spdlog/spdlog.h>

namespace ratrace {

namespace {

// A field of a game record as an integer in [0, most]; throws naming it otherwise (a
// plain get<> would wrap a negative or too large number).
uint64_t counted_field(const nlohmann::json& j, const char* name, uint64_t most) {
  const auto& v = j.at(name);
  if (!v.is_number_unsigned() || v.get<uint64_t>() > most)
    throw std::invalid_argument(std::string("'") + name + "' must be an integer in [0, " + std::to_string(most) + "]");
  return v.get<uint64_t>();
}

double seconds_field(const nlohmann::json& j) {
  const auto& v = j.at("seconds");
  if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
    throw std::invalid_argument("'seconds' must be a number of at least 0");
  return v.get<double>();
}

// The fields of game_record().
void read_record(const nlohmann::json& j, BoardResult& r) {
  if (!j.is_object()) throw std::invalid_argument("a game record is an object");
  constexpr uint64_t kAny = UINT64_MAX;
  r.index = static_cast<int>(counted_field(j, "index", INT32_MAX));
  r.seed = counted_field(j, "seed", kAny);
  r.score = counted_field(j, "score", kAny);
  r.turns = static_cast<int>(counted_field(j, "turns", INT32_MAX));
  r.peak_population = counted_field(j, "peak_population", kAny);
  r.moves = counted_field(j, "moves", kAny);
  r.peak_genomes = counted_field(j, "peak_genomes", kAny);
  const auto& fault = j.at("fault");
  if (!fault.is_null() && !fault.is_string()) throw std::invalid_argument("'fault' must be null or text");
  r.fault = fault.is_null() ? "" : fault.get<std::string>();
}

// Throws unless `j` is an object with exactly `keys`, naming the first missing or unknown one.
void require_keys(const nlohmann::json& j, const std::vector<std::string>& keys, const std::string& what) {
  if (!j.is_object()) throw std::invalid_argument(what + " must be an object");
  for (const auto& key : keys)
    if (!j.contains(key)) throw std::invalid_argument(what + ": missing key '" + key + "'");
  if (const std::string key = unknown_key(j, keys); !key.empty())
    throw std::invalid_argument(what + ": unknown key '" + clipped(key, 60) + "'");
}

const std::vector<std::string> kHeaderKeys{"ratrace_journal", "command", "master_seed", "boards",
                                           "entrants",        "extra",   "words"};
const std::vector<std::string> kEntrantKeys{"label", "player", "config", "code", "source"};
const std::vector<std::string> kGameLineKeys{"entrant", "board", "timing"};
const std::vector<std::string> kRecordKeys{"index",           "seed",  "score",        "turns",
                                           "peak_population", "moves", "peak_genomes", "fault"};
const std::vector<std::string> kTimingKeys{"seconds"};

}  // namespace

nlohmann::json game_record(const BoardResult& r) {
  return {{"index", r.index},
          {"seed", r.seed},
          {"score", r.score},
          {"turns", r.turns},
          {"peak_population", r.peak_population},
          {"moves", r.moves},
          {"peak_genomes", r.peak_genomes},
          {"fault", r.fault.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.fault)}};
}

nlohmann::json game_timing(const BoardResult& r) { return {{"seconds", r.seconds}}; }

void to_json(nlohmann::json& j, const BoardResult& r) {
  j = game_record(r);
  j["player_calls"] = r.player_calls;
  j["seconds"] = r.seconds;
}

void from_json(const nlohmann::json& j, BoardResult& r) {
  read_record(j, r);
  r.player_calls = counted_field(j, "player_calls", UINT64_MAX);
  r.seconds = seconds_field(j);
}

namespace {

nlohmann::json source_to_json(const std::optional<PlayerSource>& source) {
  if (!source) return nullptr;
  return {{source->kind == PlayerSource::Kind::kPython ? "python" : "library", source->path}};
}

std::optional<PlayerSource> source_from_json(const nlohmann::json& j) {
  if (j.is_null()) return std::nullopt;
  if (!j.is_object() || j.size() != 1 || !j.begin().value().is_string())
    throw std::invalid_argument("source must be null, {\"python\": SPEC} or {\"library\": PATH}");
  const std::string kind = j.begin().key();
  if (kind != "python" && kind != "library")
    throw std::invalid_argument("source: unknown kind '" + clipped(kind, 40) + "'");
  return PlayerSource{kind == "python" ? PlayerSource::Kind::kPython : PlayerSource::Kind::kLibrary,
                      j.begin().value().get<std::string>()};
}

}  // namespace

void to_json(nlohmann::json& j, const Entrant& e) {
  j = {{"label", e.label},
       {"player", e.player},
       {"config", e.config},
       {"code", e.code},
       {"source", source_to_json(e.source)}};
}

void from_json(const nlohmann::json& j, Entrant& e) {
  require_keys(j, kEntrantKeys, "entrant");
  e.label = j.at("label").get<std::string>();
  e.player = j.at("player").get<std::string>();
  // A config file may leave keys at their defaults; a run's record may not, or a default
  // changed since would silently change the run.
  require_keys(j.at("config"), Config::keys(), "config");
  e.config = Config{};
  from_json(j.at("config"), e.config);
  e.config.validate();
  if (!j.at("code").is_string()) throw std::invalid_argument("code must be text");
  e.code = j.at("code").get<std::string>();
  e.source = source_from_json(j.at("source"));
}

namespace {

constexpr int kMaxEntrants = 100000;

// Throws unless `j` is the header of a journal of this ratrace's format.
void require_format(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("ratrace_journal")) throw std::invalid_argument("not a ratrace journal");
  const auto& format = j.at("ratrace_journal");
  if (format != kJournalFormat)
    throw std::invalid_argument("journal format " + clipped(format.dump(), 20) + "; this ratrace reads " +
                                std::to_string(kJournalFormat) +
                                " only (no journals of other formats are in use, so none is converted): start the "
                                "run again without --resume");
}

RunHeader header_from_json(const nlohmann::json& j) {
  require_format(j);
  require_keys(j, kHeaderKeys, "header");
  RunHeader h;
  h.command = j.at("command").get<std::string>();
  if (h.command != "score" && h.command != "leaderboard" && h.command != "sweep" && h.command != "compare")
    throw std::invalid_argument("unknown command '" + clipped(h.command) + "'");
  const auto& seed = j.at("master_seed");
  if (!seed.is_number_unsigned()) throw std::invalid_argument("master_seed must be an integer in [0, 2^64)");
  h.master_seed = seed.get<uint64_t>();
  const auto& boards = j.at("boards");
  if (!boards.is_number_integer() || boards.get<int64_t>() < 1 || boards.get<int64_t>() > kMaxBoards)
    throw std::invalid_argument("boards must be an integer in [1, " + std::to_string(kMaxBoards) + "]");
  h.boards = boards.get<int>();
  const auto& entrants = j.at("entrants");
  if (!entrants.is_array() || entrants.empty() || entrants.size() > kMaxEntrants)
    throw std::invalid_argument("entrants must be a list of 1 to " + std::to_string(kMaxEntrants) + " entrants");
  for (size_t e = 0; e < entrants.size(); ++e) {
    try {
      h.entrants.push_back(entrants[e].get<Entrant>());
    } catch (const std::exception& error) {
      throw std::invalid_argument("entrant " + std::to_string(e) + ": " + error.what());
    }
  }
  if (h.command == "score" && h.entrants.size() != 1) throw std::invalid_argument("a score run has one entrant");
  if (h.command == "compare" && h.entrants.size() != 2) throw std::invalid_argument("a compare run has two entrants");
  h.extra = j.at("extra");
  if (!h.extra.is_object()) throw std::invalid_argument("extra must be an object");
  const auto& words = j.at("words");
  if (!words.is_array()) throw std::invalid_argument("words must be a list of [flag, value] pairs");
  for (const auto& word : words) {
    if (!word.is_array() || word.size() != 2 || !word[0].is_string() || !word[1].is_string())
      throw std::invalid_argument("words must be a list of [flag, value] pairs");
    h.words.emplace_back(word[0].get<std::string>(), word[1].get<std::string>());
  }
  return h;
}

// True if `fault` is what play_board writes for a fault of `player` in game `r`:
// "<what> [player P, board B, board seed S, turn T, specimen #N]".
bool engine_fault(const std::string& fault, const std::string& player, const BoardResult& r) {
  const std::string context = " [player " + player + ", board " + std::to_string(r.index) + ", board seed " +
                              std::to_string(r.seed) + ", turn " + std::to_string(r.turns) + ", specimen #";
  const size_t at = fault.rfind(context);
  if (at == std::string::npos || at == 0) return false;
  const std::string_view specimen = std::string_view(fault).substr(at + context.size());
  return specimen.size() >= 2 && specimen.back() == ']' &&
         specimen.find_first_not_of("0123456789") == specimen.size() - 1;
}

// True if `fault` is what run_boards_isolated writes for game `r` of `player`, whose process
// ended without its result (--isolate): "crashed: HOW [player P, board B, board seed S]".
bool isolated_crash(const std::string& fault, const std::string& player, const BoardResult& r) {
  const std::string example = crashed_fault("HOW", player, r);
  const std::string_view head = "crashed: ", tail = std::string_view(example).substr(head.size() + 3);
  if (r.turns != 0 || fault.size() <= head.size() + tail.size() || !fault.starts_with(head) || !fault.ends_with(tail))
    return false;
  const std::string_view how = std::string_view(fault).substr(head.size(), fault.size() - head.size() - tail.size());
  return how.find_first_of("[]") == std::string_view::npos;
}

// Throws unless `r` is a game the header's run can have produced for `entrant`.
void check_game(const RunHeader& h, size_t entrant, const BoardResult& r) {
  auto refuse = [](const std::string& what) { throw std::invalid_argument(what); };
  if (entrant >= h.entrants.size())
    refuse("entrant " + std::to_string(entrant) + " is out of range (the run has " + std::to_string(h.entrants.size()) +
           ")");
  if (r.index < 0 || r.index >= h.boards)
    refuse("board " + std::to_string(r.index) + " is out of range (the run has " + std::to_string(h.boards) + ")");
  const std::string board = "board " + std::to_string(r.index);
  if (r.seed != board_seed(h.master_seed, r.index))
    refuse(board + " has seed " + std::to_string(r.seed) + ", but master seed " + std::to_string(h.master_seed) +
           " gives it " + std::to_string(board_seed(h.master_seed, r.index)));
  const Config& c = h.entrants[entrant].config;
  if (r.score < 1) refuse(board + ": a score is at least 1");
  if (r.score > 1 && r.moves == 0) refuse(board + ": a score of " + std::to_string(r.score) + " without a move");
  if (r.turns < 0 || r.turns > c.turns)
    refuse(board + ": " + std::to_string(r.turns) + " turns, the config plays " + std::to_string(c.turns));
  const uint64_t most_specimens =
      static_cast<uint64_t>(c.initial_specimens) + static_cast<uint64_t>(c.offspring) * static_cast<uint64_t>(c.turns);
  if (r.peak_population > most_specimens)
    refuse(board + ": a peak population of " + std::to_string(r.peak_population) +
           " is more than the config can breed");
  if (r.moves / (static_cast<uint64_t>(r.turns) + 1) > r.peak_population)
    refuse(board + ": more moves than its population can make");
  if (!r.fault.empty()) {
    // A faulted game keeps nothing but the turn it broke in.
    if (!engine_fault(r.fault, h.entrants[entrant].player, r) &&
        !isolated_crash(r.fault, h.entrants[entrant].player, r))
      refuse(board + ": the fault '" + clipped(r.fault, 200) + "' is not one this game can have (\"... [player " +
             h.entrants[entrant].player + ", board " + std::to_string(r.index) + ", board seed " +
             std::to_string(r.seed) + ", turn " + std::to_string(r.turns) + ", specimen #N]\")");
    if (r.score != 1 || r.moves != 0 || r.peak_population != 0 || r.peak_genomes != 0)
      refuse(board + ": a faulted game records no score, moves or populations");
  }
}

// " (pid 123: ratrace score ...)" for the process holding a lock on `fd`'s file, from
// /proc/locks; empty if it cannot be told.
std::string lock_holder(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return "";
  std::ifstream locks("/proc/locks");
  char device[64];
  std::snprintf(device, sizeof device, "%02x:%02x:%llu", ::major(st.st_dev), ::minor(st.st_dev),
                static_cast<unsigned long long>(st.st_ino));
  for (std::string line; std::getline(locks, line);) {
    if (line.find("->") != std::string::npos) continue;  // a waiter, not the holder
    std::istringstream fields(line);
    std::string number, kind, advisory, mode, pid, id;
    fields >> number >> kind >> advisory >> mode >> pid >> id;
    if (kind != "FLOCK" || id != device) continue;
    std::ifstream cmdline("/proc/" + pid + "/cmdline");
    std::string command((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
    for (char& ch : command)
      if (ch == '\0') ch = ' ';
    while (!command.empty() && command.back() == ' ') command.pop_back();
    return " (pid " + pid + (command.empty() ? "" : ": " + clipped(command, 300)) + ")";
  }
  return "";
}

[[noreturn]] void fail_io(const std::string& what, const std::string& path) {
  throw std::runtime_error(what + " '" + path + "': " + std::strerror(errno));
}

// Opens `path` for reading and writing and takes its exclusive lock, or throws naming the
// run that holds it.
int open_locked(const std::string& path, bool create) {
  for (;;) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0), 0644);
    if (fd < 0 && !create && errno == ENOENT) throw std::invalid_argument("no journal '" + path + "'");
    if (fd < 0) fail_io(create ? "cannot create journal" : "cannot open journal", path);
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      const std::string holder = error == EWOULDBLOCK ? lock_holder(fd) : "";
      ::close(fd);
      if (error == EWOULDBLOCK)
        throw std::invalid_argument("journal '" + path + "' is being written by another run" + holder +
                                    "; wait for it to end, or give this run its own --journal");
      errno = error;
      fail_io("cannot lock journal", path);
    }
    // The lock belongs to the file now at `path`, not to one replaced meanwhile.
    struct stat held {
    }, now{};
    if (::fstat(fd, &held) == 0 && ::stat(path.c_str(), &now) == 0 && held.st_ino == now.st_ino &&
        held.st_dev == now.st_dev)
      return fd;
    ::close(fd);
  }
}

std::string read_all(int fd, const std::string& path) {
  std::string text;
  char block[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, block, sizeof block);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail_io("cannot read journal", path);
    }
    if (n == 0) return text;
    text.append(block, static_cast<size_t>(n));
  }
}

// A line ends in the checksum of everything before it: `,"xxh64":"` 16 hex digits `"}`.
constexpr std::string_view kChecksumField = ",\"xxh64\":\"";
constexpr size_t kChecksumDigits = 16;
constexpr size_t kChecksumTail = kChecksumField.size() + kChecksumDigits + 2;

// A line's checksum: its text's content hash seeded with the previous line's checksum.
uint64_t checksum_of(std::string_view text, uint64_t previous) { return content_hash(text, previous); }

// `j` as a journal line after a line of checksum `previous`: its JSON text with the checksum
// of that text added as a last field; `checksum` receives it.
std::string checked_line(const nlohmann::json& j, uint64_t previous, uint64_t& checksum) {
  std::string text = j.dump();
  checksum = checksum_of(text, previous);
  text.pop_back();  // the closing brace
  return text.append(kChecksumField).append(hex_digits(checksum)).append("\"}\n");
}

// A line's text without its checksum field, and the checksum (empty if it has none).
std::pair<std::string, std::string> split_checksum(std::string_view line) {
  if (line.size() <= kChecksumTail || !line.ends_with("\"}") ||
      line.substr(line.size() - kChecksumTail, kChecksumField.size()) != kChecksumField)
    return {std::string(line), ""};
  return {std::string(line.substr(0, line.size() - kChecksumTail)) + "}",
          std::string(line.substr(line.size() - 2 - kChecksumDigits, kChecksumDigits))};
}

nlohmann::json game_line(size_t entrant, const BoardResult& r) {
  return {{"entrant", entrant}, {"board", game_record(r)}, {"timing", game_timing(r)}};
}

}  // namespace

nlohmann::json header_to_json(const RunHeader& h) {
  const nlohmann::json entrants = h.entrants;
  nlohmann::json words = nlohmann::json::array();
  for (const auto& [flag, value] : h.words) words.push_back({flag, value});
  return {{"ratrace_journal", kJournalFormat},
          {"command", h.command},
          {"master_seed", h.master_seed},
          {"boards", h.boards},
          {"entrants", entrants},
          {"extra", h.extra},
          {"words", words}};
}

namespace {

// The header as it identifies the run: without the words it was typed with.
nlohmann::json identity_of(const RunHeader& h) {
  nlohmann::json j = header_to_json(h);
  j.erase("words");
  return j;
}

}  // namespace

std::string run_hash(const RunHeader& h) { return hex_digits(content_hash(identity_of(h).dump())).substr(0, 8); }

std::string run_difference(const RunHeader& a, const RunHeader& b) {
  if (identity_of(a) == identity_of(b)) return "";
  if (a.command != b.command) return "it is a run of '" + b.command + "', not of '" + a.command + "'";
  if (a.master_seed != b.master_seed)
    return "its master seed is " + std::to_string(b.master_seed) + ", not " + std::to_string(a.master_seed);
  if (a.boards != b.boards) return "it has " + std::to_string(b.boards) + " boards, not " + std::to_string(a.boards);
  if (a.entrants.size() == b.entrants.size()) {
    for (size_t e = 0; e < a.entrants.size(); ++e) {
      const Entrant &x = a.entrants[e], &y = b.entrants[e];
      if (x.label != y.label || x.player != y.player) continue;
      if (x.code != y.code)
        return "the player '" + x.player + "' has changed since (its code was " + y.code + ", now " + x.code + ")";
      if (x.source != y.source) return "the player '" + x.player + "' was loaded from elsewhere";
    }
  }
  return "its entrants, configs or settings differ";
}

JournalContents parse_journal(std::string_view text) {
  JournalContents contents;
  size_t line_number = 0, position = 0;
  bool have_header = false;
  // A line the run could have written but whose checksum fails was changed since: reported
  // after the whole journal is read, so that a line the run cannot have is named for that.
  std::string first_changed;
  uint64_t previous = 0;
  while (position < text.size()) {
    const size_t end = text.find('\n', position);
    if (end == std::string_view::npos) break;  // torn last line: that game is played again
    const std::string_view line = text.substr(position, end - position);
    position = end + 1;
    ++line_number;
    if (line.empty()) {
      contents.intact_bytes = position;
      continue;
    }
    if (line.back() == '\r')
      throw std::invalid_argument("line " + std::to_string(line_number) +
                                  ": Windows line endings (CRLF): an editor or a transfer converted the journal; "
                                  "convert it back to Unix line endings (LF), e.g. with dos2unix");
    try {
      const auto [body, checksum] = split_checksum(line);
      const auto j = parse_json(body);
      if (!have_header) {
        contents.header = header_from_json(j);
        contents.results.assign(contents.header.entrants.size(),
                                std::vector<std::optional<BoardResult>>(static_cast<size_t>(contents.header.boards)));
        have_header = true;
      } else {
        require_keys(j, kGameLineKeys, "game line");
        const auto& entrant_json = j.at("entrant");
        if (!entrant_json.is_number_unsigned()) throw std::invalid_argument("entrant must be a non-negative integer");
        const uint64_t entrant = entrant_json.get<uint64_t>();
        BoardResult r;
        require_keys(j.at("board"), kRecordKeys, "board");
        read_record(j.at("board"), r);
        require_keys(j.at("timing"), kTimingKeys, "timing");
        r.seconds = seconds_field(j.at("timing"));
        check_game(contents.header, entrant, r);
        auto& slot = contents.results[entrant][static_cast<size_t>(r.index)];
        if (slot && game_record(*slot) != game_record(r))
          throw std::invalid_argument("board " + std::to_string(r.index) + " of entrant " + std::to_string(entrant) +
                                      " appears twice with different results");
        slot = r;
      }
      const uint64_t expected = checksum_of(body, previous);
      if (first_changed.empty() && checksum != hex_digits(expected))
        first_changed = "line " + std::to_string(line_number) +
                        (checksum.empty() ? ": no checksum (a last field \"xxh64\")"
                                          : ": checksum mismatch: the line was changed after ratrace wrote it, "
                                            "or comes from another journal or another place in this one");
      previous = expected;
    } catch (const std::exception& e) {
      throw std::invalid_argument("line " + std::to_string(line_number) + ": " + clipped(e.what(), 600));
    }
    contents.intact_bytes = position;
    contents.last_checksum = previous;
  }
  if (!have_header) throw std::invalid_argument("no complete header line (the run never started a game)");
  if (!first_changed.empty()) throw std::invalid_argument(first_changed);
  return contents;
}

Journal::Journal(std::string path, RunHeader header, CheckedFile out)
    : path_(std::move(path)),
      header_(std::move(header)),
      results_(header_.entrants.size(), std::vector<std::optional<BoardResult>>(static_cast<size_t>(header_.boards))),
      out_(std::move(out)),
      last_sync_(std::chrono::steady_clock::now()) {}

Journal Journal::create(const std::string& path, RunHeader header, bool force) {
  const auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent);
  const int fd = open_locked(path, true);
  CheckedFile out(fd, path);  // owns the descriptor, and with it the lock
  struct stat st {};
  if (::fstat(fd, &st) != 0) fail_io("cannot inspect journal", path);
  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    if (!force) {
      const std::string text = read_all(fd, path);
      size_t games = 0;
      try {
        const JournalContents contents = parse_journal(text);
        for (const auto& per_entrant : contents.results)
          games += static_cast<size_t>(
              std::count_if(per_entrant.begin(), per_entrant.end(), [](const auto& r) { return r.has_value(); }));
      } catch (const std::exception& e) {
        // --resume would refuse it too: say what is wrong, and what --force does.
        throw std::invalid_argument("journal '" + path + "' already exists but cannot be resumed (" +
                                    clipped(e.what(), 300) + "); add --force to replace it with this run (what it " +
                                    "holds is lost), or give this run another --journal");
      }
      throw std::invalid_argument("journal '" + path + "' already exists (" + std::to_string(games) +
                                  " finished games): finish that run with --resume " + path +
                                  ", or replace it with --force (its games are lost)");
    }
    spdlog::warn("--force: replacing journal {}", path);
    if (::ftruncate(fd, 0) != 0) fail_io("cannot empty journal", path);
  }
  Journal journal(path, std::move(header), std::move(out));
  journal.out_.write(checked_line(header_to_json(journal.header_), 0, journal.last_checksum_));
  journal.sync();
  return journal;
}

Journal Journal::resume(const std::string& path) {
  const int fd = open_locked(path, false);
  CheckedFile out(fd, path);
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    throw std::invalid_argument("journal '" + path + "' is not a regular file");
  const std::string text = read_all(fd, path);
  JournalContents contents;
  try {
    contents = parse_journal(text);
  } catch (const std::exception& e) {
    // What to do instead, so that the advice never sends back here.
    const bool no_header = text.find('\n') == std::string::npos;
    throw std::invalid_argument(
        "journal '" + path + "': " + e.what() +
        (no_header ? "; it holds no game: start the run afresh with its command and --journal " + path +
                         " --force (which replaces the journal)"
                   : "; nothing was played: --resume needs every line intact (restore the journal from a copy), "
                     "or start the run afresh with its command and --journal " +
                         path + " --force, which replaces the journal and loses its games"));
  }
  if (contents.intact_bytes < text.size()) {
    spdlog::warn("journal {}: dropping a torn last line (its game is played again)", path);
    if (::ftruncate(fd, static_cast<off_t>(contents.intact_bytes)) != 0) fail_io("cannot cut journal", path);
  }
  if (::lseek(fd, 0, SEEK_END) < 0) fail_io("cannot seek journal", path);
  Journal journal(path, std::move(contents.header), std::move(out));
  journal.results_ = std::move(contents.results);
  journal.last_checksum_ = contents.last_checksum;
  journal.sync();
  return journal;
}

std::vector<BoardTask> Journal::missing() const {
  std::vector<BoardTask> tasks;
  for (int b = 0; b < header_.boards; ++b)
    for (size_t e = 0; e < results_.size(); ++e)
      if (!results_[e][static_cast<size_t>(b)]) tasks.push_back({e, b});
  return tasks;
}

size_t Journal::finished_count() const {
  size_t n = 0;
  for (const auto& per_entrant : results_)
    for (const auto& r : per_entrant) n += r.has_value();
  return n;
}

void Journal::append(size_t entrant, const BoardResult& result) {
  auto& slot = results_.at(entrant).at(static_cast<size_t>(result.index));
  out_.write(checked_line(game_line(entrant, result), last_checksum_, last_checksum_));
  out_.flush();  // in the kernel now: a killed process keeps the game
  slot = result;
  if (std::chrono::steady_clock::now() - last_sync_ >= std::chrono::seconds(1)) sync();
}

void Journal::sync() {
  out_.sync();
  last_sync_ = std::chrono::steady_clock::now();
}

std::vector<uint64_t> scores_of(const std::vector<std::optional<BoardResult>>& results) {
  std::vector<uint64_t> scores;
  for (const auto& r : results) {
    if (!r) throw std::logic_error("scores_of: a board is missing");
    scores.push_back(r->score);
  }
  return scores;
}

}  // namespace ratrace
