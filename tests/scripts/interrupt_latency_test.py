#!/usr/bin/env python3
"""Ctrl-C stops a run promptly whatever its board count: games not started yet are dropped
without generating their tracks. Starts `score --boards 1000000 --set turns=1`, sends SIGINT
once games are being written, and checks that the run exits with 130 within --bound seconds.

Usage: interrupt_latency_test.py RATRACE_BINARY [--repeat N] [--bound SECONDS]
(--repeat prints the median, least and most of N latencies.)
"""
import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

RUN = ["score", "--player", "ForwardRandom", "--boards", "1000000", "--set", "turns=1", "--journal", "run.jsonl"]


def latency(ratrace, work):
    journal = os.path.join(work, "run.jsonl")
    if os.path.exists(journal):
        os.remove(journal)
    p = subprocess.Popen([ratrace, *RUN], cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    # Some games written: the run is past its start and well inside its million boards.
    while time.monotonic() < deadline and p.poll() is None:
        if os.path.exists(journal) and os.path.getsize(journal) > 100_000:
            break
        time.sleep(0.05)
    time.sleep(0.5)
    if p.poll() is not None:
        sys.exit(f"the run ended by itself (exit {p.returncode}) before it could be interrupted")
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        code = p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        sys.exit("FAIL: still running 60 s after SIGINT")
    seconds = time.monotonic() - sent
    if code != 130:
        sys.exit(f"FAIL: exit {code} after SIGINT, expected 130")
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ratrace")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--bound", type=float, default=3.0)
    args = parser.parse_args()
    ratrace = os.path.abspath(args.ratrace)
    with tempfile.TemporaryDirectory() as work:
        times = [latency(ratrace, work) for _ in range(args.repeat)]
    print("SIGINT to exit: " + ", ".join(f"{t:.3f} s" for t in times) +
          f" (median {statistics.median(times):.3f}, min {min(times):.3f}, max {max(times):.3f})")
    if max(times) >= args.bound:
        print(f"FAIL: over {args.bound} s", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
