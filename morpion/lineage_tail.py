#!/usr/bin/env python3
"""What a longer population search would give, from the lineages of a shorter one.

A population search's fresh starts are independent: each lineage begins from its own random
game, whatever the lineages before it found. So the search's best after K lineages is the
largest of K draws from the distribution of lineage bests. This reads the `lineages` of
`morpion search --json` result files (or the `lineage_bests` of ratrace 0.12.2's), prints that
distribution's top, and, for each time given, the expected best of a search that ends as many
lineages as the files ended in that much CPU time, with a bootstrap 95% interval over the
lineages. The tail is what matters, so the estimate for long times rests on the few best
lineages seen and its interval says so.

With --patience N it answers what a sooner fresh start would have given: each lineage is cut
where it first went N iterations without a rise (a lineage is the same up to that point whatever
its patience), its best is what it had there, and its length the iterations up to there; the
time per lineage follows from the runs' iterations per CPU second. It prints the same table for
those lineages and the difference from a patience of --against M (default: the runs' own),
paired over the same bootstrap resamples. N and M may not exceed the runs' --restart-after,
since no lineage was watched longer.
"""
import argparse
import json
import random
import sys
from collections import Counter


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="+", help="result files of `morpion search --json` (population method)")
    parser.add_argument("--minutes", default="1,2,5,10,30", help="CPU minutes per search (default 1,2,5,10,30)")
    parser.add_argument("--top", type=int, default=15, help="lineage scores to list, from the best (default 15)")
    parser.add_argument("--patience", type=int, help="iterations without a rise that end a lineage, at most the runs'")
    parser.add_argument("--against", type=int, help="the patience to compare with (default: the runs')")
    parser.add_argument("--seed", type=int, default=1, help="seed of the bootstrap (default 1)")
    return parser.parse_args()


def fail(message):
    sys.exit(f"lineage_tail.py: {message}")


class Runs:
    """The lineages of result files: (iterations, [(age, best), ...]) each, or bests alone."""

    def __init__(self, paths):
        self.lineages, self.bests = [], []
        self.cpu_seconds, self.iterations, self.patience = 0.0, 0, set()
        for path in paths:
            try:
                with open(path) as f:
                    result = json.load(f)
                settings = result.get("settings", {})
                if settings.get("restart_growth", 1) != 1 or settings.get("abandon_after", 0) != 0:
                    self.patience.add(None)  # lineages of unequal patience
                else:
                    self.patience.add(settings.get("restart_after"))
                for run in result["runs"]:
                    if "lineages" in run:
                        for lineage in run["lineages"]:
                            # A length of 0: a lineage a resumed 0.12.2 checkpoint knew by its best only.
                            if lineage["iterations"] > 0:
                                self.lineages.append((lineage["iterations"], [tuple(s) for s in lineage["steps"]]))
                            self.bests.append(lineage["steps"][-1][1])
                    else:
                        self.bests += run["lineage_bests"]
                    self.cpu_seconds += run["cpu_seconds"]
                    self.iterations += run["iterations"]
            except (OSError, ValueError) as e:
                fail(f"cannot read {path}: {e}")
            except (KeyError, TypeError, IndexError):
                fail(f"{path} has no lineages: not a population search of ratrace 0.12.2 or later")
        if not self.bests:
            fail("no lineage ended in these files (give searches long enough for fresh starts)")

    def run_patience(self):
        """The patience every lineage had, or an error saying why there is none."""
        if len(self.lineages) != len(self.bests):
            fail("--patience needs each lineage's rises, which the result files of ratrace 0.12.2 (and of searches "
                 "resumed from its checkpoints) do not keep")
        if len(self.patience) != 1 or None in self.patience:
            fail("--patience needs runs whose lineages all had the same patience (one --restart-after, "
                 "--restart-growth 1, no --abandon-after)")
        return next(iter(self.patience))


def cut(lineage, patience):
    """(iterations, best) of a lineage ended after `patience` iterations without a rise."""
    steps = lineage[1]
    for (age, best), (next_age, _) in zip(steps, steps[1:]):
        if next_age - age > patience:
            return age + patience, best
    return steps[-1][0] + patience, steps[-1][1]


