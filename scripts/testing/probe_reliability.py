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
import copy
import dataclasses
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from run_files import game_lines, journal_lines, mpi_rank_pids, without_run_keys

OK_CODES = {0, 1, 2, 3, 130}
CRASH_TEXT = re.compile(r"terminate called|Assertion|Segmentation")
MESSAGE = re.compile(r"\b(error|warning):")
COLUMNS = ("crashed", "hung", "silently accepted", "data lost")
# A family gives up after this many hangs: each costs a whole --timeout.
MAX_HANGS = 3
# The layer code of the 135-move game of morpion/README.md, and of the best grid (155).
MORPION_CODES = ("BBYqjXKmCREUk9zxEuXW3nx3v/u/x/JvuX+9P70", "XYhAB7Q40SRaSVYgIltir0X727r/vK2z9ul3uz+7/76/c")
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def log(text):
    print(text, file=sys.stderr, flush=True)


class ProbeError(Exception):
    """The probe itself cannot go on with a family (a reference run failed, a tool is missing)."""


# ---------------------------------------------------------------------------------------------
# Running programs


@dataclasses.dataclass
class Run:
    argv: list
    cwd: Path
    stdin: Path = None
    rc: int = None  # negative: the signal that ended the process
    stdout: str = ""
    stderr: str = ""
    hung: bool = False
    sent: int = None  # the signal the probe sent, if any
    seconds: float = 0.0

    def command(self):
        text = f"cd {shlex.quote(str(self.cwd))} && {shlex.join(self.argv)}"
        return text + (f" < {shlex.quote(self.stdin.name)}" if self.stdin else "")


class Started:
    """A process under way, with the Run it will fill in."""

    def __init__(self, proc, run, out_path, err_path, began):
        self.proc, self.run, self.out_path, self.err_path, self.began = proc, run, out_path, err_path, began

    def alive(self):
        return self.proc.poll() is None


class Runner:
    def __init__(self, pin, timeout):
        self.pin, self.timeout = pin, timeout

    def start(self, argv, cwd, stdin=None, name="run", pin=True):
        """Starts argv in cwd; its output goes to NAME.stdout and NAME.stderr there."""
        cwd.mkdir(parents=True, exist_ok=True)
        argv = (self.pin if pin else []) + [str(a) for a in argv]
        out_path, err_path = cwd / f"{name}.stdout", cwd / f"{name}.stderr"
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            source = open(stdin, "rb") if stdin else subprocess.DEVNULL
            try:
                proc = subprocess.Popen(argv, cwd=cwd, stdin=source, stdout=out, stderr=err)
            finally:
                if stdin:
                    source.close()
        return Started(proc, Run(argv, cwd, stdin), out_path, err_path, time.monotonic())

    def send(self, started, sig):
        started.run.sent = sig
        if started.alive():
            started.proc.send_signal(sig)

    def finish(self, started, timeout=None):
        """Waits for the process; one still running after the timeout is hung and killed."""
        try:
            started.proc.wait(timeout or self.timeout)
        except subprocess.TimeoutExpired:
            started.run.hung = True
            started.proc.kill()
            started.proc.wait()
        run = started.run
        run.rc = started.proc.returncode
        run.seconds = time.monotonic() - started.began
        run.stdout = started.out_path.read_bytes().decode("utf-8", "replace")
        run.stderr = started.err_path.read_bytes().decode("utf-8", "replace")
        return run

    def run(self, argv, cwd, stdin=None, name="run", timeout=None, stdin_data=None):
        if stdin_data is not None:
            cwd.mkdir(parents=True, exist_ok=True)
            stdin = cwd / f"{name}.stdin"
            stdin.write_bytes(stdin_data if isinstance(stdin_data, bytes) else stdin_data.encode())
        return self.finish(self.start(argv, cwd, stdin, name), timeout)


def crash_reason(run):
    if run.rc is not None and run.rc < 0 and -run.rc != run.sent:
        return f"killed by {signal.Signals(-run.rc).name}"
    if run.rc is not None and run.rc >= 0 and run.rc not in OK_CODES:
        return f"exit code {run.rc}"
    match = CRASH_TEXT.search(run.stderr)
    return f"'{match.group(0)}' on standard error" if match else None


def last_line(text):
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1][:300] if lines else "(nothing on standard error)"


def wait_until(condition, started, limit):
    """Polls condition() until it holds, the process ends, or limit seconds pass."""
    end = time.monotonic() + limit
    while time.monotonic() < end and started.alive() and not condition():
        time.sleep(0.005)
    return condition()


# ---------------------------------------------------------------------------------------------
# What a family found


@dataclasses.dataclass
class Finding:
    family: str
    column: str  # one of COLUMNS, or "note"
    label: str
    what: str
    command: str = None
    inputs: tuple = ()

    def text(self):
        lines = [f"- [{self.family}] {self.column}: {printable(self.label)}: {printable(self.what)}"]
        if self.command:
            lines.append(f"    command: {printable(self.command)}")
        for path in self.inputs:
            lines.append(f"    input:   {path}")
        return "\n".join(lines)


def printable(text):
    """text with control characters (a NUL of a fuzzed input) written as escapes."""
    return re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\x{ord(m.group()):02x}", text)


class Family:
    def __init__(self, name, title, timeout):
        self.name, self.title, self.timeout = name, title, timeout
        self.tried = 0
        self.found = {column: [] for column in COLUMNS}
        self.notes = []
        self.skipped = None

    def defect(self, column, label, what, run=None, inputs=()):
        self.found[column].append(
            Finding(self.name, column, label, what, run.command() if run else None, tuple(map(str, inputs))))

    def note(self, label, what, run=None, inputs=()):
        self.notes.append(Finding(self.name, "note", label, what, run.command() if run else None,
                                  tuple(map(str, inputs))))

    def gave_up(self):
        return len(self.found["hung"]) >= MAX_HANGS

    def crashed_or_hung(self, label, run, inputs=()):
        """Records a crash or a hang of run; True if there was one (nothing else is then checked)."""
        if run.hung:
            self.defect("hung", label, f"still running after {self.timeout:g} s (killed by the probe)", run, inputs)
            return True
        reason = crash_reason(run)
        if reason:
            self.defect("crashed", label, f"{reason}: {last_line(run.stderr)}", run, inputs)
            return True
        return False

    def expect_refusal(self, p, label, argv, cwd, inputs=(), stdin_data=None, name=None):
        """Runs argv on a certainly invalid input: it must exit 2 with an error line."""
        self.tried += 1
        run = p.runner.run(argv, cwd, stdin_data=stdin_data, name=name or "run")
        if self.crashed_or_hung(label, run, inputs):
            return run
        if run.rc == 0 and not MESSAGE.search(run.stderr):
            self.defect("silently accepted", label, "exit 0 without an error message", run, inputs)
        elif run.rc == 0:
            self.note(label, f"exit 0 for a bad input, with the message: {last_line(run.stderr)}", run, inputs)
        elif run.rc != 2:
            self.note(label, f"exit {run.rc} for a bad input (the conventions say 2): {last_line(run.stderr)}",
                      run, inputs)
        elif "error:" not in run.stderr:
            self.note(label, "exit 2 without an 'error:' line", run, inputs)
        return run


# ---------------------------------------------------------------------------------------------
# Files


def read_json(path):
    """The JSON document in path, or None if it is missing or not valid JSON."""
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None


