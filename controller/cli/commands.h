#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ratrace/analysis/compare_run.h"
#include "ratrace/analysis/leaderboard_run.h"
#include "ratrace/analysis/score_run.h"
#include "ratrace/analysis/sweep_run.h"
#include "ratrace/cli/subcommand.h"
#include "ratrace/common/cli.h"
#include "ratrace/see/record.h"

// The ratrace subcommands, free of command-line parsing (each *_command.cpp binds CLI11 to
// its option struct beside its run_*), so tests can run them directly. Each returns the
// process exit code.
namespace ratrace {

// The game-running commands: a durable run of the request (controller/analysis/*_run.h), and its report.
int run_score(const ScoreRequest& request);
int run_compare(const CompareRequest& request);
int run_sweep(const SweepRequest& request);
int run_leaderboard(const LeaderboardRequest& request);

int run_players(bool as_json);

struct TrackOptions {
  std::string config_file;
  std::vector<std::string> sets;
  uint64_t seed = 1;
  int board = 0;
  std::string json_file;  // write the track file here
  bool json = false;      // print JSON instead of text
  bool force = false;     // replace an existing --json file
};
int run_track(const TrackOptions& options);

struct PlayOptions {
  std::string config_file;
  std::vector<std::string> sets;
  std::string player = "ColorScorePlayer";
  std::string track_file;   // a track file; or empty and `board` >= 0
  int board = -1;           // board of a run under master seed `seed`, replayed exactly
  int turns = -1;           // -1: the config's
  uint64_t seed = 1;        // game seed with a track file, master seed with a board
  std::string trace_file;   // JSON lines, one per specimen event
  std::string record_file;  // a game record (controller/see/record.h)
  RecordOptions record;
  bool no_cache = false;
  bool force = false;  // replace existing --trace and --record files
};
int run_play(const PlayOptions& options);

}  // namespace ratrace

namespace ratrace {

struct BenchOptions {
  int threads = 0;
  bool no_cache = false;
  std::string rules = "cpp";  // rules dialect of the fixed games
};
// Fixed built-in games; prints throughput and one signature of every game's result.
int run_bench(const BenchOptions& options);

}  // namespace ratrace

namespace ratrace {

struct RenderCommandOptions {
  std::string record_file;  // a game record: its track, with overlays
  std::string track_file;   // or a track file
  std::string config_file;  // or board `board` of master seed `seed` under this config
  std::vector<std::string> sets;
  uint64_t seed = 1;
  int board = 0;
  std::string out_file = "track.svg";  // .svg, or .png (drawn from the .svg beside it)
  std::vector<std::string> overlays;   // heat, deaths, paths; empty: all of them
  int paths = 12;
  bool force = false;  // replace an existing picture
};
// Draws a track as SVG (and PNG) with its colours' roles and, from a record, overlays.
int run_render(const RenderCommandOptions& options);

struct ReplayOptions {
  std::string record_file;
  std::string html_file = "replay.html";
  bool force = false;  // replace an existing page
};
// Writes the self-contained replay page of a game record.
int run_replay(const ReplayOptions& options);

}  // namespace ratrace
