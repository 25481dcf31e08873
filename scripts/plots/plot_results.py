#!/usr/bin/env python3
"""Pictures of ratrace results with matplotlib (Debian: apt-get install python3-matplotlib).

  plot_results.py scores SCORE.json OUT        distribution of a run's log scores ('score --json')
  plot_results.py leaderboard BOARD.json OUT   forest plot: geometric means, 95% intervals, published scores
  plot_results.py game RECORD.json OUT         a recorded game's population, goals and deaths per turn

Each writes OUT.png and OUT.svg (a .png/.svg on OUT is dropped), the same bytes every time for
the same input; an existing OUT.png or OUT.svg is replaced only with --force. Exit code 2 on bad
input, 3 when no python3 has matplotlib (plotting.py runs the script with one that has it), 4
when a picture exists and --force was not given.
"""
import argparse
import json
import math
import sys

from plotting import add_force_argument, output_stem, pyplot, refuse_to_overwrite, save_pictures


def board_scores(doc):
    """{entrant: [score of every unfaulted board]}: the one place that knows how result files
    list their boards (format 2: a flat "boards" list of records naming their entrant)."""
    by_entrant = {}
    for r in doc["boards"]:
        if not r.get("fault"):
            by_entrant.setdefault(r["entrant"], []).append(r["score"])
    return by_entrant


def leaderboard_rows(doc):
    """[(player, geometric mean, (low, high), published score or None, author's rules or None)],
    best first; the last is (geometric mean, (low, high)) where the author's controller's
    rules differ from the run's."""
    rows = []
    for row in doc["summary"]["rows"]:
        low, high = row["ci95"]
        author = row.get("author_summary")
        differs = author and row.get("author_rules") != row.get("rules")
        by_author = (author["geometric_mean"], tuple(author["ci95"])) if differs else None
        rows.append((row["player"], row["geometric_mean"], (low, high), row.get("published_score") or None, by_author))
    return sorted(rows, key=lambda r: r[1], reverse=True)


def save(fig, out):
    fig.tight_layout()
    save_pictures(fig, output_stem(out), dpi=110, bbox_inches="tight")


def run_description(doc):
    """"master seed S" and, when they are not the default, the rules and config overrides."""
    words = ["master seed %s" % doc.get("master_seed", "?")]
    rules = doc.get("config", {}).get("rules")
    if rules and rules != "cpp":
        words.append("%s rules" % rules)
    turns = doc.get("config", {}).get("turns")
    if turns and turns != 10000:
        words.append("%s turns" % format(turns, ","))
    return ", ".join(words)


def set_title(ax, text, width=70):
    """A title wrapped to lines of at most `width` characters, so it is never cut off."""
    import textwrap

    ax.set_title("\n".join(textwrap.wrap(text, width)))


def plot_scores(doc, out):
    plt = pyplot(__file__)
    scores_by_player = board_scores(doc)
    many = len(scores_by_player) > 1
    fig, ax = plt.subplots(figsize=(11.5, 4.5 + 0.2 * len(scores_by_player)) if many else (8, 4.5))
    for index, (player, scores) in enumerate(scores_by_player.items()):
        logs = [math.log(s) for s in scores]
        mean = sum(logs) / len(logs)
        colour = "#4363d8" if not many else "C%d" % (index % 10)
        # Several players: each its own colour, its name on both of its legend entries.
        name = "%s: " % player if many else ""
        ax.hist(logs, bins=30, alpha=0.75 if not many else 0.45, color=colour,
                label="%s%d boards" % (name, len(logs)) if many else "%s (%d boards)" % (player, len(logs)))
        ax.axvline(mean, color="black" if not many else colour, lw=2, linestyle="-" if not many else "--",
                   label="%slog of geometric mean %.4g" % (name, math.exp(mean)))
    summary = doc.get("summary", {})
    if not many and summary.get("ci95") and None not in summary["ci95"]:
        low, high = summary["ci95"]
        ax.axvspan(math.log(low), math.log(high), color="black", alpha=0.12, label="95%% interval [%.4g, %.4g]" % (low, high))
    ax.set_xlabel("ln(score) per board (0: a board scoring 1)")
    ax.set_ylabel("boards")
    players = list(scores_by_player)
    who = players[0] if len(players) == 1 else "%d players" % len(players)
    set_title(ax, "%s: distribution of log scores, %s" % (who, run_description(doc)))
    if many:
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    else:
        ax.legend(fontsize=8)
    save(fig, out)


