#!/usr/bin/env python3
"""The folder graph of the repository, computed from its #include lines, checked against the layers.

Every tracked .h, .cpp and .cpp.in file is read; each `#include "ratrace/<folder>/..."` line is an
arrow from the including file's folder to <folder>. The layers, lowest first:

    common < tracks < engine < runs < {analysis, see} < python < cli

A folder may include its own headers and those of any lower layer, never a higher one or a
sibling of its own layer. Beside the layers:

    players, examples   engine, tracks, common (and their own folder)
    morpion, menace     common only
    tests               anything

The script prints the graph (text, or a mermaid diagram with --mermaid) and exits 1 when an
arrow breaks these rules or the folders form a cycle; each offending #include is named with its
file and line. An arrow listed in KNOWN_EXCEPTIONS is printed as such and does not fail the
check: the list says why it is there and is meant to shrink to nothing.

Usage: scripts/folder_graph.py [--mermaid] [--root DIR]
"""
import argparse
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

# Where each source folder sits: the tracked path prefix, longest first, and its node's name.
FOLDERS = [
    ("controller/engine/", "engine"),
    ("controller/runs/", "runs"),
    ("controller/analysis/", "analysis"),
    ("controller/see/", "see"),
    ("controller/cli/", "cli"),
    ("common/", "common"),
    ("tracks/", "tracks"),
    ("players/", "players"),
    ("python/", "python"),
    ("morpion/", "morpion"),
    ("menace/", "menace"),
    ("examples/", "examples"),
    ("tests/", "tests"),
]

# The layers, lowest first; folders of one rank are siblings and may not include each other.
# python/ (the Python face: the module and the interpreter --python embeds) sits below cli/.
RANK = {"common": 0, "tracks": 1, "engine": 2, "runs": 3, "analysis": 4, "see": 4, "python": 5, "cli": 6}

# What the folders outside the layers may include (besides themselves).
ALLOWED_OUTSIDE = {
    "players": {"engine", "tracks", "common"},
    "examples": {"engine", "tracks", "common"},
    "morpion": {"common"},
    "menace": {"common"},
    "tests": set(RANK) | {"players", "morpion", "menace"},
}

# Headers CMake generates at the top of ratrace/ (from VERSION): they depend on nothing.
GENERATED = {"ratrace/api_version.h"}

# Arrows that break the rules today, with the reason; each is reported on every run.
KNOWN_EXCEPTIONS = {}

INCLUDE = re.compile(r'^\s*#\s*include\s+"ratrace/([a-z_]+)/[^"]+"')


def folder_of(path):
    for prefix, name in FOLDERS:
        if path.startswith(prefix):
            return name
    return None


def allowed(source, target):
    if source == target:
        return True
    if source in RANK and target in RANK:
        return RANK[target] < RANK[source]
    if source in ALLOWED_OUTSIDE:
        return target in ALLOWED_OUTSIDE[source]
    return False


def tracked_sources(root):
    listed = subprocess.run(["git", "-C", str(root), "ls-files", "*.h", "*.cpp", "*.cpp.in"],
                            check=True, capture_output=True, text=True).stdout.split()
    return sorted(listed)


def collect(root):
    """{(source, target): [(file, line number)]} over every tracked source file."""
    arrows = defaultdict(list)
    for path in tracked_sources(root):
        source = folder_of(path)
        if source is None:
            continue
        text = (root / path).read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            match = INCLUDE.match(line)
            if match and "ratrace/" + match.group(1) not in GENERATED:
                arrows[(source, match.group(1))].append((path, number))
    return arrows


def find_cycle(edges):
    """One cycle of the graph as a list of nodes (first == last), or None."""
    graph = defaultdict(set)
    for source, target in edges:
        if source != target:
            graph[source].add(target)
    state = {}
    stack = []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def order_key(name):
    outside = ["players", "examples", "python", "morpion", "menace", "tests"]
    return (RANK.get(name, 10 + outside.index(name) if name in outside else 99), name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mermaid", action="store_true", help="print a mermaid flowchart instead of text")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent),
                        help="the repository's folder (default: this script's repository)")
    args = parser.parse_args()
    root = Path(args.root)

    arrows = collect(root)
    edges = {key: sites for key, sites in arrows.items() if key[0] != key[1]}
    broken, excused = [], []
    for (source, target), sites in sorted(edges.items()):
        if allowed(source, target):
            continue
        for path, number in sites:
            reason = KNOWN_EXCEPTIONS.get((path, target))
            (excused if reason else broken).append((path, number, source, target, reason))
    excused_arrows = {(s, t) for p, n, s, t, r in excused}
    broken_arrows = {(s, t) for p, n, s, t, r in broken}
    # An excused include leaves its arrow out of the cycle search unless other includes make it.
    counted = [edge for edge in edges if edge not in excused_arrows or edge in broken_arrows]
    cycle = find_cycle(counted)

    nodes = sorted({name for edge in edges for name in edge}, key=order_key)
    if args.mermaid:
        print("flowchart BT")
        for (source, target) in sorted(edges, key=lambda e: (order_key(e[0]), order_key(e[1]))):
            if source == "tests":
                continue
            style = "-.->" if (source, target) in excused_arrows else "-->"
            print(f"  {source} {style} {target}")
    else:
        print("folder -> folders it includes (number of #include lines); layers: "
              "common < tracks < engine < runs < {analysis, see} < python < cli")
        for node in nodes:
            targets = sorted((t for s, t in edges if s == node), key=order_key)
            listed = ", ".join(f"{t} ({len(edges[(node, t)])})" for t in targets) or "-"
            print(f"  {node:9} -> {listed}")
    for path, number, source, target, reason in excused:
        print(f"known exception: {path}:{number}: {source} -> {target}: {reason}", file=sys.stderr)
    for path, number, source, target, _ in broken:
        print(f"folder_graph: error: {path}:{number}: {source} may not include {target}", file=sys.stderr)
    if cycle:
        print("folder_graph: error: the folders form a cycle: " + " -> ".join(cycle), file=sys.stderr)
    if broken or cycle:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
