#include "ratrace/see/record.h"

#include <algorithm>
#include <cstring>
#include <set>
#include <stdexcept>
#include <string_view>

#include "ratrace/common/io.h"
#include "ratrace/common/numbers.h"
#include "ratrace/engine/breeding.h"
#include "ratrace/tracks/streams.h"

namespace ratrace {

namespace {

constexpr DeathCause kCauses[kDeathCauses] = {DeathCause::Age, DeathCause::OutOfBounds, DeathCause::Wall,
                                              DeathCause::Trap};

DeathCause cause_of(Hazard hazard) {
  switch (hazard) {
    case Hazard::OutOfBounds: return DeathCause::OutOfBounds;
    case Hazard::Wall: return DeathCause::Wall;
    case Hazard::Trap: return DeathCause::Trap;
    case Hazard::None: break;
  }
  throw std::logic_error("a deadly move with no hazard");
}

// Orders candidate scorers: more goals first, then the earlier born.
bool better_scorer(const std::pair<uint32_t, Life>& a, const std::pair<uint32_t, Life>& b) {
  return a.first != b.first ? a.first > b.first : a.second.serial < b.second.serial;
}

nlohmann::json by_cause(const std::array<std::vector<uint64_t>, kDeathCauses>& counts) {
  nlohmann::json j = nlohmann::json::object();
  for (DeathCause cause : kCauses) j[death_cause_key(cause)] = counts[static_cast<size_t>(cause)];
  return j;
}

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void put_varint(std::string& out, uint32_t n) {
  while (n >= 0x80) {
    out += static_cast<char>((n & 0x7f) | 0x80);
    n >>= 7;
  }
  out += static_cast<char>(n);
}

std::string base64(const std::string& bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const size_t n = std::min<size_t>(3, bytes.size() - i);
    uint32_t v = 0;
    for (size_t j = 0; j < 3; ++j) v = v << 8 | (j < n ? static_cast<uint8_t>(bytes[i + j]) : 0u);
    for (size_t j = 0; j < 4; ++j) out += j <= n ? kBase64[(v >> (18 - 6 * j)) & 0x3f] : '=';
  }
  return out;
}

std::string unbase64(const std::string& text) {
  if (text.size() % 4 != 0) throw std::invalid_argument("frame counts: not base64");
  std::string out;
  for (size_t i = 0; i < text.size(); i += 4) {
    uint32_t v = 0;
    int pad = 0;
    for (size_t j = 0; j < 4; ++j) {
      const char c = text[i + j];
      const char* at = c == '=' ? nullptr : std::strchr(kBase64, c);
      if (c == '=' && i + 4 == text.size() && j >= 2) ++pad;
      else if (!at || c == '\0' || pad > 0) throw std::invalid_argument("frame counts: not base64");
      v = v << 6 | (at ? static_cast<uint32_t>(at - kBase64) : 0u);
    }
    for (int j = 0; j < 3 - pad; ++j) out += static_cast<char>((v >> (16 - 8 * j)) & 0xff);
  }
  return out;
}

}  // namespace

bool is_record_format(const std::string& format) { return format == "ratrace-record-1" || format == kRecordFormat; }

namespace {

// A record's value at `path` ("totals.births", "paths.scorers[3].moves"), checked.
class RecordChecker {
 public:
  [[noreturn]] static void refuse(const std::string& path, const std::string& what) {
    throw std::invalid_argument("key '" + clipped(path, 100) + "': " + what);
  }
  static std::string got(const nlohmann::json& j) { return "got " + clipped(j.dump(), 40); }

