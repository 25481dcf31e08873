"""ratrace from Python: score a player on the exact, multithreaded Lab Rat Race engine.

A player is a function ``move(genome, view, rng) -> (dx, dy)``:
``genome.chunk(start, length)``, ``genome.bit(i)``, ``view(dx, dy)`` (-1 out of bounds,
dx towards the goal, dy down) and ``rng`` (``random()``, ``below(n)``, ``choice(seq)``),
the engine's random stream for that call. A call that draws nothing is memoised, so the
function runs once per distinct (genome, view). The organisers' ``Player`` classes run
through :mod:`ratrace.compat`.

    import ratrace
    result = ratrace.score(my_move, boards=100, seed=1)
    print(result)                 # geometric mean and its 95% interval
    result.write_json("mine.json")  # the same file as `ratrace score --json`
"""
import json
import os
import sys
import tempfile

from ._engine import Genome, View, Rng, GameFault, board_seed, __version__  # noqa: F401
from . import _engine

__all__ = ["score", "compare", "play", "players", "config", "Result", "Genome", "View", "Rng", "GameFault"]


def players():
    """Every registered player (the compiled-in ones and those you registered), as dicts."""
    return _engine.players()


def config(rules="cpp", config=None):
    """The resolved rules: a dialect's preset with ``config`` ({key: value}) applied over it."""
    return json.loads(_engine.config(rules, _sets(config)))


def _sets(config):
    return ["%s=%s" % (key, value) for key, value in (config or {}).items()]


def _player_name(player):
    """The registry name of ``player``: a name, a move function, or an organisers' Player."""
    if isinstance(player, str):
        return player
    if not callable(player) or isinstance(player, type) or hasattr(player, "take_turn"):
        from . import compat
        player = compat.move_function(player)
    name = "python:" + getattr(player, "__qualname__", getattr(player, "__name__", type(player).__name__))
    module = getattr(player, "__module__", None)
    if module and module != "__main__":
        name += "@" + module
    _engine.register_function(name, player, (player.__doc__ or "").strip())
    return name


def _progress(total, title):
    """A tqdm bar on a terminal or in a notebook; nothing elsewhere."""
    if not (sys.stderr.isatty() or "ipykernel" in sys.modules):
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc=title, unit="game")


def _run(command, names, sets, boards, seed, threads, rules, cache, journal, progress):
    if journal is None:
        folder = tempfile.mkdtemp(prefix="ratrace-")
        journal = os.path.join(folder, command + ".jsonl")
    run = _engine.Run(command, names, seed, boards, threads or 0, cache, rules, sets, journal)
    bar = _progress(run.total, command + " " + " vs ".join(names)) if progress else None
    shown = run.done
    if bar is not None:
        bar.update(shown)
    try:
        while not run.wait(0.1):
            if bar is not None and run.done > shown:
                bar.update(run.done - shown)
                shown = run.done
    except KeyboardInterrupt:
        run.stop()
        run.wait(3600)
        if bar is not None:
            bar.close()
        sys.stderr.write("stopped: %d of %d games kept in %s; the same call with journal=%r finishes the run\n"
                         % (run.done, run.total, run.journal, run.journal))
        raise
    if bar is not None:
        bar.update(run.done - shown)
        bar.close()
    return Result(json.loads(run.result(command)), run.journal)


def score(player, boards=100, seed=1, threads=None, rules="cpp", config=None, journal=None, cache=True,
          progress=True):
    """Plays ``player`` on boards 0..boards-1 of master seed ``seed``; returns a :class:`Result`.

    ``threads``: worker threads (None: all cores; Python calls share the GIL). ``journal``: a
    file for every finished game; an existing journal of the same run is finished, not redone,
    so a run stopped with Ctrl-C resumes with the same call.
    """
    return _run("score", [_player_name(player)], [_sets(config)], boards, seed, threads, rules, cache, journal,
                progress)


def compare(a, b, boards=100, seed=1, threads=None, rules="cpp", config_a=None, config_b=None, journal=None,
            cache=True, progress=True):
    """Plays ``a`` and ``b`` on the same boards; ``result.summary["paired"]`` holds the ratio of
    their geometric means with its 95% interval, paired board by board."""
    names = [_player_name(a), _player_name(b)]
    return _run("compare", names, [_sets(config_a), _sets(config_b)], boards, seed, threads, rules, cache, journal,
                progress)


def play(player, board=0, seed=1, rules="cpp", config=None, cache=True):
    """Board ``board`` of master seed ``seed``, exactly as a run plays it: its record as a dict."""
    return json.loads(_engine.play(_player_name(player), board, seed, rules, _sets(config), cache))


class Result:
    """A finished run: ``boards`` (one record per game), ``summary`` (geometric mean, 95%
    interval, median, ...), ``scores``, and ``document``, the JSON of ``ratrace score --json``."""

    def __init__(self, document, journal):
        self.document = document
        self.journal = journal
        self.boards = document["boards"]
        self.summary = document["summary"]

    @property
    def scores(self):
        return [record["score"] for record in self.boards]

    def write_json(self, path, force=False):
        """Writes the result document; an existing file is kept unless ``force``."""
        with open(path, "w" if force else "x") as out:
            json.dump(self.document, out, indent=2)
            out.write("\n")

    def __repr__(self):
        s = self.summary
        if "geometric_mean" in s:
            low, high = s["ci95"]
            return "<ratrace result: geometric mean %.4g [%.4g, %.4g] over %d boards>" % (
                s["geometric_mean"], low, high, s["boards"])
        paired = s.get("paired")
        if paired:
            low, high = paired["ratio_ci95"]
            return "<ratrace comparison: ratio a/b %.4g [%.4g, %.4g] over %d boards>" % (
                paired["ratio"], low, high, paired["boards"])
        return "<ratrace result over %d games>" % len(self.boards)
