"""Runs across processes and players: MPI ranks killed or signalled, journal lines from elsewhere, edited Python players, Python return values, crashing plugins, FIFOs as inputs."""
import json
import os
import re
import shutil
import signal
import subprocess

from run_files import game_lines, journal_lines, mpi_rank_pids, without_run_keys
from probe.core import first_difference, last_line, line_content, log, read_json, wait_until, xxh64


# ---------------------------------------------------------------------------------------------
# 9. An MPI rank killed mid-run


def mpi_setup(p, fam):
    """What both MPI families need: mpirun, the run's words, its one-process reference result and
    mpirun's flag for root; None (the family skipped, saying why) without mpirun or MPI."""
    mpirun = shutil.which("mpirun")
    if not mpirun:
        fam.skipped = "no mpirun on PATH"
        return None
    version = subprocess.run([str(p.ratrace), "--version"], capture_output=True, text=True).stdout
    if not re.search(r"^MPI built in", version, re.M):
        fam.skipped = "ratrace is built without MPI"
        return None
    run_args = [p.ratrace, "score", "--boards", "10", "--seed", "5", "--set", f"turns={p.args.mpi_turns}",
                "--player", "Blind Faith", "--threads", "1"]
    reference, _ = p.reference("mpi", run_args + ["--journal", "ref.jsonl", "--json", "ref.json"], "ref.json")
    return mpirun, run_args, reference, ["--allow-run-as-root"] if os.geteuid() == 0 else []


def check_resumed(p, fam, label, folder, journal, kept, reference, interruption, flags):
    """Finishes an interrupted MPI run in one process with --resume: it must succeed, keep every
    game the journal held (`kept`) and give the one-process reference result."""
    final = p.runner.run([p.ratrace, "score", "--resume", "run.jsonl", "--json", "out.json", "--threads", "1",
                          *flags], folder, name="resume")
    if fam.crashed_or_hung(label + " (resume)", final):
        return
    if final.rc != 0:
        fam.defect("data lost", label, f"the resume fails: exit {final.rc}: {last_line(final.stderr)}", final,
                   [journal])
        return
    if kept - set(game_lines(journal)):
        fam.defect("data lost", label, f"games in the journal before the {interruption} are gone", final, [journal])
    result = read_json(folder / "out.json")
    if result is None or without_run_keys(result) != reference:
        fam.defect("data lost", label, "the resumed result differs from a one-process run's: "
                   + (first_difference(without_run_keys(result), reference) if result else "no result"), final,
                   [folder / "out.json", p.tmp / "reference" / "mpi" / "ref.json"])


def interrupt_rank_1(p, fam, setup, label, sig, outputs):
    """Starts the MPI run of `setup` on 3 ranks, journalling to run.jsonl, plus the `outputs`
    flags; once its journal holds 2 games and rank 1 runs, sends `sig` to rank 1 and waits for
    the run. Returns (folder, journal, the games kept before the signal, whether rank 1 was
    found, the finished run)."""
    mpirun, run_args, _, root = setup
    folder = p.case_dir(fam, label)
    journal = folder / "run.jsonl"
    # All ranks on the probe's core (--bind-to none keeps taskset's mask) unless --cpu is empty.
    launcher = p.runner.pin + [mpirun, *root, "--oversubscribe", "--bind-to", "none", "-n", "3", *run_args,
                               "--journal", "run.jsonl", *outputs]
    fam.tried += 1
    started = p.runner.start(launcher, folder, pin=False)
    wait_until(lambda: len(game_lines(journal)) >= 2 and 1 in mpi_rank_pids(started.proc.pid), started,
               p.args.timeout)
    kept = set(game_lines(journal))
    victim = mpi_rank_pids(started.proc.pid).get(1) if started.alive() else None
    if victim:
        os.kill(victim, sig)
    return folder, journal, kept, victim is not None, p.runner.finish(started)


