#include "ratrace/see/board_view.h"

#include <stdexcept>

#include "ratrace/common/numbers.h"
#include "ratrace/tracks/track.h"

namespace ratrace {

nlohmann::json board_track_document(const Config& config, uint64_t master_seed, int board) {
  const uint64_t seed = board_seed(master_seed, board);
  nlohmann::json j = track_to_json(generate_track(config, seed));
  j["master_seed"] = master_seed;
  j["board"] = board;
  j["board_seed"] = seed;
  return j;
}

std::optional<nlohmann::json> record_board(const Entrant& entrant, uint64_t master_seed, int board,
                                           const RecordOptions& options, const RunOptions& run, BoardResult& result) {
  GameRecorder recorder(options);
  if (!play_board(entrant, master_seed, board, run, result, nullptr, &recorder) || !result.fault.empty())
    return std::nullopt;
  nlohmann::json record = recorder.finish(result.score, result.turns, result.moves);
  record["game"] = {
      {"player", entrant.player}, {"master_seed", master_seed}, {"board", board}, {"board_seed", result.seed}};
  return record;
}

void check_record_document(const nlohmann::json& record, const std::string& what) {
  try {
    check_record(record);
    Config config;
    const Track track = track_of_record(record, config);
    for (const char* kind : {"scorers", "sampled"})
      for (const nlohmann::json& life : record.at("paths").at(kind)) life_cells(track, life.get<Life>());
  } catch (const std::exception& e) {
    throw std::invalid_argument(what + ": " + clipped(e.what(), 300));
  }
}

RenderOptions render_options(const std::vector<std::string>& overlays, int paths) {
  if (paths < 0 || paths > kMaxRecordPaths)
    throw std::invalid_argument("paths must be in [0, " + std::to_string(kMaxRecordPaths) + "]");
  if (overlays.empty()) return {true, true, paths};
  RenderOptions draw{false, false, 0};
  for (const std::string& overlay : overlays) {
    if (overlay == "heat") draw.heat = true;
    else if (overlay == "deaths") draw.deaths = true;
    else if (overlay == "paths") draw.paths = paths;
    else if (overlay != "none")
      throw std::invalid_argument("--overlay: '" + overlay + "' is not heat, deaths, paths or none");
  }
  return draw;
}

std::string render_picture(const RenderSource& source, Config config, const RenderOptions& options) {
  if (source.record != nullptr) return render_svg(track_of_record(*source.record, config), source.record, options);
  if (source.track != nullptr) return render_svg(track_from_json(*source.track, config), nullptr, options);
  return render_svg(generate_track(config, board_seed(source.seed, source.board)), nullptr, options);
}

}  // namespace ratrace
