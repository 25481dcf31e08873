"""What every family uses: running the programs, what a family found, files and checksums, the probe's shared state."""
import dataclasses
import json
import random
import re
import shlex
import signal
import subprocess
import sys
import time

from pathlib import Path
from run_files import without_run_keys


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


# Cases per family: (--quick, --full). exists and unwritable always run their whole list.
COUNTS = {
    "kill9": (24, 80), "sigint": (12, 40), "race": (9, 30), "exists": (0, 0), "unwritable": (0, 0),
    "fuzz-track": (96, 300), "fuzz-config": (80, 300), "fuzz-set": (80, 300), "fuzz-flags": (100000, 100000),
    "fuzz-journal": (87, 300), "fuzz-boxes": (81, 250), "fuzz-morpion": (90, 300), "fuzz-stdin": (60, 300),
    "signal-morpion": (8, 24), "kill-menace": (15, 45), "mpi": (3, 5),
    "mpi-signal": (2, 6), "journal-foreign": (12, 40), "player-code": (2, 6), "python-returns": (12, 36),
    "plugin-crash": (2, 6), "fifo-inputs": (0, 0),
}
