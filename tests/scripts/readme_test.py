#!/usr/bin/env python3
"""Runs the examples of the READMEs as a reader would, on a fresh copy of the repository, twice.

Every ```sh block of README.md, morpion/README.md and menace/README.md (in that order) runs with
`bash -e` from the copy's root, in order; then all of them run a second time in the same copy,
which checks that each example can be repeated (a repeated run re-reports from its journal, an
output is replaced only with --force). A block is skipped when the line before it (blank lines
aside) is `<!-- not-runnable: REASON -->`; it must exit N instead of 0 when that line is
`<!-- expect-exit: N -->`. The skipped blocks are listed with their reasons.

The copy holds what a clone would (`git ls-files`, plus files not yet committed that git does not
ignore) and no build: README.md's first block, the quick start, builds it, so every later block
shows that the quick start alone is enough for it (ccache, which the build uses when installed,
keeps that build to a minute or so after the project's own). With --build DIR the copy links DIR as
its build instead, to try the examples quickly. HOME points into the copy, so an example that
installs into $HOME stays inside it, and /usr/bin comes first on PATH, so that `python3` is
Debian's, as on the machines the README is written for.

Usage: readme_test.py --source DIR [--build DIR] [--keep] [--only FILE] [--timeout SECONDS]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

READMES = ["README.md", "morpion/README.md", "menace/README.md"]
NOT_RUNNABLE = re.compile(r"^<!--\s*not-runnable:\s*(.*?)\s*-->$")
EXPECT_EXIT = re.compile(r"^<!--\s*expect-exit:\s*(\d+)\s*-->$")


class Block:
    def __init__(self, readme, line, code, skip_reason, expected_exit):
        self.readme, self.line, self.code = readme, line, code
        self.skip_reason, self.expected_exit = skip_reason, expected_exit

    def where(self):
        return f"{self.readme}:{self.line}"


def blocks_of(readme, text):
    """The ```sh blocks of one README, with the marker on the line before each (if any)."""
    lines = text.splitlines()
    found = []
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```sh":
            start = i
            j = i + 1
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            if j == len(lines):
                raise SystemExit(f"readme_test: error: {readme}:{start + 1}: a ```sh block that never ends")
            before = start - 1
            while before >= 0 and not lines[before].strip():
                before -= 1
            marker = lines[before].strip() if before >= 0 else ""
            skip = NOT_RUNNABLE.match(marker)
            expect = EXPECT_EXIT.match(marker)
            found.append(Block(readme, start + 1, "\n".join(lines[start + 1:j]) + "\n",
                               skip.group(1) if skip else None, int(expect.group(1)) if expect else 0))
            i = j + 1
        else:
            i += 1
    return found


def copy_tree(source, build, destination):
    """A clone's files of `source` in `destination`, and `build` (if any) linked as destination/build."""
    listed = subprocess.run(["git", "-C", str(source), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            check=True, capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        origin = source / name
        if not origin.exists() and not origin.is_symlink():
            continue  # deleted in the work tree but not yet in git
        target = destination / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if origin.is_symlink():
            os.symlink(os.readlink(origin), target)
        else:
            shutil.copy2(origin, target)
    if build:
        (destination / "build").symlink_to(build.resolve(), target_is_directory=True)
    (destination / "home").mkdir()


def run_block(block, root, environment, timeout):
    started = time.monotonic()
    try:
        done = subprocess.run(["bash", "-e", "-c", block.code], cwd=root, env=environment, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, errors="replace", timeout=timeout)
        code, out, err = done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired as expired:
        code = None
        out = (expired.stdout or b"").decode(errors="replace") if isinstance(expired.stdout, bytes) else expired.stdout or ""
        err = (expired.stderr or b"").decode(errors="replace") if isinstance(expired.stderr, bytes) else expired.stderr or ""
    return code, out, err, time.monotonic() - started


def tail(text, lines=25):
    kept = text.rstrip("\n").splitlines()
    return "\n".join(("    " + line) for line in kept[-lines:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", required=True, help="the repository's folder")
    parser.add_argument("--build", help="a build folder to use instead of the quick start's own build")
    parser.add_argument("--keep", action="store_true", help="keep the copy (its path is printed)")
    parser.add_argument("--only", help="run only this README's blocks (e.g. README.md)")
    parser.add_argument("--passes", type=int, default=2, help="times to run every block (default 2)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds a block may take (default 600)")
    args = parser.parse_args()
    source = Path(args.source).resolve()
    build = Path(args.build).resolve() if args.build else None

    blocks = []
    for readme in READMES:
        if args.only and readme != args.only:
            continue
        blocks += blocks_of(readme, (source / readme).read_text(encoding="utf-8"))
    runnable = [b for b in blocks if b.skip_reason is None]
    skipped = [b for b in blocks if b.skip_reason is not None]
    print(f"{len(blocks)} sh blocks: {len(runnable)} runnable, {len(skipped)} not runnable:")
    for block in skipped:
        print(f"  not runnable: {block.where()}: {block.skip_reason}")

    root = Path(tempfile.mkdtemp(prefix="ratrace-readme-"))
    environment = dict(os.environ, HOME=str(root / "home"), PATH="/usr/bin:" + os.environ.get("PATH", ""))
    # ccache keeps its objects under HOME: the copy's quick start must find the project's own.
    if shutil.which("ccache"):
        environment["CCACHE_DIR"] = subprocess.run(["ccache", "--get-config", "cache_dir"], capture_output=True,
                                                   text=True).stdout.strip()
    environment.pop("MAKEFLAGS", None)
    failures = []
    started = time.monotonic()
    try:
        copy_tree(source, build, root)
        print(f"copy: {root} ({f'build -> {build}' if build else 'built by its quick start'})")
        for number in range(1, args.passes + 1):
            for block in runnable:
                code, out, err, seconds = run_block(block, root, environment, args.timeout)
                ok = code == block.expected_exit
                expected = "" if block.expected_exit == 0 else f", expected {block.expected_exit}"
                shown = "timed out" if code is None else f"exit {code}{expected}"
                print(f"pass {number}: {block.where()}: {'ok' if ok else 'FAILED'} ({shown}, {seconds:.1f} s)",
                      flush=True)
                if not ok:
                    failures.append((number, block))
                    print("  the block:\n" + tail(block.code, 40))
                    if out.strip():
                        print("  its standard output (end):\n" + tail(out))
                    if err.strip():
                        print("  its standard error (end):\n" + tail(err))
    finally:
        if args.keep:
            print(f"kept: {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    elapsed = time.monotonic() - started
    if failures:
        print(f"readme_test: {len(failures)} block runs failed in {elapsed:.0f} s: " +
              ", ".join(f"pass {n} {b.where()}" for n, b in failures))
        return 1
    print(f"readme_test: every runnable block passed {args.passes} times in {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
