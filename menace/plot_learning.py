#!/usr/bin/env python3
"""Plot MENACE learning curves written by 'menace train --curve FILE'.

Default: three panels (win, draw, loss share per block of games), one line per curve file,
each the mean over learners with its 95% band. With --running-score: Michie's running score
(draw +1, win +3, loss -1) at the end of every block instead, mean and 95% band (use
'menace train --block 1' for a point after every game).

Writes OUT.png and OUT.svg (a .png/.svg ending on OUT is dropped). Needs matplotlib
(Debian: apt-get install python3-matplotlib).
"""
import argparse
import json
import os
import sys

# The repository's shared plotting helpers (scripts/plots/plotting.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "scripts", "plots"))
from plotting import output_stem, pyplot  # noqa: E402

BAD_INPUT = 2


def fail(message):
    print(f"plot_learning.py: {message}", file=sys.stderr)
    sys.exit(BAD_INPUT)


def load(path):
    try:
        with open(path) as f:
            curve = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"cannot read {path}: {e}")
    if curve.get("format") != "menace-learning-curve":
        fail(f"{path} is not a 'menace train --curve' file")
    if curve.get("version") != 2:
        fail(f"{path} is a version {curve.get('version')} curve; this script reads version 2 (run 'menace train' again)")
    if not curve["blocks"]:
        fail(f"{path} holds no finished block")
    return curve


def default_label(curve):
    c = curve["config"]
    return f"{c['beads']} beads, {c['reinforcement']} rule"


def band(points, key):
    mean = [p[key]["mean"] for p in points]
    ci = [p[key]["ci95"] for p in points]
    low = [c[0] if c[0] is not None else m for c, m in zip(ci, mean)]
    high = [c[1] if c[1] is not None else m for c, m in zip(ci, mean)]
    return mean, low, high


def plot_shares(curves, labels, title, plt):
    fig, axes = plt.subplots(1, 3, figsize=(13, 4.2), sharex=True, layout="constrained")
    for ax, key in zip(axes, ("win", "draw", "loss")):
        for curve, label in zip(curves, labels):
            blocks = curve["blocks"]
            x = [b["last_game"] for b in blocks]
            mean, low, high = band(blocks, key)
            (line,) = ax.plot(x, mean, marker="o", markersize=3, label=label)
            ax.fill_between(x, low, high, color=line.get_color(), alpha=0.25, linewidth=0)
        ax.set_title(f"{key} share per block")
        ax.set_xlabel("games played (end of block)")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("share of the block's games")
    axes[0].legend(fontsize=8)
    c = curves[0]["config"]
    fig.suptitle(title or f"MENACE against a {c['opponent']} opponent: mean over {c['learners']} learners, "
                 f"blocks of {c['block']} games, 95% band")
    return fig


def plot_running_score(curves, labels, title, plt):
    fig, ax = plt.subplots(figsize=(8, 5), layout="constrained")
    for curve, label in zip(curves, labels):
        blocks = curve["blocks"]
        mean, low, high = band(blocks, "score")
        # The score is 0 before the first game.
        x, mean, low, high = [0] + [b["last_game"] for b in blocks], [0] + mean, [0] + low, [0] + high
        (line,) = ax.plot(x, mean, label=label)
        ax.fill_between(x, low, high, color=line.get_color(), alpha=0.25, linewidth=0)
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("games played")
    ax.set_ylabel("running score (draw +1, win +3, loss -1)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    c = curves[0]["config"]
    ax.set_title(title or f"MENACE's running score against a {c['opponent']} opponent "
                 f"(mean over {c['learners']} learners, 95% band)")
    return fig


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("curves", nargs="+", help="learning-curve JSON files from 'menace train --curve'")
    parser.add_argument("--out", required=True, help="output stem: writes OUT.png and OUT.svg")
    parser.add_argument("--labels", help="comma-separated legend labels, one per curve file")
    parser.add_argument("--title", help="figure title")
    parser.add_argument("--running-score", action="store_true", help="plot Michie's running score instead")
    args = parser.parse_args()
    curves = [load(p) for p in args.curves]
    labels = args.labels.split(",") if args.labels else [default_label(c) for c in curves]
    if len(labels) != len(curves):
        parser.error("--labels needs one label per curve file")
    plt = pyplot(__file__)

    fig = (plot_running_score if args.running_score else plot_shares)(curves, labels, args.title, plt)
    stem = output_stem(args.out)
    os.makedirs(os.path.dirname(stem) or ".", exist_ok=True)
    for ext in ("png", "svg"):
        fig.savefig(f"{stem}.{ext}", dpi=120)
        print(f"wrote {stem}.{ext}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
