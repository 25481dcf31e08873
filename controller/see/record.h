#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "ratrace/engine/game.h"
#include "ratrace/engine/genome.h"
#include "ratrace/tracks/track.h"

namespace ratrace {

// Why a specimen died: of age (no move), or where its move ended (SPEC "One turn", step 5).
enum class DeathCause : uint8_t { Age, OutOfBounds, Wall, Trap };
constexpr int kDeathCauses = 4;
// "age", "out_of_bounds", "wall", "trap": the keys of a record's death counts.
const char* death_cause_key(DeathCause cause);

// Which specimens' paths a record keeps, and the most that `play --record-*` accept.
constexpr int kMaxRecordPaths = 1000000;
constexpr int kMaxRecordFrames = 100000;
struct RecordOptions {
  int scorers = 1000;  // the last scoring life of up to this many scorers, most goals first
  int sampled = 100;   // specimens drawn at random from the game's serial numbers: every life
  // The crowd: every cell's specimens at the start of one turn in every `k`, and its deaths
  // over those k turns, with k = ceil(turns / frames), so at most `frames` frames (0: none).
  int frames = 200;
};

// The record's format: "ratrace-record-2" (frames added); render and replay also read 1.
constexpr const char* kRecordFormat = "ratrace-record-2";
bool is_record_format(const std::string& format);

// Checks a record read from a file, strictly, before anything reads it: every key known (no
// unknown one at any level), every value of its type and range. Throws std::invalid_argument
// naming the key by its path, e.g. "key 'totals.births': expected a whole number, got -1" or
// "unknown key 'paths.extra'" (keys and values clipped). The config and track are checked by
// their own readers (track_of_record).
void check_record(const nlohmann::json& record);

// A frame's per-cell counts, as the record stores them: LEB128 varints in cell order, a
// count n > 0 as n, a run of r empty cells as 0 then r; then base64 (RFC 4648, padded).
std::string encode_counts(const std::vector<uint32_t>& counts);
// The counts of `cells` cells; throws std::invalid_argument on a malformed string.
std::vector<uint32_t> decode_counts(const std::string& text, size_t cells);

// One life of a specimen: from its start cell (birth or respawn) to a goal, a death or the
// end of the game. Its cell at the start of turn `turn + k` is the k-th cell of
// life_cells(); `moves` holds one move index digit per turn.
struct Life {
  uint32_t serial = 0;
  int turn = 0;   // the turn of its first move
  int start = 0;  // its start cell (y * width + x)
  std::string moves;
  std::string end;  // "goal", a death cause key, or "alive" at the end of the game
};
void to_json(nlohmann::json& j, const Life& life);
void from_json(const nlohmann::json& j, Life& life);
// The cells a life visits, start cell first; a move that ends it adds no cell.
std::vector<int> life_cells(const Track& track, const Life& life);

// Builds a compact record of a game as a GameObserver: per turn population, births,
// deaths by cause, goals, best fitness and distinct genomes; per cell visits and deaths by
// cause; every cell's specimens and deaths in at most RecordOptions::frames frames; and the
// paths of a deterministic sample of specimens. Its size is bounded whatever the population
// (see README: Seeing a game); its memory is the population's current lives, at most
// lifespan bytes each.
class GameRecorder : public GameObserver {
 public:
  explicit GameRecorder(RecordOptions options) : options_(options) {}

  void started(const Config& config, const Track& track, uint64_t game_seed) override;
  void born(int turn, uint32_t serial, int cell, const Genome& genome) override;
  void moved(int turn, std::span<const ObservedMove> moves) override;

  // The record of the finished game, given its result (GameResult or BoardResult fields);
  // throws std::logic_error unless the record's totals agree with it.
  nlohmann::json finish(uint64_t score, int turns, uint64_t moves);

 private:
  // A live specimen, as the recorder needs it every turn, in population order (the game
  // keeps its population's order and appends births): 16 bytes, so a turn streams through.
  struct Live {
    uint32_t serial;
    uint32_t slot;  // its Specimen in `slots_`, and its row of `current_moves_`
    uint32_t goals = 0;
    uint16_t length = 0;     // moves of its current life so far
    bool respawned = false;  // scored last turn: its next life starts where it is next seen
  };
  // The rest of a live specimen, touched only at birth, goal and death.
  struct Specimen {
    bool sampled = false;
    Genome genome;
    int life_turn = 0, life_start = 0;  // of the current life
    std::string last_goal;              // the moves of its last scoring life
    int last_goal_turn = 0, last_goal_start = 0;
    std::vector<Life> lives;  // every finished life, for sampled specimens only
  };
  // Per-turn series, one entry per turn played.
  struct Series {
    std::vector<uint64_t> population, births, goals, best_fitness, genomes;
    std::array<std::vector<uint64_t>, kDeathCauses> deaths;
  };

  void end_turn();
  void end_frame();
  void died(Live& specimen, DeathCause cause, int cell);
  void finish_life(Live& specimen, const char* end);
  void retire(const Live& specimen);

  RecordOptions options_;
  // Copies: the game's own may be gone when finish() is called.
  Config config_;
  std::optional<Track> track_;
  uint64_t game_seed_ = 0;
  std::vector<uint8_t> cause_of_;  // [cell * 9 + move]: DeathCause of a deadly move
  std::vector<int> death_cell_;    // [cell * 9 + move]: where a deadly move is counted
  std::vector<uint32_t> sample_;   // sorted serial numbers to follow
  std::vector<Live> live_;
  std::vector<Specimen> slots_;
  std::vector<uint32_t> free_slots_;
  // Row `slot` (of `stride_` bytes) holds the current life's moves of the specimen in that
  // slot, one digit each: a flat array rather than a string per specimen, so a move costs
  // one byte's write.
  std::vector<char> current_moves_;
  size_t stride_ = 0;
  std::unordered_map<Genome, uint32_t, GenomeHash> genomes_;  // live carriers per genome
  int turn_ = 0;
  uint64_t initial_ = 0, births_ = 0, goals_ = 0, best_fitness_ = 0, moves_ = 0;
  std::array<uint64_t, kDeathCauses> deaths_{};
  Series series_;
  std::vector<uint64_t> visits_;
  std::array<std::vector<uint64_t>, kDeathCauses> cell_deaths_;
  std::vector<std::pair<uint32_t, Life>> scorers_;  // (goals, last scoring life), a min-heap
  std::vector<Life> sampled_lives_;
  // Frames: one every `frame_every_` turns, from turn 1 (0: none).
  int frame_every_ = 0;
  bool frame_open_ = false;
  std::vector<uint32_t> frame_occupancy_, frame_deaths_;
  std::vector<int> frame_turns_;
  std::vector<std::string> occupancy_frames_, death_frames_;
};

}  // namespace ratrace
