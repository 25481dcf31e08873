"""Python equals the command line: score, compare, sweep and leaderboard run once through
`ratrace COMMAND --json` and once through the module with the same run give the same result
document (timings and the command line aside), and both are valid against
docs/result.schema.json. A Python player loaded from its file runs alike both ways. A board's
track, its recorded game, the picture and the replay page are the files `track --json`,
`play --record`, `render` and `replay` write.

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

    def test_the_leaderboard_s_markdown_and_the_sweep_s_csv_are_the_command_line_s(self):
        program = os.environ["RATRACE"]
        with tempfile.TemporaryDirectory() as folder:
            for words in (["leaderboard", "--players", "ColorScorePlayer,Bishop", "--boards", "2", "--set",
                           "turns=300", "--markdown", "m.md", "--json", "l.json"],
                          ["sweep", "--player", "Bishop", "--param", "mutation=0.005,0.05", "--boards", "3", "--set",
                           "turns=300", "--csv", "c.csv", "--json", "s.json"]):
                done = subprocess.run([program, *words], cwd=folder, capture_output=True, text=True, timeout=600)
                self.assertEqual(done.returncode, 0, done.stderr)
            with open(os.path.join(folder, "m.md")) as f:
                markdown = f.read()
            with open(os.path.join(folder, "c.csv")) as f:
                csv = f.read()
            board = ratrace.leaderboard(["ColorScorePlayer", "Bishop"], boards=2, config=SHORT, progress=False)
            sweep = ratrace.sweep("Bishop", {"mutation": [0.005, 0.05]}, boards=3, config=SHORT, progress=False)

            def unstamped(text):  # the date and the command line it was asked with aside
                return [line for line in text.splitlines() if "Generated by" not in line and "ratrace " not in line]
            self.assertEqual(unstamped(board.markdown), unstamped(markdown))
            self.assertIn("| Bishop |", board.markdown.replace("**", ""))
            self.assertEqual(board._repr_markdown_(), board.markdown)
            self.assertEqual(sweep.csv, csv)
            self.assertGreaterEqual(len(csv.splitlines()), 3)  # a header and a row per setting
            self.assertIsNone(sweep.markdown)
            with self.assertRaises(ValueError):
                sweep.write_markdown(os.path.join(folder, "no.md"))
            sweep.write_csv(os.path.join(folder, "py.csv"))
            with self.assertRaises(ValueError):  # never over a file without force
                sweep.write_csv(os.path.join(folder, "py.csv"))
            board.write_markdown(os.path.join(folder, "m.md"), force=True)

    def test_seeing_a_game_gives_the_command_line_s_files(self):
        program = os.environ["RATRACE"]
        with tempfile.TemporaryDirectory() as folder:
            def cli(*words):
                done = subprocess.run([program, *words], cwd=folder, capture_output=True, text=True, timeout=600)
                self.assertEqual(done.returncode, 0, done.stderr)

            def read(name):
                with open(os.path.join(folder, name)) as f:
                    return f.read()

            cli("play", "--player", "Bishop", "--board", "2", "--seed", "5", "--set", "turns=300",
                "--record-scorers", "20", "--record", "r.json")
            game = ratrace.record("Bishop", board=2, seed=5, config=SHORT, scorers=20)
            self.assertEqual(game, json.loads(read("r.json")))
            self.assertEqual(game["game"]["board"], 2)
            self.assertGreater(game["result"]["score"], 0)
            cli("render", "--record", "r.json", "--out", "r.svg", "--overlay", "heat,paths", "--paths", "5")
            self.assertEqual(ratrace.render(game, overlays=["heat", "paths"], paths=5), read("r.svg"))
            self.assertEqual(ratrace.render(os.path.join(folder, "r.json"), overlays=["heat", "paths"], paths=5),
                             read("r.svg"))
            cli("replay", "--record", "r.json", "--html", "r.html")
            page = ratrace.replay(game)
            self.assertEqual(page, read("r.html"))
            self.assertIn("<iframe srcdoc=", page._repr_html_())
            cli("track", "--board", "4", "--seed", "9", "--json", "t.json")
            track = ratrace.track(board=4, seed=9)
            self.assertEqual(track, json.loads(read("t.json")))
            cli("render", "--board", "4", "--seed", "9", "--out", "t.svg")
            self.assertEqual(ratrace.render(board=4, seed=9), read("t.svg"))
            self.assertEqual(ratrace.render(track=track), read("t.svg"))
            picture = ratrace.render(board=4, seed=9)
            self.assertEqual(picture._repr_svg_(), picture)
            picture.save(os.path.join(folder, "p.svg"))
            with self.assertRaises(ValueError):  # never over a file without force
                picture.save(os.path.join(folder, "p.svg"))
            picture.save(os.path.join(folder, "p.svg"), force=True)

    def test_seeing_a_game_refuses_bad_input_with_its_name(self):
        game = ratrace.record("ColorScorePlayer", board=0, seed=1, config=SHORT, scorers=3, sampled=2, frames=5)
        broken = dict(game, totals=dict(game["totals"], births=-1))
        with self.assertRaises(ValueError) as caught:
            ratrace.render(broken)
        self.assertIn("totals.births", str(caught.exception))
        with self.assertRaises(ValueError):
            ratrace.replay(dict(game, extra=1))
        with self.assertRaises(ValueError):
            ratrace.render(game, overlays=["smoke"])
        with self.assertRaises(ValueError):
            ratrace.track(board=-1)
        with self.assertRaises(ValueError):
            ratrace.record("ColorScorePlayer", frames=-1)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "broken.json")
            with open(path, "w") as f:
                f.write("{not json")
            with self.assertRaises(ValueError) as caught:
                ratrace.render(path)
            self.assertIn("broken.json", str(caught.exception))

        def faulty(genome, view, rng):
            raise RuntimeError("lost")
        with self.assertRaises(ratrace.PlayerFault) as caught:
            ratrace.record(faulty, config=SHORT)
        self.assertIn("lost", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