  // An object with exactly the keys `required` and, if present, `optional`.
  static void object(const nlohmann::json& j, const std::string& path, std::initializer_list<std::string_view> required,
                     std::initializer_list<std::string_view> optional = {}) {
    if (!j.is_object()) refuse(path, "expected an object, " + got(j));
    std::vector<std::string> known(required.begin(), required.end());
    known.insert(known.end(), optional.begin(), optional.end());
    if (const std::string key = unknown_key(j, known); !key.empty())
      throw std::invalid_argument("unknown key '" + clipped(join(path, key), 100) + "'");
    for (std::string_view key : required)
      if (!j.contains(key)) throw std::invalid_argument("missing key '" + join(path, std::string(key)) + "'");
  }
  static uint64_t whole(const nlohmann::json& j, const std::string& path, uint64_t most = UINT64_MAX) {
    if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<int64_t>() >= 0))
      refuse(path, "expected a whole number, " + got(j));
    const uint64_t value = j.get<uint64_t>();
    if (value > most) refuse(path, "expected a whole number in [0, " + std::to_string(most) + "], " + got(j));
    return value;
  }
  static void wholes(const nlohmann::json& j, const std::string& path) {
    if (!j.is_array()) refuse(path, "expected an array of whole numbers, " + got(j));
    for (size_t i = 0; i < j.size(); ++i) whole(j[i], path + "[" + std::to_string(i) + "]");
  }
  static const std::string& text(const nlohmann::json& j, const std::string& path) {
    if (!j.is_string()) refuse(path, "expected a text, " + got(j));
    return j.get_ref<const std::string&>();
  }
  static void texts(const nlohmann::json& j, const std::string& path) {
    if (!j.is_array()) refuse(path, "expected an array of texts, " + got(j));
    for (size_t i = 0; i < j.size(); ++i) text(j[i], path + "[" + std::to_string(i) + "]");
  }
  static void by_cause(const nlohmann::json& j, const std::string& path, bool arrays) {
    object(j, path, {"age", "out_of_bounds", "wall", "trap"});
    for (const char* cause : {"age", "out_of_bounds", "wall", "trap"})
      arrays ? wholes(j.at(cause), join(path, cause)) : static_cast<void>(whole(j.at(cause), join(path, cause)));
  }
  static void lives(const nlohmann::json& j, const std::string& path, bool scorers) {
    if (!j.is_array()) refuse(path, "expected an array of lives, " + got(j));
    for (size_t i = 0; i < j.size(); ++i) {
      const std::string at = path + "[" + std::to_string(i) + "]";
      if (scorers) object(j[i], at, {"serial", "turn", "start", "moves", "end", "goals"});
      else object(j[i], at, {"serial", "turn", "start", "moves", "end"});
      whole(j[i].at("serial"), join(at, "serial"), UINT32_MAX);
      whole(j[i].at("turn"), join(at, "turn"), INT32_MAX);
      whole(j[i].at("start"), join(at, "start"), INT32_MAX);
      const std::string& moves = text(j[i].at("moves"), join(at, "moves"));
      if (moves.find_first_not_of("012345678") != std::string::npos)
        refuse(join(at, "moves"), "expected one digit 0-8 per turn, " + got(j[i].at("moves")));
      const std::string& end = text(j[i].at("end"), join(at, "end"));
      if (end != "goal" && end != "alive" && end != "age" && end != "out_of_bounds" && end != "wall" && end != "trap")
        refuse(join(at, "end"), "expected goal, alive, age, out_of_bounds, wall or trap, " + got(j[i].at("end")));
      if (scorers) whole(j[i].at("goals"), join(at, "goals"));
    }
  }

 private:
  static std::string join(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
  }
};

}  // namespace

