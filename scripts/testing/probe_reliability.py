#!/usr/bin/env python3
"""Reliability probe of the three programs: build/ratrace, build/morpion/morpion, build/menace/menace.

Each probe family runs the built binaries on purpose-made trouble (kills, signals, races,
unwritable outputs, fuzzed inputs) and counts what went wrong, one Markdown table row per
family on standard output:

  crashed            ended by a signal the probe did not send, an exit code outside
                     {0, 1, 2, 3, 130}, or "terminate called" / "Assertion" / "Segmentation"
                     on standard error;
  hung               still running --timeout seconds after it should have ended;
  silently accepted  an input that is certainly invalid, taken with exit 0 and no
                     "error:"/"warning:" line;
  data lost          a game or result that had finished is missing after a kill or signal, an
                     existing output was replaced without --force, a resumed run's result
                     differs from an uninterrupted run's (timings, command line and tool
                     aside), or exit 0 although the output could not be written.

Every such case is printed with its command, folder and input files (kept in the temporary
folder, which is then not removed). Deviations from the documented conventions that fit no
column (a bad input refused with exit 1 instead of 2, a journal error that does not name the
line) are listed apart as notes. Exit code 1 if any of the four columns is non-zero, else 0.

    scripts/testing/probe_reliability.py                         # --quick: a few minutes on one core
    scripts/testing/probe_reliability.py --full --keep
    scripts/testing/probe_reliability.py --families kill9,fuzz-journal --count kill9=20

Python 3 standard library only. Every process is pinned with taskset (--cpu, default core 0)
and every program gets one thread, so the probe leaves the other cores alone.
"""

import argparse
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

from probe.core import COLUMNS, Family, Probe, ProbeError, log
from probe.signals import probe_kill9, probe_kill_menace, probe_race, probe_sigint, probe_signal_morpion
from probe.outputs import probe_exists, probe_unwritable
from probe.fuzz import (probe_fuzz_boxes, probe_fuzz_config, probe_fuzz_flags, probe_fuzz_journal, probe_fuzz_morpion,
    probe_fuzz_set, probe_fuzz_stdin, probe_fuzz_track)
from probe.runs import (probe_fifo_inputs, probe_journal_foreign, probe_mpi, probe_mpi_signal, probe_player_code,
    probe_plugin_crash, probe_python_returns)


# ---------------------------------------------------------------------------------------------
# The families, their counts, and the report

FAMILIES = [
    ("kill9", "kill -9 of ratrace score/leaderboard/sweep/compare at a random moment, then --resume", probe_kill9),
    ("sigint", "SIGINT to ratrace runs: exit 130, journal kept, --resume gives the same result", probe_sigint),
    ("race", "two runs writing one result file at once (ratrace, morpion, menace)", probe_race),
    ("exists", "an existing output without --force, two flags naming one file", probe_exists),
    ("unwritable", "outputs to /dev/full, below a file, in a folder that cannot be made", probe_unwritable),
    ("fuzz-track", "mutated track files to ratrace play --track and render --track", probe_fuzz_track),
    ("fuzz-config", "bad --config files to ratrace play", probe_fuzz_config),
    ("fuzz-set", "bad --set key=value to ratrace play", probe_fuzz_set),
    ("fuzz-flags", "junk in the numeric flags of ratrace, morpion and menace", probe_fuzz_flags),
    ("fuzz-journal", "mutated journals to ratrace --resume", probe_fuzz_journal),
    ("fuzz-boxes", "mutated MENACE boxes files to menace play/train/boxes --load", probe_fuzz_boxes),
    ("fuzz-morpion", "mutated layer codes and game files to morpion decode/encode/svg", probe_fuzz_morpion),
    ("fuzz-stdin", "random lines to menace play through a pipe (crashes and hangs only)", probe_fuzz_stdin),
    ("signal-morpion", "SIGINT/SIGTERM to morpion search and nrpa", probe_signal_morpion),
    ("kill-menace", "kill -9 of menace train and play --save; SIGINT/SIGTERM of train", probe_kill_menace),
    ("mpi", "an MPI rank killed mid-run, then a one-process --resume", probe_mpi),
    ("mpi-signal", "SIGTERM/SIGINT to one MPI worker rank: stopped as Ctrl-C, then --resume", probe_mpi_signal),
    ("journal-foreign", "another run's journal line, as it was or re-checksummed; swapped lines", probe_journal_foreign),
    ("player-code", "a --python player's file edited between two runs of one command", probe_player_code),
    ("python-returns", "what a Python move function returns: huge ints, numpy ints, text, None", probe_python_returns),
    ("plugin-crash", "a --player-lib player that crashes (SIGSEGV, SIGABRT); --isolate; a truncated plugin",
     probe_plugin_crash),
    ("fifo-inputs", "a FIFO or a folder as every input file of ratrace, menace and morpion", probe_fifo_inputs),
]


