"""MENACE from Python: Michie's matchbox learner trained as ``menace train`` trains it, with the
same learning-curve document (``--curve``) and boxes (``--save``)::

    from ratrace import menace
    training = menace.train(games=2000, learners=50, opponent="random", seed=1)
    print(training)                    # the last block's win, draw and loss shares, 95% intervals
    training.write_curve("curve.json")

Every learner is a pure function of (seed, learner index), whatever ``threads``. Ctrl-C stops
the learners and raises :class:`ratrace.Interrupted`, whose ``result`` keeps the blocks every
learner finished, as the command line keeps them.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Union

from . import _engine
from .runs import Interrupted, document_text, follow, sibling
from .see import Svg

__all__ = ["train", "Training", "boxes", "Boxes"]


class Training:
    """A finished training run: its learning curve (the file ``--curve`` writes) and, with one
    learner, its boxes (the file ``--save`` writes) and its O opponent's (``--save-opponent``)."""

    curve: Dict[str, Any]
    boxes: Optional[Dict[str, Any]]
    opponent_boxes: Optional[Dict[str, Any]]

    def __init__(self, curve: Dict[str, Any], boxes: str, opponent_boxes: str) -> None:
        self.curve = curve
        self.boxes = json.loads(boxes) if boxes else None
        self.opponent_boxes = json.loads(opponent_boxes) if opponent_boxes else None

    @property
    def blocks(self) -> List[Dict[str, Any]]:
        """The learning curve's points: each block's shares and Michie's running score."""
        return list(self.curve["blocks"])

    def write_curve(self, path: str, force: bool = False) -> None:
        """Writes the learning curve as ``--curve`` does; an existing file only with ``force``."""
        _engine.write_text(path, json.dumps(self.curve) + "\n", force)

    def save_boxes(self, path: str, force: bool = False, opponent: bool = False) -> None:
        """Writes the boxes (the O opponent's with ``opponent``) as ``--save`` does, for ``load=``."""
        _engine.write_text(path, json.dumps(self.kept_boxes(opponent)) + "\n", force)

    def kept_boxes(self, opponent: bool = False) -> Dict[str, Any]:
        """The boxes (the O opponent's with ``opponent``); ValueError if the run kept none."""
        boxes = self.opponent_boxes if opponent else self.boxes
        if boxes is None:
            raise ValueError("no %sboxes: a run keeps them with one learner%s"
                             % ("O " if opponent else "", " and opponent='menace'" if opponent else ""))
        return boxes

    def __repr__(self) -> str:
        c = self.curve
        if not c["blocks"]:
            return "<menace train: no block finished>"
        last = c["blocks"][-1]

        def share(name: str) -> str:
            low, high = last[name]["ci95"]
            return "%s %.3f [%.3f, %.3f]" % (name, last[name]["mean"], low, high)

        return "<menace train: %d learners x %d games against %s; games %d-%d: %s, %s, %s%s>" % (
            c["config"]["learners"], c["games_completed"], c["config"]["opponent"], last["first_game"],
            last["last_game"], share("win"), share("draw"), share("loss"), "; interrupted" if c["interrupted"] else "")


def train(games: int = 2000, learners: int = 1, seed: int = 1, *, opponent: str = "random",
          opponent_error: float = 0.0, beads: str = "random", reinforcement: str = "challenge",
          block: Optional[int] = None, no_loss_window: int = 100, threads: Optional[int] = None,
          load: Optional[str] = None, load_opponent: Optional[str] = None, progress: bool = True) -> Training:
    """``menace train``: ``learners`` independent MENACEs (as X) for ``games`` games each
    against ``opponent`` ("random", "perfect", "perfect-fixed" or "menace"), learner i from the
    stream (``seed``, i). ``block``: games per curve point (None: as the command line chooses).
    ``load``/``load_opponent``: boxes files to continue from (one learner)."""
    request = dict(seed=seed, games=games, learners=learners, threads=0 if threads is None else threads, beads=beads,
                   reinforcement=reinforcement, opponent=opponent, opponent_error=opponent_error,
                   block=0 if block is None else block, no_loss_window=no_loss_window, load=load or "",
                   load_opponent=load_opponent or "")
    run = sibling("menace").Training(request)

    def finished() -> Training:
        return Training(json.loads(run.curve()), run.boxes(False), run.boxes(True))

    try:
        follow(run, run.total, lambda: run.done, "menace train", "game", progress, lambda: None)
    except KeyboardInterrupt:
        if not run.curve():  # a second Ctrl-C while the learners were stopping
            raise
        raise Interrupted(finished()) from None
    return finished()


class Boxes:
    """A learner's matchboxes, as ``menace boxes`` shows them: ``document`` (the file ``--save``
    writes), ``table`` (the listing it prints: every box's picture with its bead counts) and
    ``svg`` (``--svg``'s picture, shown inline in a notebook)."""

    document: Dict[str, Any]
    table: str
    svg: Svg

    def __init__(self, document: str, table: str, svg: str) -> None:
        self.document = json.loads(document)
        self.table = table
        self.svg = Svg(svg)

    def save(self, path: str, force: bool = False) -> None:
        """Writes the boxes as ``--save`` does, for ``load=``; an existing file only with ``force``."""
        _engine.write_text(path, json.dumps(self.document) + "\n", force)

    def _repr_svg_(self) -> str:
        return str(self.svg)

    def __str__(self) -> str:
        return self.table

    def __repr__(self) -> str:
        d = self.document
        return "<menace boxes of %s: %d boxes after %d games>" % (d["player"], len(d["boxes"]), d["games_played"])


def boxes(of: Union[None, Training, Dict[str, Any], str] = None, *, seed: int = 1, beads: str = "random",
          player: str = "X", opponent: bool = False) -> Boxes:
    """``menace boxes``: the boxes ``of`` a Training (its O opponent's with ``opponent``), a boxes
    document, or a ``--save`` file; with None, the fresh boxes of learner 0 of ``seed`` with start
    ``beads`` ("random", "michie" or "michie-distinct") for ``player`` ("X" or "O"). Boxes that are
    not ``player``'s are refused."""
    what = "the boxes"
    if isinstance(of, Training):
        text = json.dumps(of.kept_boxes(opponent))
        player = "O" if opponent else player
    elif of is None:
        text = ""
    else:
        if not isinstance(of, dict):
            what = "boxes file '%s'" % of
        text = document_text(of, "boxes file")
    return Boxes(*sibling("menace").boxes(text, what, seed, beads, player))