def probe_mpi(p, fam):
    setup = mpi_setup(p, fam)
    if setup is None:
        return
    reference = setup[2]
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        label = f"mpirun -n 3, rank 1 killed {i}"
        folder, journal, kept, found, run = interrupt_rank_1(p, fam, setup, label, signal.SIGKILL, [])
        # mpirun's own exit code after a lost rank is Open MPI's; only a hang or a crash line counts.
        launcher_rc, run.rc = run.rc, None
        if fam.crashed_or_hung(label, run):
            continue
        log(f"  {label}: rank 1 {'killed' if found else 'not found (the run had ended)'} with "
            f"{len(kept)} games in the journal; mpirun exit {launcher_rc}")
        if found and "finish with:" not in run.stderr:
            fam.note(label, "the stopped run does not say how to finish ('finish with:')", run)
        check_resumed(p, fam, label, folder, journal, kept, reference, "kill", [])


def probe_mpi_signal(p, fam):
    setup = mpi_setup(p, fam)
    if setup is None:
        return
    reference = setup[2]
    for i in range(p.count(fam.name)):
        sig = (signal.SIGTERM, signal.SIGINT)[i % 2]
        label = f"mpirun -n 3, {sig.name} to rank 1 {i}"
        folder, journal, kept, found, run = interrupt_rank_1(p, fam, setup, label, sig, ["--json", "out.json"])
        if fam.crashed_or_hung(label, run):
            continue
        log(f"  {label}: rank 1 {'signalled' if found else 'not found (the run had ended)'} with "
            f"{len(kept)} games in the journal; exit {run.rc}")
        if run.rc == 0:
            if len(game_lines(journal)) != 10 or read_json(folder / "out.json") is None:
                fam.defect("data lost", label, "exit 0 without every game and the result", run, [journal])
            elif found and len(kept) < 10 - 3:  # games were left to hand out: the signal was ignored
                fam.note(label, "exit 0: the signal to rank 1 went unheeded (it should stop the run as Ctrl-C)",
                         run)
            continue
        if run.rc != 130 or "finish with:" not in run.stderr:
            fam.note(label, f"not stopped as on Ctrl-C (exit 130 and 'finish with:'): exit {run.rc}: "
                     f"{last_line(run.stderr)}", run)
        check_resumed(p, fam, label, folder, journal, kept, reference, "signal", ["--force"])


# ---------------------------------------------------------------------------------------------
# 12. Journal lines from elsewhere: another run's line, as it was or re-checksummed in place


def probe_journal_foreign(p, fam):
    # Two finished runs of one shape but other seeds: a line of the second put into the first.
    shape = ["score", "--player", "ColorScorePlayer", "--boards", "6", "--set", "turns=300", "--threads", "1"]
    bases = {}
    for seed in ("3", "4"):
        argv = [p.ratrace, *shape, "--seed", seed, "--journal", "j.jsonl", "--json", "out.json"]
        p.reference(f"foreign-{seed}", argv, "out.json")
        bases[seed] = journal_lines(p.tmp / "reference" / f"foreign-{seed}" / "j.jsonl")
    own, other = bases["3"], bases["4"]

    def rechecksummed(lines):
        """lines with every checksum recomputed along the chain: only their content can be wrong."""
        out, previous = [], 0
        for line in lines:
            body = json.dumps(line_content(line), separators=(",", ":"), sort_keys=True)
            previous = xxh64(body.encode(), previous)
            out.append(body[:-1] + f',"xxh64":"{previous:016x}"}}')
        return out

    cases = {
        # Line k replaced by the other run's line k as it was: its checksum belongs to another chain.
        "another run's line": lambda k: (own[:k - 1] + [other[k - 1]] + own[k:], k),
        # The same, every checksum then recomputed: the board's seed is not this master seed's.
        "another run's line, re-checksummed": lambda k: (rechecksummed(own[:k - 1] + [other[k - 1]] + own[k:]), k),
        # Two of this run's lines swapped: each checksum follows the wrong line.
        "two lines swapped": lambda k: (own[:k - 1] + [own[k], own[k - 1]] + own[k + 1:], k),
        # Another run's header, re-checksummed: every game's seed is then wrong for it.
        "another run's header, re-checksummed": lambda k: (rechecksummed([other[0]] + own[1:]), 2),
    }
    names = list(cases)
    for i in range(p.count(fam.name)):
        kind = names[i % len(names)]
        k = p.rng.randrange(2, len(own))  # a game line with one after it
        folder = p.case_dir(fam, kind)
        folder.mkdir(parents=True)
        lines, named = cases[kind](k)
        journal = folder / "j.jsonl"
        journal.write_text("\n".join(lines) + "\n")
        label = f"journal: {kind} (line {k})"
        run = fam.expect_refusal(p, label, [p.ratrace, "score", "--resume", "j.jsonl", "--threads", "1"], folder,
                                 [journal])
        if run.rc == 2 and not re.search(rf"\bline {named}\b", run.stderr):
            fam.note(label, f"refused without naming line {named}: {last_line(run.stderr)}", run, [journal])


