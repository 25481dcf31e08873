#!/usr/bin/env python3
"""Expected wall time and idle share of a run handed out game by game over many MPI ranks.

Per-game times are drawn (seeded, with replacement) from a measured result file, player by
player; games are handed out in the order ratrace uses (board-major: every player advances
together), each to the first playing rank that is free, as rank 0 does. Prints, per rank
count, the wall time, the share of rank-time spent idle, and the games per second rank 0
must take in, next to what one gathering rank can take."""
import argparse
import heapq
import json
import random
import sys


def per_player_seconds(path):
    """{player: [seconds of each measured game]} from a leaderboard result file (either shape)."""
    with open(path) as f:
        data = json.load(f)
    times = {}
    if isinstance(data.get("results"), dict):  # {player: [board records]}
        for player, boards in data["results"].items():
            times[player] = [b["seconds"] for b in boards if b.get("seconds") is not None]
    else:  # a flat "boards" array of records naming their entrant
        for b in data["boards"]:
            # Format 3 keeps the wall time in "timing", format 2 in the record itself.
            times.setdefault(b.get("player") or b["entrant"], []).append((b.get("timing") or b)["seconds"])
    return times


def simulate(times, games_per_player, ranks, seed):
    rng = random.Random(seed)
    players = sorted(times)
    order = [rng.choice(times[p]) for _ in range(games_per_player) for p in players]
    playing = ranks - 1
    free_at = [0.0] * playing  # a heap of the times the playing ranks become free
    for seconds in order:
        start = heapq.heappop(free_at)
        heapq.heappush(free_at, start + seconds)
    wall = max(free_at)
    work = sum(order)
    return wall, 1 - work / (playing * wall), len(order) / wall


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", help="a leaderboard result file with per-game seconds, e.g. docs/leaderboard-seed1.json")
    parser.add_argument("--games", type=int, default=5000, help="games per player (default 5000: about 130,000 in all)")
    parser.add_argument("--ranks", type=int, nargs="+", default=[8, 64, 512], help="MPI ranks, the gathering one included")
    parser.add_argument("--gather-us", type=float, default=170,
                        help="rank 0's CPU time per game in microseconds (measured: about 170)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times = per_player_seconds(args.results)
    total = sum(sum(t) / len(t) for t in times.values()) * args.games
    print(f"{len(times)} players x {args.games} games = {len(times) * args.games} games, "
          f"{total / 3600:.1f} hours of one rank's time")
    mean_game = total / (len(times) * args.games)
    capacity = 1e6 / args.gather_us
    print(f"mean game {mean_game:.2f} s, longest measured game {max(max(t) for t in times.values()):.1f} s")
    print(f"one gathering rank takes in at most about {capacity:,.0f} games/s: the bottleneck beyond about "
          f"{capacity * mean_game:,.0f} playing ranks at this mix of games")
    print("| ranks | wall time | idle share | games/s into rank 0 |")
    print("|---:|---:|---:|---:|")
    for ranks in args.ranks:
        wall, idle, rate = simulate(times, args.games, ranks, args.seed)
        print(f"| {ranks} | {wall / 60:.1f} min | {100 * idle:.1f}% | {rate:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