void check_record(const nlohmann::json& record) {
  using C = RecordChecker;
  if (!record.is_object())
    throw std::invalid_argument("not a ratrace game record: expected an object, " + C::got(record));
  if (!record.contains("format") || !record.at("format").is_string() ||
      !is_record_format(record.at("format").get<std::string>()))
    throw std::invalid_argument(std::string("not a ratrace game record: key 'format' must be ") + kRecordFormat +
                                " or ratrace-record-1" +
                                (record.contains("format") ? ", " + C::got(record.at("format")) : std::string()));
  const bool frames = record.at("format") == kRecordFormat;
  if (frames)
    C::object(record, "",
              {"format", "config", "track", "game_seed", "result", "totals", "turns", "cells", "frames", "paths"},
              {"game"});
  else
    C::object(record, "", {"format", "config", "track", "game_seed", "result", "totals", "turns", "cells", "paths"},
              {"game", "frames"});
  if (!record.at("config").is_object()) C::refuse("config", "expected an object, " + C::got(record.at("config")));
  if (!record.at("track").is_object()) C::refuse("track", "expected an object, " + C::got(record.at("track")));
  C::whole(record.at("game_seed"), "game_seed");
  const nlohmann::json& result = record.at("result");
  C::object(result, "result", {"score", "turns", "moves"});
  C::whole(result.at("score"), "result.score");
  C::whole(result.at("turns"), "result.turns", INT32_MAX);
  C::whole(result.at("moves"), "result.moves");
  const nlohmann::json& totals = record.at("totals");
  C::object(totals, "totals", {"initial", "births", "deaths", "goals", "final_population"});
  for (const char* key : {"initial", "births", "goals", "final_population"})
    C::whole(totals.at(key), std::string("totals.") + key);
  C::by_cause(totals.at("deaths"), "totals.deaths", false);
  const nlohmann::json& turns = record.at("turns");
  C::object(turns, "turns", {"population", "births", "deaths", "goals", "best_fitness", "genomes"});
  for (const char* key : {"population", "births", "goals", "best_fitness", "genomes"})
    C::wholes(turns.at(key), std::string("turns.") + key);
  C::by_cause(turns.at("deaths"), "turns.deaths", true);
  const nlohmann::json& cells = record.at("cells");
  C::object(cells, "cells", {"visits", "deaths"});
  C::wholes(cells.at("visits"), "cells.visits");
  C::by_cause(cells.at("deaths"), "cells.deaths", true);
  if (record.contains("frames")) {
    const nlohmann::json& f = record.at("frames");
    C::object(f, "frames", {"limit", "every", "encoding", "turns", "occupancy", "deaths"});
    C::whole(f.at("limit"), "frames.limit", INT32_MAX);
    C::whole(f.at("every"), "frames.every", INT32_MAX);
    if (C::text(f.at("encoding"), "frames.encoding") != "varint-runs-base64")
      C::refuse("frames.encoding", "expected varint-runs-base64, " + C::got(f.at("encoding")));
    C::wholes(f.at("turns"), "frames.turns");
    C::texts(f.at("occupancy"), "frames.occupancy");
    C::texts(f.at("deaths"), "frames.deaths");
  }
  const nlohmann::json& paths = record.at("paths");
  C::object(paths, "paths", {"scorers_limit", "sampled_limit", "scorers", "sampled"});
  C::whole(paths.at("scorers_limit"), "paths.scorers_limit", INT32_MAX);
  C::whole(paths.at("sampled_limit"), "paths.sampled_limit", INT32_MAX);
  C::lives(paths.at("scorers"), "paths.scorers", true);
  C::lives(paths.at("sampled"), "paths.sampled", false);
  if (record.contains("game")) {
    // play --record writes (player, master_seed, board, board_seed) for a board of a run, and
    // (player, track_file, game_seed) for a track file.
    const nlohmann::json& game = record.at("game");
    C::object(game, "game", {"player"}, {"master_seed", "board", "board_seed", "track_file", "game_seed"});
    C::text(game.at("player"), "game.player");
    for (const char* key : {"master_seed", "board_seed", "game_seed"})
      if (game.contains(key)) C::whole(game.at(key), std::string("game.") + key);
    if (game.contains("board")) C::whole(game.at("board"), "game.board", INT32_MAX);
    if (game.contains("board") != game.contains("master_seed"))
      throw std::invalid_argument("key 'game': 'board' and 'master_seed' go together");
    if (game.contains("track_file")) C::text(game.at("track_file"), "game.track_file");
  }
}

std::string encode_counts(const std::vector<uint32_t>& counts) {
  std::string bytes;
  for (size_t c = 0; c < counts.size();) {
    if (counts[c] > 0) {
      put_varint(bytes, counts[c++]);
      continue;
    }
    size_t run = 0;
    while (c < counts.size() && counts[c] == 0) ++run, ++c;
    put_varint(bytes, 0);
    put_varint(bytes, static_cast<uint32_t>(run));
  }
  return base64(bytes);
}

