#!/usr/bin/env python3
"""What a longer population search would give, from the lineages of a shorter one.

A population search's fresh starts are independent: each lineage begins from its own random
game, whatever the lineages before it found. So the search's best after K lineages is the
largest of K draws from the distribution of lineage bests. This reads the `lineages` of
`morpion search --json` result files (or the `lineage_bests` of ratrace 0.12.2's), prints that
distribution's top, and, for each time given, the expected best of a search that ends as many
lineages as the files ended in that much CPU time, with a bootstrap 95% interval over the
lineages. The tail is what matters, so the estimate for long times rests on the few best
lineages seen and its interval says so. Only lineages begun from a random game count: those a
kick began (from --kick-after on, or in a burst after a new best) start from the search's best
grid and are left out, with their time. Files of ratrace 0.15.0 and later mark each lineage a
kick began; in earlier ones the search's rules say which: every fresh start from --kick-after on,
and the first --kick-bursts fresh starts after each rise of the search's best to --kick-burst-from
or more. Files without the marks whose kicks no such rule tells (--kick-share, or bursts with
walks or climbs) are refused. Files of the same seed may hold the same searches, whose lineages
are the same up to where their settings part, so a search (seed and index) given twice is refused.

With --kicks it counts, over all the files, what the kicks did: how many there were, their share
of the ended lineages' iterations, how often and by how much on average they rose past the
search's best, how often the search's best rose to the bursts' threshold or past it, and how
many lineages rose past the search's best as it stood when they began: the kicks by their place
among the fresh starts after the latest such rise (1st-5th, 6th-10th, later), and the random
lineages begun with the best at the threshold or more.

With --patience N it answers what a sooner fresh start would have given: each lineage is cut
where it first went N iterations without a rise (a lineage is the same up to that point whatever
its patience), its best is what it had there, and its length the iterations up to there; the
time per lineage follows from the runs' iterations per CPU second. It prints the same table for
those lineages and the difference from a patience of --against M (default: the runs' own),
paired over the same bootstrap resamples. N and M may not exceed the runs' --restart-after,
since no lineage was watched longer. With --patience-above S=L as well, a lineage whose best has
reached S is cut after L iterations without a rise instead of N: more time for the lineages
that stand high, less for the rest. With --abandon A=T (`morpion search --abandon-after A
--abandon-below T`) a lineage still below T after A iterations is cut there as well.
"""
import argparse
import json
import random
import signal
import sys
from collections import Counter


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="+", help="result files of `morpion search --json` (population method)")
    parser.add_argument("--minutes", default="1,2,5,10,30", help="CPU minutes per search (default 1,2,5,10,30)")
    parser.add_argument("--top", type=int, default=15, help="lineage scores to list, from the best (default 15)")
    parser.add_argument("--patience", type=int, help="iterations without a rise that end a lineage, at most the runs'")
    parser.add_argument("--patience-above", metavar="S=L",
                        help="with --patience: a lineage whose best has reached S is cut at L instead")
    parser.add_argument("--abandon", metavar="A=T",
                        help="a lineage whose best is below T after A iterations is cut there (with or without --patience)")
    parser.add_argument("--against", type=int, help="the patience to compare with (default: the runs')")
    parser.add_argument("--kicks", action="store_true",
                        help="count the kicks and the lineages that rose past the search's best, by kind")
    parser.add_argument("--seed", type=int, default=1, help="seed of the bootstrap (default 1)")
    return parser.parse_args()


def fail(message):
    sys.exit(f"lineage_tail.py: {message}")


def int_pair(flag, text, form):
    """The two whole numbers of `text`, written X=Y, for `flag`; `form` shows it (e.g. AGE=SCORE, 100000=140)."""
    try:
        first, second = (int(part) for part in text.split("="))
    except ValueError:
        fail(f"{flag}: expected {form}, got {text!r}")
    return first, second


def fresh_starts(run, settings, marked):
    """Each lineage of a run with whether a kick began it, the search's best when it began, and
    its place among the fresh starts since the latest rise of that best to the bursts' threshold
    (0 for the first, None before any). Without the lineages' marks a kick is one the search's
    rules make: from --kick-after on (of its round), or among the first --kick-bursts after such
    a rise (the search counts them from each new best, and bursts only from the threshold on)."""
    threshold = settings.get("kick_burst_from", 150)
    kick_after, rounds = settings.get("kick_after", 0), settings.get("round_iterations", 0)
    improvements = run.get("improvements", [])
    began, seen, best, place = 0, 0, 0, None
    for lineage in run["lineages"]:
        # The improvements before the lineage began, in order, each a new best; one at the
        # iteration it begins is its own start (a kick's finish that beat the best).
        while seen < len(improvements) and improvements[seen][0] < began:
            best = improvements[seen][1]
            if best >= threshold:
                place = 0
            seen += 1
        if marked:
            kick = lineage["kick"]
        else:
            kick = (kick_after > 0 and (began % rounds if rounds else began) >= kick_after) or (
                place is not None and place < settings.get("kick_bursts", 0))
        yield lineage, kick, best, place
        if place is not None:
            place += 1
        began += lineage["iterations"]


