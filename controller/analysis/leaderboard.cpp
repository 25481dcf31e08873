#include "ratrace/analysis/leaderboard.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "ratrace/analysis/report.h"
#include "ratrace/tracks/rules.h"

namespace ratrace {

LeaderboardRow leaderboard_row(const PlayerInfo& info, std::span<const uint64_t> scores, size_t faulted_boards) {
  LeaderboardRow row;
  row.player = info.name;
  row.author = info.author;
  row.summary = summarise(scores);
  row.faulted_boards = faulted_boards;
  row.published_score = info.published_score;
  row.published_games = info.published_games;
  row.published_rank = info.published_rank;
  if (info.published_score > 0) row.ratio_to_published = row.summary.geometric_mean / info.published_score;
  row.author_rules = author_rules_of(info);
  row.author_summary = row.summary;
  row.original_figure = info.original_figure ? info.original_figure : "";
  return row;
}

std::string author_rules_of(const PlayerInfo& info) {
  return info.published_rules ? info.published_rules : rules_for_language(info.language);
}

void add_author_scores(LeaderboardRow& row, const std::string& author_rules, std::span<const uint64_t> scores) {
  row.author_rules = author_rules;
  row.author_summary = summarise(scores);
}

std::string verdict(const LeaderboardRow& row) {
  const ScoreSummary& s = row.author_summary;
  if (row.published_score <= 0 || s.n == 0) return "-";
  const std::string where =
      "our 95% interval under " + row.author_rules + " rules, " + format_interval(s.ci_low, s.ci_high);
  if (row.published_score >= s.ci_low && row.published_score <= s.ci_high)
    return "consistent: published " + format_score(row.published_score) + " inside " + where;
  char factor[32];
  const bool above = row.published_score > s.ci_high;
  std::snprintf(factor, sizeof factor, "%.3g",
                above ? row.published_score / s.ci_high : s.ci_low / row.published_score);
  std::string text = "not consistent: published " + format_score(row.published_score) + " is " + factor + "x " +
                     (above ? "above" : "below") + " " + where;
  if (!row.original_figure.empty()) text += "; the original code measured " + row.original_figure;
  return text;
}

std::vector<LeaderboardRow> rank_rows(std::vector<LeaderboardRow> rows) {
  std::sort(rows.begin(), rows.end(), [](const LeaderboardRow& a, const LeaderboardRow& b) {
    if (a.summary.geometric_mean != b.summary.geometric_mean)
      return a.summary.geometric_mean > b.summary.geometric_mean;
    return a.player < b.player;
  });
  for (size_t i = 0; i < rows.size(); ++i)
    rows[i].rank = i > 0 && rows[i].summary.geometric_mean == rows[i - 1].summary.geometric_mean
                       ? rows[i - 1].rank
                       : static_cast<int>(i) + 1;
  return rows;
}

namespace {

// Ranks 1..n of the values, tied values sharing the mean of the ranks they span.
std::vector<double> average_ranks(std::span<const double> values) {
  std::vector<size_t> order(values.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(values.size());
  for (size_t first = 0; first < order.size();) {
    size_t last = first;
    while (last + 1 < order.size() && values[order[last + 1]] == values[order[first]]) ++last;
    const double shared = static_cast<double>(first + last) / 2 + 1;
    for (size_t k = first; k <= last; ++k) ranks[order[k]] = shared;
    first = last + 1;
  }
  return ranks;
}

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = static_cast<double>(x.size());
  const double mean_x = std::accumulate(x.begin(), x.end(), 0.0) / n;
  const double mean_y = std::accumulate(y.begin(), y.end(), 0.0) / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    sxy += (x[i] - mean_x) * (y[i] - mean_y);
    sxx += (x[i] - mean_x) * (x[i] - mean_x);
    syy += (y[i] - mean_y) * (y[i] - mean_y);
  }
  if (sxx == 0 || syy == 0) return NAN;
  return sxy / std::sqrt(sxx * syy);
}

}  // namespace

