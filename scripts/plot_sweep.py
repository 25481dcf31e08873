#!/usr/bin/env python3
"""Plot a 'ratrace sweep --json' file: geometric mean with its 95% interval against the swept
parameter, one line per value of a second parameter, the baseline marked.

Usage: plot_sweep.py SWEEP.json OUT    (writes OUT.png and OUT.svg; a .png/.svg on OUT is dropped)
Needs matplotlib (Debian: apt-get install python3-matplotlib).
"""
import json
import os
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


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print(f"plot_sweep.py: matplotlib is not installed for {sys.executable} "
              "(Debian: apt-get install python3-matplotlib)", file=sys.stderr)
        return MISSING_MATPLOTLIB
    with open(sys.argv[1]) as f:
        sweep = json.load(f)
    if sweep.get("command") != "sweep":
        print(f"plot_sweep.py: {sys.argv[1]} is not from 'ratrace sweep --json'", file=sys.stderr)
        return 2
    plot(sweep, output_stem(sys.argv[2]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
