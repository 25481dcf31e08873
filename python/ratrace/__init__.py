"""ratrace from Python: the exact, multithreaded Lab Rat Race engine, and the command line's
runs (score, compare, sweep, leaderboard) with the same result documents and statistics.

A player is a function ``move(genome, view, rng) -> (dx, dy)``: ``genome.chunk(start, length)``,
``genome.bit(i)``, ``view(dx, dy)`` (-1 out of bounds, dx towards the goal, dy down) and ``rng``
(``random()``, ``below(n)``, ``choice(seq)``), the engine's random stream for that call. A call
that draws nothing is memoised, so the function runs once per distinct (genome, view). A player
may also be a registered player's name, ``"FILE.py:FUNCTION"``, or an organisers' ``Player``
(see :mod:`ratrace.compat`)::

    import ratrace
    result = ratrace.score(my_move, boards=100, seed=1)
    print(result)                     # geometric mean and its 95% interval
    result.write_json("mine.json")    # the file `ratrace score --json` writes

A game can be looked at as the command line shows it: ``ratrace.track`` (a board's track),
``ratrace.record`` (one board of a run, recorded), ``ratrace.render`` (its SVG picture) and
``ratrace.replay`` (its animated HTML page); see :mod:`ratrace.see`.

The sibling systems are its submodules: :mod:`ratrace.morpion` (Morpion Solitaire 5T: the layer
code and the searches of ``morpion search`` and ``nrpa``) and :mod:`ratrace.menace` (Michie's
matchbox learner, trained as ``menace train``).
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Sequence

from . import _engine
from ._engine import CallInterrupted, Genome, Rng, View, __version__, board_seed  # noqa: F401
from .compiled import CompileError, CompiledPlayer, compiled
from .players import PlayerLike, player_name
from .runs import Interrupted, PlayerFault, Result, Value, config_sets, run, value_text
from .see import Page, Svg, one_board, record, render, replay, track
from . import menace, morpion  # noqa: E402  (the sibling systems: ratrace.morpion, ratrace.menace)

__all__ = ["score", "compare", "sweep", "leaderboard", "play", "record", "track", "render", "replay", "Svg", "Page",
           "players", "config", "compiled", "Result",
           "PlayerFault", "Interrupted", "morpion", "menace", "CompileError", "CompiledPlayer", "Genome", "View", "Rng",
           "board_seed", "__version__"]


def _request(command: str, boards: int, seed: int, threads: Optional[int], rules: Optional[str],
             config: Optional[Mapping[str, Value]], config_file: Optional[str], cache: bool,
             call_time_limit: Optional[float], **fields: Any) -> Dict[str, Any]:
    return dict(command=command, boards=boards, seed=seed, threads=0 if threads is None else threads,
                sets=config_sets(rules, config), config_file=config_file or "", cache=cache,
                call_time_limit=float(call_time_limit or 0), **fields)


def score(player: PlayerLike, boards: int = 100, seed: int = 1, *, threads: Optional[int] = None,
          rules: Optional[str] = None, config: Optional[Mapping[str, Value]] = None,
          config_file: Optional[str] = None, journal: Optional[str] = None, cache: bool = True,
          progress: bool = True, call_time_limit: Optional[float] = None) -> Result:
    """``ratrace score``: ``player`` on boards 0..boards-1 of master seed ``seed``.

    ``threads``: None for the fastest count (every core; one for an interpreted Python player,
    whose calls share one interpreter lock). ``rules``: a dialect (``--rules``); ``config``:
    config keys (``--set``), applied after ``config_file`` (``--config``). ``journal``: a file
    that keeps every finished game; without one the journal lives in the user's cache while
    the run plays and goes when it ends. ``call_time_limit``: seconds a Python player's call
    may take before it is a fault (``--call-time-limit``; off by default). Raises PlayerFault
    (holding the result) when the player faulted, as the command line exits 3.
    """
    name = player_name(player)
    return run(_request("score", boards, seed, threads, rules, config, config_file, cache, call_time_limit,
                        player=name), journal, progress, "score " + name)


def compare(a: PlayerLike, b: PlayerLike, boards: int = 20, max_boards: int = 200, seed: int = 1, *,
            config_a: Optional[Mapping[str, Value]] = None, config_b: Optional[Mapping[str, Value]] = None,
            threads: Optional[int] = None, rules: Optional[str] = None,
            config: Optional[Mapping[str, Value]] = None, config_file: Optional[str] = None,
            journal: Optional[str] = None, cache: bool = True, progress: bool = True,
            call_time_limit: Optional[float] = None) -> Result:
    """``ratrace compare``: ``a`` and ``b`` on the same boards, looking after every ``boards``
    boards and stopping as soon as the paired ratio of geometric means is significant either
    way (a group-sequential design holding the overall error at 5%), or at ``max_boards``.
    ``config_a`` and ``config_b`` set one side's config keys over the base ``config``;
    ``result.summary["verdict"]`` is "a", "b" or "none"."""
    sides = []
    for side, overrides in ((a, config_a), (b, config_b)):
        text = player_name(side)
        if overrides:
            text += ":" + ",".join(config_sets(None, overrides))
        sides.append(text)
    return run(_request("compare", boards, seed, threads, rules, config, config_file, cache, call_time_limit,
                        a=sides[0], b=sides[1], player="ColorScorePlayer", max_boards=max_boards),
               journal, progress, "compare")


def sweep(player: PlayerLike, params: Mapping[str, Sequence[Value]], boards: int = 100, seed: int = 1, *,
          baseline: Optional[Mapping[str, Value]] = None, threads: Optional[int] = None,
          rules: Optional[str] = None, config: Optional[Mapping[str, Value]] = None,
          config_file: Optional[str] = None, journal: Optional[str] = None, cache: bool = True,
          progress: bool = True, call_time_limit: Optional[float] = None) -> Result:
    """``ratrace sweep``: every setting of a grid of one or two config keys (``params``, e.g.
    ``{"mutation": [0.005, 0.01, 0.05]}``) on the same boards, each paired with the baseline
    (the base config, or ``baseline``'s keys over it)."""
    name = player_name(player)
    param_words = ["%s=%s" % (key, ",".join(value_text(v) for v in values)) for key, values in params.items()]
    baseline_word = ",".join(config_sets(None, baseline)) if baseline else ""
    return run(_request("sweep", boards, seed, threads, rules, config, config_file, cache, call_time_limit,
                        player=name, params=param_words, baseline=baseline_word),
               journal, progress, "sweep " + name)


def leaderboard(players: Optional[Sequence[PlayerLike]] = None, boards: int = 100, seed: int = 1, *,
                threads: Optional[int] = None, rules: Optional[str] = None,
                config: Optional[Mapping[str, Value]] = None, config_file: Optional[str] = None,
                journal: Optional[str] = None, cache: bool = True, progress: bool = True,
                call_time_limit: Optional[float] = None) -> Result:
    """``ratrace leaderboard``: every player (by default every registered one but calibration
    candidates) on the same boards, ranked next to the published leaderboard."""
    names = [player_name(p) for p in players or []]
    return run(_request("leaderboard", boards, seed, threads, rules, config, config_file, cache, call_time_limit,
                        players=names), journal, progress, "leaderboard")


def play(player: PlayerLike, board: int = 0, seed: int = 1, *, rules: Optional[str] = None,
         config: Optional[Mapping[str, Value]] = None, config_file: Optional[str] = None,
         cache: bool = True) -> Dict[str, Any]:
    """Board ``board`` of a run with master seed ``seed``, exactly as a run plays it: the game's
    record. Raises PlayerFault (holding the record as its result's only board) on a fault, and
    KeyboardInterrupt at once on Ctrl-C."""
    result, _ = one_board(player, board, seed, rules, config, config_file, cache, {})
    return result


def players() -> List[Dict[str, Any]]:
    """Every registered player (the compiled-in ones and those registered from Python), with
    what is published about it, its code fingerprint and whether it is interpreted."""
    return _engine.players()


def config(rules: Optional[str] = None, config: Optional[Mapping[str, Value]] = None,
           config_file: Optional[str] = None) -> Dict[str, Any]:
    """The resolved config: the rules dialect's preset, ``config_file`` and ``config`` over it."""
    return json.loads(_engine.config(config_sets(rules, config), config_file or ""))
