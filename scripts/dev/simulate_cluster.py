#!/usr/bin/env python3
"""Expected wall time and idle share of a run handed out game by game over many MPI ranks.

Replays ratrace's hand-out (controller/runs/distributed_mpi.cpp) event by event:
- games in the order ratrace hands them out (board-major: every entrant advances together);
- every rank plays --threads games at once, rank 0 included; each other rank also holds one
  game queued while more games remain unassigned than there are threads in all, so a thread
  that finishes starts its next game at once; rank 0 hands a rank its next game when the
  rank reports a result, after the message latency;
- rank 0's gathering thread takes --gather-us of CPU per game, one game after another, so
  results wait in line when they come faster; that CPU comes out of rank 0's own playing
  threads (its games are stretched by the share of a core the gathering takes).

Game times are drawn (seeded) per entrant from a measured result file. A draw is a measured
game, except that with probability 10% it comes from the entrant's tail instead: beyond its
21st-longest game, an exponential fitted to the 20 longest (--tail exponential), so a run of
5,000 games per entrant can hold games longer than any of 200 measured ones; --tail none
keeps only measured times (a lower bound on the tail)."""
import argparse
import heapq
import json
import random
import sys


def per_entrant_seconds(path):
    """{entrant: [seconds of each measured game]} from a result file (format 2 or 3)."""
    with open(path) as f:
        data = json.load(f)
    times = {}
    if isinstance(data.get("results"), dict):  # {entrant: [board records]}
        for entrant, boards in data["results"].items():
            times[entrant] = [(b.get("timing") or b)["seconds"] for b in boards]
    else:  # a flat "boards" array of records naming their entrant
        for b in data["boards"]:
            # Format 3 keeps the wall time in "timing", format 2 in the record itself.
            times.setdefault(b.get("entrant") or b["player"], []).append((b.get("timing") or b)["seconds"])
    return {e: [t for t in ts if t is not None] for e, ts in times.items()}


