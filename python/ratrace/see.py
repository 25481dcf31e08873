"""Seeing a game from Python: a board's track, a recorded game, its picture and its replay page,
as ``ratrace track``, ``play --board --record``, ``render`` and ``replay`` make them::

    import ratrace
    game = ratrace.record("ColorScorePlayer", board=0, seed=1)   # the file `play --record` writes
    ratrace.render(game).save("board0.svg")          # the track, visits, deaths and scorers' paths
    ratrace.replay(game).save("board0.html")         # the page that animates the game
    ratrace.track(board=3)["width"]                  # the file `track --json` writes

In a notebook a picture shows itself inline, and a replay page in a frame.
"""
from __future__ import annotations

import html
import json
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple, Union

from . import _engine
from .players import PlayerLike, player_name
from .runs import PlayerFault, Result, Value, config_sets, document_text, follow

__all__ = ["track", "record", "render", "replay", "Svg", "Page"]

Document = Union[Dict[str, Any], str]


class Svg(str):
    """An SVG picture: shown inline in a notebook, written whole by ``save``."""

    def _repr_svg_(self) -> str:
        return str(self)

    def save(self, path: str, force: bool = False) -> None:
        """Writes the picture as the command line writes its outputs: whole or not at all, and an
        existing file only with ``force``."""
        _engine.write_text(path, str(self), force)


class Page(str):
    """A self-contained HTML page: shown in a frame in a notebook, written whole by ``save``."""

    def _repr_html_(self) -> str:
        return '<iframe srcdoc="%s" style="width: 100%%; height: 720px; border: 0"></iframe>' % html.escape(self)

    def save(self, path: str, force: bool = False) -> None:
        """Writes the page whole, an existing file only with ``force``."""
        _engine.write_text(path, str(self), force)


def _json_text(document: Optional[Document], what: str) -> str:
    """A document given as a dict or as the path of its file, as JSON text ("" for None)."""
    return "" if document is None else document_text(document, what)


def one_board(player: PlayerLike, board: int, seed: int, rules: Optional[str], config: Optional[Mapping[str, Value]],
              config_file: Optional[str], cache: bool,
              keep: Dict[str, int]) -> Tuple[Dict[str, Any], Optional[Dict[str, Any]]]:
    """Board ``board`` of a run with master seed ``seed``, played exactly as the run plays it, on a
    thread of its own so that Ctrl-C stops it at once (KeyboardInterrupt; the game is dropped):
    the game's result and, with ``keep`` (the record's scorers, sampled and frames), its record.
    Raises PlayerFault, holding the result, when the player faulted."""
    game = _engine.OneBoard(player_name(player), board, seed, config_sets(rules, config), config_file or "", cache,
                            keep)
    follow(game, None, lambda: 0, "play", "game", False, lambda: None)
    played, recorded = game.result()
    result = json.loads(played)
    if result["fault"]:
        raise PlayerFault([result["fault"]], Result({"command": "play", "summary": {}, "boards": [result]}, None))
    return result, (json.loads(recorded) if recorded else None)


def track(board: int = 0, seed: int = 1, *, rules: Optional[str] = None,
          config: Optional[Mapping[str, Value]] = None, config_file: Optional[str] = None) -> Dict[str, Any]:
    """The track of board ``board`` of a run with master seed ``seed``, as ``ratrace track --json``
    writes it (width, height, cells, colours; the master seed, board and board seed)."""
    return dict(json.loads(_engine.track(board, seed, config_sets(rules, config), config_file or "")))


def record(player: PlayerLike, board: int = 0, seed: int = 1, *, scorers: int = 1000, sampled: int = 100,
           frames: int = 200, rules: Optional[str] = None, config: Optional[Mapping[str, Value]] = None,
           config_file: Optional[str] = None, cache: bool = True) -> Dict[str, Any]:
    """Board ``board`` of a run with master seed ``seed``, played exactly as the run plays it and
    recorded: the record ``ratrace play --board --record`` writes, which :func:`render` and
    :func:`replay` draw. It keeps the last scoring life of up to ``scorers`` scorers, every life of
    ``sampled`` specimens drawn at random, and at most ``frames`` frames of the crowd. Raises
    PlayerFault (holding the game's result) when the player faulted."""
    _, recorded = one_board(player, board, seed, rules, config, config_file, cache,
                            dict(scorers=scorers, sampled=sampled, frames=frames))
    assert recorded is not None
    return recorded


def render(game: Optional[Document] = None, *, track: Optional[Document] = None, board: int = 0, seed: int = 1,
           overlays: Optional[Sequence[str]] = None, paths: int = 12, rules: Optional[str] = None,
           config: Optional[Mapping[str, Value]] = None, config_file: Optional[str] = None) -> Svg:
    """``ratrace render``: the picture of a recorded game (a :func:`record` or the path of a
    ``--record`` file) with its ``overlays`` ("heat", "deaths", "paths" or "none"; None: all) and
    ``paths`` scorers' paths; else of a ``track`` (a :func:`track` or a track file); else of board
    ``board`` of master seed ``seed`` under the rules and config. Every colour's role is in its
    legend."""
    return Svg(_engine.render(_json_text(game, "game record"), _json_text(track, "track file"), board, seed,
                              config_sets(rules, config), config_file or "", list(overlays or []), paths))


def replay(game: Document) -> Page:
    """``ratrace replay``: the self-contained page that animates a recorded game (a :func:`record`
    or the path of a ``--record`` file): the track, the specimens turn by turn, play and pause,
    speed, a turn scrubber, and the population and goal charts."""
    return Page(_engine.replay(_json_text(game, "game record")))
