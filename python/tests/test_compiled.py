"""Compiled Python players (ratrace.compiled): the same per-board results as the interpreted
function and the compiled-in player it mirrors, at 1 and 2 threads, from Python and from the
command line; faults reported as the interpreted player's; what cannot be compiled refused in one
line naming the construct and the line; without Numba, an error naming the package.

Games are cut (config turns) so that the interpreted runs fit in CI; every equality is exact,
board by board."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "examples")
sys.path.insert(0, EXAMPLES)

import ratrace  # noqa: E402

import cautious_specimens  # noqa: E402
import color_score  # noqa: E402


def boards(player, count, threads=1, **config):
    result = ratrace.score(player, boards=count, seed=1, threads=threads, config=config, progress=False)
    return [(b["score"], b["moves"]) for b in result.document["boards"]]


def write(folder, name, source):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(textwrap.dedent(source))
    return path


class SameGames(unittest.TestCase):
    def test_color_score_compiled_interpreted_and_cpp_agree_at_1_and_2_threads(self):
        compiled = ratrace.compiled(color_score.move)
        cpp = boards("ColorScorePlayer", 8, turns=600)
        self.assertEqual(boards(color_score.move, 8, turns=600), cpp)
        for threads in (1, 2):
            self.assertEqual(boards(compiled, 8, threads, turns=600), cpp)
        self.assertGreater(max(score for score, _ in cpp), 1)  # not only trivial games

    def test_cautious_specimens_port_agrees_with_the_cpp_player(self):
        cpp = boards("Cautious Specimens", 4, turns=800)
        self.assertEqual(boards(cautious_specimens.move, 4, turns=800), cpp)
        self.assertEqual(boards(cautious_specimens.move.python_function, 4, turns=800), cpp)

    def test_compiled_players_draw_the_engines_stream(self):
        def forward_random(genome, view, rng):
            return (1, rng.randint(-1, 1))

        def forward_random_below(genome, view, rng):
            return (1, rng.below(3) - 1)

        self.assertEqual(boards(ratrace.compiled(forward_random), 3, turns=300), boards(forward_random, 3, turns=300))
        self.assertEqual(boards(ratrace.compiled(forward_random_below), 3, turns=300),
                         boards(forward_random_below, 3, turns=300))

    def test_command_line_runs_a_decorated_function_compiled(self):
        program = os.environ.get("RATRACE")
        if not program:
            self.skipTest("RATRACE (the built program) not given")
        spec = os.path.join(EXAMPLES, "color_score_compiled.py") + ":move"
        listed = subprocess.run([program, "--python", spec, "players"], capture_output=True, text=True)
        self.assertIn("(you, Python, compiled)", listed.stdout)
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "r.json")
            run = subprocess.run([program, "score", "--python", spec, "--boards", "4", "--set", "turns=500",
                                  "--json", out, "--journal", os.path.join(tmp, "j.jsonl")],
                                 capture_output=True, text=True)
            self.assertEqual(run.returncode, 0, run.stderr)
            import json
            with open(out) as f:
                scores = [(b["score"], b["moves"]) for b in json.load(f)["boards"]]
        self.assertEqual(scores, boards("ColorScorePlayer", 4, turns=500))


class Faults(unittest.TestCase):
    def test_a_read_outside_the_view_is_the_interpreted_players_fault(self):
        def peeks_too_far(genome, view, rng):
            return (1, 0) if view(3, 0) else (1, 1)

        with self.assertRaises(ratrace.PlayerFault) as raised:
            ratrace.score(ratrace.compiled(peeks_too_far), boards=1, config={"turns": 10}, progress=False)
        self.assertIn("view read at (3, 0) outside the 5x5 view", str(raised.exception))

    def test_genome_reads_and_moves_out_of_range_are_faults(self):
        def negative_start(genome, view, rng):
            return (1, genome.chunk(-1, 5) % 2)

        def two_steps(genome, view, rng):
            return (2, 0)

        for player, said in ((negative_start, "genome read of bits [-1, 4)"), (two_steps, "(2, 0)")):
            with self.assertRaises(ratrace.PlayerFault) as raised:
                ratrace.score(ratrace.compiled(player), boards=1, config={"turns": 10}, progress=False)
            self.assertIn(said, str(raised.exception))


class Refusals(unittest.TestCase):
    def test_what_cannot_be_compiled_is_named_with_its_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            write(tmp, "uncompilable.py", '''\
                def mixed_dict(genome, view, rng):
                    seen = {}
                    seen["a"] = 1
                    seen[2] = "b"
                    return (1, 0)

                def says_east(genome, view, rng):
                    return "east"
                ''')
            sys.path.insert(0, tmp)
            try:
                import uncompilable
                with self.assertRaises(ratrace.CompileError) as raised:
                    ratrace.compiled(uncompilable.mixed_dict)
                message = str(raised.exception)
                self.assertNotIn("\n", message)
                self.assertIn("cannot compile mixed_dict: no implementation of setitem(", message)
                self.assertIn("uncompilable.py, line 4: seen[2] = \"b\"", message)
                with self.assertRaises(ratrace.CompileError) as raised:
                    ratrace.compiled(uncompilable.says_east)
                self.assertIn("not two integers (dx, dy)", str(raised.exception))
            finally:
                sys.path.remove(tmp)

    def test_without_numba_the_error_names_the_package(self):
        script = ("import sys; sys.modules['numba'] = None\n"
                  "import ratrace\n"
                  "try:\n"
                  "    ratrace.compiled(lambda genome, view, rng: (1, 0))\n"
                  "except ImportError as e:\n"
                  "    print(e)\n")
        shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=os.environ)
        self.assertIn("python3-numba", shown.stdout, shown.stderr)


class InterpretedArguments(unittest.TestCase):
    def test_arguments_kept_past_their_call_keep_that_calls_values(self):
        kept = []

        def keeper(genome, view, rng):
            if len(kept) < 5:
                kept.append((genome, view, rng, genome.chunk(0, 32), view(1, 0), str(genome)))
            return color_score.move(genome, view, rng)

        self.assertEqual(boards(keeper, 2, turns=200), boards("ColorScorePlayer", 2, turns=200))
        for genome, view, rng, chunk, ahead, text in kept:
            self.assertEqual((genome.chunk(0, 32), view(1, 0), str(genome)), (chunk, ahead, text))
            self.assertGreaterEqual(chunk, 0)  # 32 bits read as an unsigned number
            with self.assertRaises(RuntimeError):
                rng.below(3)  # an Rng is dead once its call is over
        self.assertEqual(len({id(genome) for genome, *_ in kept}), len(kept))


if __name__ == "__main__":
    unittest.main()
