#!/usr/bin/env python3
"""The folder graph of the repository, computed from its #include lines, checked against the layers.

Every tracked .h, .cpp and .cpp.in file of the project is read (scripts/ holds no project code:
its C++ drivers are built outside the tree, against other projects' headers). Every quoted
#include must name a project header by its folder's prefix, as CMake's build/include links
resolve it:

    ratrace/common/ ratrace/tracks/ ratrace/engine/ ratrace/runs/ ratrace/analysis/ ratrace/see/
    ratrace/cli/ ratrace/python/ ratrace/players/ ratrace/tests/ morpion/ menace/

and the file must exist; an include that resolves to no file (a bare name, a path from the
repository's root, a header that moved) fails. Each include is an arrow from the including
file's folder to the included one's. The layers, lowest first:

    common < tracks < engine < runs < {analysis, see} < python < cli

A folder may include its own headers and those of any lower layer, never a higher one or a
sibling of its own layer. Beside the layers:

    players, examples   engine, tracks, common (and their own folder)
    morpion, menace     common only
    tests               anything

and python, the Python face, is the front end of morpion and menace too (ratrace.morpion and
ratrace.menace), so it may include them.

The script prints the graph (text, or a mermaid diagram with --mermaid) and exits 1 when an
include cannot be resolved, an arrow breaks these rules or the folders form a cycle, each
offending #include named with its file and line. With --check-doc FILE it also fails when
FILE (docs/ARCHITECTURE.md) does not hold the graph as printed now, in its text block and its
mermaid block.

Usage: scripts/dev/folder_graph.py [--mermaid] [--root DIR] [--check-doc FILE]
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

# How an #include names a folder: its prefix and the folder it stands for (CMake's links).
PREFIXES = [
    ("ratrace/common/", "common/"),
    ("ratrace/tracks/", "tracks/"),
    ("ratrace/engine/", "controller/engine/"),
    ("ratrace/runs/", "controller/runs/"),
    ("ratrace/analysis/", "controller/analysis/"),
    ("ratrace/see/", "controller/see/"),
    ("ratrace/cli/", "controller/cli/"),
    ("ratrace/python/", "python/"),
    ("ratrace/players/", "players/"),
    ("ratrace/tests/", "tests/"),
    ("morpion/", "morpion/"),
    ("menace/", "menace/"),
]

# Headers CMake generates at the top of ratrace/ (from VERSION): they depend on nothing.
GENERATED = {"ratrace/api_version.h"}

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

# The folders a front end drives besides the layers below it.
FRONT_END_OF = {"python": {"morpion", "menace"}}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
HEADER = ("folder -> folders it includes (number of #include lines); layers: "
          "common < tracks < engine < runs < {analysis, see} < python < cli")


def folder_of(path):
    for prefix, name in FOLDERS:
        if path.startswith(prefix):
            return name
    return None


def allowed(source, target):
    if source == target or target in FRONT_END_OF.get(source, set()):
        return True
    if source in RANK and target in RANK:
        return RANK[target] < RANK[source]
    if source in ALLOWED_OUTSIDE:
        return target in ALLOWED_OUTSIDE[source]
    return False


def tracked_sources(root):
    listed = subprocess.run(["git", "-C", str(root), "ls-files", "*.h", "*.cpp", "*.cpp.in"],
                            check=True, capture_output=True, text=True).stdout.split()
    return sorted(path for path in listed if not path.startswith("scripts/"))


def resolve(root, name):
    """The tracked path an #include "name" stands for, or None when it names no file."""
    for prefix, folder in PREFIXES:
        if name.startswith(prefix):
            path = folder + name[len(prefix):]
            return path if (root / path).is_file() else None
    return None


def collect(root):
    """({(source, target): [(file, line)]}, [(file, line, include)] that resolve to no file)."""
    arrows, unresolved = defaultdict(list), []
    for path in tracked_sources(root):
        source = folder_of(path)
        text = (root / path).read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            match = INCLUDE.match(line)
            if not match or match.group(1) in GENERATED:
                continue
            included = resolve(root, match.group(1))
            if included is None:
                unresolved.append((path, number, match.group(1)))
            elif source is not None:
                arrows[(source, folder_of(included))].append((path, number))
    return arrows, unresolved


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


def text_graph(edges):
    nodes = sorted({name for edge in edges for name in edge}, key=order_key)
    lines = [HEADER]
    for node in nodes:
        targets = sorted((t for s, t in edges if s == node), key=order_key)
        listed = ", ".join(f"{t} ({len(edges[(node, t)])})" for t in targets) or "-"
        lines.append(f"  {node:9} -> {listed}")
    return "\n".join(lines)


def mermaid_graph(edges):
    lines = ["flowchart BT"]
    for source, target in sorted(edges, key=lambda e: (order_key(e[0]), order_key(e[1]))):
        if source != "tests":
            lines.append(f"  {source} --> {target}")
    return "\n".join(lines)


def fenced_blocks(text):
    """The contents of every ``` block of a Markdown text, in order."""
    return [block.strip("\n") for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, re.MULTILINE | re.DOTALL)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mermaid", action="store_true", help="print a mermaid flowchart instead of text")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[2]),
                        help="the repository's folder (default: this script's repository)")
    parser.add_argument("--check-doc", help="a Markdown file that must hold the graph's text and mermaid blocks")
    args = parser.parse_args()
    root = Path(args.root)

    arrows, unresolved = collect(root)
    edges = {key: sites for key, sites in arrows.items() if key[0] != key[1]}
    broken = [(path, number, source, target) for (source, target), sites in sorted(edges.items())
              if not allowed(source, target) for path, number in sites]
    cycle = find_cycle(edges)
    print(mermaid_graph(edges) if args.mermaid else text_graph(edges))

    failed = bool(unresolved or broken or cycle)
    for path, number, name in unresolved:
        print(f"folder_graph: error: {path}:{number}: #include \"{name}\" names no file of the project; include "
              f"a header by its folder's prefix (ratrace/<folder>/, morpion/, menace/)", file=sys.stderr)
    for path, number, source, target in broken:
        print(f"folder_graph: error: {path}:{number}: {source} may not include {target}", file=sys.stderr)
    if cycle:
        print("folder_graph: error: the folders form a cycle: " + " -> ".join(cycle), file=sys.stderr)
    if args.check_doc:
        blocks = fenced_blocks((root / args.check_doc).read_text(encoding="utf-8"))
        for name, expected in (("text", text_graph(edges)), ("mermaid", mermaid_graph(edges))):
            if expected not in blocks:
                failed = True
                print(f"folder_graph: error: {args.check_doc} does not hold the graph's {name} block as it is now:\n"
                      f"{expected}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