double spearman(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size()) throw std::invalid_argument("spearman: the two sides differ in length");
  if (x.size() < 2) return NAN;
  return pearson(average_ranks(x), average_ranks(y));
}

RankAgreement agreement_with_published(const std::vector<LeaderboardRow>& rows, bool under_author_rules) {
  // Our order as a value where smaller is better, like a published rank.
  std::vector<double> ours, published;
  for (const LeaderboardRow& row : rows) {
    if (row.published_rank <= 0) continue;
    ours.push_back(-(under_author_rules ? row.author_summary : row.summary).geometric_mean);
    published.push_back(row.published_rank);
  }
  return {ours.size(), spearman(ours, published)};
}

namespace {

// A table's cells as text, for both the terminal and Markdown.
struct TextTable {
  std::vector<std::string> header;
  std::vector<bool> right_aligned;
  std::vector<std::vector<std::string>> rows;
};

std::string format_ratio(double ratio) {
  if (!std::isfinite(ratio)) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", ratio);
  return text;
}

std::string format_percent(double share) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", 100 * share);
  return text;
}

std::string score_with_interval(const ScoreSummary& s) {
  return s.n ? format_score(s.geometric_mean) + " " + format_interval(s.ci_low, s.ci_high) : "-";
}

// "34.5 (5000 games, cpp)"; `compact`: "34.5 (5000, cpp)", with "?" for games not stated.
std::string published_cell(const LeaderboardRow& r, bool compact) {
  if (r.published_score <= 0) return "-";
  const std::string games = r.published_games > 0 ? std::to_string(r.published_games) + (compact ? "" : " games")
                                                  : (compact ? "?" : "games not stated");
  return format_score(r.published_score) + " (" + games + ", " + r.author_rules + ")";
}

// Where a table goes: the Markdown report has every column; the terminal's is narrower (no
// author, no author's-dialect column, which leaderboard_text puts on a line of its own, no
// verdict) and has shorter headers.
enum class Layout { kMarkdown, kTerminal };

TextTable table_of(const std::vector<LeaderboardRow>& rows, Layout layout) {
  const bool markdown = layout == Layout::kMarkdown;
  const bool any_faults = std::any_of(rows.begin(), rows.end(), [](const auto& r) { return r.faulted_boards > 0; });
  const std::string ours = rows.empty() || rows[0].rules.empty() ? "ours" : rows[0].rules;
  TextTable table;
  std::vector<std::function<std::string(const LeaderboardRow&)>> cells;
  // A column in both layouts, or only where `shown`.
  auto column = [&](std::string header, bool right, auto cell, bool shown = true) {
    if (!shown) return;
    table.header.push_back(std::move(header));
    table.right_aligned.push_back(right);
    cells.emplace_back(std::move(cell));
  };
  auto of_summary = [](auto format) {
    return [format](const LeaderboardRow& r) { return r.summary.n ? format(r.summary) : std::string("-"); };
  };
  column("rank", true, [](const LeaderboardRow& r) { return std::to_string(r.rank); });
  column("player", false, [](const LeaderboardRow& r) { return r.player; });
  column(
      "author", false, [](const LeaderboardRow& r) { return r.author; }, markdown);
  column("geo mean (" + ours + ")", true,
         of_summary([](const ScoreSummary& s) { return format_score(s.geometric_mean); }));
  column("95% interval", true, of_summary([](const ScoreSummary& s) { return format_interval(s.ci_low, s.ci_high); }));
  column("median", true, of_summary([](const ScoreSummary& s) { return format_score(s.median); }));
  column("scored 1", true, of_summary([](const ScoreSummary& s) { return format_percent(s.share_of_ones); }));
  column(
      "author's rules: geo mean [95%]", true,
      [](const LeaderboardRow& r) {
        return r.author_rules == r.rules ? "(same)" : r.author_rules + ": " + score_with_interval(r.author_summary);
      },
      markdown);
  column(markdown ? "published (games, controller)" : "published (games, rules)", true,
         [markdown](const LeaderboardRow& r) { return published_cell(r, !markdown); });
  column(markdown ? "ours/published" : "ours/pub.", true,
         [](const LeaderboardRow& r) { return r.summary.n ? format_ratio(r.ratio_to_published) : "-"; });
  column(markdown ? "published rank" : "pub. rank", true,
         [](const LeaderboardRow& r) { return r.published_rank > 0 ? std::to_string(r.published_rank) : "-"; });
  column(
      "original code", false,
      [](const LeaderboardRow& r) { return r.original_figure.empty() ? "-" : r.original_figure; }, markdown);
  column(
      "verdict", false, [](const LeaderboardRow& r) { return verdict(r); }, markdown);
  column(
      markdown ? "faulted boards" : "faulted", true,
      [](const LeaderboardRow& r) { return std::to_string(r.faulted_boards); }, any_faults);
  for (const LeaderboardRow& r : rows) {
    std::vector<std::string> line;
    for (const auto& cell : cells) line.push_back(cell(r));
    table.rows.push_back(std::move(line));
  }
  return table;
}