def table(families):
    rows = ["| probe | tried | crashed | hung | silently accepted | data lost |", "|---|---:|---:|---:|---:|---:|"]
    for fam in families:
        if fam.skipped:
            rows.append(f"| {fam.name} (skipped: {fam.skipped}) | {fam.tried} | - | - | - | - |")
        else:
            rows.append(f"| {fam.name} | {fam.tried} | " + " | ".join(str(len(fam.found[c])) for c in COLUMNS) + " |")
    return "\n".join(rows)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="families: " + ", ".join(name for name, _, _ in FAMILIES))
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="few cases per family (the default): minutes")
    mode.add_argument("--full", action="store_true", help="more cases per family")
    parser.add_argument("--families", help="comma-separated families to run (default: all)")
    parser.add_argument("--count", action="append", default=[], metavar="FAMILY=N",
                        help="cases for one family, overriding --quick/--full (repeatable)")
    parser.add_argument("--build", default="build", help="the build folder (default: build)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--seed", type=int, default=1, help="seed of the probe's random choices (default 1)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds before a run counts as hung (default 60)")
    parser.add_argument("--cpu", default="0", help="taskset CPU list for every process (default 0; '' for none)")
    parser.add_argument("--turns", type=int, default=4000, help="turns of the killed ratrace runs (default 4000)")
    parser.add_argument("--mpi-turns", type=int, default=5000, help="turns of the MPI run (default 5000)")
    args = parser.parse_args()
    known = [name for name, _, _ in FAMILIES]
    args.families = args.families.split(",") if args.families else known
    unknown = [name for name in args.families if name not in known]
    if unknown:
        parser.error(f"unknown families {unknown}; known: {', '.join(known)}")
    counts = {}
    for item in args.count:
        name, _, number = item.partition("=")
        if name not in known or not number.isdigit():
            parser.error(f"--count {item}: expected FAMILY=N with a known family")
        counts[name] = int(number)
    args.count = counts
    if args.cpu and not shutil.which("taskset"):
        parser.error("taskset not found: install util-linux or pass --cpu ''")
    return args


def find_build(name):
    for base in (Path.cwd(), Path(__file__).resolve().parents[2]):
        if (base / name / "ratrace").is_file():
            return (base / name).resolve()
    return None


def main():
    args = parse_args()
    build = find_build(args.build)
    if not build or not (build / "morpion" / "morpion").is_file() or not (build / "menace" / "menace").is_file():
        sys.exit(f"probe_reliability: error: no ratrace, morpion/morpion and menace/menace in '{args.build}': build "
                 "first (scripts/build.sh)")
    tmp = Path(tempfile.mkdtemp(prefix="probe-reliability-"))
    p = Probe(args, build, tmp)
    log(f"probe_reliability: {'full' if args.full else 'quick'} run of {build} in {tmp}")
    began = time.monotonic()
    families = []
    for name, title, function in FAMILIES:
        if name not in args.families:
            continue
        fam = Family(name, title, args.timeout)
        families.append(fam)
        log(f"== {name}: {title}")
        family_began = time.monotonic()
        try:
            function(p, fam)
        except ProbeError as e:
            fam.skipped = str(e)
            log(f"  skipped: {e}")
        except Exception:  # a bug of the probe: report it, go on with the other families
            fam.skipped = "probe error (traceback on standard error)"
            log(traceback.format_exc())
        log(f"  {name}: {time.monotonic() - family_began:.1f} s")
    seconds = time.monotonic() - began

    print(table(families))
    findings = [f for fam in families for column in COLUMNS for f in fam.found[column]]
    notes = [f for fam in families for f in fam.notes]
    if findings:
        print("\nDefects (each with the command that reproduces it):\n")
        print("\n".join(f.text() for f in findings))
    if notes:
        print("\nOther deviations from the documented conventions (not counted above):\n")
        print("\n".join(f.text() for f in notes))
    print(f"\n{sum(f.tried for f in families)} cases in {seconds:.0f} s "
          f"({'full' if args.full else 'quick'}, --seed {args.seed}).")
    if args.keep or findings or notes:
        log(f"probe_reliability: the cases are kept in {tmp}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
