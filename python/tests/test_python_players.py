"""Python players on the engine: the same per-board scores as the compiled-in players they
mirror, at 1 and 2 threads; moves checked exactly; faults raised with their traceback; the
organisers' Player classes; random's functions untouched outside a turn.

Games are cut to 1,000 turns (config turns=1000) so that the Python calls fit in CI; the
equality checked is exact, board by board."""
import json
import os
import re
import random  # before ratrace.compat: its redirection must work either way
import sys
import tempfile
import unittest

import numpy

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))

import ratrace  # noqa: E402
from ratrace.compat import Coordinate, Player  # noqa: E402

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


def fault_of(move):
    """The fault text of a game played by `move`, which must fault."""
    try:
        ratrace.play(move, board=0, seed=1, config=SHORT)
    except ratrace.PlayerFault as fault:
        return fault.faults[0]
    raise AssertionError("no fault")


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

    def test_interpreted_players_are_said_to_be(self):
        result = ratrace.score(color_score.move, boards=1, config={"turns": 10}, progress=False)
        name = result.document["entrants"][0]["player"]
        listed = {p["name"]: p for p in ratrace.players()}
        self.assertTrue(listed[name]["interpreted"])
        self.assertFalse(listed["ColorScorePlayer"]["interpreted"])


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
            with self.assertRaisesRegex(ValueError, "exists; add --force"):
                result.write_json(path)
            result.write_json(path, force=True)
            with open(path) as f:
                self.assertEqual(json.load(f)["boards"][0]["score"], result.scores[0])

    def test_play_is_board_i_of_a_run(self):
        run = ratrace.score("ColorScorePlayer", boards=3, seed=4, config=SHORT, progress=False)
        self.assertEqual(ratrace.play(color_score.move, board=2, seed=4, config=SHORT)["score"], run.scores[2])

    def test_compare_is_paired_and_sequential(self):
        result = ratrace.compare(color_score.move, "ColorScorePlayer", boards=2, max_boards=4, seed=3,
                                 config=SHORT, progress=False)
        self.assertEqual(result.summary["ratio"], 1.0)
        self.assertEqual(result.summary["verdict"], "none")
        self.assertEqual([look["boards"] for look in result.summary["looks_taken"]], [2, 4])

    def test_bad_arguments_are_refused_as_the_command_line_refuses_them(self):
        for arguments, said in (({"threads": 100000}, "threads must be in [0, 1024]"),
                                ({"threads": -1}, "threads must be in [0, 1024]"),
                                ({"boards": -1}, "boards must be in [1, 1000000]"),
                                ({"boards": 10**6 + 1}, "boards must be in [1, 1000000]"),
                                ({"boards": 2.5}, "boards must be an integer"),
                                ({"seed": -1}, "seed must be an integer in [0, 2^64)")):
            with self.subTest(arguments), self.assertRaisesRegex(ValueError, re.escape(said)):
                ratrace.score("ColorScorePlayer", config={"turns": 10}, progress=False, **arguments)


class Faults(unittest.TestCase):
    def test_a_raising_player_is_a_fault_with_its_traceback(self):
        def broken(genome, view, rng):
            return view(3, 0)  # outside the 5x5 view

        fault = fault_of(broken)
        self.assertIn("Traceback", fault)
        self.assertIn("outside the 5x5 view", fault)
        self.assertIn("turn 1", fault)

    def test_a_run_whose_player_faulted_raises_with_its_result(self):
        def raising(genome, view, rng):
            raise RuntimeError("no idea")

        with self.assertRaises(ratrace.PlayerFault) as caught:
            ratrace.score(raising, boards=2, config=SHORT, progress=False)
        self.assertEqual(len(caught.exception.faults), 2)
        self.assertIn("RuntimeError: no idea", caught.exception.faults[0])
        self.assertEqual(caught.exception.result.summary["faulted_boards"], 2)

    def test_moves_are_two_integers_in_minus_one_to_one_exactly(self):
        for returned, shown in (("east", "'east'"), ((2**70, 0), "(1180591620717411303424, 0)"),
                                ((1001, 0), "(1001, 0)"), ((1.0, 0), "(1.0, 0)"), ((1, 0, 0), "(1, 0, 0)")):
            with self.subTest(returned):
                fault = fault_of(lambda genome, view, rng: returned)
                self.assertIn("returned " + shown + "; expected (dx, dy)", fault)

    def test_any_integer_type_is_a_coordinate(self):
        expected = scores("ForwardOnly", 1, boards=2)
        self.assertEqual(scores(lambda genome, view, rng: (numpy.int64(1), numpy.int8(0)), 1, boards=2), expected)
        self.assertEqual(scores(lambda genome, view, rng: [True, False], 1, boards=2), expected)

    def test_genome_reads_out_of_range_are_faults(self):
        for read in (lambda g: g.chunk(-1, 5), lambda g: g.bit(-1), lambda g: g.chunk(98, 5), lambda g: g.bit(100)):
            with self.subTest(read):
                self.assertIn("outside the 100-bit genome", fault_of(lambda genome, view, rng: (read(genome), 0)))

    def test_random_calls_outside_their_range_are_faults(self):
        self.assertIn("below(0)", fault_of(lambda genome, view, rng: (1, rng.below(0))))
        self.assertIn("lo <= hi", fault_of(lambda genome, view, rng: (1, rng.randint(1, -1))))


class OrganisersRandom(unittest.TestCase):
    def test_random_is_pythons_own_outside_a_turn(self):
        random.seed(12345)
        ours = [random.random(), random.choice(range(1000)), random.getrandbits(70), random.randint(1, 6)]
        stock = random.Random(12345)
        self.assertEqual(ours, [stock.random(), stock.choice(range(1000)), stock.getrandbits(70), stock.randint(1, 6)])


if __name__ == "__main__":
    unittest.main()
