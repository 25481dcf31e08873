#!/usr/bin/env python3
"""Kills ratrace runs with SIGKILL at random moments and checks that nothing is lost.

Each trial starts a short run (score, leaderboard, or a resume of a run killed earlier),
kills it after a random delay, then resumes it (resumes are killed at random too) until
it finishes. Checks: every game line present in the journal after a kill is still there,
byte for byte, at the end (no finished game lost), and the finished run's games and report
equal an uninterrupted run's (timings aside).

    scripts/kill9_check.py build/ratrace --trials 50
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

RUNS = {
    "score": ["score", "--player", "ColorScorePlayer", "--boards", "6"],
    "leaderboard": ["leaderboard", "--players", "ColorScorePlayer,Blind Faith", "--boards", "4"],
}
COMMON = ["--set", "turns=2000", "--seed", "11", "--threads", "2"]
TIMING = re.compile(r"speed|[0-9.]+ s\b|boards/s|ETA|resuming|journal|dropping")


def game_lines(path):
    """The complete game lines of a journal (its header left out)."""
    with open(path, "rb") as f:
        text = f.read().decode()
    lines = text.split("\n")[:-1]  # the part after the last newline is torn
    return lines[1:]


def games(path):
    """Each game's record without its wall time, keyed by (entrant, board)."""
    out = {}
    for line in game_lines(path):
        j = json.loads(line)
        j["board"].pop("seconds")
        out[(j["entrant"], j["board"]["index"])] = j
    return out


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
            start = time.time()
            code, out = run(ratrace, cmd + COMMON + ["--journal", f"ref-{kind}.jsonl"], work)
            assert code == 0, f"reference {kind} run failed: {code}"
            reference[kind] = (games(os.path.join(work, f"ref-{kind}.jsonl")), report(out), time.time() - start)
            print(f"reference {kind}: {len(reference[kind][0])} games in {reference[kind][2]:.1f} s")

        kills = lost = mismatches = 0
        for trial in range(args.trials):
            kind = ["score", "leaderboard"][trial % 2]
            journal = f"trial-{trial}.jsonl"
            path = os.path.join(work, journal)
            cmd = RUNS[kind] + COMMON + ["--journal", journal]
            seen = set()
            code, out = run(ratrace, cmd, work, kill_after=rng.uniform(0.05, reference[kind][2]))
            resumes = 0
            while code != 0:
                assert code == -9, f"trial {trial}: exit {code}"
                kills += 1
                if os.path.exists(path):
                    seen |= set(game_lines(path))
                resumes += 1
                # A resume is itself killed half of the time (but not forever).
                kill_after = rng.uniform(0.05, reference[kind][2]) if resumes < 4 and rng.random() < 0.5 else None
                if os.path.exists(path) and b"\n" in open(path, "rb").read():
                    code, out = run(ratrace, [kind, "--resume", journal], work, kill_after)
                else:  # killed before its header was complete: nothing to resume
                    code, out = run(ratrace, cmd + ["--force"], work, kill_after)
            final = set(game_lines(path))
            missing = seen - final
            lost += len(missing)
            same = games(path) == reference[kind][0] and report(out) == reference[kind][1]
            mismatches += not same
            print(f"trial {trial:2d} {kind:11s}: {resumes} kill(s), {len(seen)} games written before the kills, "
                  f"{len(missing)} lost, result {'identical' if same else 'DIFFERENT'}")
        print(f"{args.trials} runs, {kills} kills: {lost} finished games lost, "
              f"{mismatches} results different from the uninterrupted run")
        return 0 if lost == 0 and mismatches == 0 else 1
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
