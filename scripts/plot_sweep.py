#!/usr/bin/env python3
"""Plot a 'ratrace sweep --json' file: geometric mean with its 95% interval against the swept
parameter, one line per value of a second parameter, the baseline marked.

Writes OUT.png and OUT.svg. Needs matplotlib (Debian: apt-get install python3-matplotlib); when
the python3 running it lacks matplotlib, it runs itself with the next python3 on PATH that has it.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

MISSING_MATPLOTLIB = 3  # exit code, apart from bad input (2)


def output_stem(out):
    stem, ext = os.path.splitext(out)
    return stem if ext.lower() in (".png", ".svg") else out


def use_log_axis(values):
    return all(v > 0 for v in values) and max(values) > 5 * min(values)


def error_bars(settings):
    """Distances from each geometric mean down to and up to its interval (0 where unknown)."""
    low, high = [], []
    for s in settings:
        mean = s["summary"]["geometric_mean"]
        ci_low, ci_high = s["summary"]["ci95"]
        low.append(mean - ci_low if ci_low is not None else 0)
        high.append(ci_high - mean if ci_high is not None else 0)
    return [low, high]


def plot(sweep, stem):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    params = sweep["params"]
    x_key = params[0]["key"]
    line_key = params[1]["key"] if len(params) > 1 else None
    settings = sweep["settings"]
    baseline = settings[sweep["baseline"]["index"]]
    grid = [s for s in settings if s["in_grid"]]

    all_x = sorted({s["values"][x_key] for s in settings})
    log_x = use_log_axis(all_x)
    fig, ax = plt.subplots(figsize=(8, 5), layout="constrained")
    line_values = params[1]["values"] if line_key else [None]

    def x_position(setting):
        """The setting's x, its line's points set a little apart from the other lines' so
        their error bars do not hide each other."""
        x = setting["values"][x_key]
        if not line_key or not setting["in_grid"]:
            return x
        shift = (line_values.index(setting["values"][line_key]) - (len(line_values) - 1) / 2) * 0.015
        return x * (all_x[-1] / all_x[0]) ** shift if log_x else x + shift * (all_x[-1] - all_x[0])

    for line_value in line_values:
        points = [s for s in grid if line_key is None or s["values"][line_key] == line_value]
        points.sort(key=lambda s: s["values"][x_key])
        xs = [x_position(s) for s in points]
        ys = [s["summary"]["geometric_mean"] for s in points]
        label = f"{line_key} = {line_value:g}" if line_key else None
        ax.errorbar(xs, ys, yerr=error_bars(points), marker="o", capsize=4, label=label)

    base_y = baseline["summary"]["geometric_mean"]
    ax.axhline(base_y, color="grey", linestyle=":", linewidth=1)
    ax.plot([x_position(baseline)], [base_y], marker="*", markersize=16, color="black", linestyle="none",
            label=f"baseline ({baseline['label'] if baseline['in_grid'] else sweep['baseline']['given']})",
            zorder=5)
    best = sweep["best"]
    if best["distinguishable"]:
        winner = settings[best["index"]]
        ax.plot([x_position(winner)], [winner["summary"]["geometric_mean"]], marker="o", markersize=14,
                markerfacecolor="none", markeredgecolor="red", markeredgewidth=2, linestyle="none",
                label=f"best, beats the baseline ({winner['label']})", zorder=6)

    if log_x:
        ax.set_xscale("log")
        ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    # The swept values themselves as ticks, written as given rather than as powers of ten.
    ax.set_xticks(all_x, [f"{x:g}" for x in all_x])
    # Scores are compared by ratio: on a log axis the intervals are symmetric and equal
    # ratios look equal.
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda y, _: f"{y:g}"))
    ax.set_xlabel(x_key)
    ax.set_ylabel("geometric mean score, with 95% interval")
    ax.set_title(f"{sweep['player']}: {sweep['boards']} boards per setting, master seed {sweep['master_seed']}")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend()
    for ext in ("png", "svg"):
        fig.savefig(f"{stem}.{ext}", dpi=120)
    print(f"wrote {stem}.png and {stem}.svg")


def python_with_matplotlib():
    """Another python3 on PATH that can import matplotlib, or None."""
    tried = {os.path.realpath(sys.executable)}
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        candidate = shutil.which("python3", path=folder)
        if not candidate or os.path.realpath(candidate) in tried:
            continue
        tried.add(os.path.realpath(candidate))
        probe = subprocess.run([candidate, "-c", "import matplotlib"], capture_output=True)
        if probe.returncode == 0:
            return candidate
    return None


def parse_arguments():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example: scripts/plot_sweep.py runs/sweep.json runs/sweep  (writes runs/sweep.png, .svg)")
    parser.add_argument("sweep_json", metavar="SWEEP.json", help="a file written by 'ratrace sweep --json'")
    parser.add_argument("out", metavar="OUT", help="output stem; a .png or .svg ending is dropped")
    return parser.parse_args()


def main():
    args = parse_arguments()
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        other = None if os.environ.get("PLOT_SWEEP_REEXEC") else python_with_matplotlib()
        if other:
            os.environ["PLOT_SWEEP_REEXEC"] = "1"
            os.execv(other, [other, os.path.abspath(__file__), *sys.argv[1:]])
        print(f"plot_sweep.py: no python3 on PATH has matplotlib ({sys.executable} lacks it); "
              "install it (Debian: apt-get install python3-matplotlib, or pip install matplotlib)",
              file=sys.stderr)
        return MISSING_MATPLOTLIB
    try:
        with open(args.sweep_json) as f:
            sweep = json.load(f)
    except (OSError, json.JSONDecodeError) as error:
        print(f"plot_sweep.py: cannot read {args.sweep_json}: {error}", file=sys.stderr)
        return 2
    if sweep.get("command") != "sweep":
        print(f"plot_sweep.py: {args.sweep_json} is not from 'ratrace sweep --json'", file=sys.stderr)
        return 2
    plot(sweep, output_stem(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
