"""Runs of Python players as a person meets them: Ctrl-C stops a run promptly whatever the
player does, and the same call (or the command the program prints) finishes it; a stuck
call is a fault under a time limit; a call without a journal leaves nothing behind; the
organisers' classes and broken files through the program's --python.

Runs that are interrupted run in a child process, driven as a user would, with a signal."""
import glob
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest
import unittest.mock

import ratrace

RATRACE = os.environ.get("RATRACE")
# ColorScorePlayer drawing a random number on every call, so that no call is memoised: each
# game of 600 turns makes a few hundred thousand Python calls (about 1.4 s), long enough to be
# interrupted between two games.
SLOW_PLAYER = textwrap.dedent('''
    def move(genome, view, rng):
        rng.random()
        best, pick = -1, 0
        for dy in (-1, 0, 1):
            colour = view(1, dy)
            if colour >= 0 and genome.chunk(6 * colour, 6) > best:
                best, pick = genome.chunk(6 * colour, 6), dy
        return (1, pick)
''')
STUCK_PLAYER = textwrap.dedent('''
    def move(genome, view, rng):
        while True:
            pass
''')


def write(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def lines_of(pattern):
    """The lines of the first file matching `pattern`, 0 when there is none yet."""
    files = glob.glob(pattern)
    if not files:
        return 0
    with open(files[0]) as f:
        return f.read().count("\n")


def wait_until(condition, seconds=120):
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        time.sleep(0.02)


def python_child(folder, code, journals):
    env = dict(os.environ, RATRACE_JOURNALS=journals)
    return subprocess.Popen([sys.executable, "-c", code], cwd=folder, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


class Journals(unittest.TestCase):
    def test_calls_without_a_journal_leave_nothing_behind(self):
        journals = os.path.join(ratrace.runs.journal_folder(), "*.jsonl")
        journals_before = sorted(glob.glob(journals))
        # A private temporary folder: tests running alongside write to the shared one.
        with tempfile.TemporaryDirectory() as private, \
                unittest.mock.patch.dict(os.environ, {"TMPDIR": private}), \
                unittest.mock.patch.object(tempfile, "tempdir", private):
            for seed in range(100):
                ratrace.score("ColorScorePlayer", boards=2, seed=seed, config={"turns": 20}, progress=False)
            self.assertEqual(os.listdir(private), [])
        self.assertEqual(sorted(glob.glob(journals)), journals_before)

    def test_a_given_journal_is_kept_and_reused(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "j.jsonl")
            first = ratrace.score("ColorScorePlayer", boards=3, config={"turns": 50}, journal=path, progress=False)
            again = ratrace.score("ColorScorePlayer", boards=3, config={"turns": 50}, journal=path, progress=False)
            self.assertEqual(again.scores, first.scores)
            with self.assertRaisesRegex(ValueError, "it holds another run: its master seed is 1, not 2"):
                ratrace.score("ColorScorePlayer", boards=3, seed=2, config={"turns": 50}, journal=path,
                              progress=False)


class Interruptions(unittest.TestCase):
    def test_ctrl_c_stops_a_stuck_player_at_once(self):
        with tempfile.TemporaryDirectory() as folder:
            write(folder, "stuck.py", STUCK_PLAYER)
            child = python_child(folder, "import ratrace\nratrace.score('stuck.py:move', boards=2, progress=False)",
                                 folder)
            wait_until(lambda: lines_of(os.path.join(folder, "*.jsonl")) >= 1)
            time.sleep(0.5)  # inside the endless call
            sent = time.monotonic()
            child.send_signal(signal.SIGINT)
            _, err = child.communicate(timeout=30)
            self.assertLess(time.monotonic() - sent, 5, err)
            self.assertIn("KeyboardInterrupt", err)
            self.assertIn("the same call finishes the run", err)

    def test_ctrl_c_stops_one_game_at_once(self):
        # ratrace.play and ratrace.record: a long game of a C++ player, and a stuck Python player.
        for call in ("ratrace.play('House', board=0, seed=1, config={'turns': 40000})",
                     "ratrace.record('stuck.py:move', board=0)"):
            with self.subTest(call=call), tempfile.TemporaryDirectory() as folder:
                write(folder, "stuck.py", STUCK_PLAYER)
                child = python_child(folder, "import ratrace\nprint('playing', flush=True)\n" + call, folder)
                self.assertEqual(child.stdout.readline().strip(), "playing")
                time.sleep(1.0)  # inside the game (House's 40,000 turns take about 20 s, the stuck call forever)
                sent = time.monotonic()
                child.send_signal(signal.SIGINT)
                _, err = child.communicate(timeout=30)
                self.assertLess(time.monotonic() - sent, 5, err)
                self.assertIn("KeyboardInterrupt", err)

    def test_a_stuck_call_over_the_time_limit_is_a_fault_naming_its_board(self):
        with tempfile.TemporaryDirectory() as folder:
            write(folder, "stuck.py", STUCK_PLAYER)
            with self.assertRaises(ratrace.PlayerFault) as caught:
                ratrace.score(os.path.join(folder, "stuck.py:move"), boards=1, call_time_limit=0.2, progress=False)
            self.assertIn("longer than the call time limit of 0.2", caught.exception.faults[0])
            self.assertIn("board 0", caught.exception.faults[0])

    def test_the_same_call_after_ctrl_c_finishes_the_run(self):
        call = ("import ratrace\nr = ratrace.score('slow.py:move', boards=4, seed=5, config={'turns': 600}, "
                "threads=1, progress=False)\nprint(r.scores)")
        with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as whole:
            write(folder, "slow.py", SLOW_PLAYER)
            journals = os.path.join(folder, "journals")
            child = python_child(folder, call, journals)
            wait_until(lambda: lines_of(os.path.join(journals, "*.jsonl")) >= 2)
            child.send_signal(signal.SIGINT)
            _, err = child.communicate(timeout=60)
            self.assertIn("KeyboardInterrupt", err)
            kept = lines_of(os.path.join(journals, "*.jsonl")) - 1
            self.assertTrue(1 <= kept < 4, kept)
            finished = python_child(folder, call, journals)
            out, err = finished.communicate(timeout=600)
            self.assertEqual(finished.returncode, 0, err)
            self.assertEqual(os.listdir(journals), [])  # finished: its journal is gone
            write(whole, "slow.py", SLOW_PLAYER)
            uninterrupted = python_child(whole, call, os.path.join(whole, "journals"))
            self.assertEqual(uninterrupted.communicate(timeout=600)[0], out)


@unittest.skipUnless(RATRACE, "needs RATRACE, the program")
class ProgramFlag(unittest.TestCase):
    def run_ratrace(self, folder, *args):
        return subprocess.run([RATRACE, *args], cwd=folder, capture_output=True, text=True, timeout=600)

    def test_ctrl_c_then_the_printed_command_finishes_a_python_run(self):
        words = ["score", "--python", "slow.py:move", "--boards", "4", "--seed", "5", "--set", "turns=600",
                 "--threads", "1"]
        with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as whole:
            write(folder, "slow.py", SLOW_PLAYER)
            child = subprocess.Popen([RATRACE, *words], cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
            wait_until(lambda: lines_of(os.path.join(folder, "runs", "*.jsonl")) >= 2)
            child.send_signal(signal.SIGINT)
            _, err = child.communicate(timeout=60)
            self.assertEqual(child.returncode, 130, err)
            hint = err.split("finish with: ")[-1].splitlines()[0]
            self.assertIn("--python slow.py:move", hint)
            pasted = subprocess.run(hint + " --json r.json", shell=True, cwd=folder, capture_output=True, text=True,
                                    timeout=600)
            self.assertEqual(pasted.returncode, 0, pasted.stderr)
            write(whole, "slow.py", SLOW_PLAYER)
            self.assertEqual(self.run_ratrace(whole, *words, "--json", "r.json").returncode, 0)
            results = []
            for where in (folder, whole):
                with open(os.path.join(where, "r.json")) as f:
                    results.append([b["score"] for b in json.load(f)["boards"]])
            self.assertEqual(results[0], results[1])

    def test_an_edited_player_starts_a_new_run(self):
        """Editing a player (or a module it imports) and running the same command again plays
        the edited player, saying why, and never reports the old games as its score."""
        forward = "from helper import ahead\ndef move(genome, view, rng):\n    return (1, ahead())\n"
        words = ["score", "--python", "p.py:move", "--boards", "3", "--seed", "2", "--set", "turns=300",
                 "--threads", "1", "--json", "-"]
        with tempfile.TemporaryDirectory() as folder:
            write(folder, "p.py", forward)
            write(folder, "helper.py", "def ahead():\n    return 0\n")
            first = self.run_ratrace(folder, *words)
            self.assertEqual(first.returncode, 0, first.stderr)
            old_journal, = glob.glob(os.path.join(folder, "runs", "*.jsonl"))
            again = self.run_ratrace(folder, *words)
            self.assertIn("already", again.stderr + again.stdout)  # the same code: the same run
            write(folder, "helper.py", "def ahead():\n    return 1\n")  # only the imported module changes
            edited = self.run_ratrace(folder, *words)
            self.assertEqual(edited.returncode, 0, edited.stderr)
            self.assertIn("has changed since", edited.stderr)
            moves = [[b["moves"] for b in json.loads(run.stdout)["boards"]] for run in (first, edited)]
            self.assertNotEqual(moves[0], moves[1])
            resumed = self.run_ratrace(folder, "score", "--python", "p.py:move", "--resume", old_journal)
            self.assertEqual(resumed.returncode, 2)
            self.assertIn("has changed since", resumed.stderr)

    def test_organisers_classes_load_with_or_without_ratrace(self):
        with tempfile.TemporaryDirectory() as folder:
            write(folder, "with_compat.py", textwrap.dedent('''
                from ratrace.compat import Player, Coordinate
                class Forward(Player):
                    def turn(self):
                        return Coordinate(1, 0)
            '''))
            write(folder, "plain.py", textwrap.dedent('''
                class Forward:
                    """The organisers' interface by hand: take_turn(genome, vision)."""
                    def take_turn(self, genome, vision):
                        return (1, 0)
            '''))
            expected = ratrace.score("ForwardOnly", boards=3, config={"turns": 300}, progress=False).scores
            for spec in ("with_compat.py:Forward", "plain.py:Forward"):
                done = self.run_ratrace(folder, "score", "--python", spec, "--boards", "3", "--set", "turns=300",
                                        "--json", spec + ".json")
                self.assertEqual(done.returncode, 0, done.stderr)
                with open(os.path.join(folder, spec + ".json")) as f:
                    self.assertEqual([b["score"] for b in json.load(f)["boards"]], expected)

    def test_bad_python_files_are_one_line_and_exit_2(self):
        with tempfile.TemporaryDirectory() as folder:
            write(folder, "syntax.py", "def move(genome, view, rng)\n    return (1, 0)\n")
            write(folder, "raises.py", "import math\nmath.sqrt(-1)\n")
            write(folder, "empty.py", "\n")
            for spec, said in (("missing.py:move", "no such file 'missing.py'"),
                               ("syntax.py:move", "SyntaxError: expected ':' (syntax.py, line 1)"),
                               ("raises.py:move", "ValueError: math domain error (raises.py, line 2)"),
                               ("empty.py:move", "'empty.py' defines no 'move'"),
                               ("syntax.py", "expected FILE.py:FUNCTION")):
                with self.subTest(spec):
                    done = self.run_ratrace(folder, "score", "--python", spec, "--boards", "1")
                    self.assertEqual(done.returncode, 2, done.stderr)
                    self.assertEqual(done.stderr.count("\n"), 1, done.stderr)
                    self.assertIn(said, done.stderr)


if __name__ == "__main__":
    unittest.main()