class Runs:
    """The lineages of result files that began from a random game: (iterations, [(age, best), ...])
    each, or bests alone. A kick's lineage (marked so, or in files without the marks one the
    search's rules make a kick: fresh_starts()) starts from the search's best grid, so it is left
    out and counted in `kicks`, and so is its time. `fresh_starts` keeps, for --kicks, each
    lineage's (kick, iterations, best, the search's best when it began, place after a rise)."""

    def __init__(self, paths):
        self.lineages, self.bests, self.kicks, self.fresh_starts = [], [], 0, []
        self.thresholds, self.rises, self.lineage_iterations = set(), 0, 0
        self.cpu_seconds, self.iterations, self.patience = 0.0, 0, set()
        searches = {}  # (seed, search) -> the file that holds it
        for path in paths:
            try:
                with open(path) as f:
                    result = json.load(f)
                settings = result.get("settings", {})
                if (settings.get("restart_growth", 1) != 1 or settings.get("abandon_after", 0) != 0
                        or settings.get("poor_restart_after", 0) != 0):
                    self.patience.add(None)  # lineages of unequal patience
                else:
                    self.patience.add(settings.get("restart_after"))
                threshold = settings.get("kick_burst_from", 150)
                self.thresholds.add(threshold)
                untold = settings.get("kick_share", 0) > 0 or (settings.get("kick_bursts", 0) > 0 and any(
                    key in settings for key in ("kick_accept", "climb_after", "record_climbs", "round_iterations")))
                for run in result["runs"]:
                    marked = all("kick" in lineage for lineage in run.get("lineages", [{}]))
                    if untold and not marked:
                        fail(f"{path}: its fresh starts mix kicks with random games by a rule this script does not "
                             f"follow (--kick-share, or bursts with walks or climbs), and its lineages, written "
                             f"before ratrace 0.15.0, do not say which were kicks")
                    search = (result.get("master_seed", settings.get("master_seed")), run["search"])
                    if search[0] is not None and search in searches:
                        fail(f"{path} holds seed {search[0]}'s search {search[1]}, as {searches[search]} does: "
                             f"the same lineages up to where their settings part, so give each search once")
                    searches[search] = path
                    sampled, kicks = 0, 0
                    if "lineages" in run:
                        for lineage, kick, best_then, place in fresh_starts(run, settings, marked):
                            top = max(score for _, score in lineage["steps"])
                            self.fresh_starts.append((kick, lineage["iterations"], top, best_then, place))
                            if kick:
                                kicks += 1
                            else:
                                sampled += lineage["iterations"]
                                # A length of 0: a lineage a resumed 0.12.2 checkpoint knew by its best only.
                                if lineage["iterations"] > 0:
                                    self.lineages.append((lineage["iterations"], [tuple(s) for s in lineage["steps"]]))
                                self.bests.append(lineage["steps"][-1][1])
                    else:
                        self.bests += run["lineage_bests"]
                    self.rises += sum(step[1] >= threshold for step in run.get("improvements", []))
                    if kicks == 0:  # every lineage: the run's time, with its unfinished lineage
                        sampled = run["iterations"]
                    self.kicks += kicks
                    self.lineage_iterations += sum(lineage["iterations"] for lineage in run.get("lineages", []))
                    self.cpu_seconds += run["cpu_seconds"] * sampled / max(1, run["iterations"])
                    self.iterations += sampled
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
                 "--poor-restart-after 0, --restart-growth 1, no --abandon-after)")
        return next(iter(self.patience))


def cut(lineage, patience, above=None, abandon=None):
    """(iterations, best) of a lineage ended after `patience` iterations without a rise, or,
    once its best has reached above[0], after above[1]; or at age abandon[0] if its best is then
    below abandon[1]."""
    def waited(best):
        return above[1] if above is not None and best >= above[0] else patience
    steps = lineage[1]
    end = None
    for (age, best), (next_age, _) in zip(steps, steps[1:]):
        if next_age - age > waited(best):
            end = age + waited(best), best
            break
    if end is None:
        end = steps[-1][0] + waited(steps[-1][1]), steps[-1][1]
    if abandon is not None and end[0] > abandon[0]:
        best_then = max(best for age, best in steps if age <= abandon[0])
        if best_then < abandon[1]:
            return abandon[0], best_then
    return end


def expected_best(sample, draws):
    """The expected largest of `draws` draws from the sample's empirical distribution."""
    ordered = sorted(sample)
    total, below = 0.0, 0.0
    for i, score in enumerate(ordered, 1):
        at_most = (i / len(ordered)) ** draws
        total += score * (at_most - below)
        below = at_most
    return total