def first_difference(a, b, where="$"):
    if type(a) is not type(b):
        return f"{where}: {str(a)[:80]} vs {str(b)[:80]}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{where}.{key} present on one side only"
            if a[key] != b[key]:
                return first_difference(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} vs {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{where}[{i}]")
    return f"{where}: {str(a)[:80]} vs {str(b)[:80]}"


def dumps(doc):
    return json.dumps(doc, indent=2) + "\n"


# XXH64, written from the algorithm's public description: a journal line ends in
# ,"xxh64":"<16 hex digits>"} over the line's text without that field, seeded with the previous
# line's checksum (0 for the header), so a mutated line can be given a valid checksum, and only
# its content, not the checksum, makes it invalid.
_M64 = (1 << 64) - 1
_P1, _P2, _P3, _P4, _P5 = (0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0x85EBCA77C2B2AE63,
                           0x27D4EB2F165667C5)


def _rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & _M64


def _round(acc, lane):
    return _rotl((acc + lane * _P2) & _M64, 31) * _P1 & _M64


def xxh64(data, seed=0):
    n, i = len(data), 0
    if n >= 32:
        v = [(seed + _P1 + _P2) & _M64, (seed + _P2) & _M64, seed, (seed - _P1) & _M64]
        while i + 32 <= n:
            for k in range(4):
                v[k] = _round(v[k], int.from_bytes(data[i + 8 * k:i + 8 * k + 8], "little"))
            i += 32
        acc = (_rotl(v[0], 1) + _rotl(v[1], 7) + _rotl(v[2], 12) + _rotl(v[3], 18)) & _M64
        for lane in v:
            acc = ((acc ^ _round(0, lane)) * _P1 + _P4) & _M64
    else:
        acc = (seed + _P5) & _M64
    acc = (acc + n) & _M64
    while i + 8 <= n:
        acc = (_rotl(acc ^ _round(0, int.from_bytes(data[i:i + 8], "little")), 27) * _P1 + _P4) & _M64
        i += 8
    if i + 4 <= n:
        acc = (_rotl(acc ^ (int.from_bytes(data[i:i + 4], "little") * _P1 & _M64), 23) * _P2 + _P3) & _M64
        i += 4
    for byte in data[i:]:
        acc = _rotl(acc ^ (byte * _P5 & _M64), 11) * _P1 & _M64
    acc = (acc ^ (acc >> 33)) * _P2 & _M64
    acc = (acc ^ (acc >> 29)) * _P3 & _M64
    return acc ^ (acc >> 32)


def checksummed(doc):
    """doc as a journal line with a valid checksum (no newline)."""
    text = json.dumps(doc, separators=(",", ":"), sort_keys=True)
    return f'{text[:-1]},"xxh64":"{xxh64(text.encode()):016x}"}}'


def nul_junk_line(doc):
    """A journal line whose checked text is doc's JSON, a NUL byte and junk: not one JSON value."""
    body = json.dumps(doc, separators=(",", ":"), sort_keys=True) + "\0junk}"
    return f'{body[:-1]},"xxh64":"{xxh64(body.encode()):016x}"}}'


def line_content(line):
    doc = json.loads(line)
    doc.pop("xxh64", None)
    return doc


# ---------------------------------------------------------------------------------------------
# The probe's shared state


class Probe:
    def __init__(self, args, build, tmp):
        self.args, self.tmp = args, tmp
        self.rng = random.Random(args.seed)
        self.runner = Runner(["taskset", "-c", args.cpu] if args.cpu else [], args.timeout)
        self.ratrace = build / "ratrace"
        self.morpion = build / "morpion" / "morpion"
        self.menace = build / "menace" / "menace"
        self.references = {}
        self.serial = 0

    def count(self, family):
        if family in self.args.count:
            return self.args.count[family]
        quick, full = COUNTS[family]
        return full if self.args.full else quick

    def case_dir(self, fam, label):
        self.serial += 1
        slug = re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-")[:50]
        return self.tmp / fam.name / f"{self.serial:04d}-{slug}"

    def reference(self, key, argv, result=None, stdin_data=None):
        """Runs argv once, uninterrupted, in reference/KEY: (normalized result or None, seconds)."""
        if key not in self.references:
            folder = self.tmp / "reference" / key
            run = self.runner.run(argv, folder, stdin_data=stdin_data)
            if run.hung or run.rc != 0:
                raise ProbeError(f"reference run failed (exit {run.rc}): {run.command()}: {last_line(run.stderr)}")
            doc = without_run_keys(read_json(folder / result)) if result else None
            self.references[key] = (doc, max(run.seconds, 0.05))
        return self.references[key]


# ---------------------------------------------------------------------------------------------
# 1, 2. kill -9 and SIGINT of ratrace's game-running commands, then --resume

RUN_SHAPES = {
    "score": ["score", "--player", "ColorScorePlayer", "--boards", "6"],
    "leaderboard": ["leaderboard", "--players", "ColorScorePlayer,Bishop", "--boards", "6"],
    "sweep": ["sweep", "--param", "mutation=0.005,0.02", "--boards", "6"],
    "compare": ["compare", "--a", "ColorScorePlayer", "--b", "Blind Faith", "--boards", "6", "--max-boards", "12"],
}
JOURNAL, RESULT = "run.jsonl", "result.json"


def run_argv(p, command):
    # Relative file names: every trial folder gives the same command line.
    return [p.ratrace, *RUN_SHAPES[command], "--seed", "11", "--set", f"turns={p.args.turns}", "--threads", "1",
            "--journal", JOURNAL, "--json", RESULT]


def resume_argv(p, command):
    return [p.ratrace, command, "--resume", JOURNAL, "--json", RESULT, "--threads", "1"]


def check_interrupted_exit(fam, label, run, journal):
    """After a SIGINT: exit 130, a 'finish with' line, and no more games claimed than kept."""
    if run.rc == 0:
        return  # the run had finished before the signal came
    if run.rc != 130:
        fam.note(label, f"exit {run.rc} after SIGINT (130 documented): {last_line(run.stderr)}", run)
        return
    if "finish with" not in run.stderr:
        fam.note(label, "exit 130 without a 'finish with' line", run)
    claimed = re.search(r"interrupted: (\d+) of \d+ games kept", run.stderr)
    if claimed and int(claimed.group(1)) > len(game_lines(journal)):
        fam.defect("data lost", label, f"says {claimed.group(1)} games were kept, the journal holds "
                   f"{len(game_lines(journal))}", run, [journal])


def interrupted_trial(p, fam, command, sig, label):
    """Starts a run, sends sig at a random moment (once or twice), finishes it, compares."""
    folder = p.case_dir(fam, label)
    reference, seconds = p.reference(command, run_argv(p, command), RESULT)
    journal = folder / JOURNAL
    kept = set()  # game lines in the journal when a signal was sent: they must survive
    argv = run_argv(p, command)
    signals = 1 if sig == signal.SIGINT else p.rng.choice((1, 1, 2))
    fam.tried += 1
    for attempt in range(signals):
        started = p.runner.start(argv, folder, name=f"attempt{attempt}")
        if sig == signal.SIGINT:  # from when the run is under way (its journal header is written)
            wait_until(lambda: journal_lines(journal), started, p.args.timeout)
            time.sleep(p.rng.uniform(0, 0.9 * seconds))
        else:
            time.sleep(p.rng.uniform(0, 1.1 * seconds))
        kept.update(game_lines(journal))
        p.runner.send(started, sig)
        run = p.runner.finish(started)
        if fam.crashed_or_hung(label, run):
            return
        if sig == signal.SIGINT:
            check_interrupted_exit(fam, label, run, journal)
        log(f"  {label}: {signal.Signals(sig).name} after {run.seconds:.2f} s, exit {run.rc}, "
            f"{len(game_lines(journal))} games in the journal")
        # A run killed before its journal had a header starts again; otherwise it is resumed.
        argv = resume_argv(p, command) if journal_lines(journal) else run_argv(p, command)
    final = p.runner.run(argv, folder, name="final")
    if fam.crashed_or_hung(label, final):
        return
    if final.rc != 0:
        if kept:
            fam.defect("data lost", label, f"the run cannot be finished: exit {final.rc}: {last_line(final.stderr)}",
                       final, [journal])
        else:
            fam.note(label, f"restart after an early {signal.Signals(sig).name} fails: exit {final.rc}: "
                     f"{last_line(final.stderr)}", final, [journal])
        return
    missing = kept - set(game_lines(journal))
    if missing:
        fam.defect("data lost", label, f"{len(missing)} game line(s) in the journal at the signal are gone",
                   final, [journal])
    if tmp_files(folder):
        fam.note(label, f"temporary files left after the resumed run: {tmp_files(folder)}", final)
    result = read_json(folder / RESULT)
    if result is None:
        fam.defect("data lost", label, "exit 0 but no readable result file", final)
    elif without_run_keys(result) != reference:
        fam.defect("data lost", label, "the resumed result differs from the uninterrupted run's: "
                   + first_difference(without_run_keys(result), reference), final,
                   [folder / RESULT, p.tmp / "reference" / command / RESULT])


def interrupted_trials(p, fam, sig):
    commands = list(RUN_SHAPES)
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        command = commands[i % len(commands)]
        interrupted_trial(p, fam, command, sig, f"{command} {i}")


def probe_kill9(p, fam):
    interrupted_trials(p, fam, signal.SIGKILL)


def probe_sigint(p, fam):
    interrupted_trials(p, fam, signal.SIGINT)


# ---------------------------------------------------------------------------------------------
# 3. Two runs writing the same result file at once


def racers(p):
    """Per program: argv(seed, k) of a one-second run writing c.json, and a result's seed."""
    return {
        "ratrace score": (lambda seed, k: [p.ratrace, "score", "--boards", "6", "--seed", seed, "--set",
                                           f"turns={p.args.turns}", "--threads", "1", "--journal", f"j{k}.jsonl",
                                           "--json", "c.json"],
                          lambda doc: str(doc["master_seed"])),
        "morpion search": (lambda seed, k: [p.morpion, "search", "--threads", "1", "--iterations", "30000",
                                            "--seed", seed, "--json", "c.json"],
                           lambda doc: str(doc["master_seed"])),
        "menace train": (lambda seed, k: [p.menace, "train", "--games", "300000", "--threads", "1", "--seed", seed,
                                          "--curve", "c.json"],
                         lambda doc: str(doc["config"]["seed"])),
    }


def probe_race(p, fam):
    programs = racers(p)
    names = list(programs)
    for i in range(p.count(fam.name)):
        name = names[i % len(names)]
        argv_of, seed_of = programs[name]
        label = f"{name} {i}"
        folder = p.case_dir(fam, label)
        seeds = [str(s) for s in p.rng.sample(range(1, 1000), 2)]
        fam.tried += 1
        started = [p.runner.start(argv_of(seed, k), folder, name=f"run{k}") for k, seed in enumerate(seeds)]
        runs = [p.runner.finish(s) for s in started]
        if any(fam.crashed_or_hung(label, run) for run in runs):
            continue
        files = {}  # name -> the seed of the result it holds (None: unreadable)
        for path in sorted(folder.glob("c*.json")):
            doc = read_json(path)
            files[path.name] = seed_of(doc) if isinstance(doc, dict) else None
            if files[path.name] is None:
                fam.defect("data lost", label, f"{path.name} is not a complete result", runs[0], [path])
        for run, seed in zip(runs, seeds):
            kept = re.search(r"kept in '([^']+)'", run.stderr)
            if run.rc == 0 and seed not in files.values():
                fam.defect("data lost", label, f"the run of seed {seed} exited 0 but its result is in no file "
                           f"(files: {files})", run)
            elif run.rc == 2 and kept and files.get(Path(kept.group(1)).name) != seed:
                fam.defect("data lost", label, f"says its result is kept in {kept.group(1)}, which does not hold it",
                           run)
            elif run.rc not in (0, 2):
                fam.note(label, f"exit {run.rc}: {last_line(run.stderr)}", run)
        log(f"  {label}: exits {[r.rc for r in runs]}, files {sorted(files)}")


# ---------------------------------------------------------------------------------------------
# 4. An output that exists, or two outputs naming one file


@dataclasses.dataclass
class OutputCase:
    label: str
    argv: list
    keep: tuple = ()  # files that exist before the run and must stay byte for byte
    setup: tuple = ()  # argv run first (making real earlier files); files of keep not made are sentinels
    stdin: str = None
    links: tuple = ()  # (link, target) symbolic links made first
    dirs: tuple = ()


def one_game_of_moves():
    return "LL\nLM\nLR\nML\nMM\nMR\nRL\nRM\nRR\n"


def existing_output_cases(p):
    r, m, n = p.ratrace, p.morpion, p.menace
    small = ["--boards", "2", "--set", "turns=200", "--threads", "1"]
    score = [r, "score", *small]
    code = MORPION_CODES[0]
    finished_journal = [score + ["--journal", "same.jsonl"]]
    track = [r, "track", "--json", "t.json"]
    return [
        OutputCase("score --json equal to --journal (no file yet)", score + ["--journal", "same.jsonl", "--json",
                                                                             "same.jsonl"]),
        OutputCase("score --json equal to the --journal of a finished run",
                   score + ["--journal", "same.jsonl", "--json", "same.jsonl"], ("same.jsonl",), finished_journal),
        OutputCase("score --json naming the journal through sub/..",
                   score + ["--journal", "same.jsonl", "--json", "sub/../same.jsonl"], ("same.jsonl",),
                   finished_journal, dirs=("sub",)),
        OutputCase("score --json a symbolic link to the journal",
                   score + ["--journal", "same.jsonl", "--json", "link.json"], ("same.jsonl",), finished_journal,
                   links=(("link.json", "same.jsonl"),)),
        OutputCase("score --json existing (another run's result)",
                   score + ["--seed", "1", "--journal", "j1.jsonl", "--json", "out.json"], ("out.json",),
                   [score + ["--seed", "2", "--journal", "j2.jsonl", "--json", "out.json"]]),
        OutputCase("leaderboard --markdown existing",
                   [r, "leaderboard", "--players", "ColorScorePlayer,Bishop", *small, "--journal", "j.jsonl",
                    "--markdown", "lb.md"], ("lb.md",)),
        OutputCase("leaderboard --json and --markdown one file",
                   [r, "leaderboard", "--players", "ColorScorePlayer,Bishop", *small, "--journal", "j.jsonl",
                    "--json", "x.json", "--markdown", "x.json"]),
        OutputCase("sweep --csv existing", [r, "sweep", "--param", "mutation=0.005,0.02", *small, "--journal",
                                            "j.jsonl", "--csv", "s.csv"], ("s.csv",)),
        OutputCase("sweep --json and --csv one file", [r, "sweep", "--param", "mutation=0.005,0.02", *small,
                                                       "--journal", "j.jsonl", "--json", "x.json", "--csv", "x.json"]),
        OutputCase("compare --json existing", [r, "compare", "--a", "ColorScorePlayer", "--b", "Bishop", *small,
                                               "--max-boards", "2", "--journal", "j.jsonl", "--json", "c.json"],
                   ("c.json",)),
        OutputCase("track --json existing", [r, "track", "--seed", "1", "--json", "t.json"], ("t.json",)),
        OutputCase("play --record existing", [r, "play", "--board", "0", "--turns", "20", "--record", "r.json"],
                   ("r.json",)),
        OutputCase("play --trace existing", [r, "play", "--track", "t.json", "--turns", "5", "--trace", "t.jsonl"],
                   ("t.jsonl",), [track]),
        OutputCase("play --trace and --record one file",
                   [r, "play", "--track", "t.json", "--turns", "5", "--trace", "x.json", "--record", "x.json"],
                   setup=[track]),
        OutputCase("render --out existing", [r, "render", "--seed", "1", "--board", "0", "--out", "t.svg"],
                   ("t.svg",)),
        OutputCase("replay --html existing", [r, "replay", "--record", "r.json", "--html", "r.html"], ("r.html",),
                   [[r, "play", "--board", "0", "--turns", "20", "--record", "r.json"]]),
        OutputCase("morpion search --json existing",
                   [m, "search", "--threads", "1", "--iterations", "200", "--json", "s.json"], ("s.json",)),
        OutputCase("morpion nrpa --json existing",
                   [m, "nrpa", "--level", "1", "--threads", "1", "--json", "s.json"], ("s.json",)),
        OutputCase("morpion decode --game existing", [m, "decode", code, "--game", "g.json"], ("g.json",)),
        OutputCase("morpion svg -o existing", [m, "svg", "--code", code, "-o", "g.svg"], ("g.svg",)),
        OutputCase("menace train --curve existing", [n, "train", "--games", "100", "--threads", "1", "--curve",
                                                     "c.json"], ("c.json",)),
        OutputCase("menace train --save existing (earlier boxes)",
                   [n, "train", "--games", "100", "--seed", "2", "--threads", "1", "--save", "b.json"], ("b.json",),
                   [[n, "train", "--games", "100", "--threads", "1", "--save", "b.json"]]),
        OutputCase("menace train --load and --save one file, no --force",
                   [n, "train", "--games", "100", "--threads", "1", "--load", "b.json", "--save", "b.json"],
                   ("b.json",), [[n, "train", "--games", "100", "--threads", "1", "--save", "b.json"]]),
        OutputCase("menace train --curve and --save one file",
                   [n, "train", "--games", "100", "--threads", "1", "--curve", "x.json", "--save", "x.json"]),
        OutputCase("menace play --save existing", [n, "play", "--save", "b.json"], ("b.json",),
                   stdin="1\n" + one_game_of_moves()),
        OutputCase("menace boxes --svg existing", [n, "boxes", "--svg", "b.svg"], ("b.svg",)),
    ]


def probe_exists(p, fam):
    for case in existing_output_cases(p):
        folder = p.case_dir(fam, case.label)
        folder.mkdir(parents=True)
        for d in case.dirs:
            (folder / d).mkdir()
        for setup in case.setup:
            if p.runner.run(setup, folder, name="setup").rc != 0:
                raise ProbeError(f"setup failed in {folder}: {shlex.join(map(str, setup))}")
        for name in case.keep:
            if not (folder / name).exists():
                (folder / name).write_text(f"an earlier file the user keeps ({case.label})\n")
        for link, target in case.links:
            (folder / link).symlink_to(target)
        before = {name: (folder / name).read_bytes() for name in case.keep}
        fam.tried += 1
        run = p.runner.run(case.argv, folder, stdin_data=case.stdin)
        if fam.crashed_or_hung(case.label, run):
            continue
        changed = [name for name, data in before.items() if not (folder / name).exists()
                   or (folder / name).read_bytes() != data]
        if changed:
            fam.defect("data lost", case.label, f"replaced or changed without --force: {', '.join(changed)}", run)
        if run.rc == 0 and not MESSAGE.search(run.stderr):
            fam.defect("silently accepted", case.label, "exit 0 without an error message" + (
                "" if case.keep else ": the two outputs went to one file, which holds only one of them"), run)
        elif run.rc != 2:
            fam.note(case.label, f"exit {run.rc} (2 documented): {last_line(run.stderr)}", run)
    log(f"  {fam.tried} cases")


# ---------------------------------------------------------------------------------------------
# 5. Unwritable outputs: a full disk, a folder that cannot be made or written


def unwritable_outputs(p):
    """(label, extension, argv(OUT), setup argv or None, stdin) per output flag."""
    r, m, n = p.ratrace, p.morpion, p.menace
    small = ["--boards", "2", "--set", "turns=200", "--threads", "1"]
    record = [r, "play", "--board", "0", "--turns", "20", "--record", "r.json"]
    return [
        ("ratrace score --json", ".json", lambda o: [r, "score", *small, "--journal", "j.jsonl", "--json", o],
         None, None),
        ("ratrace score --journal", ".jsonl", lambda o: [r, "score", *small, "--journal", o], None, None),
        ("ratrace leaderboard --markdown", ".md",
         lambda o: [r, "leaderboard", "--players", "ColorScorePlayer,Bishop", *small, "--journal", "j.jsonl",
                    "--markdown", o], None, None),
        ("ratrace sweep --csv", ".csv", lambda o: [r, "sweep", "--param", "mutation=0.005,0.02", *small,
                                                    "--journal", "j.jsonl", "--csv", o], None, None),
        ("ratrace track --json", ".json", lambda o: [r, "track", "--json", o], None, None),
        ("ratrace play --trace", ".jsonl", lambda o: [r, "play", "--track", "t.json", "--turns", "5", "--trace", o],
         [r, "track", "--json", "t.json"], None),
        ("ratrace play --record", ".json", lambda o: [r, "play", "--board", "0", "--turns", "20", "--record", o],
         None, None),
        ("ratrace render --out", ".svg", lambda o: [r, "render", "--out", o], None, None),
        ("ratrace replay --html", ".html", lambda o: [r, "replay", "--record", "r.json", "--html", o], record, None),
        ("morpion search --json", ".json", lambda o: [m, "search", "--threads", "1", "--iterations", "200",
                                                       "--json", o], None, None),
        ("morpion nrpa --json", ".json", lambda o: [m, "nrpa", "--level", "1", "--threads", "1", "--json", o],
         None, None),
        ("morpion decode --game", ".json", lambda o: [m, "decode", MORPION_CODES[0], "--game", o], None, None),
        ("morpion svg -o", ".svg", lambda o: [m, "svg", "--code", MORPION_CODES[0], "-o", o], None, None),
        ("menace train --curve", ".json", lambda o: [n, "train", "--games", "200", "--threads", "1", "--curve", o],
         None, None),
        ("menace train --save", ".json", lambda o: [n, "train", "--games", "200", "--threads", "1", "--save", o],
         None, None),
        ("menace play --save", ".json", lambda o: [n, "play", "--save", o], None, "1\n" + one_game_of_moves()),
        ("menace boxes --svg", ".svg", lambda o: [n, "boxes", "--svg", o], None, None),
    ]


def unwritable_targets(folder):
    """(kind, path maker) of places no output can be written; root ignores folder permissions."""
    targets = []
    if Path("/dev/full").exists():
        targets.append(("/dev/full", lambda ext: "/dev/full"))
    (folder / "plain.txt").write_text("a file, not a folder\n")
    targets.append(("below a regular file", lambda ext: str(folder / "plain.txt" / f"out{ext}")))
    targets.append(("in a folder that cannot be made", lambda ext: f"/proc/no-such-folder/out{ext}"))
    if os.geteuid() != 0:
        locked = folder / "read-only"
        locked.mkdir(exist_ok=True)
        locked.chmod(0o500)
        targets.append(("in a read-only folder", lambda ext: str(locked / f"out{ext}")))
    # Not a bad output: a missing folder is made (the programs create the folders of outputs).
    targets.append(("in a missing folder (made, not an error)", lambda ext: str(folder / "missing" / "deeper" /
                                                                                 f"out{ext}")))
    return targets


def probe_unwritable(p, fam):
    folder = p.tmp / fam.name
    folder.mkdir(parents=True, exist_ok=True)
    for kind, make_path in unwritable_targets(folder):
        for label, ext, argv_of, setup, stdin in unwritable_outputs(p):
            case = f"{label} {kind}"
            out = make_path(ext)
            where = p.case_dir(fam, case)
            where.mkdir(parents=True)
            if setup and p.runner.run(setup, where, name="setup").rc != 0:
                raise ProbeError(f"setup failed in {where}")
            fam.tried += 1
            run = p.runner.run(argv_of(out), where, stdin_data=stdin)
            if fam.crashed_or_hung(case, run):
                continue
            written = out != "/dev/full" and Path(out).is_file()
            if run.rc == 0 and not written:
                fam.defect("data lost", case, "exit 0 but the output was not written", run)
            elif run.rc == 0 and "missing folder" not in kind:
                fam.note(case, "exit 0 writing where nothing can be written", run)
            elif run.rc in (1, 2) and "error:" not in run.stderr:
                fam.note(case, f"exit {run.rc} without an 'error:' line", run)
            elif run.rc not in (0, 1, 2):
                fam.note(case, f"exit {run.rc} (1 or 2 documented): {last_line(run.stderr)}", run)
            if "missing folder" in kind and Path(out).parent.exists():
                shutil.rmtree(folder / "missing")
    log(f"  {fam.tried} cases")


# ---------------------------------------------------------------------------------------------
# 6a. Track files


def broken_json_text(text, rng):
    """A JSON text made certainly invalid: cut before its end, junk after it, or NaN."""
    body = text.rstrip()
    kind = rng.randrange(3)
    if kind == 0:
        return "truncated", body[:rng.randrange(0, len(body) - 1)]
    if kind == 1:
        return "trailing junk", body + rng.choice(["x", "}", "]", " 0", "{}", ","])
    number = re.search(r":\s*(\d+)", body)
    if not number:
        return "truncated", body[:-1]
    return "NaN for a number", body[:number.start(1)] + "NaN" + body[number.end(1):]


def nul_and_junk(text, rng):
    """A JSON text followed by a NUL byte and junk: not one JSON value, whatever a C string sees."""
    return text.rstrip() + "\0" + rng.choice(["junk", "}", "{\"bogus\": 1}"])


def set_key(doc, key, value):
    doc[key] = value
    return doc


def track_mutations():
    """name -> f(doc, rng): a certainly invalid track document (or text)."""

    def colour(doc, rng, value):
        row = rng.choice(doc["colours"])
        row[rng.randrange(len(row))] = value
        return doc

    def role(doc, rng, **change):
        rng.choice(doc["roles"]).update(change)
        return doc

    def teleporter(doc, rng):
        return rng.choice([entry for entry in doc["roles"] if entry["role"] == "teleporter"])

    return {
        "unknown key": lambda d, r: set_key(d, "bogus", 1),
        "unknown key in a role": lambda d, r: role(d, r, bogus=1),
        "width as a string": lambda d, r: set_key(d, "width", str(d["width"])),
        "height not whole": lambda d, r: set_key(d, "height", d["height"] + 0.5),
        "goal_column null": lambda d, r: set_key(d, "goal_column", None),
        "colours an object": lambda d, r: set_key(d, "colours", {"0": d["colours"][0]}),
        "roles a string": lambda d, r: set_key(d, "roles", "empty"),
        "colour out of range": lambda d, r: colour(d, r, r.choice([len(d["roles"]), 255, -1, 4294967296])),
        "colour not whole": lambda d, r: colour(d, r, 1.5),
        "colour a string": lambda d, r: colour(d, r, "3"),
        "row one short": lambda d, r: (r.choice(d["colours"]).pop(), d)[1],
        "row one long": lambda d, r: (r.choice(d["colours"]).append(1), d)[1],
        "row missing": lambda d, r: (d["colours"].pop(r.randrange(len(d["colours"]))), d)[1],
        "duplicated role colour": lambda d, r: (d["roles"][1].update(colour=d["roles"][0]["colour"]), d)[1],
        "unknown role": lambda d, r: role(d, r, role="lava"),
        "teleporter without offset": lambda d, r: (teleporter(d, r).pop("offset"), d)[1],
        "offset a string": lambda d, r: (teleporter(d, r).update(offset="4,1"), d)[1],
        "start cell out of range": lambda d, r: set_key(d, "start_cells", [r.choice([d["height"], -1, 1 << 40])]),
        "goal_column out of range": lambda d, r: set_key(d, "goal_column", r.choice([0, d["width"], d["width"] + 7])),
        "width 2^32 + 53": lambda d, r: set_key(d, "width", 4294967296 + d["width"]),
        "height not matching the rows": lambda d, r: set_key(d, "height", d["height"] + 1),
        "not an object": lambda d, r: [d],
        "NUL and junk after the JSON": lambda d, r: nul_and_junk(dumps(d), r),
        "broken JSON": None,  # text-level, see broken_json_text
    }


def fuzz_files(p, fam, count, bases, mutations, argv_of, file_name, name_of_input="input"):
    """count cases: mutation i % len of a random base, each run by every argv_of(path)."""
    names = list(mutations)
    for i in range(count):
        if fam.gave_up():
            break
        kind = names[i % len(names)]
        base_text = p.rng.choice(bases)
        if mutations[kind] is None:
            kind, text = broken_json_text(base_text, p.rng)
        else:
            result = mutations[kind](copy.deepcopy(json.loads(base_text)), p.rng)
            text = result if isinstance(result, str) else dumps(result)
        folder = p.case_dir(fam, kind)
        folder.mkdir(parents=True)
        path = folder / file_name
        path.write_text(text)
        for k, argv in enumerate(argv_of(file_name)):
            fam.expect_refusal(p, f"{name_of_input}: {kind}", argv, folder, [path], name=f"run{k}")
    log(f"  {fam.tried} runs")


def probe_fuzz_track(p, fam):
    bases = []
    for seed in (1, 2, 3):
        folder = p.tmp / fam.name / f"base-{seed}"
        run = p.runner.run([p.ratrace, "track", "--seed", seed, "--json", "t.json"], folder)
        if run.rc != 0:
            raise ProbeError(f"cannot make a track file: {run.command()}")
        bases.append((folder / "t.json").read_text())
    fuzz_files(p, fam, p.count(fam.name), bases, track_mutations(),
               lambda f: [[p.ratrace, "play", "--track", f, "--turns", "5"],
                          [p.ratrace, "render", "--track", f, "--out", "t.svg", "--force"]],
               "t.json", "track file")


# ---------------------------------------------------------------------------------------------
# 6b, 6c. Config files and --set

INT_KEYS = ["width", "height", "goal_column", "colours", "empty_colours", "teleporter_colours", "trap_colours",
            "wall_colours", "teleporter_reach", "trap_reach", "view_radius", "lifespan", "initial_specimens",
            "offspring", "genome_bits", "turns", "min_start_cells", "max_track_attempts", "breed_before_moves",
            "parent_choice", "offset_draws", "goal_timing", "start_search", "finish_cells", "off_board"]
PROBABILITY_KEYS = ["crossover", "mutation"]

# Config files that are certainly invalid: unknown key, wrong type, out of range, not JSON.
CONFIG_TEXTS = [
    '{"bogus": 1}', '{"turns": "1000"}', '{"turns": -1}', '{"turns": 1e999}', '{"turns": 9223372036854775808}',
    '{"turns": 18446744073709551616}', '{"turns": 1.5}', '{"turns": null}', '{"turns": [1]}', '{"turns": {}}',
    '{"mutation": "nan"}', '{"mutation": NaN}', '{"mutation": Infinity}', '{"mutation": -0.5}',
    '{"mutation": 1.5}', '{"crossover": 2}', '{"width": 0}', '{"width": 1001}', '{"height": 0}',
    '{"genome_bits": 129}', '{"teleporter_colours": 3}', '{"colours": 17}', '{"initial_specimens": 20000001}',
    '{"turns": 10000001}', '{"offspring": 20000000, "turns": 2}', '{"width": 1000, "height": 1000}',
    '{"rules": "fortran"}', '{"rules": 1}', '{"lifespan": -5}', '{"max_track_attempts": 0}',
    '{"max_track_attempts": 1000001}', '{"goal_column": 53}', '{"goal_column": 0}', '[]', '42', '"turns"', '',
    '{"turns": 1', '{"turns": 1}}', '{"turns": 1} x', '{turns: 1}', "{'turns': 1}", '{"turns": 01}',
    '{"turns": 0x10}', '{"turns": +5}', '{"mutation": .5}', '{"turns": 5}\0junk', '{"turns": 5}\0{"turns": 6}',
]
# Values no config key takes (as JSON texts).
BAD_JSON_VALUES = ['"nan"', '-1', '1e999', 'null', '[]', '{}', '18446744073709551616', '"x"', '-1e999']


def random_bad_config(rng):
    key = rng.choice(INT_KEYS + PROBABILITY_KEYS + ["rules"])
    value = rng.choice(BAD_JSON_VALUES)
    if key == "rules" and value == '"x"':
        value = '"fortran"'
    good = rng.choice(['', '"mutation": 0.02, ', '"turns": 50, '])
    if key in good:
        good = ''
    return f"{key} = {value}", "{" + good + f'"{key}": {value}' + "}"


def probe_fuzz_config(p, fam):
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        if i < len(CONFIG_TEXTS):
            label, text = CONFIG_TEXTS[i], CONFIG_TEXTS[i]
        else:
            label, text = random_bad_config(p.rng)
        folder = p.case_dir(fam, label)
        folder.mkdir(parents=True)
        (folder / "c.json").write_text(text)
        fam.expect_refusal(p, f"config {label[:60]}", [p.ratrace, "play", "--config", "c.json", "--board", "0",
                                                         "--turns", "5"], folder, [folder / "c.json"])
    log(f"  {fam.tried} runs")


SET_TEXTS = [
    "turns=-1", "turns=1e999", "turns=nan", "mutation=nan", "mutation=inf", "mutation=-0.1", "mutation=1.5",
    "crossover=2", "bogus=1", "turns=", "=5", "turns", "turns=12abc", "turns=18446744073709551616",
    "turns=9223372036854775808", "turns=1.5", "turns=+5", "turns=0x10", "turns=010", "turns=5=6", "width=0",
    "width=1001", "height=0", "genome_bits=129", "rules=fortran", "rules=", "colours=17", "teleporter_colours=3",
    "initial_specimens=20000001", "offspring=-1", "lifespan=nan", "goal_column=53", "goal_column=0",
    "mutation=0.01x", "mutation=+0.01", "mutation=1,5", "max_track_attempts=0", "view_radius=-1",
]
BAD_TEXT_VALUES = ["-1", "1e999", "nan", "inf", "-inf", "", "12abc", "18446744073709551616", "0x10", "+5", "1,5",
                   "[]", "null", "--", "٣"]


def probe_fuzz_set(p, fam):
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        if i < len(SET_TEXTS):
            setting = SET_TEXTS[i]
        else:
            key = p.rng.choice(INT_KEYS + PROBABILITY_KEYS + ["rules"])
            values = BAD_TEXT_VALUES + (["1.5", "007"] if key in INT_KEYS else [])
            setting = f"{key}={p.rng.choice(values)}"
        folder = p.case_dir(fam, setting)
        fam.expect_refusal(p, f"--set {setting}", [p.ratrace, "play", "--board", "0", "--turns", "5", "--set",
                                                   setting], folder)
    log(f"  {fam.tried} runs")


# ---------------------------------------------------------------------------------------------
# 6d. Numeric flags of the three programs

JUNK_WHOLE = ["-1", "1e999", "nan", "12abc", "18446744073709551616", "", "inf", "0x10", "+5", "1.5", "007", "1e3",
              " ", "--1"]
JUNK_REAL = ["-1", "1e999", "nan", "12abc", "18446744073709551616", "", "inf", "0x10", "+5", "1,5", "-inf", "."]


def numeric_flags(p):
    """(program label, base argv, flag, is whole, values out of its range)."""
    r, m, n = p.ratrace, p.morpion, p.menace
    score = [r, "score", "--boards", "1", "--set", "turns=10", "--threads", "1", "--journal", "j.jsonl",
             "--json", "s.json"]
    compare = [r, "compare", "--a", "ColorScorePlayer", "--b", "Bishop", "--boards", "1", "--max-boards", "2",
               "--set", "turns=10", "--threads", "1", "--journal", "j.jsonl"]
    play = [r, "play", "--board", "0", "--turns", "5", "--record", "r.json"]
    render = [r, "render", "--seed", "1", "--board", "0", "--out", "t.svg"]
    search = [m, "search", "--threads", "1", "--iterations", "100", "--seconds", "2"]
    nrpa = [m, "nrpa", "--threads", "1", "--level", "1", "--iterations", "10", "--playouts", "100"]
    train = [n, "train", "--games", "10", "--threads", "1"]
    return [
        ("ratrace score", score, "--boards", True, ["0", "1000001"]),
        ("ratrace score", score, "--seed", True, []),
        ("ratrace score", score, "--threads", True, ["1025"]),
        ("ratrace compare", compare, "--max-boards", True, ["0", "1000001"]),
        ("ratrace compare", compare, "--boards", True, ["0"]),
        ("ratrace play", play, "--record-sampled", True, ["1000001"]),
        ("ratrace play", play, "--record-scorers", True, ["1000001"]),
        ("ratrace play", play, "--record-frames", True, ["100001"]),
        ("ratrace play", play, "--turns", True, ["10000001"]),
        ("ratrace play", play, "--board", True, ["1000000"]),
        ("ratrace render", render, "--paths", True, ["1000001"]),
        ("ratrace render", render, "--board", True, ["1000000"]),
        ("ratrace track", [r, "track"], "--seed", True, []),
        ("morpion search", search, "--seed", True, []),
        ("morpion search", search, "--iterations", True, []),
        ("morpion search", search, "--seconds", False, ["1000000001"]),
        ("morpion search", search, "--cpu-seconds", False, ["1e10"]),
        ("morpion search", search, "--blacklist", True, ["0", "1001"]),
        ("morpion search", search, "--searches", True, ["0", "100001"]),
        ("morpion search", search, "--threads", True, ["1025"]),
        ("morpion nrpa", nrpa, "--alpha", False, ["0", "100.5"]),
        ("morpion nrpa", nrpa, "--level", True, ["0", "7"]),
        ("morpion nrpa", nrpa, "--iterations", True, ["0", "100001"]),
        ("morpion nrpa", nrpa, "--playouts", True, []),
        ("menace train", train, "--games", True, ["0", "100000001"]),
        ("menace train", train, "--seed", True, []),
        ("menace train", train + ["--opponent", "perfect"], "--opponent-error", False, ["1.5"]),
        ("menace train", train, "--learners", True, ["0", "1000001"]),
        ("menace train", train, "--block", True, ["0"]),
        ("menace train", train, "--no-loss-window", True, ["0"]),
        ("menace train", train, "--threads", True, ["1025"]),
        ("menace play", [n, "play"], "--seed", True, []),
        ("menace boxes", [n, "boxes"], "--seed", True, []),
    ]


def probe_fuzz_flags(p, fam):
    cases = [(program, base, flag, value)
             for program, base, flag, whole, out_of_range in numeric_flags(p)
             for value in (JUNK_WHOLE if whole else JUNK_REAL) + out_of_range]
    count = p.count(fam.name)
    if count < len(cases):  # a sample, but every flag at least once
        first = {}
        for case in cases:
            first.setdefault((case[0], case[2]), case)
        rest = [case for case in cases if case not in first.values()]
        cases = list(first.values()) + p.rng.sample(rest, max(0, count - len(first)))
    for program, base, flag, value in cases:
        if fam.gave_up():
            break
        # The flag's last occurrence is the one read: put the junk after the base argv.
        argv = list(base)
        if flag in argv:
            del argv[argv.index(flag):argv.index(flag) + 2]
        fam.expect_refusal(p, f"{program} {flag} {value!r}", argv + [flag, value],
                           p.case_dir(fam, f"{program} {flag}"), stdin_data="")
    log(f"  {fam.tried} runs")


# ---------------------------------------------------------------------------------------------
# 6e. Journals


def journal_mutations():
    """name -> f(lines, game index k (1-based line number), rng) -> (new lines, line to be named).

    Lines are without newlines; "changed" keeps the old checksum (so it no longer matches),
    "checksummed" recomputes it (so only the content makes the line invalid)."""

    def edit(lines, k, change):
        doc = line_content(lines[k - 1])
        change(doc)
        return lines[:k - 1] + [checksummed(doc)] + lines[k:]

    def text_change(lines, k, pattern, repl):
        new = re.sub(pattern, repl, lines[k - 1], count=1)
        assert new != lines[k - 1], pattern
        return lines[:k - 1] + [new] + lines[k:]

    def header(lines):
        return line_content(lines[0])

    def max_turns(lines):
        return max(line_content(line)["board"]["turns"] for line in lines[1:])

    def flip_digit(line):
        i = len(line) - 3 - random.Random(line).randrange(16)
        return line[:i] + ("0" if line[i] != "0" else "1") + line[i + 1:]

    return {
        "score changed": lambda ls, k, r: (text_change(ls, k, r'"score":(\d+)',
                                                       lambda m: f'"score":{int(m.group(1)) + 1}'), k),
        "moves changed": lambda ls, k, r: (text_change(ls, k, r'"moves":(\d+)',
                                                       lambda m: f'"moves":{int(m.group(1)) + 7}'), k),
        "checksum corrupted": lambda ls, k, r: (ls[:k - 1] + [flip_digit(ls[k - 1])] + ls[k:], k),
        "checksum removed": lambda ls, k, r: (ls[:k - 1] + [json.dumps(line_content(ls[k - 1]),
                                                                       separators=(",", ":"))] + ls[k:], k),
        "score 0 (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(score=0)), k),
        "seed changed (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(
            seed=(d["board"]["seed"] + 1) % (1 << 64))), k),
        "key deleted (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].pop(
            r.choice(["moves", "score", "seed", "turns", "fault", "index"]))), k),
        "timing deleted (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d.pop("timing")), k),
        "key added (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(bogus=1)), k),
        "top key added (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d.update(bogus=1)), k),
        "board index out of range (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(
            index=header(ls)["boards"])), k),
        "entrant out of range (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d.update(
            entrant=len(header(ls)["entrants"]))), k),
        "negative entrant (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d.update(entrant=-1)), k),
        "turns above the config's (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(
            turns=header(ls)["entrants"][0]["config"]["turns"] + 1)), k),
        "negative peak population (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(
            peak_population=-1)), k),
        "score a string (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(score="5")), k),
        "same game twice, two scores (checksummed)": lambda ls, k, r: (
            ls[:k] + [checksummed(dict(line_content(ls[k - 1]), board=dict(
                line_content(ls[k - 1])["board"], score=line_content(ls[k - 1])["board"]["score"] + 1)))] + ls[k:],
            k + 1),
        "middle line torn": lambda ls, k, r: (ls[:k - 1] + [ls[k - 1][:len(ls[k - 1]) // 2]] + ls[k:], k),
        "junk line": lambda ls, k, r: (ls[:k - 1] + [r.choice(["hello", "{}", "[1,2]", "\x01\x02"])] + ls[k - 1:], k),
        "score NaN": lambda ls, k, r: (text_change(ls, k, r'"score":\d+', '"score":NaN'), k),
        "NUL and junk after the line's JSON (checksummed)": lambda ls, k, r: (
            ls[:k - 1] + [nul_junk_line(line_content(ls[k - 1]))] + ls[k:], k),
        "header changed": lambda ls, k, r: (text_change(ls, 1, r'"boards":(\d+)',
                                                        lambda m: f'"boards":{int(m.group(1)) + 1}'), 1),
        # Named by the first game line that plays more turns than the header's config allows.
        "header config below the games' turns (checksummed)": lambda ls, k, r: (
            [checksummed(dict(header(ls), entrants=[dict(e, config=dict(e["config"], turns=max_turns(ls) - 1))
                                                    for e in header(ls)["entrants"]]))] + ls[1:], None),
        "header unknown config key (checksummed)": lambda ls, k, r: (
            [checksummed(dict(header(ls), entrants=[dict(e, config=dict(e["config"], bogus=1))
                                                    for e in header(ls)["entrants"]]))] + ls[1:], 1),
        "header unknown command (checksummed)": lambda ls, k, r: ([checksummed(dict(header(ls), command="dance"))]
                                                                   + ls[1:], 1),
        "header boards 0 (checksummed)": lambda ls, k, r: ([checksummed(dict(header(ls), boards=0))] + ls[1:], 1),
    }


def probe_fuzz_journal(p, fam):
    # Small finished runs whose journals are mutated; a score and a leaderboard (several entrants).
    shapes = {"score": ["score", "--boards", "6", "--seed", "3"],
              "leaderboard": ["leaderboard", "--players", "ColorScorePlayer,Bishop", "--boards", "3", "--seed", "3"]}
    bases = {}
    for command, shape in shapes.items():
        argv = [p.ratrace, *shape, "--set", "turns=300", "--threads", "1", "--journal", "j.jsonl", "--json",
                "out.json"]
        reference, _ = p.reference(f"journal-{command}", argv, "out.json")
        bases[command] = (journal_lines(p.tmp / "reference" / f"journal-{command}" / "j.jsonl"), reference)
    mutations = journal_mutations()
    names = list(mutations) + ["torn last line (not a bad input)"]
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        kind = names[i % len(names)]
        command = p.rng.choice(list(bases))
        lines, reference = bases[command]
        k = p.rng.randrange(2, len(lines) + 1)  # a game line
        folder = p.case_dir(fam, f"{command} {kind}")
        folder.mkdir(parents=True)
        journal = folder / "j.jsonl"
        argv = [p.ratrace, command, "--resume", "j.jsonl", "--json", "out.json", "--threads", "1"]
        label = f"{command} journal: {kind}"
        if kind.startswith("torn last line"):
            # What a kill leaves: the last line cut, without its newline. Resumable, same result.
            last = lines[-1]
            journal.write_text("\n".join(lines[:-1]) + "\n" + last[:p.rng.randrange(1, len(last))])
            fam.tried += 1
            run = p.runner.run(argv, folder)
            if fam.crashed_or_hung(label, run, [journal]):
                continue
            result = read_json(folder / "out.json")
            if run.rc != 0:
                fam.note(label, f"not recovered: exit {run.rc}: {last_line(run.stderr)}", run, [journal])
            elif result is None or without_run_keys(result) != reference:
                fam.defect("data lost", label, "the result after the torn line differs from the uninterrupted run's",
                           run, [journal])
            continue
        new_lines, named = mutations[kind](list(lines), k, p.rng)
        journal.write_text("\n".join(new_lines) + "\n")
        run = fam.expect_refusal(p, label, argv, folder, [journal])
        if run.rc == 2 and not re.search(rf"\bline {named or '[0-9]+'}\b", run.stderr):
            fam.note(label, f"refused without naming line {named or ''}: {last_line(run.stderr)}", run, [journal])
    log(f"  {fam.tried} runs")


# ---------------------------------------------------------------------------------------------
# 6f. MENACE's boxes files


def boxes_mutations():
    def a_box(doc, rng, occupied=False):
        boxes = [b for b in doc["boxes"] if not occupied or set(b["picture"]) - {"."}]
        return rng.choice(boxes)

    def empty_cell(box, rng):
        return rng.choice([i for i, c in enumerate(box["picture"]) if c == "."])

    def bead(doc, rng, value):
        box = a_box(doc, rng)
        box["beads"][empty_cell(box, rng)] = value
        return doc

    def on_occupied(doc, rng):
        box = a_box(doc, rng, occupied=True)
        box["beads"][rng.choice([i for i, c in enumerate(box["picture"]) if c != "."])] = 1
        return doc

    def swap_boxes(doc, rng):
        i, j = rng.sample(range(len(doc["boxes"])), 2)
        doc["boxes"][i], doc["boxes"][j] = doc["boxes"][j], doc["boxes"][i]
        return doc

    def swap_pictures(doc, rng):
        a, b = rng.sample([box for box in doc["boxes"] if box["stage"] == 2], 2)
        a["picture"], b["picture"] = b["picture"], a["picture"]
        return doc

    return {
        "unknown key": lambda d, r: set_key(d, "bogus", 1),
        "unknown key in a box": lambda d, r: (a_box(d, r).update(bogus=1), d)[1],
        "negative beads": lambda d, r: bead(d, r, -1),
        "beads 2^32": lambda d, r: bead(d, r, 4294967296),
        "beads not whole": lambda d, r: bead(d, r, 1.5),
        "beads a string": lambda d, r: bead(d, r, "2"),
        "bead on an occupied cell": on_occupied,
        "empty box": lambda d, r: (a_box(d, r).update(beads=[0] * 9), d)[1],
        "beads list of 8": lambda d, r: (a_box(d, r)["beads"].pop(), d)[1],
        "beads list of 10": lambda d, r: (a_box(d, r)["beads"].append(0), d)[1],
        "games_played 2^64 - 1": lambda d, r: set_key(d, "games_played", 18446744073709551615),
        "games_played 2^53 + 1": lambda d, r: set_key(d, "games_played", 9007199254740993),
        "games_played -1": lambda d, r: set_key(d, "games_played", -1),
        "games_played a string": lambda d, r: set_key(d, "games_played", "100"),
        "games_played not whole": lambda d, r: set_key(d, "games_played", 100.5),
        "box number wrong": lambda d, r: (a_box(d, r).update(box=len(d["boxes"]) + 3), d)[1],
        "two boxes swapped": swap_boxes,
        "two pictures swapped": swap_pictures,
        "stage wrong": lambda d, r: (a_box(d, r).update(stage=7), d)[1],
        "a box missing": lambda d, r: (d["boxes"].pop(r.randrange(len(d["boxes"]))), d)[1],
        "a box twice": lambda d, r: (d["boxes"].insert(0, copy.deepcopy(d["boxes"][0])), d)[1],
        "format wrong": lambda d, r: set_key(d, "format", "menace-boxez"),
        "version 2": lambda d, r: set_key(d, "version", 2),
        "player Z": lambda d, r: set_key(d, "player", "Z"),
        "boxes missing": lambda d, r: (d.pop("boxes"), d)[1],
        "NUL and junk after the JSON": lambda d, r: nul_and_junk(dumps(d), r),
        "broken JSON": None,
    }


def probe_fuzz_boxes(p, fam):
    bases = []
    for seed in (1, 2):
        folder = p.tmp / fam.name / f"base-{seed}"
        run = p.runner.run([p.menace, "train", "--games", "100", "--seed", seed, "--threads", "1", "--save",
                            "b.json"], folder)
        if run.rc != 0:
            raise ProbeError(f"cannot make a boxes file: {run.command()}")
        bases.append((folder / "b.json").read_text())
    fuzz_files(p, fam, p.count(fam.name), bases, boxes_mutations(),
               lambda f: [[p.menace, "play", "--load", f], [p.menace, "train", "--load", f, "--games", "10",
                                                             "--threads", "1"], [p.menace, "boxes", "--load", f]],
               "b.json", "boxes file")


# ---------------------------------------------------------------------------------------------
# 6g. Morpion's layer codes and game files


def code_mutations(code, bits, rng):
    """(name, text) of a certainly invalid layer code made from a valid one of `bits` bits."""
    kind = rng.randrange(5)
    if kind == 0:
        i = rng.randrange(len(code) + 1)
        return "a character outside base64", code[:i] + rng.choice("*=-.!~ é_") + code[i:]
    if kind == 1:  # every dropped character holds at least one bit of a layer
        return "truncated", code[:rng.randrange(0, len(code))]
    if kind == 2:
        return "characters after the last layer", code + rng.choice(["A", "AA", "B", "/", "+"])
    padding = (6 - bits % 6) % 6
    if kind == 3 and padding:
        last = BASE64.index(code[-1]) | (1 << rng.randrange(padding))
        return "nonzero padding", code[:-1] + BASE64[last]
    return "empty or '=' padded", rng.choice(["", code + "=", code + "=="])


def morpion_game_mutations():
    def moved(doc, rng):
        doc["moves"].insert(0, doc["moves"].pop())  # a later layer's move played first: not legal yet
        return doc

    def replace_move(doc, rng, text):
        doc["moves"][rng.randrange(len(doc["moves"]))] = text
        return doc

    return {
        "unknown key": lambda d, r: set_key(d, "bogus", 1),
        "format wrong": lambda d, r: set_key(d, "format", "morpion-gamez"),
        "moves a string": lambda d, r: set_key(d, "moves", " ".join(d["moves"])),
        "a move a number": lambda d, r: replace_move(d, r, 5),
        "a move of an unknown direction": lambda d, r: replace_move(d, r, "2,2 (0,4,zz)"),
        "a move without its line": lambda d, r: replace_move(d, r, "2,2"),
        "a move whose line misses its dot": lambda d, r: replace_move(d, r, "2,2 (5,5,e)"),
        "a move with a 20-digit coordinate": lambda d, r: replace_move(d, r, "99999999999999999999,2 (0,4,ne)"),
        "an empty move": lambda d, r: replace_move(d, r, ""),
        "the last move first": moved,
        "the first move twice": lambda d, r: (d["moves"].append(d["moves"][0]), d)[1],
        "rules unknown": lambda d, r: set_key(d, "rules", "5X"),
        "version not a text": lambda d, r: set_key(d, "version", 1),
        "NUL and junk after the JSON": lambda d, r: nul_and_junk(dumps(d), r),
        "broken JSON": None,
    }


def probe_fuzz_morpion(p, fam):
    bases, codes = [], []
    for k, code in enumerate(MORPION_CODES):
        folder = p.tmp / fam.name / f"base-{k}"
        run = p.runner.run([p.morpion, "decode", code, "--game", "g.json"], folder)
        bits = re.search(r"\((\d+) bits, (\d+) layers", run.stdout)
        if run.rc != 0 or not bits or int(bits.group(2)) < 2:
            raise ProbeError(f"cannot decode a base code: {run.command()}")
        bases.append((folder / "g.json").read_text())
        codes.append((code, int(bits.group(1))))
    count = p.count(fam.name)
    # Half the cases are layer codes, given to decode and svg --code.
    for i in range(count // 2):
        if fam.gave_up():
            break
        code, bits = p.rng.choice(codes)
        kind, text = code_mutations(code, bits, p.rng)
        folder = p.case_dir(fam, kind)
        folder.mkdir(parents=True)
        (folder / "code.txt").write_text(text + "\n")
        fam.expect_refusal(p, f"layer code: {kind} {text!r}", [p.morpion, "decode", "--", text], folder,
                           name="decode")
        fam.expect_refusal(p, f"layer code: {kind} {text!r}", [p.morpion, "svg", "--code", text, "-o", "x.svg"],
                           folder, name="svg")
    # The other half are game files, given to encode and svg --game.
    fuzz_files(p, fam, count - count // 2, bases, morpion_game_mutations(),
               lambda f: [[p.morpion, "encode", f], [p.morpion, "svg", "--game", f, "-o", "x.svg", "--force"]],
               "g.json", "game file")


# ---------------------------------------------------------------------------------------------
# 6h. Random lines to `menace play`: it re-asks, so only crashes and hangs count


def random_session(rng):
    def move():
        text = rng.choice("LMR") + rng.choice("LMR")
        return rng.choice([text, text.lower(), " ".join(text), text + " "])

    def junk():
        alphabet = "LMRlmrXO0123456789 -+.\t#é"
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))

    lines = [rng.choice(["1", "2", "3", "0", "-1", "abc", "", "99999999999999999999", "9999999", "10000000",
                         "1e3", " 2 ", "0x3", "٣", "2.5"])]
    for _ in range(rng.randrange(0, 80)):
        pick = rng.random()
        lines.append(move() if pick < 0.6 else junk() if pick < 0.9 else
                     rng.choice(["", "x" * rng.choice([1000, 200000]), "\r", "\0LL", "MM\r"]))
    data = "\n".join(lines).encode()
    if rng.random() < 0.3:  # bytes that are not UTF-8
        at = rng.randrange(len(data) + 1)
        data = data[:at] + bytes(rng.randrange(128, 256) for _ in range(rng.randrange(1, 8))) + data[at:]
    return data + (b"\n" if rng.random() < 0.8 else b"")


def probe_fuzz_stdin(p, fam):
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        folder = p.case_dir(fam, f"session {i}")
        fam.tried += 1
        argv = [p.menace, "play", "--seed", str(p.rng.randrange(1000))]
        if p.rng.random() < 0.3:
            argv.append("--show-boxes")
        run = p.runner.run(argv, folder, stdin_data=random_session(p.rng))
        fam.crashed_or_hung(f"menace play session {i}", run, [run.stdin])
    log(f"  {fam.tried} runs")


# ---------------------------------------------------------------------------------------------
# 7. SIGINT and SIGTERM to morpion search and nrpa


def tmp_files(folder):
    return sorted(path.name for path in folder.iterdir() if ".tmp-" in path.name)


def signalled_run(p, fam, label, argv, folder, sig, earliest):
    """Starts `argv`, sends `sig` after a random delay from `earliest` to 1.5 s, and returns the
    finished run when it exited 130 as documented; None (the case counted) otherwise."""
    fam.tried += 1
    started = p.runner.start(argv, folder)
    time.sleep(p.rng.uniform(earliest, 1.5))
    p.runner.send(started, sig)
    run = p.runner.finish(started)
    if fam.crashed_or_hung(label, run):
        return None
    log(f"  {label}: exit {run.rc} after {run.seconds:.2f} s")
    if run.rc != 130:
        fam.note(label, f"exit {run.rc} after {signal.Signals(sig).name} (130 documented)", run)
        return None
    return run


def probe_signal_morpion(p, fam):
    shapes = {"search": ["search", "--threads", "1"], "nrpa": ["nrpa", "--threads", "1", "--level", "3"]}
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        command = list(shapes)[i % 2]
        sig = (signal.SIGINT, signal.SIGTERM)[(i // 2) % 2]
        label = f"morpion {command} {signal.Signals(sig).name} {i}"
        folder = p.case_dir(fam, label)
        argv = [p.morpion, *shapes[command], "--seed", str(p.rng.randrange(1, 1000)), "--json", "out.json"]
        run = signalled_run(p, fam, label, argv, folder, sig, 0.2)
        if run is None:
            continue
        result = read_json(folder / "out.json")
        if not isinstance(result, dict) or result.get("interrupted") is not True or "best" not in result:
            fam.defect("data lost", label, "exit 130 but out.json is missing, unreadable or not marked interrupted "
                       "(the best grid so far is documented to be kept)", run, [folder / "out.json"])
        if tmp_files(folder):
            fam.note(label, f"temporary files left: {tmp_files(folder)}", run)


# ---------------------------------------------------------------------------------------------
# 8. MENACE: kill -9 and signals during train and play


def valid_boxes(path):
    doc = read_json(path)
    ok = isinstance(doc, dict) and doc.get("format") == "menace-boxes" and len(doc.get("boxes", [])) == 304
    return doc if ok else None


def check_stale_temporaries(p, fam, label, folder, dead_pid):
    """The next run writing b.json and c.json removes a dead process's FILE.tmp-PID-N, never a live one's.

    Besides what the kill left, a dead process's temporary is planted for each file, and one of
    the probe's own (a live process) that must be kept."""
    live = [folder / f"{name}.tmp-{os.getpid()}-99" for name in ("b.json", "c.json")]
    for path in [folder / f"{name}.tmp-{dead_pid}-99" for name in ("b.json", "c.json")] + live:
        path.write_text("{")
    run = p.runner.run([p.menace, "train", "--games", "10", "--threads", "1", "--save", "b.json", "--curve", "c.json",
                        "--force"], folder, name="next-save")
    if fam.crashed_or_hung(label + " (next save)", run):
        return
    left = [name for name in tmp_files(folder) if name not in {path.name for path in live}]
    if left:
        fam.note(label, f"the next save left stale temporaries: {left}", run)
    if not all(path.exists() for path in live):
        fam.note(label, "the next save removed a live process's temporary file", run)
    for path in live:
        path.unlink(missing_ok=True)


def menace_train_kill(p, fam, i):
    label = f"menace train kill -9 {i}"
    folder = p.case_dir(fam, label)
    games = ["--games", "500000", "--threads", "1"]
    _, seconds = p.reference("menace-train", [p.menace, "train", *games, "--seed", "1", "--curve", "c.json"])
    if p.runner.run([p.menace, "train", "--games", "100", "--threads", "1", "--save", "b.json"], folder,
                    name="earlier").rc != 0:
        raise ProbeError(f"cannot make a boxes file in {folder}")
    earlier = (folder / "b.json").read_bytes()
    fam.tried += 1
    started = p.runner.start([p.menace, "train", *games, "--seed", str(p.rng.randrange(1, 1000)), "--save",
                              "b.json", "--curve", "c.json", "--force"], folder)
    time.sleep(p.rng.uniform(0, 1.1 * seconds))
    p.runner.send(started, signal.SIGKILL)
    run = p.runner.finish(started)
    if fam.crashed_or_hung(label, run):
        return
    boxes = folder / "b.json"
    if not boxes.exists():
        fam.defect("data lost", label, "the earlier complete b.json is gone", run)
    elif boxes.read_bytes() != earlier and not valid_boxes(boxes):
        fam.defect("data lost", label, "b.json is neither the earlier file nor a complete new one", run, [boxes])
    if (folder / "c.json").exists() and read_json(folder / "c.json") is None:
        fam.defect("data lost", label, "c.json is partial", run, [folder / "c.json"])
    log(f"  {label}: killed after {run.seconds:.2f} s, exit {run.rc}, temporaries {tmp_files(folder)}")
    check_stale_temporaries(p, fam, label, folder, started.proc.pid)


def menace_play_kill(p, fam, i):
    label = f"menace play --save kill -9 {i}"
    folder = p.case_dir(fam, label)
    session = ("40\n" + one_game_of_moves() * 80).encode()  # 40 games, more moves than they need
    _, seconds = p.reference("menace-play", [p.menace, "play", "--save", "b.json"], stdin_data=session)
    folder.mkdir(parents=True)
    (folder / "session.txt").write_bytes(session)
    fam.tried += 1
    started = p.runner.start([p.menace, "play", "--seed", str(p.rng.randrange(1000)), "--save", "b.json"], folder,
                             stdin=folder / "session.txt")
    time.sleep(p.rng.uniform(0, 1.1 * seconds))
    p.runner.send(started, signal.SIGKILL)
    run = p.runner.finish(started)
    if fam.crashed_or_hung(label, run):
        return
    # "MENACE has learnt from N games" is printed after the save of game N: those N are saved.
    learnt = [int(n) for n in re.findall(r"MENACE has learnt from (\d+) games", run.stdout)]
    done = re.search(r"All (\d+) games played", run.stdout)
    saved = max(learnt + [int(done.group(1)) if done else 0])
    boxes = valid_boxes(folder / "b.json")
    if saved and (boxes is None or boxes["games_played"] < saved):
        fam.defect("data lost", label, f"{saved} games were saved before the kill, b.json holds "
                   f"{boxes['games_played'] if boxes else 'no valid boxes'}", run, [folder / "b.json"])
    log(f"  {label}: killed after {run.seconds:.2f} s, {saved} games saved")
    check_stale_temporaries(p, fam, label, folder, started.proc.pid)


def menace_train_signal(p, fam, i, sig):
    label = f"menace train {signal.Signals(sig).name} {i}"
    folder = p.case_dir(fam, label)
    argv = [p.menace, "train", "--games", "5000000", "--threads", "1", "--seed", str(p.rng.randrange(1, 1000)),
            "--save", "b.json", "--curve", "c.json"]
    run = signalled_run(p, fam, label, argv, folder, sig, 0.3)
    if run is None:
        return
    curve, boxes = read_json(folder / "c.json"), valid_boxes(folder / "b.json")
    if not isinstance(curve, dict) or curve.get("interrupted") is not True:
        fam.defect("data lost", label, "exit 130 but c.json is missing or not marked interrupted", run)
    elif boxes is None or boxes["games_played"] != curve.get("games_completed"):
        fam.defect("data lost", label, f"the boxes of the finished blocks are not kept: c.json has "
                   f"{curve.get('games_completed')} games, b.json {boxes['games_played'] if boxes else 'nothing'}",
                   run, [folder / "b.json", folder / "c.json"])
    if tmp_files(folder):
        fam.note(label, f"temporary files left: {tmp_files(folder)}", run)


def probe_kill_menace(p, fam):
    trials = [lambda i: menace_train_kill(p, fam, i), lambda i: menace_play_kill(p, fam, i),
              lambda i: menace_train_signal(p, fam, i, (signal.SIGINT, signal.SIGTERM)[i // 3 % 2])]
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        trials[i % len(trials)](i)


# ---------------------------------------------------------------------------------------------
# 9. An MPI rank killed mid-run


def probe_mpi(p, fam):
    mpirun = shutil.which("mpirun")
    if not mpirun:
        fam.skipped = "no mpirun on PATH"
        return
    version = subprocess.run([str(p.ratrace), "--version"], capture_output=True, text=True).stdout
    if not re.search(r"^MPI built in", version, re.M):
        fam.skipped = "ratrace is built without MPI"
        return
    run_args = [p.ratrace, "score", "--boards", "10", "--seed", "5", "--set", f"turns={p.args.mpi_turns}",
                "--player", "Blind Faith", "--threads", "1"]
    reference, _ = p.reference("mpi", run_args + ["--journal", "ref.jsonl", "--json", "ref.json"], "ref.json")
    root = ["--allow-run-as-root"] if os.geteuid() == 0 else []
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        label = f"mpirun -n 3, rank 1 killed {i}"
        folder = p.case_dir(fam, label)
        journal = folder / "run.jsonl"
        # All ranks on the probe's core (--bind-to none keeps taskset's mask) unless --cpu is empty.
        launcher = p.runner.pin + [mpirun, *root, "--oversubscribe", "--bind-to", "none", "-n", "3", *run_args,
                                   "--journal", "run.jsonl"]
        fam.tried += 1
        started = p.runner.start(launcher, folder, pin=False)
        wait_until(lambda: len(game_lines(journal)) >= 2, started, p.args.timeout)
        kept = set(game_lines(journal))
        victim = mpi_rank_pids(started.proc.pid).get(1) if started.alive() else None
        if victim:
            os.kill(victim, signal.SIGKILL)
        run = p.runner.finish(started)
        # mpirun's own exit code after a lost rank is Open MPI's; only a hang or a crash line counts.
        launcher_rc, run.rc = run.rc, None
        if fam.crashed_or_hung(label, run):
            continue
        log(f"  {label}: rank 1 {'killed' if victim else 'not found (the run had ended)'} with "
            f"{len(kept)} games in the journal; mpirun exit {launcher_rc}")
        if victim and "finish with:" not in run.stderr:
            fam.note(label, "the stopped run does not say how to finish ('finish with:')", run)
        final = p.runner.run([p.ratrace, "score", "--resume", "run.jsonl", "--json", "out.json", "--threads", "1"],
                             folder, name="resume")
        if fam.crashed_or_hung(label + " (resume)", final):
            continue
        if final.rc != 0:
            fam.defect("data lost", label, f"the resume fails: exit {final.rc}: {last_line(final.stderr)}", final,
                       [journal])
            continue
        if kept - set(game_lines(journal)):
            fam.defect("data lost", label, "games in the journal before the kill are gone", final, [journal])
        result = read_json(folder / "out.json")
        if result is None or without_run_keys(result) != reference:
            fam.defect("data lost", label, "the resumed result differs from a one-process run's: "
                       + (first_difference(without_run_keys(result), reference) if result else "no result"), final,
                       [folder / "out.json", p.tmp / "reference" / "mpi" / "ref.json"])


def probe_mpi_signal(p, fam):
    mpirun = shutil.which("mpirun")
    if not mpirun:
        fam.skipped = "no mpirun on PATH"
        return
    version = subprocess.run([str(p.ratrace), "--version"], capture_output=True, text=True).stdout
    if not re.search(r"^MPI built in", version, re.M):
        fam.skipped = "ratrace is built without MPI"
        return
    run_args = [p.ratrace, "score", "--boards", "10", "--seed", "5", "--set", f"turns={p.args.mpi_turns}",
                "--player", "Blind Faith", "--threads", "1"]
    reference, _ = p.reference("mpi", run_args + ["--journal", "ref.jsonl", "--json", "ref.json"], "ref.json")
    root = ["--allow-run-as-root"] if os.geteuid() == 0 else []
    for i in range(p.count(fam.name)):
        sig = (signal.SIGTERM, signal.SIGINT)[i % 2]
        label = f"mpirun -n 3, {sig.name} to rank 1 {i}"
        folder = p.case_dir(fam, label)
        journal = folder / "run.jsonl"
        launcher = p.runner.pin + [mpirun, *root, "--oversubscribe", "--bind-to", "none", "-n", "3", *run_args,
                                   "--journal", "run.jsonl", "--json", "out.json"]
        fam.tried += 1
        started = p.runner.start(launcher, folder, pin=False)
        wait_until(lambda: len(game_lines(journal)) >= 2 and 1 in mpi_rank_pids(started.proc.pid), started,
                   p.args.timeout)
        kept = set(game_lines(journal))
        victim = mpi_rank_pids(started.proc.pid).get(1) if started.alive() else None
        if victim:
            os.kill(victim, sig)
        run = p.runner.finish(started)
        if fam.crashed_or_hung(label, run):
            continue
        log(f"  {label}: rank 1 {'signalled' if victim else 'not found (the run had ended)'} with "
            f"{len(kept)} games in the journal; exit {run.rc}")
        if run.rc == 0:
            if len(game_lines(journal)) != 10 or read_json(folder / "out.json") is None:
                fam.defect("data lost", label, "exit 0 without every game and the result", run, [journal])
            elif victim and len(kept) < 10 - 3:  # games were left to hand out: the signal was ignored
                fam.note(label, "exit 0: the signal to rank 1 went unheeded (it should stop the run as Ctrl-C)",
                         run)
            continue
        if run.rc != 130 or "finish with:" not in run.stderr:
            fam.note(label, f"not stopped as on Ctrl-C (exit 130 and 'finish with:'): exit {run.rc}: "
                     f"{last_line(run.stderr)}", run)
        final = p.runner.run([p.ratrace, "score", "--resume", "run.jsonl", "--json", "out.json", "--threads", "1",
                              "--force"], folder, name="resume")
        if fam.crashed_or_hung(label + " (resume)", final):
            continue
        if final.rc != 0:
            fam.defect("data lost", label, f"the resume fails: exit {final.rc}: {last_line(final.stderr)}", final,
                       [journal])
            continue
        if kept - set(game_lines(journal)):
            fam.defect("data lost", label, "games in the journal before the signal are gone", final, [journal])
        result = read_json(folder / "out.json")
        if result is None or without_run_keys(result) != reference:
            fam.defect("data lost", label, "the resumed result differs from a one-process run's", final,
                       [folder / "out.json"])


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
# Cases per family: (--quick, --full). exists and unwritable always run their whole list.
COUNTS = {
    "kill9": (24, 80), "sigint": (12, 40), "race": (9, 30), "exists": (0, 0), "unwritable": (0, 0),
    "fuzz-track": (96, 300), "fuzz-config": (80, 300), "fuzz-set": (80, 300), "fuzz-flags": (100000, 100000),
    "fuzz-journal": (87, 300), "fuzz-boxes": (81, 250), "fuzz-morpion": (90, 300), "fuzz-stdin": (60, 300),
    "signal-morpion": (8, 24), "kill-menace": (15, 45), "mpi": (3, 5),
    "mpi-signal": (2, 6), "journal-foreign": (12, 40), "player-code": (2, 6), "python-returns": (12, 36),
    "plugin-crash": (2, 6), "fifo-inputs": (0, 0),
}


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
