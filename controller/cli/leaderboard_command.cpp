#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "ratrace/cli/commands.h"
#include "ratrace/analysis/leaderboard.h"
#include "ratrace/see/plot.h"
#include "ratrace/runs/result_file.h"
#include "ratrace/tracks/rules.h"
#include "ratrace/runs/runner.h"

namespace ratrace {

namespace {

// The command line that starts this run, for the report (resuming adds nothing to redo it).
std::string command_line_of(const LeaderboardOptions& options) {
  CommandWords words;
  if (!options.players.empty()) {
    std::string joined;
    for (const auto& name : options.players) joined += (joined.empty() ? "" : ",") + name;
    words.emplace_back("--players", joined);
  }
  for (auto& word : run_flag_words(options.run)) words.push_back(std::move(word));
  if (!options.markdown_file.empty()) words.emplace_back("--markdown", options.markdown_file);
  if (!options.plot_file.empty()) words.emplace_back("--plot", options.plot_file);
  return command_line("leaderboard", words);
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &utc);
  return text;
}

std::string author_label(const std::string& player, const std::string& rules) { return player + " [" + rules + "]"; }

RunHeader new_run(const LeaderboardOptions& options) {
  const RunFlags& flags = options.run;
  if (flags.boards < 1) throw std::invalid_argument("--boards must be at least 1");
  std::vector<std::string> players = options.players;
  if (players.empty())
    for (const auto& [name, info] : registered_players())
      if (info.candidate_for == nullptr) players.push_back(name);
  std::set<std::string> seen;
  for (const auto& name : players) {
    find_player(name);
    if (!seen.insert(name).second) throw std::invalid_argument("--players: '" + name + "' is listed twice");
  }
  const Config config = build_config(flags.config_file, flags.sets);
  RunHeader header{"leaderboard", flags.seed, flags.boards, {}, {{"command_line", command_line_of(options)}}};
  for (const auto& name : players) header.entrants.push_back({name, name, config});
  // Each player whose author published from a controller with other rules plays the same
  // boards again under that dialect, as the entrant "<player> [<dialect>]".
  for (const auto& name : players) {
    const std::string rules = author_rules_of(find_player(name));
    if (rules == config.rules) continue;
    Config author_config = config;
    apply_rules(author_config, rules);
    author_config.validate();
    header.entrants.push_back({author_label(name, rules), name, author_config});
  }
  return header;
}

}  // namespace

int run_leaderboard(const LeaderboardOptions& options) {
  const RunFlags& flags = options.run;
  std::vector<std::string> outputs = result_outputs(flags.json_file, options.plot_file);
  outputs.push_back(options.markdown_file);
  Journal journal = open_journal(flags, "leaderboard", "leaderboard-seed" + std::to_string(flags.seed), outputs,
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

  StopOnSignal stop(kStopGamesMessage);
  Progress progress("leaderboard", players * static_cast<size_t>(run.boards), journal.finished_count());
  const PlayedGames played = play_into_journal(journal, tasks, flags, stop, progress);
  progress.close();
  if (stop.stopped()) return report_interrupted(journal);

  std::vector<const BoardResult*> faulted;
  // Every entrant's fault-free scores (its faults counted), by label.
  std::map<std::string, std::pair<std::vector<uint64_t>, size_t>> scores_of;
  for (size_t e = 0; e < players; ++e) {
    auto& [scores, player_faults] = scores_of[run.entrants[e].label];
    for (const auto& r : journal.results()[e]) {
      if (r->fault.empty()) {
        scores.push_back(r->score);
      } else {
        faulted.push_back(&*r);
        ++player_faults;
      }
    }
  }
  std::vector<LeaderboardRow> rows;
  for (const Entrant& entrant : run.entrants) {
    if (entrant.label != entrant.player) continue;  // an author's-dialect entrant joins its player's row
    const PlayerInfo& info = find_player(entrant.player);
    const auto& [scores, player_faults] = scores_of[entrant.label];
    LeaderboardRow row = leaderboard_row(info, scores, player_faults);
    row.rules = entrant.config.rules;
    const std::string rules = author_rules_of(info);
    const auto author = scores_of.find(author_label(entrant.player, rules));
    if (author != scores_of.end()) add_author_scores(row, rules, author->second.first);
    else row.author_rules = row.rules;
    rows.push_back(std::move(row));
  }
  rows = rank_rows(std::move(rows));
  const RankAgreement agreement = agreement_with_published(rows);
  const RankAgreement author_agreement = agreement_with_published(rows, true);
  const std::string command_line = run.extra.value("command_line", std::string("ratrace leaderboard"));

  std::printf("leaderboard of %zu players on the same %d boards (master seed %llu%s)\n\n", rows.size(), run.boards,
              static_cast<unsigned long long>(run.master_seed), faulted.empty() ? "" : ", faulted boards left out");
  std::printf("%s\n", leaderboard_text(rows).c_str());
  std::printf("%s\n", rank_agreement_text(agreement, "under " + run.entrants.at(0).config.rules + " rules").c_str());
  std::printf("%s\n", rank_agreement_text(author_agreement, "under each author's controller's rules").c_str());
  if (played.games > 0)
    std::printf("speed: %.2f games/s, %.1f million specimen moves/s (%zu games in %.1f s)\n",
                static_cast<double>(played.games) / played.seconds,
                static_cast<double>(played.moves) / played.seconds / 1e6, played.games, played.seconds);
  for (const BoardResult* r : faulted) std::printf("FAULT board %d: %s\n", r->index, r->fault.c_str());

  const std::string json_file = result_file(flags.json_file, options.plot_file);
  if (!json_file.empty()) {
    std::vector<EntrantRole> roles;
    for (const Entrant& entrant : run.entrants) roles.push_back({&entrant, std::nullopt});
    nlohmann::json out = result_document(journal, roles, run.entrants.at(0).config, run.boards);
    nlohmann::json summary = leaderboard_to_json(rows, agreement, author_agreement);
    summary["boards_per_player"] = run.boards;
    summary["faulted_boards"] = faulted.size();
    out["summary"] = summary;
    write_json_file(json_file, out);
  }
  if (!options.plot_file.empty())
    draw_with_matplotlib("plot_results.py", {"leaderboard", json_file, plot_stem(options.plot_file)});
  if (!options.markdown_file.empty()) {
    write_file_atomically(options.markdown_file,
                          leaderboard_markdown(rows, agreement, author_agreement, {run.boards, run.master_seed, command_line, utc_now()}));
    spdlog::info("wrote {}", options.markdown_file);
  }
  return faulted.empty() ? 0 : 3;
}

}  // namespace ratrace