# ---------------------------------------------------------------------------------------------
# 13. A --python player's file edited between two runs of one command


PLAYER_FILE = "def move(genome, view, rng):\n    return (1, {dy})\n"


def probe_player_code(p, fam):
    for i in range(p.count(fam.name)):
        label = f"--python file edited between runs {i}"
        folder = p.case_dir(fam, label)
        folder.mkdir(parents=True)
        player = folder / "walker.py"
        player.write_text(PLAYER_FILE.format(dy=0))
        argv = [p.ratrace, "score", "--python", "walker.py:move", "--boards", "2", "--seed", str(i + 1), "--set",
                "turns=200", "--threads", "1"]
        first = p.runner.run(argv + ["--json", "a.json"], folder, name="first")
        fam.tried += 1
        if fam.crashed_or_hung(label, first) or first.rc != 0:
            if first.rc not in (None, 0):
                fam.note(label, f"the first run fails: exit {first.rc}: {last_line(first.stderr)}", first)
            continue
        journals = sorted((folder / "runs").glob("*.jsonl"))
        player.write_text(PLAYER_FILE.format(dy=1 if i % 2 else -1))
        # The same command: a new run, in a new journal, never the old games reported again.
        second = p.runner.run(argv + ["--json", "b.json"], folder, name="second")
        fam.tried += 1
        if fam.crashed_or_hung(label + " (second run)", second):
            continue
        if "already finished" in second.stderr or sorted((folder / "runs").glob("*.jsonl")) == journals:
            fam.defect("silently accepted", label, "the edited player's run reused the old games", second,
                       [player])
        # Resuming the old journal with the new code: refused, the code named.
        if journals:
            third = fam.expect_refusal(p, label + " (--resume of the old journal)",
                                       [p.ratrace, "score", "--python", "walker.py:move", "--resume",
                                        str(journals[0]), "--threads", "1"], folder, [player, journals[0]],
                                       name="third")
            if third.rc == 2 and "changed" not in third.stderr:
                fam.note(label, f"the refusal does not say the player changed: {last_line(third.stderr)}", third)


# ---------------------------------------------------------------------------------------------
# 14. What a Python move function returns


PYTHON_RETURNS = [
    # (return expression, accepted): accepted ones are moves, the others player faults (exit 3).
    ("(2**70, 0)", False), ("(-2**70, 0)", False), ("(np.int64(1), np.int32(0))", True), ("(np.int64(5), 0)", False),
    ("'east'", False), ("(1.5, 0)", False), ("None", False), ("(1, 0, 0)", False), ("[1, 0]", True),
    ("(float('nan'), 0)", False), ("{'dx': 1}", False), ("(1, 0) if rng.below(2) else 'x'", False),
]


def probe_python_returns(p, fam):
    for i in range(p.count(fam.name)):
        expression, accepted = PYTHON_RETURNS[i % len(PYTHON_RETURNS)]
        label = f"move returns {expression}"
        folder = p.case_dir(fam, label)
        folder.mkdir(parents=True)
        player = folder / "ret.py"
        player.write_text(("import numpy as np\n" if "np." in expression else "")
                          + f"def move(genome, view, rng):\n    return {expression}\n")
        run = p.runner.run([p.ratrace, "score", "--python", "ret.py:move", "--boards", "1", "--set", "turns=20",
                            "--threads", "1", "--journal", "j.jsonl"], folder)
        if "No module named 'numpy'" in run.stderr:
            continue  # the interpreter ratrace embeds has no numpy: nothing to try
        fam.tried += 1
        if fam.crashed_or_hung(label, run, [player]):
            continue
        if accepted and run.rc != 0:
            fam.note(label, f"a valid move refused: exit {run.rc}: {last_line(run.stderr)}", run, [player])
        elif not accepted and run.rc == 0:
            fam.defect("silently accepted", label, "exit 0: the return value was taken for a move", run, [player])
        elif not accepted and (run.rc != 3 or "FAULT board 0: player fault" not in run.stdout):
            fam.note(label, f"exit {run.rc}, expected 3 with a FAULT line: {last_line(run.stderr)}", run, [player])


