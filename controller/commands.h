#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "controller/cli_support.h"

// The ratrace subcommands, free of command-line parsing (main.cpp binds CLI11 to these
// option structs), so tests can run them directly. Each returns the process exit code.
namespace ratrace {

struct ScoreOptions {
  RunFlags run;
  std::string player = "ColorScorePlayer";
};
int run_score(const ScoreOptions& options);

int run_players(bool as_json);

struct TrackOptions {
  std::string config_file;
  std::vector<std::string> sets;
  uint64_t seed = 1;
  int board = 0;
  std::string json_file;  // write the track file here
  bool json = false;      // print JSON instead of text
};
int run_track(const TrackOptions& options);

struct PlayOptions {
  std::string config_file;
  std::vector<std::string> sets;
  std::string player = "ColorScorePlayer";
  std::string track_file;
  int turns = -1;          // -1: the config's
  uint64_t seed = 1;       // game seed
  std::string trace_file;  // JSON lines, one per specimen event
  bool no_cache = false;
};
int run_play(const PlayOptions& options);

}  // namespace ratrace