// Characters as a terminal shows them: UTF-8 continuation bytes take no column.
size_t display_width(const std::string& text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string padded(const std::string& text, size_t width, bool right) {
  const std::string fill(width - std::min(width, display_width(text)), ' ');
  return right ? fill + text : text + fill;
}

std::string format_rho(const RankAgreement& agreement) {
  if (!std::isfinite(agreement.rho)) return "undefined";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", agreement.rho);
  return text;
}

}  // namespace

std::string rank_agreement_text(const RankAgreement& agreement, const std::string& rules_note) {
  const std::string start = "Rank correlation (Spearman) with the published leaderboard" +
                            (rules_note.empty() ? "" : ", " + rules_note) + ": ";
  if (agreement.players < kMinRankedPlayers)
    return start + "not shown, as " + std::to_string(agreement.players) + " of these players " +
           (agreement.players == 1 ? "has" : "have") + " a published rank (fewer than " +
           std::to_string(kMinRankedPlayers) + " say little)";
  return start + format_rho(agreement) + " over the " + std::to_string(agreement.players) +
         " players with a published rank";
}

std::string leaderboard_text(const std::vector<LeaderboardRow>& rows) {
  const TextTable table = table_of(rows, Layout::kTerminal);
  std::vector<size_t> widths;
  for (const auto& h : table.header) widths.push_back(display_width(h));
  for (const auto& cells : table.rows)
    for (size_t c = 0; c < cells.size(); ++c) widths[c] = std::max(widths[c], display_width(cells[c]));
  std::string out;
  auto add_line = [&](const std::vector<std::string>& cells) {
    std::string line;
    for (size_t c = 0; c < cells.size(); ++c)
      line += (c ? "  " : "") + padded(cells[c], widths[c], table.right_aligned[c]);
    out += line + "\n";
  };
  add_line(table.header);
  for (size_t r = 0; r < rows.size(); ++r) {
    add_line(table.rows[r]);
    // The author's dialect on a line of its own keeps the table narrow; only players whose
    // author published under other rules have one.
    if (rows[r].author_rules != rows[r].rules)
      out += std::string(widths[0] + 2, ' ') + "under its author's " + rows[r].author_rules +
             " rules: " + score_with_interval(rows[r].author_summary) + "\n";
  }
  return out;
}

