"""Python equals the command line: score, compare, sweep and leaderboard run once through
`ratrace COMMAND --json` and once through the module with the same run give the same result
document (timings and the command line aside), and both are valid against
docs/result.schema.json. A Python player loaded from its file runs alike both ways.

Needs RATRACE, the program of the same build."""
import json
import os
import subprocess
import tempfile
import unittest

import jsonschema

import ratrace

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
EXAMPLE = os.path.join(ROOT, "python", "examples", "color_score.py") + ":move"
SHORT = {"turns": 300}

with open(os.path.join(ROOT, "docs", "result.schema.json")) as schema_file:
    VALIDATOR = jsonschema.Draft202012Validator(json.load(schema_file))

# Each command as typed, and the same run asked from Python.
RUNS = {
    "score": (["score", "--player", "ColorScorePlayer", "--boards", "4", "--seed", "3", "--set", "turns=300"],
              lambda: ratrace.score("ColorScorePlayer", boards=4, seed=3, config=SHORT, progress=False)),
    "compare": (["compare", "--a", "ColorScorePlayer", "--b", "ColorScorePlayer:mutation=0.05", "--boards", "3",
                 "--max-boards", "6", "--seed", "2", "--set", "turns=300"],
                lambda: ratrace.compare("ColorScorePlayer", "ColorScorePlayer", boards=3, max_boards=6, seed=2,
                                        config=SHORT, config_b={"mutation": 0.05}, progress=False)),
    "sweep": (["sweep", "--player", "Bishop", "--param", "mutation=0.005,0.05", "--boards", "3", "--set",
               "turns=300"],
              lambda: ratrace.sweep("Bishop", {"mutation": [0.005, 0.05]}, boards=3, config=SHORT, progress=False)),
    "leaderboard": (["leaderboard", "--players", "ColorScorePlayer,Bishop,NeighborsOfNeighbors", "--boards", "2",
                     "--set", "turns=300"],
                    lambda: ratrace.leaderboard(["ColorScorePlayer", "Bishop", "NeighborsOfNeighbors"], boards=2,
                                                config=SHORT, progress=False)),
    "score of a Python file": (["score", "--python", EXAMPLE, "--boards", "3", "--set", "turns=300"],
                               lambda: ratrace.score(EXAMPLE, boards=3, config=SHORT, progress=False)),
}


def comparable(document):
    """The document without what may differ between two runs of the same games: the wall
    times, the command line it was asked with, and the program's version."""
    document = dict(document)
    for key in ("command_line", "tool"):
        document.pop(key)
    document["boards"] = [{k: v for k, v in record.items() if k != "timing"} for record in document["boards"]]
    return document


@unittest.skipUnless(os.environ.get("RATRACE"), "needs RATRACE, the program")
class PythonEqualsTheCommandLine(unittest.TestCase):
    def test_every_command_writes_the_same_document(self):
        for name, (words, from_python) in RUNS.items():
            with self.subTest(name), tempfile.TemporaryDirectory() as folder:
                done = subprocess.run([os.environ["RATRACE"], *words, "--json", "r.json", "--journal", "j.jsonl"],
                                      cwd=folder, capture_output=True, text=True, timeout=600)
                self.assertEqual(done.returncode, 0, done.stderr)
                with open(os.path.join(folder, "r.json")) as f:
                    from_cli = json.load(f)
                document = from_python().document
                for doc in (from_cli, document):
                    errors = [e.message for e in VALIDATOR.iter_errors(doc)]
                    self.assertEqual(errors, [], name)
                self.assertEqual(comparable(document), comparable(from_cli))
                self.assertGreater(len(document["boards"]), 0)


if __name__ == "__main__":
    unittest.main()
