#!/usr/bin/env python3
"""What a longer population search would give, from the lineages of a shorter one.

A population search's fresh starts are independent: each lineage begins from its own random
game, whatever the lineages before it found. So the search's best after K lineages is the
largest of K draws from the distribution of lineage bests. This reads `lineage_bests` from
`morpion search --json` result files, prints that distribution's top, and, for each time
given, the expected best of a search that ends as many lineages as the files ended in that
much CPU time, with a bootstrap 95% interval over the lineages. The tail is what matters, so
the estimate for long times rests on the few best lineages seen and its interval says so.
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
    parser.add_argument("--seed", type=int, default=1, help="seed of the bootstrap (default 1)")
    return parser.parse_args()


def read_lineages(paths):
    bests, cpu_seconds = [], 0.0
    for path in paths:
        try:
            with open(path) as f:
                runs = json.load(f)["runs"]
            for run in runs:
                bests += run["lineage_bests"]
                cpu_seconds += run["cpu_seconds"]
        except (OSError, ValueError) as e:
            sys.exit(f"lineage_tail.py: cannot read {path}: {e}")
        except (KeyError, TypeError):
            sys.exit(f"lineage_tail.py: {path} has no lineage_bests: not a population search of ratrace 0.12.2 or later")
    if not bests:
        sys.exit("lineage_tail.py: no lineage ended in these files (give searches long enough for fresh starts)")
    return bests, cpu_seconds


def expected_best(sample, draws):
    """The expected largest of `draws` draws from the sample's empirical distribution."""
    ordered = sorted(sample)
    total, below = 0.0, 0.0
    for i, score in enumerate(ordered, 1):
        at_most = (i / len(ordered)) ** draws
        total += score * (at_most - below)
        below = at_most
    return total


def main():
    args = parse_args()
    try:
        minutes = [float(m) for m in args.minutes.split(",")]
    except ValueError:
        sys.exit(f"lineage_tail.py: --minutes: expected numbers separated by commas, got {args.minutes!r}")
    bests, cpu_seconds = read_lineages(args.results)
    per_minute = len(bests) / cpu_seconds * 60
    print(f"{len(bests)} lineages ended in {cpu_seconds:.0f} CPU seconds: {per_minute:.1f} per CPU minute of a search")
    print(f"lineage best: mean {sum(bests) / len(bests):.1f}, median {sorted(bests)[len(bests) // 2]}")
    counts = Counter(bests)
    at_least = 0
    for score in sorted(counts, reverse=True)[: args.top]:
        at_least += counts[score]
        print(f"  {score}: {counts[score]} ({at_least / len(bests):.1%} of the lineages at least {score})")
    rng = random.Random(args.seed)
    for m in minutes:
        draws = max(1, round(per_minute * m))
        resampled = sorted(
            expected_best([rng.choice(bests) for _ in bests], draws) for _ in range(2000))
        print(f"{m:g} CPU minutes: {draws} lineages, expected best {expected_best(bests, draws):.1f} "
              f"[{resampled[50]:.1f}, {resampled[1949]:.1f}]")


if __name__ == "__main__":
    main()