std::string leaderboard_markdown(const std::vector<LeaderboardRow>& rows, const RankAgreement& agreement,
                                 const RankAgreement& author_agreement, const LeaderboardRunInfo& run) {
  std::ostringstream out;
  out << "# ratrace leaderboard\n\n"
      << "Generated by ratrace on " << run.utc_date << " with:\n\n"
      << "    " << run.command_line << "\n\n"
      << rows.size() << " players, each on the same " << run.boards << " boards (master seed " << run.master_seed
      << ").\n\n";
  const TextTable table = table_of(rows, Layout::kMarkdown);
  auto add_line = [&](const std::vector<std::string>& cells) {
    out << "|";
    for (const auto& cell : cells) out << " " << cell << " |";
    out << "\n";
  };
  add_line(table.header);
  out << "|";
  for (bool right : table.right_aligned) out << (right ? "---:|" : "---|");
  out << "\n";
  for (const auto& cells : table.rows) add_line(cells);
  out << "\n"
      << rank_agreement_text(agreement, "under " + (rows.empty() ? std::string("our") : rows[0].rules) + " rules")
      << ".\n\n"
      << rank_agreement_text(author_agreement, "under each author's controller's rules") << ".\n\n"
      << "## How to read it\n\n"
      << "- Players are sorted by the geometric mean of their game scores. Every player played the same boards: "
         "the same tracks and the same game seeds.\n"
      << "- The 95% interval is the Student t interval of the mean log score, exponentiated; it says how well "
         "this many boards pin the geometric mean down. Overlapping intervals do not settle an order, while a "
         "paired comparison of two players on the same boards is much sharper.\n"
      << "- \"scored 1\" is the share of boards where no specimen ever reached the goal (a game starts at 1 point).\n"
      << "- \"published\" is the score the author posted in the original challenge, \"published rank\" its place "
         "on the published leaderboard (- when it was not on it). Published scores came from different "
         "controllers and different numbers of games, so read \"ours/published\" as an order of magnitude, "
         "not an exact target.\n"
      << "- \"author's rules\" is the same player on the same boards under the rules dialect of the controller "
         "its author published from (java: the upstream Java controller, java-fork: TheBetterOne's fork, python, "
         "ruby; see the README's Rules dialects); \"(same)\" when that is the run's own. The published score "
         "belongs to that controller, and the verdict compares it with our interval under those rules. The "
         "Java dialects draw trap and teleporter offsets, start rows and deadly goal colours the Java way, so "
         "their boards share the colours' seeds but not always the rest: compare them with the published score, "
         "not board by board with ours. "
         "\"original code\" is a measured score of the author's surviving code, where one exists.\n"
      << "- Spearman's rank correlation is 1 when both orders agree exactly and -1 when one is the other reversed; "
         "tied players share their average rank.\n";
  if (std::any_of(rows.begin(), rows.end(), [](const auto& r) { return r.faulted_boards > 0; }))
    out << "- A player's faulted boards (the player broke the rules) are left out of its numbers.\n";
  return out.str();
}

nlohmann::json leaderboard_to_json(const std::vector<LeaderboardRow>& rows, const RankAgreement& agreement,
                                   const RankAgreement& author_agreement) {
  auto positive_or_null = [](auto v) { return v > 0 ? nlohmann::json(v) : nlohmann::json(nullptr); };
  nlohmann::json table = nlohmann::json::array();
  for (const LeaderboardRow& r : rows) {
    nlohmann::json row = {
        {"rank", r.rank},
        {"player", r.player},
        {"author", r.author},
        {"faulted_boards", r.faulted_boards},
        {"summary", summary_to_json(r.summary)},
        {"published_score", positive_or_null(r.published_score)},
        {"published_games", positive_or_null(r.published_games)},
        {"published_rank", positive_or_null(r.published_rank)},
        {"ratio_to_published", std::isfinite(r.ratio_to_published) ? nlohmann::json(r.ratio_to_published) : nullptr}};
    row["geometric_mean"] = row["summary"]["geometric_mean"];
    row["ci95"] = row["summary"]["ci95"];
    row["rules"] = r.rules;
    row["author_rules"] = r.author_rules;
    row["author_summary"] = summary_to_json(r.author_summary);
    row["original_figure"] = r.original_figure.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.original_figure);
    row["verdict"] = verdict(r);
    table.push_back(std::move(row));
  }
  auto correlation = [](const RankAgreement& a, const char* rules) {
    return nlohmann::json{{"method", "spearman"},
                          {"against", "published_rank"},
                          {"rules", rules},
                          {"players", a.players},
                          {"rho", std::isfinite(a.rho) ? nlohmann::json(a.rho) : nullptr}};
  };
  return {{"rows", table},
          {"rank_correlation", correlation(agreement, "run")},
          {"rank_correlation_author_rules", correlation(author_agreement, "author")}};
}

}  // namespace ratrace
