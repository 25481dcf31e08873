"""The sibling systems from Python equal their command lines: `morpion search` and `morpion
nrpa` give the same result document as ratrace.morpion (timings aside), `menace train` the same
learning curve and boxes as ratrace.menace; any thread count gives the same searches; bad
settings are refused with the setting named; Ctrl-C keeps what was found.

Needs MORPION and MENACE, the programs of the same build."""
import json
import os
import signal
import subprocess
import tempfile
import threading
import unittest

import ratrace
from ratrace import menace, morpion

MORPION = os.environ.get("MORPION", "morpion")
MENACE = os.environ.get("MENACE", "menace")

# The 5T grid of 80 moves in docs/morpion/... is not needed: a short search's best is decoded back.
TIMES = ("seconds", "cpu_seconds")


def timeless(document):
    """A search document without what depends on the clock or the thread count."""
    d = dict(document)
    for key in ("elapsed_seconds", "timeline", "threads", "version"):
        d.pop(key)
    runs = []
    for run in d["runs"]:
        run = {k: v for k, v in run.items() if k not in TIMES}
        run["improvements"] = [step[:2] for step in run["improvements"]]
        runs.append(run)
    d["runs"] = runs
    return d


class MorpionParity(unittest.TestCase):
    def cli(self, args):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "result.json")
            subprocess.run([MORPION] + args + ["--json", path], check=True, capture_output=True)
            with open(path) as f:
                return json.load(f)

    def test_population_search_with_settings_equals_the_command_line(self):
        cli = self.cli(["search", "--searches", "3", "--threads", "1", "--iterations", "30000", "--seed", "7",
                        "--kick-after", "20000", "--fill", "lineage", "--kick-depth", "0.3,0.6", "--window", "4"])
        py = morpion.search(searches=3, threads=2, iterations=30000, seed=7, kick_after=20000, fill="lineage",
                            kick_depth=(0.3, 0.6), window=4, progress=False)
        self.assertEqual(timeless(cli), timeless(py.document))
        self.assertEqual(py.document["settings"]["fill"], "lineage")
        self.assertEqual(py.best_score, cli["best"]["score"])
        self.assertEqual(py.scores, [run["score"] for run in cli["runs"]])
        self.assertGreater(py.best_score, 60)  # a 5T grid of a search, not a stub

    def test_local_search_and_nrpa_equal_the_command_line(self):
        cli = self.cli(["search", "--method", "local", "--searches", "2", "--threads", "2", "--iterations", "3000",
                        "--seed", "4", "--blacklist", "2"])
        py = morpion.search(method="local", searches=2, threads=1, iterations=3000, seed=4, blacklist=2,
                            progress=False)
        self.assertEqual(timeless(cli), timeless(py.document))
        cli = self.cli(["nrpa", "--searches", "2", "--threads", "1", "--level", "2", "--iterations", "10",
                        "--playouts", "300", "--seed", "5"])
        py = morpion.nrpa(level=2, iterations=10, playouts=300, searches=2, threads=2, seed=5, progress=False)
        self.assertEqual(timeless(cli), timeless(py.document))

    def test_the_mean_best_carries_its_interval(self):
        py = morpion.search(searches=4, threads=2, iterations=5000, seed=2, progress=False)
        mean, half = py.mean
        scores = py.scores
        self.assertAlmostEqual(mean, sum(scores) / 4)
        # The t interval of four values: t(0.975, 3) = 3.182 times the standard error.
        sd = (sum((s - mean) ** 2 for s in scores) / 3) ** 0.5
        self.assertAlmostEqual(half, 3.182446 * sd / 2, places=4)
        self.assertIn("over 4 searches", repr(py))

    def test_compare_gives_the_command_line_s_statistics(self):
        a = morpion.search(searches=4, threads=2, iterations=20000, seed=3, kick_after=0, progress=False)
        b = morpion.search(searches=4, threads=2, iterations=20000, seed=3, kick_after=0, window=3, progress=False)
        comparison = morpion.compare(a, b, at=[10000, 20000], clock="iterations")
        end = comparison["points"][1]
        self.assertEqual(end["runs"][0]["bests"], a.scores)
        self.assertEqual(end["difference"]["values"], [y - x for x, y in zip(a.scores, b.scores)])
        with tempfile.TemporaryDirectory() as folder:
            paths = [os.path.join(folder, name) for name in ("a.json", "b.json")]
            a.write_json(paths[0])
            b.write_json(paths[1])
            self.assertEqual(morpion.compare(paths[0], paths[1], at=[10000, 20000], clock="iterations"),
                             dict(comparison, runs=[dict(r, name=p) for r, p in zip(comparison["runs"], paths)]))
            printed = subprocess.run([MORPION, "compare", paths[0], paths[1], "--iterations", "--at", "10000,20000"],
                                     check=True, capture_output=True, text=True).stdout.splitlines()
        d = end["difference"]
        self.assertIn("%+6.1f [%+6.1f, %+6.1f]  %d-%d-%d" % (d["mean"], d["ci95"][0], d["ci95"][1], d["better"],
                                                             d["tied"], d["worse"]), printed[4])
        with self.assertRaises(ValueError):
            morpion.compare(a, morpion.search(searches=3, iterations=100, seed=3, progress=False))

    def test_compare_pools_runs_of_other_seeds_as_the_command_line_does(self):
        runs = {(seed, window): morpion.search(searches=2, threads=2, iterations=5000, seed=seed, window=window,
                                               progress=False) for seed in (4, 6) for window in (5, 2)}
        pooled = morpion.compare([runs[4, 5], runs[6, 5]], [runs[4, 2], runs[6, 2]], at=[5000], clock="iterations")
        self.assertEqual(pooled["runs"][0]["master_seeds"], [4, 6])
        self.assertEqual(pooled["points"][0]["difference"]["values"],
                         [y - x for w5, w2 in ((runs[4, 5], runs[4, 2]), (runs[6, 5], runs[6, 2]))
                          for x, y in zip(w5.scores, w2.scores)])
        with tempfile.TemporaryDirectory() as folder:
            paths = {}
            for (seed, window), result in runs.items():
                paths[seed, window] = os.path.join(folder, "s%d-w%d.json" % (seed, window))
                result.write_json(paths[seed, window])
            printed = subprocess.run([MORPION, "compare", paths[4, 5] + "," + paths[6, 5],
                                      paths[4, 2] + "," + paths[6, 2], "--iterations", "--at", "5000"],
                                     check=True, capture_output=True, text=True).stdout.splitlines()
            self.assertIn("4 searches, seeds 4, 6", printed[0])
            d = pooled["points"][0]["difference"]
            self.assertIn("%+6.1f [%+6.1f, %+6.1f]  %d-%d-%d" % (d["mean"], d["ci95"][0], d["ci95"][1], d["better"],
                                                                 d["tied"], d["worse"]), printed[3])
            with self.assertRaises(ValueError):  # one seed twice
                morpion.compare([paths[4, 5], paths[4, 2]])

    def test_decode_svg_and_picture_read_a_search_s_best(self):
        py = morpion.search(searches=1, threads=1, iterations=2000, seed=1, progress=False)
        game = morpion.decode(py.best_code)
        self.assertEqual(game["score"], py.best_score)
        self.assertEqual(len(game["moves"]), py.best_score)
        self.assertTrue(morpion.svg(py.best_code).lstrip().startswith("<svg"))
        self.assertEqual(morpion.picture(py.best_code).count("\n") > 5, True)

    def test_bad_input_is_refused_with_its_name(self):
        cases = [
            (dict(pool=0), "pool must be in [1, 10000000]"),
            (dict(skew=0), "skew must be in (0, 1000]"),
            (dict(fill="bogus"), "fill 'bogus': one of fresh, lineage, grid"),
            (dict(drift=True), "drift needs pool_order rotate"),
            (dict(ties="oldest", pool_order="rotate"), "ties needs pool_order score"),
            (dict(refound="front", order="canonical"), "refound needs pool_order score"),
            (dict(climb_after=10, kick_after=5), "climb_after and kick_after are two ways"),
            (dict(abandon_below=140), "abandon_below needs abandon_after"),
            (dict(poool=5), "'poool' is not a setting of the population search"),
            (dict(method="local", pool=5), "'pool' is not a setting of the local search"),
            (dict(start="not a code"), ""),
            (dict(kick_depth=(0.6, 0.3)), "the first share is the least"),
        ]
        for settings, message in cases:
            with self.subTest(settings=settings):
                with self.assertRaises(ValueError) as caught:
                    morpion.search(searches=1, iterations=10, progress=False, **settings)
                self.assertIn(message, str(caught.exception))
        with self.assertRaises(ValueError):
            morpion.decode("AAAA")
        with self.assertRaises(ValueError):
            morpion.search(searches=1, iterations=10, seed=-1, progress=False)

    def test_the_ranges_are_the_command_line_s(self):
        # (setting, a value just outside its flag's range, its end inside)
        edges = [("pool", 0, 1), ("window", 1001, 1000), ("skew", 0, 0.001), ("completions", 0, 1),
                 ("restart_growth", 0.5, 1), ("kick_accept", -2, -1), ("kick_share", 1.5, 1), ("fill_centre", 101, 100),
                 ("mutation_focus", 0, 0.01), ("blacklist", 0, 1)]
        for name, outside, inside in edges:
            with self.subTest(setting=name):
                flag = "--" + name.replace("_", "-")
                args = [MORPION, "search", "--searches", "1", "--iterations", "20", "--kick-after", "0"]
                self.assertEqual(subprocess.run(args + [flag, str(outside)], capture_output=True).returncode, 2)
                self.assertEqual(subprocess.run(args + [flag, str(inside)], capture_output=True).returncode, 0)
                with self.assertRaises(ValueError):
                    morpion.search(searches=1, iterations=20, kick_after=0, progress=False, **{name: outside})
                morpion.search(searches=1, iterations=20, kick_after=0, progress=False, **{name: inside})

    def test_the_settings_table_is_the_command_line_s(self):
        printed = subprocess.run([MORPION, "search", "--help"], check=True, capture_output=True, text=True).stdout
        table = morpion.settings()
        self.assertGreaterEqual(len(table), 45)
        for name, entry in table.items():
            with self.subTest(setting=name):
                self.assertEqual(entry["flag"], "--" + name.replace("_", "-"))
                self.assertIn(entry["flag"] + " ", printed)
                if entry["kind"] == "choice":
                    shown = "{%s}=%s" % (",".join(entry["choices"]), entry["default"])
                elif entry["kind"] == "switch":
                    continue
                else:
                    shown = "in %s%s, %s]=%s" % ("(" if entry["least_excluded"] else "[",
                                                  *("%g" % x if isinstance(x, float) else str(x)
                                                    for x in (entry["least"], entry["most"], entry["default"])))
                self.assertTrue(entry["flag"] + " " in printed and shown in printed, "%s: %s" % (name, shown))

    def test_a_checkpoint_resumes_across_the_command_line_and_python(self):
        settings = dict(searches=2, seed=8, kick_after=0, restart_after=3000)
        flags = ["search", "--searches", "2", "--seed", "8", "--kick-after", "0", "--restart-after", "3000"]
        whole = morpion.search(threads=2, iterations=12000, progress=False, **settings)
        with tempfile.TemporaryDirectory() as folder:
            checkpoint, picture = os.path.join(folder, "checkpoint.json"), os.path.join(folder, "best.svg")
            subprocess.run([MORPION] + flags + ["--iterations", "5000", "--checkpoint", checkpoint, "--best-svg",
                                                picture], check=True, capture_output=True)
            # Python goes on from the command line's checkpoint, redrawing its picture (its own: no force).
            part = morpion.search(threads=1, iterations=8000, checkpoint=checkpoint, best_svg=picture,
                                  progress=False, **settings)
            self.assertEqual(part.document["total_iterations"], 2 * 8000)
            self.assertEqual(part.document["settings"]["checkpoint"], checkpoint)
            # and the command line finishes the run from Python's.
            rest = self.cli(flags + ["--iterations", "12000", "--checkpoint", checkpoint])
            with open(picture) as f:
                self.assertTrue(f.read().lstrip().startswith("<svg"))
            with self.assertRaises(ValueError) as caught:  # a search with other settings does not resume it
                morpion.search(iterations=12000, checkpoint=checkpoint, progress=False, **dict(settings, pool=7))
            self.assertIn("other settings", str(caught.exception))
            with self.assertRaises(ValueError):  # a picture that is not the run's own needs force
                morpion.search(searches=1, iterations=10, best_svg=picture, progress=False)
        self.assertEqual(timeless(rest)["runs"], timeless(whole.document)["runs"])
        self.assertEqual(rest["best"], whole.document["best"])

    def test_ctrl_c_keeps_the_best_grid_found(self):
        timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        with self.assertRaises(ratrace.Interrupted) as caught:
            morpion.search(searches=2, threads=2, seed=1, progress=False)  # no limit: only Ctrl-C ends it
        timer.cancel()
        result = caught.exception.result
        self.assertTrue(result.document["interrupted"])
        self.assertGreater(result.best_score, 60)
        self.assertTrue(all(run["stopped"] for run in result.document["runs"]))
        self.assertIsInstance(caught.exception, KeyboardInterrupt)