# ---------------------------------------------------------------------------------------------
# 15. A player plugin that crashes the process (SIGSEGV, SIGABRT), and a truncated plugin


def probe_plugin_crash(p, fam):
    plugin = p.ratrace.parent / "libratrace_test_crashing_player.so"
    if not plugin.exists():
        fam.skipped = f"no {plugin.name} (cmake --build build --target ratrace_test_crashing_player)"
        return
    cases = [("Crasher", "SIGSEGV"), ("Aborter", "SIGABRT")]
    for i in range(p.count(fam.name)):
        player, signame = cases[i % len(cases)]
        label = f"{player} ({signame}) {i}"
        folder = p.case_dir(fam, label)
        folder.mkdir(parents=True)
        base = [p.ratrace, "score", "--player-lib", str(plugin), "--boards", "3", "--seed", str(i + 1), "--set",
                "turns=50", "--threads", "1"]
        fam.tried += 1
        first = p.runner.run(base + ["--player", player, "--journal", "j.jsonl"], folder, name="crash")
        # Dying of the signal is what it must do here: only a missing line counts.
        if first.hung:
            fam.crashed_or_hung(label, first)
            continue
        expected = -getattr(signal, signame)
        line = re.search(rf"^ratrace: error: player '{player}' crashed \({signame}\) on board \d+ \(seed \d+\): "
                         r".*--isolate$", first.stderr, re.M)
        if first.rc != expected or not line:
            fam.defect("crashed", label, f"exit {first.rc} without the one line naming player, board and seed: "
                       f"{last_line(first.stderr)}", first)
            continue
        fam.tried += 1
        isolated = p.runner.run([p.ratrace, "score", "--player-lib", str(plugin), "--resume", "j.jsonl", "--isolate",
                                 "--threads", "1"], folder, name="isolate")
        if fam.crashed_or_hung(label + " (--isolate)", isolated):
            continue
        faults = sum(f'"crashed: {signame} [player {player}' in g for g in game_lines(folder / "j.jsonl"))
        if isolated.rc != 3 or faults != 3:
            fam.note(label, f"--isolate: exit {isolated.rc} with {faults} of 3 crashes kept as faults: "
                     f"{last_line(isolated.stderr)}", isolated)
    # A plugin cut short (an interrupted copy): refused by name, exit 2.
    truncated = p.case_dir(fam, "truncated plugin")
    truncated.mkdir(parents=True)
    (truncated / "bad.so").write_bytes(plugin.read_bytes()[:3000])
    run = fam.expect_refusal(p, "truncated plugin", [p.ratrace, "players", "--player-lib", "./bad.so"], truncated)
    if run.rc == 2 and "truncated" not in run.stderr:
        fam.note("truncated plugin", f"refused without saying it is truncated: {last_line(run.stderr)}", run)


# ---------------------------------------------------------------------------------------------
# 16. FIFOs (and a folder) given as input files: refused at once, never waited on


def probe_fifo_inputs(p, fam):
    folder = p.tmp / fam.name
    folder.mkdir(parents=True, exist_ok=True)
    fifo = folder / "input.fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    (folder / "a-folder").mkdir(exist_ok=True)
    readers = [
        (p.ratrace, ["play", "--config", "{f}", "--board", "0", "--set", "turns=5"]),
        (p.ratrace, ["play", "--track", "{f}", "--turns", "5"]),
        (p.ratrace, ["render", "--record", "{f}", "--out", "x.svg"]),
        (p.ratrace, ["replay", "--record", "{f}", "--html", "x.html"]),
        (p.ratrace, ["score", "--resume", "{f}"]),
        (p.ratrace, ["score", "--config", "{f}", "--boards", "1", "--journal", "j.jsonl"]),
        (p.menace, ["boxes", "--load", "{f}"]),
        (p.morpion, ["encode", "{f}"]),
    ]
    for program, argv in readers:
        if not program.exists():
            continue
        for path in (fifo, folder / "a-folder"):
            label = f"{program.name} {argv[0]} {argv[1]} {path.name}"
            fam.expect_refusal(p, label, [program, *[a.format(f=path) for a in argv]], folder, [path],
                               name=re.sub(r"[^a-z]+", "-", label))
