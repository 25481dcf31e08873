#!/usr/bin/env python3
"""Plot a 'ratrace sweep --json' file against the swept parameter: each setting's paired ratio to
the baseline with its 95% interval (above), its geometric mean with its 95% interval (below);
one line per value of a second parameter, the baseline marked.

Writes OUT.png and OUT.svg, the same bytes every time for the same input; existing ones are
replaced only with --force (exit code 4 otherwise). Needs matplotlib (Debian: apt-get install python3-matplotlib); when
the python3 running it lacks matplotlib, it runs itself with one that has it (plotting.py).
"""
import argparse
import json
import math
import sys

from plotting import add_force_argument, output_stem, pyplot, refuse_to_overwrite, save_pictures


def use_log_axis(values):
    return all(v > 0 for v in values) and max(values) > 5 * min(values)


def log_ticks(low, high):
    """Round values for a log axis spanning [low, high] (low > 0), about 4 to 12 of them: over
    less than a decade, evenly spaced; over up to 4 decades, 1-2-5 steps; over up to 9, every
    decade; beyond, every second or third decade."""
    import matplotlib.ticker as ticker

    if high < 10 * low:
        return [t for t in ticker.MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]).tick_values(low, high) if t > 0]
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    decades = last - first
    subs = (1, 2, 5) if decades <= 4 else (1,)
    stride = 1 if decades <= 9 else math.ceil(decades / 8)
    return [s * 10.0 ** d for d in range(first, last + 1, stride) for s in subs if low / 2 <= s * 10.0 ** d <= high * 2]


def tick_label(value):
    """0.005, 0.5, 20, 5000, 20000 as written; from 100000 on, 2×10⁵ rather than 200000 or 2e+05."""
    if value < 1e5:
        return f"{value:g}"
    exponent = math.floor(math.log10(value) + 1e-9)
    mantissa = value / 10 ** exponent
    power = f"10$^{{{exponent}}}$"
    return power if abs(mantissa - 1) < 1e-9 else f"{mantissa:g}×{power}"


def readable_log_axis(axis, low, high):
    """Labelled round ticks on a log axis (0.8, 1, 1.25 rather than 10^0 alone), however many
    decades it spans (matplotlib's own locator drops every label over about 7 decades)."""
    import matplotlib.ticker as ticker

    axis.set_major_locator(ticker.FixedLocator(log_ticks(low, high)))
    axis.set_major_formatter(ticker.FuncFormatter(lambda v, _: tick_label(v)))
    axis.set_minor_locator(ticker.NullLocator())


def interval_bars(points, centre, interval):
    """Distances from each point's centre value down and up to its interval (0 where unknown)."""
    low, high = [], []
    for p in points:
        mid, (lo, hi) = centre(p), interval(p)
        low.append(mid - lo if lo is not None else 0)
        high.append(hi - mid if hi is not None else 0)
    return [low, high]


def finite_span(points, centre, interval):
    values = []
    for p in points:
        values.append(centre(p))
        values += [v for v in interval(p) if v is not None]
    values = [v for v in values if v is not None and v > 0]
    return min(values), max(values)


def ratio_of(s):
    return s["paired_vs_baseline"]["ratio"]


def ratio_interval(s):
    return s["paired_vs_baseline"]["ratio_ci95"]


def mean_of(s):
    return s["summary"]["geometric_mean"]


def mean_interval(s):
    return s["summary"]["ci95"]


