"""Python players on the engine: the same per-board scores as the compiled-in players they
mirror, at 1 and 2 threads; faults with their traceback; the program's --python flag.

Games are cut to 1,000 turns (config turns=1000) so that the Python calls fit in CI; the
equality checked is exact, board by board."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))

import ratrace  # noqa: E402
from ratrace.compat import Coordinate, Player  # noqa: E402
import random  # noqa: E402  (after ratrace.compat, as a posted answer would import it)

import color_score  # noqa: E402

SHORT = {"turns": 1000}
BOARDS = 5


def forward_random(genome, view, rng):
    """ForwardRandom: (1, dy) with dy uniform in {-1, 0, 1}."""
    return (1, rng.randint(-1, 1))


class TiedColourScore(Player):
    """ColorScorePlayer in the organisers' class form, reading each colour's 6 bits first bit
    most significant (as the compiled-in player) and breaking ties with random.choice."""

    def turn(self):
        scores = {}
        for dy in (-1, 0, 1):
            colour = self.vision_at(1, dy)
            if colour >= 0:
                chunk = 0
                for k in range(6):
                    chunk = 2 * chunk + self.bit_at(6 * colour + k)
                scores[dy] = chunk
        if not scores:
            return Coordinate(1, 0)
        best = max(scores.values())
        return Coordinate(1, random.choice([dy for dy in (-1, 0, 1) if scores.get(dy) == best]))


def scores(player, threads, boards=BOARDS):
    return ratrace.score(player, boards=boards, seed=1, threads=threads, config=SHORT, progress=False).scores


class SameScoresAsCompiledPlayers(unittest.TestCase):
    def check(self, python_player, compiled_name):
        expected = scores(compiled_name, 2)
        self.assertEqual(scores(python_player, 1), expected)
        self.assertEqual(scores(python_player, 2), expected)
        self.assertGreater(max(expected), 1)  # the games are not trivial

    def test_color_score_function(self):
        self.check(color_score.move, "ColorScorePlayer")

    def test_random_ties_draw_from_the_engine(self):
        self.check(forward_random, "ForwardRandom")

    def test_organisers_player_class_with_random_choice(self):
        self.check(TiedColourScore(), "ColorScorePlayer")


class Results(unittest.TestCase):
    def test_summary_and_json_document(self):
        result = ratrace.score(color_score.move, boards=3, seed=2, config=SHORT, progress=False)
        self.assertEqual(len(result.boards), 3)
        low, high = result.summary["ci95"]
        self.assertLessEqual(low, result.summary["geometric_mean"])
        self.assertLessEqual(result.summary["geometric_mean"], high)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "r.json")
            result.write_json(path)
            with self.assertRaises(FileExistsError):
                result.write_json(path)
            with open(path) as f:
                self.assertEqual(json.load(f)["boards"][0]["score"], result.scores[0])

    def test_play_is_board_i_of_a_run(self):
        run = ratrace.score("ColorScorePlayer", boards=3, seed=4, config=SHORT, progress=False)
        self.assertEqual(ratrace.play(color_score.move, board=2, seed=4, config=SHORT)["score"], run.scores[2])

    def test_compare_is_paired(self):
        result = ratrace.compare(color_score.move, "ColorScorePlayer", boards=4, seed=3, config_a=SHORT,
                                 config_b=SHORT, progress=False)
        self.assertEqual(result.summary["paired"]["ratio"], 1.0)

    def test_a_raising_player_is_a_fault_with_its_traceback(self):
        def broken(genome, view, rng):
            return view(3, 0)  # outside the 5x5 view

        record = ratrace.play(broken, board=0, seed=1, config=SHORT)
        self.assertIn("Traceback", record["fault"])
        self.assertIn("outside the 5x5 view", record["fault"])
        self.assertIn("turn 1", record["fault"])

    def test_a_move_of_the_wrong_shape_is_a_fault(self):
        record = ratrace.play(lambda genome, view, rng: "east", board=0, seed=1, config=SHORT)
        self.assertIn("expected (dx, dy)", record["fault"])


class ProgramFlag(unittest.TestCase):
    ratrace_binary = os.environ.get("RATRACE")

    def run_ratrace(self, folder, *args):
        return subprocess.run([self.ratrace_binary, *args], cwd=folder, capture_output=True, text=True, timeout=600)

    @unittest.skipUnless(os.environ.get("RATRACE"), "needs RATRACE, the program")
    def test_python_flag_scores_as_the_module(self):
        with tempfile.TemporaryDirectory() as folder:
            example = os.path.join(HERE, "..", "examples", "color_score.py")
            done = self.run_ratrace(folder, "score", "--python", example + ":move", "--boards", "3", "--seed", "1",
                                    "--set", "turns=1000", "--json", "r.json")
            self.assertEqual(done.returncode, 0, done.stderr)
            with open(os.path.join(folder, "r.json")) as f:
                cli = [b["score"] for b in json.load(f)["boards"]]
            self.assertEqual(cli, scores(color_score.move, 2, boards=3))

    @unittest.skipUnless(os.environ.get("RATRACE"), "needs RATRACE, the program")
    def test_bad_python_players_exit_2_naming_the_file(self):
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "syntax.py"), "w") as f:
                f.write("def move(genome, view, rng)\n    return (1, 0)\n")
            for spec, said in (("missing.py:move", "no such file"), ("syntax.py:move", "SyntaxError"),
                               ("syntax.py", "expected FILE.py:FUNCTION")):
                done = self.run_ratrace(folder, "score", "--python", spec, "--boards", "1")
                self.assertEqual(done.returncode, 2, done.stderr)
                self.assertIn(said, done.stderr)
            with open(os.path.join(folder, "empty.py"), "w") as f:
                f.write("\n")
            done = self.run_ratrace(folder, "score", "--python", "empty.py:move", "--boards", "1")
            self.assertEqual(done.returncode, 2)
            self.assertIn("defines no 'move'", done.stderr)


if __name__ == "__main__":
    unittest.main()