std::vector<uint32_t> decode_counts(const std::string& text, size_t cells) {
  const std::string bytes = unbase64(text);
  std::vector<uint32_t> counts;
  counts.reserve(cells);
  size_t at = 0;
  auto varint = [&] {
    uint64_t n = 0;
    for (int shift = 0;; shift += 7) {
      if (at >= bytes.size() || shift > 28) throw std::invalid_argument("frame counts: a truncated number");
      const auto byte = static_cast<uint8_t>(bytes[at++]);
      n |= static_cast<uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80)) break;
    }
    if (n > UINT32_MAX) throw std::invalid_argument("frame counts: a number out of range");
    return static_cast<uint32_t>(n);
  };
  while (at < bytes.size()) {
    const uint32_t n = varint();
    if (n > 0) {
      counts.push_back(n);
    } else {
      const uint32_t run = varint();
      if (run == 0 || run > cells - std::min(cells, counts.size()))
        throw std::invalid_argument("frame counts: a bad run of empty cells");
      counts.insert(counts.end(), run, 0);
    }
    if (counts.size() > cells) throw std::invalid_argument("frame counts: more counts than cells");
  }
  if (counts.size() != cells) throw std::invalid_argument("frame counts: fewer counts than cells");
  return counts;
}

const char* death_cause_key(DeathCause cause) {
  switch (cause) {
    case DeathCause::Age: return "age";
    case DeathCause::OutOfBounds: return "out_of_bounds";
    case DeathCause::Wall: return "wall";
    case DeathCause::Trap: return "trap";
  }
  return "?";
}

void to_json(nlohmann::json& j, const Life& life) {
  j = {{"serial", life.serial}, {"turn", life.turn}, {"start", life.start}, {"moves", life.moves}, {"end", life.end}};
}

void from_json(const nlohmann::json& j, Life& life) {
  life.serial = j.at("serial").get<uint32_t>();
  life.turn = j.at("turn").get<int>();
  life.start = j.at("start").get<int>();
  life.moves = j.at("moves").get<std::string>();
  life.end = j.at("end").get<std::string>();
}

std::vector<int> life_cells(const Track& track, const Life& life) {
  if (life.start < 0 || life.start >= track.cells())
    throw std::invalid_argument("life of specimen #" + std::to_string(life.serial) + " starts off the track");
  std::vector<int> cells{life.start};
  for (char digit : life.moves) {
    if (digit < '0' || digit > '8')
      throw std::invalid_argument("life of specimen #" + std::to_string(life.serial) + " has a bad move digit");
    const int next = track.next(cells.back(), digit - '0');
    if (next < 0) break;
    cells.push_back(next);
  }
  return cells;
}

void GameRecorder::started(const Config& config, const Track& track, uint64_t game_seed) {
  config_ = config;
  track_.emplace(track);
  game_seed_ = game_seed;
  const size_t cells = static_cast<size_t>(track.cells());
  cause_of_.assign(cells * 9, 0);
  death_cell_.assign(cells * 9, 0);
  for (int c = 0; c < track.cells(); ++c)
    for (int m = 0; m < 9; ++m) {
      if (track.next(c, m) != Track::kDead) continue;
      const Step step = track.step(track.cell_x(c), track.cell_y(c), move_from_index(m));
      cause_of_[static_cast<size_t>(c) * 9 + m] = static_cast<uint8_t>(cause_of(step.death));
      // Counted on the deadly cell, or for a step off the track on the cell it left.
      death_cell_[static_cast<size_t>(c) * 9 + m] = track.in_bounds(step.x, step.y) ? track.cell(step.x, step.y) : c;
    }
  visits_.assign(cells, 0);
  stride_ = static_cast<size_t>(config.lifespan) + 1;
  for (auto& counts : cell_deaths_) counts.assign(cells, 0);
  frame_every_ = options_.frames > 0 ? std::max(1, (config.turns + options_.frames - 1) / options_.frames) : 0;
  frame_occupancy_.assign(frame_every_ ? cells : 0, 0);
  frame_deaths_.assign(frame_every_ ? cells : 0, 0);

  // The followed specimens: distinct serial numbers drawn from every one the game could create.
  const uint64_t possible =
      static_cast<uint64_t>(config.initial_specimens) + static_cast<uint64_t>(config.offspring) * config.turns;
  Rng rng(stream_key(game_seed, kTagRecordSample, 0));
  std::set<uint32_t> sample;
  const uint64_t wanted = std::min<uint64_t>(static_cast<uint64_t>(std::max(options_.sampled, 0)), possible);
  while (sample.size() < wanted) sample.insert(static_cast<uint32_t>(below64(rng, possible)));
  sample_.assign(sample.begin(), sample.end());
}