def lineages_per_minute(cut_lineages, iterations_per_minute):
    """Lineages of these lengths (iterations, best) that a search ends per CPU minute."""
    return iterations_per_minute / (sum(length for length, _ in cut_lineages) / len(cut_lineages))


def curve(cut_lineages, minutes, iterations_per_minute):
    """Expected best at each time, for lineages given as (iterations, best)."""
    per_minute = lineages_per_minute(cut_lineages, iterations_per_minute)
    bests = [best for _, best in cut_lineages]
    return [expected_best(bests, max(1, round(per_minute * m))) for m in minutes]


def print_spread(bests, top):
    print(f"lineage best: mean {sum(bests) / len(bests):.1f}, median {sorted(bests)[len(bests) // 2]}")
    counts = Counter(bests)
    at_least = 0
    for score in sorted(counts, reverse=True)[:top]:
        at_least += counts[score]
        share = at_least / len(bests)
        print(f"  {score}: {counts[score]} ({share:.{1 if share >= 0.01 else 2}%} of the lineages at least {score})")


def print_kicks(runs):
    """--kicks: the kicks, and the lineages that rose past the search's best, by kind."""
    if len(runs.thresholds) != 1:
        fail(f"--kicks needs files of one burst threshold (--kick-burst-from), not {sorted(runs.thresholds)}")
    threshold = next(iter(runs.thresholds))
    kicks = [(length, top - best) for kick, length, top, best, _ in runs.fresh_starts if kick]
    share = sum(length for length, _ in kicks) / max(1, runs.lineage_iterations)
    rose, points = sum(gain > 0 for _, gain in kicks), sum(max(gain, 0) for _, gain in kicks)
    print(f"{runs.kicks} lineages begun by kicks, {share:.0%} of the ended lineages' iterations; {rose / max(1, len(kicks)):.1%} "
          f"rose past the search's best, {points / max(1, len(kicks)):.2f} points a kick; the search's best rose "
          f"to {threshold} or more {runs.rises} times")
    kinds = {"kicks 1st-5th after a rise": lambda kick, place: kick and place is not None and place < 5,
             "kicks 6th-10th": lambda kick, place: kick and place is not None and 5 <= place < 10,
             "later kicks": lambda kick, place: kick and (place is None or place >= 10),
             f"random lineages begun with the best at {threshold} or more":
                 lambda kick, place: not kick and place is not None}
    for kind, chosen in kinds.items():
        picked = [(top, best) for kick, _, top, best, place in runs.fresh_starts if chosen(kick, place)]
        rose = sum(top > best for top, best in picked)
        percent = f" ({rose / len(picked):.1%})" if picked else ""
        print(f"  {kind}: {rose} of {len(picked)} rose past the search's best{percent}")


def interval(values):
    ordered = sorted(values)
    return ordered[len(ordered) * 25 // 1000], ordered[len(ordered) * 975 // 1000 - 1]


def main():
    args = parse_args()
    try:
        minutes = [float(m) for m in args.minutes.split(",")]
    except ValueError:
        fail(f"--minutes: expected numbers separated by commas, got {args.minutes!r}")
    if args.patience_above is not None and args.patience is None:
        fail("--patience-above goes with --patience (the patience below the score)")
    runs = Runs(args.results)
    if args.kicks:
        print_kicks(runs)
        return
    if runs.kicks:
        print(f"{runs.kicks} lineages begun by kicks (from --kick-after on, or in bursts after a new best) left out: "
              f"they start from the best grid")
    rng = random.Random(args.seed)
    abandon = None if args.abandon is None else int_pair("--abandon", args.abandon, "AGE=SCORE, e.g. 100000=140")
    if args.patience is None and abandon is None:
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
    if args.patience is None:
        args.patience = own
    against = own if args.against is None else args.against
    checked = [("--patience", args.patience), ("--against", against)]
    above = None
    if args.patience_above is not None:
        above = int_pair("--patience-above", args.patience_above, "SCORE=ITERATIONS, e.g. 150=600000")
        checked.append(("--patience-above", above[1]))
    for flag, value in checked:
        if not 0 < value <= own:
            fail(f"{flag} {value}: the runs' lineages were watched for {own} iterations without a rise, "
                 f"so give 1 to {own}")
    per_minute = runs.iterations / runs.cpu_seconds * 60
    baseline = [cut(lineage, against) for lineage in runs.lineages]
    candidate = [cut(lineage, args.patience, above, abandon) for lineage in runs.lineages]
    rule = f"{args.patience}" + (f" ({above[1]} once at {above[0]})" if above else "")
    if abandon is not None:
        rule += f", and at {abandon[0]} if below {abandon[1]},"
    print(f"{len(candidate)} lineages, cut at {rule} iterations without a rise (run at {own}): "
          f"{lineages_per_minute(candidate, per_minute):.1f} per CPU minute of a search")
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
    # A reader that stops early (`| head`) ends the script as it ends any command-line tool, quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
