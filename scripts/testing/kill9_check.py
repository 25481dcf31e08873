#!/usr/bin/env python3
"""Kills ratrace runs with SIGKILL at random moments and checks that nothing is lost.

Each trial starts a short run (score, leaderboard, or a resume of a run killed earlier),
kills it after a random delay, then resumes it (resumes are killed at random too) until
it finishes. Checks: every game line present in the journal after a kill is still there,
byte for byte, at the end (no finished game lost), and the finished run's games, report and
whole result file (--json) equal an uninterrupted run's, timings aside. Each run has a folder
of its own with the same file names, so the command lines in the result files agree.

    scripts/testing/kill9_check.py build/ratrace --trials 50
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from run_files import game_lines, text_without_timings

RUNS = {
    "score": ["score", "--player", "ColorScorePlayer", "--boards", "6"],
    "leaderboard": ["leaderboard", "--players", "ColorScorePlayer,Blind Faith", "--boards", "4"],
}
COMMON = ["--set", "turns=2000", "--seed", "11", "--threads", "2"]
TIMING = re.compile(r"speed|[0-9.]+ s\b|boards/s|ETA|resuming|journal|dropping")
JOURNAL, RESULT = "run.jsonl", "result.json"


def games(path):
    """Each game's record (without its timing or checksum), keyed by (entrant, board)."""
    out = {}
    for line in game_lines(path):
        j = json.loads(line)
        j.pop("timing")
        j.pop("xxh64")
        out[(j["entrant"], j["board"]["index"])] = j
    return out


def result_text(folder):
    """The result file's text without its games' timings, byte for byte otherwise. The command
    lines stay: every run has a folder of its own with the same file names, so they agree."""
    with open(os.path.join(folder, RESULT)) as f:
        return text_without_timings(f.read())


def report(stdout):
    return [line for line in stdout.splitlines() if not TIMING.search(line)]


def run(ratrace, args, cwd, kill_after=None):
    """Runs ratrace; kills it with SIGKILL after kill_after seconds. Returns (code, stdout)."""
    p = subprocess.Popen([ratrace] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        out, _ = p.communicate(timeout=kill_after)
        return p.returncode, out
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGKILL)
        p.communicate()
        return -9, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ratrace")
    parser.add_argument("--trials", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ratrace = os.path.abspath(args.ratrace)
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="ratrace_kill9_")
    try:
        reference = {}
        for kind, cmd in RUNS.items():
            folder = os.path.join(work, f"ref-{kind}")
            os.mkdir(folder)
            start = time.time()
            code, out = run(ratrace, cmd + COMMON + ["--journal", JOURNAL, "--json", RESULT], folder)
            assert code == 0, f"reference {kind} run failed: {code}"
            reference[kind] = (games(os.path.join(folder, JOURNAL)), report(out), time.time() - start,
                               result_text(folder))
            print(f"reference {kind}: {len(reference[kind][0])} games in {reference[kind][2]:.1f} s")

        kills = lost = mismatches = 0
        for trial in range(args.trials):
            kind = ["score", "leaderboard"][trial % 2]
            folder = os.path.join(work, f"trial-{trial}")
            os.mkdir(folder)
            path = os.path.join(folder, JOURNAL)
            cmd = RUNS[kind] + COMMON + ["--journal", JOURNAL, "--json", RESULT]
            seen = set()
            code, out = run(ratrace, cmd, folder, kill_after=rng.uniform(0.05, reference[kind][2]))
            resumes = 0
            while code != 0:
                assert code == -9, f"trial {trial}: exit {code}"
                kills += 1
                if os.path.exists(path):
                    seen |= set(game_lines(path))
                resumes += 1
                # A resume is itself killed half of the time (but not forever). --force: a run
                # killed after writing its result file must still be able to write it.
                kill_after = rng.uniform(0.05, reference[kind][2]) if resumes < 4 and rng.random() < 0.5 else None
                if os.path.exists(path) and b"\n" in open(path, "rb").read():
                    code, out = run(ratrace, [kind, "--resume", JOURNAL, "--json", RESULT, "--force"], folder, kill_after)
                else:  # killed before its header was complete: nothing to resume
                    code, out = run(ratrace, cmd + ["--force"], folder, kill_after)
            final = set(game_lines(path))
            missing = seen - final
            lost += len(missing)
            same_games = games(path) == reference[kind][0] and report(out) == reference[kind][1]
            same_file = result_text(folder) == reference[kind][3]
            mismatches += not (same_games and same_file)
            print(f"trial {trial:2d} {kind:11s}: {resumes} kill(s), {len(seen)} games written before the kills, "
                  f"{len(missing)} lost, games {'identical' if same_games else 'DIFFERENT'}, "
                  f"result file {'identical' if same_file else 'DIFFERENT'}")
        print(f"{args.trials} runs, {kills} kills: {lost} finished games lost, "
              f"{mismatches} results different from the uninterrupted run")
        return 0 if lost == 0 and mismatches == 0 else 1
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