class MenaceParity(unittest.TestCase):
    def test_training_equals_the_command_line(self):
        with tempfile.TemporaryDirectory() as folder:
            curve, boxes = os.path.join(folder, "curve.json"), os.path.join(folder, "boxes.json")
            subprocess.run([MENACE, "train", "--games", "600", "--seed", "3", "--opponent", "perfect",
                            "--opponent-error", "0.2", "--curve", curve, "--save", boxes, "--threads", "1"],
                           check=True, capture_output=True)
            py = menace.train(games=600, seed=3, opponent="perfect", opponent_error=0.2, threads=2, progress=False)
            with open(curve) as f:
                self.assertEqual(json.load(f), py.curve)
            with open(boxes) as f:
                self.assertEqual(json.load(f), py.boxes)
            # The saved boxes continue a run as the command line's --load does.
            more_curve = os.path.join(folder, "more.json")
            subprocess.run([MENACE, "train", "--games", "200", "--seed", "3", "--load", boxes, "--curve", more_curve],
                           check=True, capture_output=True)
            mine = os.path.join(folder, "mine.json")
            py.save_boxes(mine)
            more = menace.train(games=200, seed=3, load=mine, progress=False)
            with open(more_curve) as f:
                self.assertEqual(json.load(f), more.curve)
            self.assertEqual(more.curve["config"]["games_played_before"], 600)

    def test_many_learners_give_intervals_and_learn(self):
        py = menace.train(games=2000, learners=20, seed=1, progress=False)
        first, last = py.blocks[0], py.blocks[-1]
        self.assertEqual(len(py.blocks), 20)
        # Against a random opponent MENACE learns: its loss share falls, its win share rises.
        self.assertLess(last["loss"]["mean"], first["loss"]["mean"])
        self.assertGreater(last["win"]["mean"], first["win"]["mean"])
        low, high = last["win"]["ci95"]
        self.assertLess(low, last["win"]["mean"])
        self.assertGreater(high, last["win"]["mean"])
        self.assertIsNone(py.boxes)  # boxes are one learner's
        with self.assertRaises(ValueError):
            py.save_boxes(os.devnull)

    def test_boxes_are_the_command_line_s(self):
        with tempfile.TemporaryDirectory() as folder:
            saved, picture = os.path.join(folder, "boxes.json"), os.path.join(folder, "boxes.svg")
            subprocess.run([MENACE, "train", "--games", "300", "--seed", "3", "--save", saved], check=True,
                           capture_output=True)
            listing = subprocess.run([MENACE, "boxes", "--load", saved], check=True, capture_output=True,
                                     text=True).stdout
            subprocess.run([MENACE, "boxes", "--load", saved, "--svg", picture], check=True, capture_output=True)
            fresh = subprocess.run([MENACE, "boxes", "--seed", "5", "--beads", "michie", "--player", "O"], check=True,
                                   capture_output=True, text=True).stdout
            boxes = menace.boxes(saved)
            self.assertEqual(boxes.table, listing)
            with open(picture) as f:
                self.assertEqual(boxes.svg, f.read())
            self.assertEqual(boxes._repr_svg_(), boxes.svg)
            self.assertTrue(listing.startswith("304 boxes (by stage: 1 12 108 183)"))
            self.assertEqual(menace.boxes(menace.train(games=300, seed=3, progress=False)).document, boxes.document)
            self.assertEqual(menace.boxes(seed=5, beads="michie", player="O").table, fresh)
            with self.assertRaises(ValueError) as caught:
                menace.boxes(saved, player="O")
            self.assertIn("holds boxes of X, not of O", str(caught.exception))
        with self.assertRaises(ValueError):
            menace.boxes(menace.train(games=20, learners=2, progress=False))  # boxes are one learner's
        with self.assertRaises(ValueError):
            menace.boxes(player="Z")

    def test_bad_input_is_refused_with_its_name(self):
        cases = [
            (dict(games=0), "games must be in [1, 100000000]"),
            (dict(opponent="nobody"), "nobody"),
            (dict(opponent_error=0.1), "--opponent-error needs --opponent perfect or perfect-fixed"),
            (dict(block=1, games=100000), "points of --games"),
            (dict(load="/nonexistent/boxes.json"), "/nonexistent/boxes.json"),
            (dict(reinforcement="hebbian"), "hebbian"),
        ]
        for settings, message in cases:
            with self.subTest(settings=settings):
                with self.assertRaises((ValueError, RuntimeError)) as caught:
                    menace.train(progress=False, **settings)
                self.assertIn(message, str(caught.exception))


if __name__ == "__main__":
    unittest.main()