def plot(document, stem, plt):
    """Top: each setting's paired ratio to the baseline with its 95% interval, the quantity the
    verdict is about (a setting beats the baseline when its interval lies above 1). Bottom:
    the geometric means themselves."""
    import matplotlib.ticker

    sweep = document["summary"]
    params = sweep["params"]
    x_key = params[0]["key"]
    line_key = params[1]["key"] if len(params) > 1 else None
    settings = sweep["settings"]
    baseline = settings[sweep["baseline"]["index"]]
    grid = [s for s in settings if s["in_grid"]]

    all_x = sorted({s["values"][x_key] for s in settings})
    log_x = use_log_axis(all_x)
    fig, (ratio_ax, mean_ax) = plt.subplots(2, 1, figsize=(8, 8), sharex=True, layout="constrained",
                                            gridspec_kw={"height_ratios": [3, 2]})
    line_values = params[1]["values"] if line_key else [None]

    def x_position(setting):
        """The setting's x, its line's points set a little apart from the other lines' so
        their error bars do not hide each other."""
        x = setting["values"][x_key]
        if not line_key or not setting["in_grid"] or len(all_x) < 2:
            return x
        shift = (line_values.index(setting["values"][line_key]) - (len(line_values) - 1) / 2) * 0.015
        return x * (all_x[-1] / all_x[0]) ** shift if log_x else x + shift * (all_x[-1] - all_x[0])

    for ax, centre, interval in ((ratio_ax, ratio_of, ratio_interval), (mean_ax, mean_of, mean_interval)):
        for index, line_value in enumerate(line_values):
            points = [s for s in grid if line_key is None or s["values"][line_key] == line_value]
            points.sort(key=lambda s: s["values"][x_key])
            ax.errorbar([x_position(s) for s in points], [centre(s) for s in points],
                        yerr=interval_bars(points, centre, interval), marker="o", capsize=4, color=f"C{index}",
                        label=f"{line_key} = {line_value:g}" if line_key else None)
        ax.plot([x_position(baseline)], [centre(baseline)], marker="*", markersize=16, color="black",
                linestyle="none", zorder=5,
                label=f"baseline ({baseline['entrant'] if baseline['in_grid'] else sweep['baseline']['given']})")
        ax.axhline(centre(baseline), color="grey", linestyle=":", linewidth=1)
        best = sweep["best"]
        if best["distinguishable"]:
            winner = settings[best["index"]]
            ax.plot([x_position(winner)], [centre(winner)], marker="o", markersize=14, markerfacecolor="none",
                    markeredgecolor="red", markeredgewidth=2, linestyle="none", zorder=6,
                    label=f"best, beats the baseline ({winner['entrant']})")
        # Scores and ratios are compared as ratios: on a log axis intervals are symmetric
        # and equal ratios look equal.
        ax.set_yscale("log")
        low, high = finite_span(settings, centre, interval)
        readable_log_axis(ax.yaxis, low, high)
        ax.grid(True, which="major", alpha=0.3)

    if log_x:
        ratio_ax.set_xscale("log")
        mean_ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    # The swept values themselves as ticks, written as given rather than as powers of ten.
    mean_ax.set_xticks(all_x, [f"{x:g}" for x in all_x])
    mean_ax.set_xlabel(x_key)
    ratio_ax.set_ylabel("geometric mean / baseline's\n(paired, 95% interval)")
    mean_ax.set_ylabel("geometric mean score\n(95% interval)")
    ratio_ax.legend(fontsize="small")
    ratio_ax.set_title(f"{sweep['player']}: the same {sweep['boards_per_setting']} boards per setting, "
                       f"master seed {document['master_seed']}")
    save_pictures(fig, stem, dpi=120)


def parse_arguments():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example: scripts/plots/plot_sweep.py runs/sweep.json runs/sweep  (writes runs/sweep.png, .svg)")
    parser.add_argument("sweep_json", metavar="SWEEP.json", help="a file written by 'ratrace sweep --json'")
    parser.add_argument("out", metavar="OUT", help="output stem; a .png or .svg ending is dropped")
    add_force_argument(parser)
    return parser.parse_args()


def main():
    args = parse_arguments()
    refuse_to_overwrite(output_stem(args.out), args.force, __file__)
    plt = pyplot(__file__)
    try:
        with open(args.sweep_json) as f:
            sweep = json.load(f)
    except (OSError, json.JSONDecodeError) as error:
        print(f"plot_sweep.py: cannot read {args.sweep_json}: {error}", file=sys.stderr)
        return 2
    if sweep.get("command") != "sweep" or sweep.get("format") not in (2, 3):
        print(f"plot_sweep.py: {args.sweep_json} is not from 'ratrace sweep --json' (result format 2 or 3)",
              file=sys.stderr)
        return 2
    plot(sweep, output_stem(args.out), plt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
