#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <set>
#include <string_view>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "controller/commands.h"
#include "controller/leaderboard.h"
#include "controller/runner.h"

namespace ratrace {

namespace {

// `text` as one shell word (player names have spaces).
std::string shell_word(const std::string& text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_-+=.,:/").find(c) != std::string_view::npos;
  });
  if (plain) return text;
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The command line that starts this run, for the report (resuming adds nothing to redo it).
std::string command_line_of(const LeaderboardOptions& options) {
  const RunFlags& flags = options.run;
  std::string line = "ratrace leaderboard";
  auto add = [&](const std::string& flag, const std::string& value) { line += " " + flag + " " + shell_word(value); };
  if (!options.players.empty()) {
    std::string joined;
    for (const auto& name : options.players) joined += (joined.empty() ? "" : ",") + name;
    add("--players", joined);
  }
  add("--boards", std::to_string(flags.boards));
  add("--seed", std::to_string(flags.seed));
  if (!flags.config_file.empty()) add("--config", flags.config_file);
  for (const auto& set : flags.sets) add("--set", set);
  if (flags.threads > 0) add("--threads", std::to_string(flags.threads));
  if (flags.no_cache) line += " --no-cache";
  if (!flags.journal_file.empty()) add("--journal", flags.journal_file);
  if (!flags.json_file.empty()) add("--json", flags.json_file);
  if (!options.markdown_file.empty()) add("--markdown", options.markdown_file);
  return line;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &utc);
  return text;
}

RunHeader new_run(const LeaderboardOptions& options) {
  const RunFlags& flags = options.run;
  if (flags.boards < 1) throw std::invalid_argument("--boards must be at least 1");
  std::vector<std::string> players = options.players;
  if (players.empty())
    for (const auto& [name, info] : registered_players()) players.push_back(name);
  std::set<std::string> seen;
  for (const auto& name : players) {
    find_player(name);
    if (!seen.insert(name).second) throw std::invalid_argument("--players: '" + name + "' is listed twice");
  }
  const Config config = build_config(flags.config_file, flags.sets);
  RunHeader header{"leaderboard", flags.seed, flags.boards, {}, {{"command_line", command_line_of(options)}}};
  for (const auto& name : players) header.entrants.push_back({name, name, config});
  return header;
}

}  // namespace

int run_leaderboard(const LeaderboardOptions& options) {
  const RunFlags& flags = options.run;
  if (!options.markdown_file.empty()) check_writable(options.markdown_file);
  Journal journal = open_journal(flags, "leaderboard", "leaderboard-seed" + std::to_string(flags.seed),
                                 [&] { return new_run(options); });
  const RunHeader& run = journal.header();
  const size_t players = run.entrants.size();

  // Board by board, so every player advances together; within a board the players that
  // published high scores first, as their big populations make the longest games.
  auto tasks = journal.missing();
  std::stable_sort(tasks.begin(), tasks.end(), [&](const BoardTask& a, const BoardTask& b) {
    if (a.board != b.board) return a.board < b.board;
    return find_player(run.entrants[a.entrant].player).published_score >
           find_player(run.entrants[b.entrant].player).published_score;
  });

  StopOnSignal stop;
  Progress progress("leaderboard", players * static_cast<size_t>(run.boards), journal.finished_count());
  const PlayedGames played = play_into_journal(journal, tasks, flags, stop, progress);
  progress.close();
  if (stop.stopped()) return report_interrupted(journal);

  std::vector<LeaderboardRow> rows;
  std::vector<const BoardResult*> faulted;
  nlohmann::json per_board = nlohmann::json::object();
  for (size_t e = 0; e < players; ++e) {
    std::vector<uint64_t> scores;
    size_t player_faults = 0;
    nlohmann::json& results = per_board[run.entrants[e].player] = nlohmann::json::array();
    for (const auto& r : journal.results()[e]) {
      results.push_back(*r);
      if (r->fault.empty()) {
        scores.push_back(r->score);
      } else {
        faulted.push_back(&*r);
        ++player_faults;
      }
    }
    rows.push_back(leaderboard_row(find_player(run.entrants[e].player), scores, player_faults));
  }
  rows = rank_rows(std::move(rows));
  const RankAgreement agreement = agreement_with_published(rows);
  const std::string command_line = run.extra.value("command_line", std::string("ratrace leaderboard"));

  std::printf("leaderboard of %zu players on the same %d boards (master seed %llu%s)\n\n", players, run.boards,
              static_cast<unsigned long long>(run.master_seed), faulted.empty() ? "" : ", faulted boards left out");
  std::printf("%s\n", leaderboard_text(rows).c_str());
  std::printf("%s\n", rank_agreement_text(agreement).c_str());
  if (played.games > 0)
    std::printf("speed: %.2f games/s, %.1f million specimen moves/s (%zu games in %.1f s)\n",
                static_cast<double>(played.games) / played.seconds,
                static_cast<double>(played.moves) / played.seconds / 1e6, played.games, played.seconds);
  for (const BoardResult* r : faulted) std::printf("FAULT board %d: %s\n", r->index, r->fault.c_str());

  if (!flags.json_file.empty()) {
    nlohmann::json out = leaderboard_to_json(rows, agreement);
    out["command"] = "leaderboard";
    out["command_line"] = command_line;
    out["config"] = run.entrants.at(0).config;
    out["master_seed"] = run.master_seed;
    out["boards"] = run.boards;
    out["faulted_boards"] = faulted.size();
    out["results"] = per_board;
    write_json_file(flags.json_file, out);
  }
  if (!options.markdown_file.empty()) {
    write_file_atomically(options.markdown_file,
                          leaderboard_markdown(rows, agreement, {run.boards, run.master_seed, command_line, utc_now()}));
    spdlog::info("wrote {}", options.markdown_file);
  }
  return faulted.empty() ? 0 : 3;
}

}  // namespace ratrace