class GameTimes:
    """Draws one entrant's game times: measured ones, with an exponential tail above the top tenth."""

    def __init__(self, measured, tail):
        self.measured = sorted(measured)
        self.tail = tail and len(measured) >= 50
        if self.tail:
            top = max(10, len(measured) // 10)
            self.threshold = self.measured[-top - 1]
            self.top_share = top / len(measured)
            self.body = self.measured[:-top]
            self.excess = sum(t - self.threshold for t in self.measured[-top:]) / top

    def draw(self, rng):
        if not self.tail:
            return rng.choice(self.measured)
        if rng.random() < self.top_share:
            return self.threshold + rng.expovariate(1 / self.excess)
        return rng.choice(self.body)


def draw_games(times, games_per_entrant, seed, tail):
    rng = random.Random(seed)
    models = {e: GameTimes(times[e], tail) for e in sorted(times)}
    return [models[e].draw(rng) for _ in range(games_per_entrant) for e in sorted(times)]


def simulate(games, ranks, threads, gather_s, latency_s, rank0_plays, rank0_stretch):
    """Returns (wall seconds, idle share of the playing threads, games/s into rank 0, gathering busy share)."""
    n = len(games)
    cap = [threads + 1] * ranks  # games a rank may hold: its threads and one queued
    cap[0] = threads if rank0_plays else 0
    total_threads = threads * (ranks - 1) + cap[0]
    held = [0] * ranks
    idle_threads = [threads] * ranks
    idle_threads[0] = cap[0]
    queued = [[] for _ in range(ranks)]
    events = []  # (time, sequence, kind, rank, game seconds)
    sequence = 0
    next_game = 0
    gather_free = 0.0
    gather_busy = 0.0

    def push(time, kind, rank, seconds=0.0):
        nonlocal sequence
        sequence += 1
        heapq.heappush(events, (time, sequence, kind, rank, seconds))

    def start(rank, now, seconds):
        idle_threads[rank] -= 1
        push(now + seconds * (rank0_stretch if rank == 0 else 1), "end", rank)

    def assign(rank, now):
        nonlocal next_game
        left = n - next_game
        prefetch_only = rank > 0 and cap[rank] - held[rank] == 1 and left <= total_threads
        if next_game >= n or held[rank] >= cap[rank] or prefetch_only:
            return False
        seconds = games[next_game]
        next_game += 1
        held[rank] += 1
        push(now + (0 if rank == 0 else latency_s), "arrive", rank, seconds)
        return True

    any_assigned = True
    while any_assigned:
        any_assigned = False
        for rank in range(ranks):
            any_assigned = assign(rank, 0.0) or any_assigned
    wall = 0.0
    while events:
        now, _, kind, rank, seconds = heapq.heappop(events)
        if kind == "arrive":  # a game reaches its rank: play it, or queue it
            if idle_threads[rank] > 0:
                start(rank, now, seconds)
            else:
                queued[rank].append(seconds)
        elif kind == "end":  # a game ends: start the queued one, report to rank 0
            wall = max(wall, now)
            idle_threads[rank] += 1
            if queued[rank]:
                start(rank, now, queued[rank].pop(0))
            reported = now + (0 if rank == 0 else latency_s)
            gather_free = max(gather_free, reported) + gather_s
            gather_busy += gather_s
            push(gather_free, "gathered", rank)
        else:  # rank 0 has taken the result in: hand the rank its next game
            held[rank] -= 1
            assign(rank, now)
    wall = max(wall, gather_free)
    return wall, 1 - sum(games) / (total_threads * wall), n / wall, gather_busy / wall


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="?", default="docs/leaderboard-seed2015.json",
                        help="a result file with per-game seconds (default: docs/leaderboard-seed2015.json, "
                             "200 games per entrant)")
    parser.add_argument("--games", type=int, default=5000, help="games per entrant (default 5000)")
    parser.add_argument("--ranks", type=int, nargs="+", default=[8, 64, 512], help="MPI ranks, rank 0 included")
    parser.add_argument("--threads", type=int, default=1, help="--threads of every rank (default 1: a rank per core)")
    parser.add_argument("--gather-us", type=float, default=170,
                        help="rank 0's CPU time per game in microseconds (measured: see docs/performance-mpi.md)")
    parser.add_argument("--latency-us", type=float, default=500,
                        help="from a result's end to rank 0 seeing it, and from a hand-out to its rank "
                             "(default 500: half of the longest sleep between two probes)")
    parser.add_argument("--tail", choices=["exponential", "none"], default="exponential")
    parser.add_argument("--rank0-gathers-only", action="store_true",
                        help="model the older hand-out where rank 0 plays no games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times = per_entrant_seconds(args.results)
    games = draw_games(times, args.games, args.seed, args.tail == "exponential")
    work = sum(games)
    measured = [t for ts in times.values() for t in ts]
    print(f"{args.results}: {len(times)} entrants, {len(measured)} measured games, longest {max(measured):.1f} s")
    print(f"simulated: {len(times)} entrants x {args.games} games = {len(games)} games "
          f"({work / 3600:.1f} hours of one thread), tail {args.tail}: mean {work / len(games):.2f} s, "
          f"longest {max(games):.1f} s")
    gather_s = args.gather_us * 1e-6
    print(f"rank 0 gathers at most {1 / max(gather_s, 1e-9):,.0f} games/s ({args.gather_us:g} us each); "
          f"{'it plays no games' if args.rank0_gathers_only else 'it plays too'}; {args.threads} thread(s) per rank")
    print("| ranks | wall time | idle share | games/s into rank 0 | rank 0 gathering |")
    print("|---:|---:|---:|---:|---:|")
    for ranks in args.ranks:
        plays = not args.rank0_gathers_only
        stretch = 1.0
        for _ in range(2):  # rank 0's games stretched by the share of its core the gathering took
            wall, idle, rate, busy = simulate(games, ranks, args.threads, gather_s, args.latency_us * 1e-6, plays,
                                              stretch)
            stretch = 1 / max(0.1, 1 - busy / args.threads)
        print(f"| {ranks} | {wall / 60:.1f} min | {100 * idle:.1f}% | {rate:,.0f} | {100 * busy:.1f}% of a core |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