void GameRecorder::born(int turn, uint32_t serial, int cell, const Genome& genome) {
  if (turn == 0) ++initial_;
  else ++births_;
  uint32_t slot;
  if (free_slots_.empty()) {
    slot = static_cast<uint32_t>(slots_.size());
    slots_.emplace_back();
    current_moves_.resize(slots_.size() * stride_);
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[slot] = Specimen{};
  }
  live_.push_back({serial, slot});
  Specimen& s = slots_[slot];
  s.sampled = std::binary_search(sample_.begin(), sample_.end(), serial);
  s.genome = genome;
  s.life_turn = turn + 1;
  s.life_start = cell;
  ++genomes_[genome];
}

void GameRecorder::moved(int turn, std::span<const ObservedMove> moves) {
  if (turn_ > 0) end_turn();
  turn_ = turn;
  if (moves.size() != live_.size()) throw std::logic_error("recorder: the population changed unseen");
  if (frame_every_ > 0 && (turn - 1) % frame_every_ == 0) {
    end_frame();
    frame_open_ = true;
    frame_turns_.push_back(turn);
    for (const ObservedMove& m : moves) ++frame_occupancy_[m.from];
  }
  size_t kept = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    const ObservedMove& m = moves[i];
    Live& s = live_[i];
    if (s.serial != m.serial) throw std::logic_error("recorder: the population was reordered");
    if (s.respawned) {
      slots_[s.slot].life_turn = turn;
      slots_[s.slot].life_start = m.from;
      s.respawned = false;
    }
    ++visits_[m.from];
    if (m.move == ObservedMove::kDiedOfAge) {
      died(s, DeathCause::Age, m.from);
      continue;
    }
    ++moves_;
    if (s.length >= stride_) throw std::logic_error("recorder: a life longer than the lifespan");
    current_moves_[s.slot * stride_ + s.length++] = static_cast<char>('0' + m.move);
    const size_t at = static_cast<size_t>(m.from) * 9 + static_cast<size_t>(m.move);
    const int next = track_->next(m.from, m.move);
    int column = 0;  // a scorer respawns in column 0
    if (next == Track::kDead) {
      died(s, static_cast<DeathCause>(cause_of_[at]), death_cell_[at]);
      continue;
    }
    if (next == Track::kGoal) {
      ++goals_;
      ++s.goals;
      finish_life(s, "goal");
      s.respawned = true;
    } else {
      column = track_->cell_x(next);
    }
    best_fitness_ = std::max(best_fitness_, fitness(column, s.goals));
    live_[kept++] = s;
  }
  live_.erase(live_.begin() + static_cast<ptrdiff_t>(kept), live_.end());
}

void GameRecorder::end_turn() {
  series_.population.push_back(live_.size());
  series_.births.push_back(births_);
  series_.goals.push_back(goals_);
  series_.best_fitness.push_back(best_fitness_);
  series_.genomes.push_back(genomes_.size());
  for (size_t c = 0; c < kDeathCauses; ++c) series_.deaths[c].push_back(deaths_[c]);
  births_ = goals_ = best_fitness_ = 0;
  deaths_.fill(0);
}

void GameRecorder::end_frame() {
  if (!frame_open_) return;
  occupancy_frames_.push_back(encode_counts(frame_occupancy_));
  death_frames_.push_back(encode_counts(frame_deaths_));
  std::fill(frame_occupancy_.begin(), frame_occupancy_.end(), 0);
  std::fill(frame_deaths_.begin(), frame_deaths_.end(), 0);
  frame_open_ = false;
}

void GameRecorder::died(Live& s, DeathCause cause, int cell) {
  ++deaths_[static_cast<size_t>(cause)];
  if (frame_every_ > 0) ++frame_deaths_[static_cast<size_t>(cell)];
  ++cell_deaths_[static_cast<size_t>(cause)][static_cast<size_t>(cell)];
  finish_life(s, death_cause_key(cause));
  retire(s);
  free_slots_.push_back(s.slot);
}

void GameRecorder::finish_life(Live& live, const char* end) {
  Specimen& s = slots_[live.slot];
  const char* moves = &current_moves_[live.slot * stride_];
  if (s.sampled) s.lives.push_back({live.serial, s.life_turn, s.life_start, std::string(moves, live.length), end});
  if (std::string_view(end) == "goal") {
    s.last_goal.assign(moves, live.length);
    s.last_goal_turn = s.life_turn;
    s.last_goal_start = s.life_start;
  }
  live.length = 0;
}

