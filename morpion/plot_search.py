#!/usr/bin/env python3
"""Plot best score against time for a `morpion search` or `morpion nrpa` run, from its --json
result file: one step line per search, the overall best in black.

Needs matplotlib (Debian: apt-get install python3-matplotlib); runs with whichever python3 has it.
"""
import argparse
import json
import os
import sys

# The repository's shared plotting helpers (scripts/plots/plotting.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "scripts", "plots"))
from plotting import pyplot  # noqa: E402


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("result", help="result file written by `morpion search --json` or `morpion nrpa --json`")
    parser.add_argument("output", help="image to write; the extension (.png or .svg) picks the format")
    parser.add_argument("--clock", choices=["cpu", "wall", "iterations"], default="cpu",
                        help="x axis: each search's own CPU seconds (default; fair on a busy machine), wall seconds, "
                             "or its own iterations (playouts for nrpa; the same on any machine)")
    parser.add_argument("--log-x", action="store_true", help="logarithmic time axis")
    parser.add_argument("--title", help="plot title (default: method, seed and searches)")
    return parser.parse_args()


def load(path):
    try:
        with open(path) as f:
            result = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        sys.exit(f"plot_search.py: cannot read {path}: {e}")
    if not str(result.get("format", "")).startswith("morpion-") or "runs" not in result:
        sys.exit(f"plot_search.py: {path} is not a `morpion search/nrpa --json` result")
    return result


# Where each clock's reading is: the column of an improvement, the run's field for its end; and
# the axis label.
CLOCKS = {"cpu": (3, "cpu_seconds", "CPU seconds"), "wall": (2, "seconds", "wall seconds"),
          "iterations": (0, "iterations", "iterations")}


def steps(run, clock):
    """The run's (time, best score) points, held to the end of the run."""
    column, end_field, _ = CLOCKS[clock]
    points = [(step[column], step[1]) for step in run["improvements"]]
    end = run[end_field]
    if points:
        points.append((max(end, points[-1][0]), points[-1][1]))
    return points


def main():
    args = parse_args()
    result = load(args.result)
    plt = pyplot(__file__)

    fig, ax = plt.subplots(figsize=(8, 5), layout="constrained")
    best_points = []
    for run in result["runs"]:
        points = steps(run, args.clock)
        if not points:
            continue
        xs, ys = zip(*points)
        ax.step(xs, ys, where="post", linewidth=1, alpha=0.6, label=f"search {run['search']} (best {run['score']})")
        best_points.extend(points)
    if best_points:
        best_points.sort()
        running, envelope = 0, []
        for x, y in best_points:
            running = max(running, y)
            envelope.append((x, running))
        xs, ys = zip(*envelope)
        ax.step(xs, ys, where="post", color="black", linewidth=2, label="best of all searches")
    settings = result.get("settings", {})
    method = settings.get("method", result["format"])
    if method == "nrpa":
        method = f"NRPA level {settings.get('level')}, N = {settings.get('iterations')}"
    ax.set_title(args.title or f"Morpion {result.get('rules', '5T')}: {method}, seed {result.get('master_seed')}, "
                 f"{result.get('searches')} searches")
    ax.set_xlabel(CLOCKS[args.clock][2] + " of each search")
    ax.set_ylabel("best score (moves)")
    if args.log_x:
        ax.set_xscale("log")
    ax.grid(True, alpha=0.3)
    if len(result["runs"]) <= 12:
        ax.legend(fontsize=7, loc="lower right")
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    fig.savefig(args.output)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
