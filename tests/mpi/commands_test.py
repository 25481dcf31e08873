#!/usr/bin/env python3
"""score, leaderboard, sweep and compare under mpiexec give the one-process result file
(timings aside), for compiled-in players, a --player-lib plugin and --python players (interpreted
and compiled) alike; a rank that cannot load a player stops the run naming the rank and file; a
run killed with SIGKILL halfway resumes on 1 and on 2 ranks to the uninterrupted result; when a
worker rank dies, rank 0's last words say how to finish the run; SIGTERM or SIGINT to one worker
rank stops the run as Ctrl-C does (exit 130, the finish line), and the run finishes on resuming."""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "testing"))
from run_files import game_lines, mpi_rank_pids, without_run_keys  # noqa: E402


def run(cmd, **kwargs):
    result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"FAILED ({result.returncode}): {' '.join(cmd)}\n{result.stdout}\n{result.stderr}")
    return result


def load(path):
    with open(path) as f:
        return without_run_keys(json.load(f))


def signal_rank_1(command, journal, sig):
    """Starts the MPI run `command`, sends `sig` to its rank 1 once two games are in `journal`,
    and waits for it to end: (the mpiexec process, rank 1's pid or None, its standard error)."""
    victim = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              start_new_session=True)
    deadline = time.time() + 300
    while (len(game_lines(journal)) < 2 or 1 not in mpi_rank_pids(victim.pid)) and victim.poll() is None \
            and time.time() < deadline:
        time.sleep(0.05)
    worker = mpi_rank_pids(victim.pid).get(1)
    if worker:
        os.kill(worker, sig)
    try:
        err = victim.communicate(timeout=120)[1]
    except subprocess.TimeoutExpired:
        os.killpg(victim.pid, signal.SIGKILL)
        err = victim.communicate()[1]
    return victim, worker, err


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ratrace", required=True)
    parser.add_argument("--mpiexec", required=True)
    parser.add_argument("--mpiexec-flags", default="", help="e.g. '--oversubscribe;--allow-run-as-root'")
    parser.add_argument("--plugin", required=True, help="a --player-lib library of the player 'Stripe Follower'")
    parser.add_argument("--python-examples", required=True, help="python/examples, with color_score.py")
    args = parser.parse_args()
    flags = [f for f in args.mpiexec_flags.replace(";", " ").split() if f]

    def mpi(ranks):
        return [args.mpiexec, "-n", str(ranks), *flags, args.ratrace]

    commands = {
        "score": ["score", "--player", "ColorScorePlayer", "--boards", "6", "--seed", "3", "--set", "turns=400"],
        "leaderboard": ["leaderboard", "--players", "ColorScorePlayer,Bishop", "--boards", "4", "--seed", "3",
                        "--set", "turns=300"],
        "sweep": ["sweep", "--player", "ColorScorePlayer", "--param", "mutation=0.005,0.02", "--boards", "4",
                  "--set", "turns=300"],
        "compare": ["compare", "--a", "ColorScorePlayer", "--b", "Blind Faith", "--boards", "4", "--max-boards", "12",
                    "--set", "turns=300"],
    }
    # Every rank loads these players itself, from the file the run names.
    examples = args.python_examples
    played = ["--boards", "4", "--seed", "3", "--set", "turns=400"]
    commands["plugin"] = ["score", "--player-lib", args.plugin, "--player", "Stripe Follower", *played]
    commands["python"] = ["score", "--python", f"{examples}/color_score.py:move", *played]
    commands["compiled"] = ["score", "--python", f"{examples}/color_score_compiled.py:move", *played]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        # A file that loads on rank 0 and fails on the others.
        rank_only = os.path.join(tmp, "rank_only.py")
        with open(rank_only, "w") as f:
            f.write("import os\n"
                    "if os.environ.get('OMPI_COMM_WORLD_RANK', '0') != '0':\n"
                    "    raise ImportError('not on this rank')\n"
                    "def move(genome, view, rng):\n"
                    "    return (1, 0)\n")
        refused = subprocess.run([*mpi(3), "score", "--python", f"{rank_only}:move", "--boards", "3", "--threads", "1"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
        named = refused.returncode == 2 and "cannot load player" in refused.stderr and rank_only in refused.stderr \
            and ("rank 1" in refused.stderr or "rank 2" in refused.stderr)
        print(f"a rank that cannot load the player: {'stops the run, naming rank and file' if named else 'NOT SAID'}")
        if not named:
            print(refused.returncode, refused.stderr[-2000:])
        failures += not named
        for name, cmd in commands.items():
            one = os.path.join(tmp, f"{name}-one")
            many = os.path.join(tmp, f"{name}-mpi")
            run([args.ratrace, *cmd, "--threads", "2", "--json", one + ".json", "--journal", one + ".jsonl"])
            run([*mpi(3), *cmd, "--threads", "1", "--json", many + ".json", "--journal", many + ".jsonl"])
            same = load(one + ".json") == load(many + ".json")
            print(f"{name}: {'same' if same else 'DIFFERENT'} result in one process and on 3 ranks")
            failures += not same

        # Kill a 3-rank run once a few games are in its journal, then finish it on 1 and 2 ranks.
        cmd = ["score", "--player", "Blind Faith", "--boards", "10", "--seed", "5", "--set", "turns=2500"]
        reference = os.path.join(tmp, "reference.json")
        run([args.ratrace, *cmd, "--threads", "2", "--json", reference, "--journal", os.path.join(tmp, "ref.jsonl")])
        killed = os.path.join(tmp, "killed.jsonl")
        victim = subprocess.Popen([*mpi(3), *cmd, "--threads", "1", "--journal", killed], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.time() + 300
        while len(game_lines(killed)) < 3 and victim.poll() is None and time.time() < deadline:
            time.sleep(0.05)
        kept = len(game_lines(killed))
        os.killpg(victim.pid, signal.SIGKILL)
        subprocess.run(["pkill", "-9", "-f", killed])
        victim.wait()
        print(f"killed the 3-rank run with {kept} of 10 games in its journal")
        if not 0 < kept < 10:
            print("the kill did not land halfway")
            failures += 1
        for ranks in (1, 2):
            copy = os.path.join(tmp, f"resume{ranks}.jsonl")
            with open(killed) as src, open(copy, "w") as dst:
                dst.write(src.read())
            out = os.path.join(tmp, f"resume{ranks}.json")
            launcher = [args.ratrace] if ranks == 1 else mpi(ranks)
            run([*launcher, "score", "--resume", copy, "--threads", "1", "--json", out])
            same = load(out)["results"] == load(reference)["results"] if "results" in load(out) else \
                load(out) == load(reference)
            print(f"resumed on {ranks} rank(s): {'same' if same else 'DIFFERENT'} result as the uninterrupted run")
            failures += not same

        # A worker rank dies: mpiexec then ends rank 0 (SIGTERM, then SIGKILL), whose last line
        # must still name the journal and the command that finishes the run. 200 boards, so that
        # the run outlasts the wait for its first games and for rank 1 to show.
        dying = os.path.join(tmp, "dying.jsonl")
        long_run = ["score", "--player", "Blind Faith", "--boards", "200", "--seed", "5", "--set", "turns=2500"]
        victim, worker, err = signal_rank_1([*mpi(3), *long_run, "--threads", "1", "--journal", dying], dying,
                                            signal.SIGKILL)
        hint = f"finish with: {args.ratrace} score --resume {dying}"
        told = worker is not None and hint in err
        print(f"a worker rank killed: rank 0 {'names' if told else 'does NOT name'} the command that finishes the run")
        if not told:
            print(err[-3000:])
        failures += not told
        # SIGTERM, then SIGINT, to one worker rank alone: rank 0 stops the run as on Ctrl-C (exit
        # 130, the finish line), and the journal finishes in one process.
        for sig in (signal.SIGTERM, signal.SIGINT):
            journal = os.path.join(tmp, f"signalled-{sig.name}.jsonl")
            victim, worker, err = signal_rank_1([*mpi(3), *long_run, "--threads", "1", "--journal", journal], journal,
                                                sig)
            hint = f"finish with: {args.ratrace} score --resume {journal}"
            stopped = worker is not None and victim.returncode == 130 and hint in err and \
                f"rank 1 received {sig.name}" in err and "ratrace: error" not in err
            kept = len(game_lines(journal))
            finished = stopped and kept < 200 and subprocess.run(
                [args.ratrace, "score", "--resume", journal, "--threads", "2"], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL).returncode == 0 and len(game_lines(journal)) == 200
            print(f"{sig.name} to a worker rank: {'stopped as on Ctrl-C' if stopped else 'NOT stopped as on Ctrl-C'}"
                  f" with {kept} of 200 games kept, {'finished' if finished else 'NOT finished'} by --resume")
            if not (stopped and finished):
                print(f"exit code {victim.returncode}\n{err[-3000:]}")
            failures += not (stopped and finished)
    print(f"{len(commands) + 4 + 2 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
