#!/usr/bin/python3
"""Python players side by side with the C++ one, in one sitting: a built-in player (ColorScorePlayer,
or Cautious Specimens), its port in python/examples compiled by ratrace.compiled, and the same
function interpreted, each scoring the same boards in turn, round after round, so that the
machine's drift falls on all alike. Prints, per player and
thread count, the median and range over the rounds of the time per specimen move, and the
median ratio to the C++ player of the same round.

    scripts/dev/bench_python_players.py --boards 12 --rounds 5 --threads 1,2
    scripts/dev/bench_python_players.py --example cautious_specimens --players cpp,compiled
"""
import argparse
import os
import statistics
import sys
import time

# Each example's module in python/examples and the built-in player it ports.
EXAMPLES = {"color_score": "ColorScorePlayer", "cautious_specimens": "Cautious Specimens"}
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "python", "examples"))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", default="1,2", help="thread counts, comma-separated")
    parser.add_argument("--players", default="cpp,compiled,interpreted")
    parser.add_argument("--example", choices=sorted(EXAMPLES), default="color_score")
    parser.add_argument("--set", action="append", default=[], help="KEY=VALUE, as ratrace's --set")
    args = parser.parse_args()
    import importlib

    import ratrace
    example = importlib.import_module(args.example)
    compiled = example.move if isinstance(example.move, ratrace.CompiledPlayer) else ratrace.compiled(example.move)
    players = {"cpp": EXAMPLES[args.example], "compiled": compiled, "interpreted": compiled.python_function}
    chosen = args.players.split(",")
    config = dict(item.split("=", 1) for item in args.set)
    seconds_per_move = {}  # (player, threads) -> [per round]
    moves_seen = {}
    for _ in range(args.rounds):
        for threads in [int(t) for t in args.threads.split(",")]:
            for name in chosen:
                start = time.perf_counter()
                result = ratrace.score(players[name], boards=args.boards, seed=args.seed, threads=threads,
                                       config=config, progress=False)
                elapsed = time.perf_counter() - start
                moves = sum(board["moves"] for board in result.document["boards"])
                moves_seen.setdefault(name, moves)
                if moves != moves_seen[name]:
                    sys.exit("%s played %d moves, earlier %d: not the same games" % (name, moves, moves_seen[name]))
                seconds_per_move.setdefault((name, threads), []).append(elapsed / moves)
    print("%-12s %7s %16s %22s %14s" % ("player", "threads", "ns/move median", "range", "x C++ (median)"))
    for (name, threads), values in seconds_per_move.items():
        cpp = seconds_per_move.get(("cpp", threads))
        ratio = statistics.median(v / c for v, c in zip(values, cpp)) if cpp else float("nan")
        print("%-12s %7d %16.1f %22s %14.2f" % (name, threads, 1e9 * statistics.median(values),
                                                "[%.1f, %.1f]" % (1e9 * min(values), 1e9 * max(values)), ratio))
    print("specimen moves per run:", ", ".join("%s %d" % item for item in moves_seen.items()))


if __name__ == "__main__":
    main()
