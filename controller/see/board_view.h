#pragma once
// One board of a run as the front ends show it (`ratrace track|play --record|render|replay` and
// the Python package alike): its track document, its recorded game, a record's checks, and the
// picture `render` draws.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ratrace/engine/board.h"
#include "ratrace/see/record.h"
#include "ratrace/see/render.h"
#include "ratrace/tracks/config.h"

namespace ratrace {

// The track of board `board` under master seed `master_seed`, as `track --json` writes it: the
// track with its master seed, board index and board seed.
nlohmann::json board_track_document(const Config& config, uint64_t master_seed, int board);

// Board `board` of a run, played exactly as the run plays it, and recorded: the record, its
// "game" naming the player, master seed, board and board seed; nullopt when the player faulted
// (`result.fault` says where) or `run.stop` stopped the game.
std::optional<nlohmann::json> record_board(const Entrant& entrant, uint64_t master_seed, int board,
                                           const RecordOptions& options, const RunOptions& run, BoardResult& result);

// Checks a game record before anything draws it: its keys and values (check_record), its track
// and config, and every recorded path on that track. Throws std::invalid_argument naming `what`
// ("game record 'FILE'").
void check_record_document(const nlohmann::json& record, const std::string& what);

// `render`'s overlays from its words (heat, deaths, paths, none; none given: all), with `paths`
// scorers' paths; throws std::invalid_argument on another word or on `paths` outside [0,
// kMaxRecordPaths].
RenderOptions render_options(const std::vector<std::string>& overlays, int paths);

// What `render` draws: a checked record's track with its overlays, else a track document read
// under `config`, else board `board` of master seed `seed` under `config`.
struct RenderSource {
  const nlohmann::json* record = nullptr;
  const nlohmann::json* track = nullptr;
  uint64_t seed = 1;
  int board = 0;
};
std::string render_picture(const RenderSource& source, Config config, const RenderOptions& options);

}  // namespace ratrace