void GameRecorder::retire(const Live& live) {
  Specimen& s = slots_[live.slot];
  if (auto it = genomes_.find(s.genome); --it->second == 0) genomes_.erase(it);
  if (live.goals > 0 && options_.scorers > 0) {
    const auto limit = static_cast<size_t>(options_.scorers);
    std::pair<uint32_t, Life> candidate{live.goals, Life{live.serial, s.last_goal_turn, s.last_goal_start, {}, "goal"}};
    if (scorers_.size() < limit || better_scorer(candidate, scorers_.front())) {
      candidate.second.moves = std::move(s.last_goal);
      scorers_.push_back(std::move(candidate));
      std::push_heap(scorers_.begin(), scorers_.end(), better_scorer);  // the worst kept on top
      if (scorers_.size() > limit) {
        std::pop_heap(scorers_.begin(), scorers_.end(), better_scorer);
        scorers_.pop_back();
      }
    }
  }
  for (Life& life : s.lives) sampled_lives_.push_back(std::move(life));
  s.lives.clear();
}

nlohmann::json GameRecorder::finish(uint64_t score, int turns, uint64_t moves) {
  if (!track_) throw std::logic_error("recorder: the game never started");
  if (turn_ > 0) end_turn();
  end_frame();
  for (Live& s : live_) {
    if (!s.respawned && s.length > 0) finish_life(s, "alive");
    retire(s);
  }
  const uint64_t final_population = live_.size();
  live_.clear();
  slots_.clear();
  current_moves_.clear();
  std::sort(scorers_.begin(), scorers_.end(), better_scorer);
  std::sort(sampled_lives_.begin(), sampled_lives_.end(),
            [](const Life& a, const Life& b) { return a.serial != b.serial ? a.serial < b.serial : a.turn < b.turn; });

  auto sum = [](const std::vector<uint64_t>& v) {
    uint64_t total = 0;
    for (uint64_t x : v) total += x;
    return total;
  };
  uint64_t deaths = 0;
  nlohmann::json death_totals = nlohmann::json::object();
  for (DeathCause cause : kCauses) {
    const uint64_t n = sum(series_.deaths[static_cast<size_t>(cause)]);
    death_totals[death_cause_key(cause)] = n;
    deaths += n;
  }
  const uint64_t births = sum(series_.births), goals = sum(series_.goals);
  // The record describes the game the engine played, or it is a bug of the recorder.
  if (goals + 1 != score || moves_ != moves || initial_ + births - deaths != final_population ||
      static_cast<int>(series_.population.size()) != turns ||
      (frame_every_ > 0 && static_cast<int>(frame_turns_.size()) != (turns + frame_every_ - 1) / frame_every_))
    throw std::logic_error("recorder: the record's totals disagree with the game's result");

  nlohmann::json scorers = nlohmann::json::array();
  for (const auto& [goals_of, life] : scorers_) {
    nlohmann::json j = life;
    j["goals"] = goals_of;
    scorers.push_back(std::move(j));
  }
  return {{"format", kRecordFormat},
          {"config", config_},
          {"track", track_to_json(*track_)},
          {"game_seed", game_seed_},
          {"result", {{"score", score}, {"turns", turns}, {"moves", moves}}},
          {"totals",
           {{"initial", initial_},
            {"births", births},
            {"deaths", death_totals},
            {"goals", goals},
            {"final_population", final_population}}},
          {"turns",
           {{"population", series_.population},
            {"births", series_.births},
            {"deaths", by_cause(series_.deaths)},
            {"goals", series_.goals},
            {"best_fitness", series_.best_fitness},
            {"genomes", series_.genomes}}},
          {"cells", {{"visits", visits_}, {"deaths", by_cause(cell_deaths_)}}},
          {"frames",
           {{"limit", options_.frames},
            {"every", frame_every_},
            {"encoding", "varint-runs-base64"},
            {"turns", frame_turns_},
            {"occupancy", occupancy_frames_},
            {"deaths", death_frames_}}},
          {"paths",
           {{"scorers_limit", options_.scorers},
            {"sampled_limit", options_.sampled},
            {"scorers", scorers},
            {"sampled", sampled_lives_}}}};
}

}  // namespace ratrace