def plot_leaderboard(doc, out):
    plt = pyplot(__file__)
    from matplotlib.lines import Line2D

    rows = leaderboard_rows(doc)
    fig, ax = plt.subplots(figsize=(8.5, 0.38 * len(rows) + 2.4))
    marked = set()  # which marks the rows use, for the legend
    for i, (player, mean, (low, high), published, by_author) in enumerate(rows):
        y = len(rows) - 1 - i
        ax.plot([low, high], [y, y], color="#4363d8", lw=2, solid_capstyle="butt")
        ax.plot([mean], [y], "o", color="#4363d8", ms=6)
        if by_author:
            author_mean, (author_low, author_high) = by_author
            ax.plot([author_low, author_high], [y - 0.28] * 2, color="#f58231", lw=2, solid_capstyle="butt")
            ax.plot([author_mean], [y - 0.28], "s", color="#f58231", ms=4)
            marked.add("author")
        if published:
            ax.plot([published], [y], "D", color="#d62728", ms=5)
            marked.add("published")
    # One entry per kind of mark, drawn as it appears (a dot on its interval), below the axes
    # where it hides no row.
    handles = [Line2D([], [], color="#4363d8", lw=2, marker="o", ms=6, label="geometric mean, 95% interval")]
    if "author" in marked:
        handles.append(Line2D([], [], color="#f58231", lw=2, marker="s", ms=4,
                              label="the same under its author's controller's rules, where they differ"))
    if "published" in marked:
        handles.append(Line2D([], [], color="#d62728", lw=0, marker="D", ms=5, label="published score"))
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([r[0] for r in reversed(rows)])
    ax.set_ylim(-0.7, len(rows) - 0.4)
    ax.set_xscale("log")
    ax.set_xlabel("score (log scale)")
    ax.grid(axis="x", which="both", alpha=0.25)
    set_title(ax, "Leaderboard: %s boards per player, %s" %
              (doc["summary"].get("boards_per_player", "?"), run_description(doc)))
    axes_height = fig.get_figheight() - 1.7  # inches, roughly: the title and the x axis take the rest
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.55 / axes_height),
              ncol=1 if len(handles) > 2 else len(handles), fontsize=8, frameon=False)
    save(fig, out)


def plot_game(record, out):
    plt = pyplot(__file__)
    turns = record["turns"]
    x = list(range(1, len(turns["population"]) + 1))
    fig, axes = plt.subplots(3, 1, figsize=(9, 7), sharex=True)
    axes[0].plot(x, turns["population"], color="#4363d8", lw=1)
    axes[0].set_ylabel("population")
    axes[1].plot(x, turns["goals"], color="#3cb44b", lw=0.8)
    axes[1].set_ylabel("goals per turn")
    # Deaths are few per turn: summed over windows so that the causes can be told apart.
    window = max(1, len(x) // 100)
    starts = list(range(0, len(x), window))
    bottom = [0] * len(starts)
    colours = {"age": "#8c8c8c", "out_of_bounds": "#8e44ad", "wall": "#111111", "trap": "#d62728"}
    for cause, series in turns["deaths"].items():
        sums = [sum(series[s:s + window]) / min(window, len(x) - s) for s in starts]
        axes[2].bar([s + 1 for s in starts], sums, width=window, bottom=bottom, align="edge",
                    color=colours.get(cause), label=cause)
        bottom = [b + v for b, v in zip(bottom, sums)]
    axes[2].set_ylabel("deaths per turn\n(mean over %d turns)" % window)
    axes[2].set_xlabel("turn")
    axes[2].legend(fontsize=8, ncol=4)
    game = record.get("game", {})
    title = "%s: score %s" % (game.get("player", "?"), format(record["result"]["score"], ","))
    if "board" in game:
        title = "%s, board %s of master seed %s: score %s" % (game["player"], game["board"], game["master_seed"],
                                                               format(record["result"]["score"], ","))
    axes[0].set_title(title)
    save(fig, out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["scores", "leaderboard", "game"])
    parser.add_argument("json_file")
    parser.add_argument("out", help="OUT.png and OUT.svg are written")
    add_force_argument(parser)
    args = parser.parse_args()
    refuse_to_overwrite(output_stem(args.out), args.force, __file__)
    try:
        with open(args.json_file) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print("plot_results.py: cannot read %s: %s" % (args.json_file, e), file=sys.stderr)
        return 2
    try:
        {"scores": plot_scores, "leaderboard": plot_leaderboard, "game": plot_game}[args.kind](doc, args.out)
    except (KeyError, TypeError, ValueError, ZeroDivisionError) as e:
        print("plot_results.py: %s is not a %s file: %r" % (args.json_file, args.kind, e), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
