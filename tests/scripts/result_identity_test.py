#!/usr/bin/env python3
"""A result file is a function of (config, player, seed, boards) alone: the same `score --json`
run at 1, 2 and 4 threads writes the same bytes once each record's `timing` is taken out.
Blind Faith on seed 5, board 4, at 6000 turns is a game whose population takes the in-game
parallel path at 2 threads, where the cache's player calls differ from 1 thread's.

Usage: result_identity_test.py RATRACE_BINARY
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "testing"))
from run_files import text_without_timings  # noqa: E402

RUN = ["score", "--player", "Blind Faith", "--seed", "5", "--boards", "5", "--set", "turns=6000",
       "--journal", "run.jsonl", "--json", "result.json"]


def main():
    ratrace = os.path.abspath(sys.argv[1])
    texts = {}
    with tempfile.TemporaryDirectory() as tmp:
        for threads in (1, 2, 4):
            work = os.path.join(tmp, str(threads))
            os.mkdir(work)
            run = subprocess.run([ratrace, *RUN, "--threads", str(threads)], cwd=work, capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"{threads} threads: exit {run.returncode}\n{run.stderr}")
            with open(os.path.join(work, "result.json")) as f:
                texts[threads] = text_without_timings(f.read(), 5)
    failures = 0
    for threads in (2, 4):
        if texts[threads] != texts[1]:
            failures += 1
            a, b = texts[1].splitlines(), texts[threads].splitlines()
            first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            print(f"FAIL: {threads} threads differ from 1 at line {first + 1}:\n"
                  f"  1: {a[first] if first < len(a) else '(end)'}\n"
                  f"  {threads}: {b[first] if first < len(b) else '(end)'}", file=sys.stderr)
    print("same result file at 1, 2 and 4 threads" if not failures else f"{failures} thread count(s) differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
