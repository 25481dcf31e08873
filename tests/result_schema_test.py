#!/usr/bin/env python3
"""Runs score, leaderboard, sweep and compare on a tiny config and validates each --json file,
and the committed docs/*.json result files, against docs/result.schema.json: a test fails
when a command writes a field the schema does not describe, or drops one it requires.

Usage: result_schema_test.py RATRACE_BINARY REPO_ROOT
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

TINY = ["--boards", "2", "--set", "turns=200", "--threads", "1"]
RUNS = {
    "score": ["score", "--player", "Blind Faith"] + TINY,
    "leaderboard": ["leaderboard", "--players", "ColorScorePlayer,Blind Faith"] + TINY,
    "sweep": ["sweep", "--player", "Blind Faith", "--param", "mutation=0.01,0.0227"] + TINY,
    "compare": ["compare", "--a", "ColorScorePlayer", "--b", "Blind Faith:mutation=0.0227", "--max-boards", "4"] + TINY,
}
ENTRANTS = {"score": 1, "leaderboard": 2, "sweep": 2, "compare": 2}


def check(path, validator):
    with open(path) as f:
        doc = json.load(f)
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    for e in errors[:5]:
        print(f"{path}: {'/'.join(map(str, e.path)) or '(top)'}: {e.message}", file=sys.stderr)
    # What the schema cannot say: one record per entrant and board, and seeds that survive
    # a round trip through a double-based reader only as strings.
    if not errors:
        names = {e["entrant"] for e in doc["entrants"]}
        assert {b["entrant"] for b in doc["boards"]} <= names, path
        per_entrant = len(doc["boards"]) // len(doc["entrants"])
        assert len(doc["boards"]) == per_entrant * len(doc["entrants"]), path
        assert int(doc["master_seed"]) >= 0 and all(int(b["seed"]) >= 0 for b in doc["boards"]), path
    return doc, not errors


def main():
    ratrace, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(root, "docs", "result.schema.json")) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for command, args in RUNS.items():
            out = os.path.join(tmp, command + ".json")
            journal = os.path.join(tmp, command + ".jsonl")
            run = subprocess.run([ratrace] + args + ["--journal", journal, "--json", out],
                                 cwd=tmp, capture_output=True, text=True)
            if run.returncode != 0:
                print(f"{command}: exit {run.returncode}\n{run.stderr}", file=sys.stderr)
                ok = False
                continue
            doc, valid = check(out, validator)
            ok &= valid
            if valid:
                assert doc["command"] == command
                assert len(doc["entrants"]) == ENTRANTS[command], command
                if command != "compare":
                    assert len(doc["boards"]) == 2 * ENTRANTS[command], command
                print(f"{command}: valid, {len(doc['boards'])} board records")
    for path in sorted(glob.glob(os.path.join(root, "docs", "*.json"))):
        with open(path) as f:
            top = json.load(f)
        if not isinstance(top, dict) or top.get("command") not in RUNS:
            continue  # not a result file (the schema itself, other systems' files)
        _, valid = check(path, validator)
        ok &= valid
        print(f"{os.path.relpath(path, root)}: {'valid' if valid else 'INVALID'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