def expected_best(sample, draws):
    """The expected largest of `draws` draws from the sample's empirical distribution."""
    ordered = sorted(sample)
    total, below = 0.0, 0.0
    for i, score in enumerate(ordered, 1):
        at_most = (i / len(ordered)) ** draws
        total += score * (at_most - below)
        below = at_most
    return total


def curve(cut_lineages, minutes, iterations_per_minute):
    """Expected best at each time, for lineages given as (iterations, best)."""
    mean_length = sum(length for length, _ in cut_lineages) / len(cut_lineages)
    bests = [best for _, best in cut_lineages]
    return [expected_best(bests, max(1, round(iterations_per_minute * m / mean_length))) for m in minutes]


def print_spread(bests, top):
    print(f"lineage best: mean {sum(bests) / len(bests):.1f}, median {sorted(bests)[len(bests) // 2]}")
    counts = Counter(bests)
    at_least = 0
    for score in sorted(counts, reverse=True)[:top]:
        at_least += counts[score]
        print(f"  {score}: {counts[score]} ({at_least / len(bests):.1%} of the lineages at least {score})")


def interval(values):
    ordered = sorted(values)
    return ordered[len(ordered) * 25 // 1000], ordered[len(ordered) * 975 // 1000 - 1]


def main():
    args = parse_args()
    try:
        minutes = [float(m) for m in args.minutes.split(",")]
    except ValueError:
        fail(f"--minutes: expected numbers separated by commas, got {args.minutes!r}")
    runs = Runs(args.results)
    rng = random.Random(args.seed)
    if args.patience is None:
        bests = runs.bests
        per_minute = len(bests) / runs.cpu_seconds * 60
        print(f"{len(bests)} lineages ended in {runs.cpu_seconds:.0f} CPU seconds: "
              f"{per_minute:.1f} per CPU minute of a search")
        print_spread(bests, args.top)
        for m in minutes:
            draws = max(1, round(per_minute * m))
            low, high = interval([expected_best([rng.choice(bests) for _ in bests], draws) for _ in range(2000)])
            print(f"{m:g} CPU minutes: {draws} lineages, expected best {expected_best(bests, draws):.1f} "
                  f"[{low:.1f}, {high:.1f}]")
        return
    own = runs.run_patience()
    against = own if args.against is None else args.against
    for flag, value in (("--patience", args.patience), ("--against", against)):
        if not 0 < value <= own:
            fail(f"{flag} {value}: the runs' lineages were watched for {own} iterations without a rise, "
                 f"so give 1 to {own}")
    per_minute = runs.iterations / runs.cpu_seconds * 60
    baseline = [cut(lineage, against) for lineage in runs.lineages]
    candidate = [cut(lineage, args.patience) for lineage in runs.lineages]
    mean_length = sum(length for length, _ in candidate) / len(candidate)
    print(f"{len(candidate)} lineages, cut at {args.patience} iterations without a rise (run at {own}): "
          f"{per_minute / mean_length:.1f} per CPU minute of a search")
    print_spread([best for _, best in candidate], args.top)
    resamples = []
    for _ in range(1000):
        picked = [rng.randrange(len(candidate)) for _ in candidate]
        resamples.append((curve([candidate[i] for i in picked], minutes, per_minute),
                          curve([baseline[i] for i in picked], minutes, per_minute)))
    candidate_curve, baseline_curve = curve(candidate, minutes, per_minute), curve(baseline, minutes, per_minute)
    for k, m in enumerate(minutes):
        low, high = interval([s[k] for s, _ in resamples])
        d_low, d_high = interval([s[k] - a[k] for s, a in resamples])
        print(f"{m:g} CPU minutes: expected best {candidate_curve[k]:.1f} [{low:.1f}, {high:.1f}]; "
              f"at patience {against} {baseline_curve[k]:.1f}; difference "
              f"{candidate_curve[k] - baseline_curve[k]:+.1f} [{d_low:+.1f}, {d_high:+.1f}]")


if __name__ == "__main__":
    main()
