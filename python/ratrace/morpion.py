"""Morpion Solitaire 5T from Python: the layer code, pictures, and the searches of
``morpion search`` and ``morpion nrpa``, with the same result documents (``--json``).

A search's settings are the flags of ``morpion search`` as keywords, dashes written as
underscores (``kick_after=0``, ``fill="lineage"``, ``kick_depth=(0.2, 0.5)``), checked as the
command line checks them; the document records them as the command line does::

    from ratrace import morpion
    result = morpion.search(searches=4, threads=2, iterations=2_000_000, seed=1)
    print(result)                       # best grid, mean best over the searches and its 95% interval
    result.write_json("search.json")    # the file `morpion search --json` writes
    open("best.svg", "w").write(morpion.svg(result.best_code))

Every search is a pure function of (seed, search index, iteration budget), whatever ``threads``.
Ctrl-C stops the searches and raises :class:`ratrace.Interrupted`, whose ``result`` keeps the
best grids found, as the command line keeps them.
"""
from __future__ import annotations

import json
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _engine
from .runs import Interrupted, document_text, follow, sibling

__all__ = ["search", "settings", "nrpa", "compare", "decode", "svg", "picture", "SearchResult"]

Document = Union["SearchResult", Dict[str, Any], str]

class SearchResult:
    """Finished searches: their result document (the file ``--json`` writes) and the parts most
    often read."""

    document: Dict[str, Any]

    def __init__(self, document: Dict[str, Any]) -> None:
        self.document = document

    @property
    def best_score(self) -> int:
        """The best grid's score (its number of moves)."""
        return int(self.document["best"]["score"])

    @property
    def best_code(self) -> str:
        """The best grid's layer code."""
        return str(self.document["best"]["code"])

    @property
    def scores(self) -> List[int]:
        """Each search's best score, by search index."""
        return [run["score"] for run in self.document["runs"]]

    @property
    def mean(self) -> Tuple[float, float]:
        """The mean best over the searches and the half width of its 95% t interval."""
        return tuple(sibling("morpion").mean_interval([float(s) for s in self.scores]))  # type: ignore[return-value]

    def write_json(self, path: str, force: bool = False) -> None:
        """Writes the result document as ``--json`` does: whole or not at all, and an existing
        file only with ``force``."""
        _engine.write_text(path, json.dumps(self.document, indent=2) + "\n", force)

    def __repr__(self) -> str:
        mean, half = self.mean
        d = self.document
        return "<morpion %s: best %d (search %d); mean best %.2f [%.2f, %.2f] over %d searches%s>" % (
            d["settings"]["method"], self.best_score, d["best"]["search"], mean, mean - half, mean + half,
            len(self.scores), "; interrupted" if d["interrupted"] else "")


def _run(kind: str, method: str, searches: Optional[int], threads: Optional[int], seed: int, work_limit: int,
         seconds: float, cpu_seconds: float, rules: str, settings: Dict[str, Any], progress: bool, unit: str,
         best_svg: Optional[str] = None, force: bool = False, checkpoint: Optional[str] = None,
         checkpoint_seconds: float = 60) -> SearchResult:
    request = dict(kind=kind, method=method, rules=rules, seed=seed, threads=0 if threads is None else threads,
                   searches=0 if searches is None else searches, seconds=seconds, cpu_seconds=cpu_seconds,
                   work_limit=work_limit, settings=settings, best_svg=best_svg or "", force=force,
                   checkpoint=checkpoint or "", checkpoint_seconds=checkpoint_seconds)
    run = sibling("morpion").Run(request)
    if run.resumed and progress:
        sys.stderr.write("ratrace.morpion: resuming %d search%s from %s (%d iterations done)\n"
                         % (run.searches, "" if run.searches == 1 else "es", checkpoint, run.iterations_done))
    total = work_limit * run.searches if work_limit and not (seconds or cpu_seconds) else None
    try:
        follow(run, total, lambda: run.done, "morpion " + kind, unit, progress, lambda: None,
               lambda: "best %d" % run.best if run.best >= 0 else "")
    except KeyboardInterrupt:
        document = run.document()
        if not document:  # a second Ctrl-C while the searches were stopping
            raise
        raise Interrupted(SearchResult(json.loads(document))) from None
    return SearchResult(json.loads(run.document()))


def search(searches: Optional[int] = None, *, threads: Optional[int] = None, seed: int = 1, iterations: int = 0,
           seconds: float = 0, cpu_seconds: float = 0, method: str = "population", rules: str = "5T",
           checkpoint: Optional[str] = None, checkpoint_seconds: float = 60, best_svg: Optional[str] = None,
           force: bool = False, progress: bool = True, **settings: Any) -> SearchResult:
    """``morpion search``: ``searches`` independent DNA searches (None: one per thread) on
    ``threads`` threads (None: one per core), search i from the stream (``seed``, i), each
    stopped after ``iterations`` iterations, ``seconds`` of its own run or ``cpu_seconds`` of its
    CPU (0: no limit; with none, only Ctrl-C ends them). ``method``: "population" or "local"
    (MORPION.md's single-lineage local search, whose one setting is ``blacklist``).

    ``checkpoint``: a file the population search saves itself to every ``checkpoint_seconds`` of
    each search's time and when it ends, and resumes from when it exists (after Ctrl-C, kill -9 or
    a finished run given more iterations or time): the same call finds what one uninterrupted run
    finds. ``best_svg``: a picture of the best grid, redrawn as it improves; an existing file is
    replaced only with ``force`` or when the run resumes its checkpoint. The other keywords are
    the settings of :func:`settings`."""
    return _run("search", method, searches, threads, seed, iterations, seconds, cpu_seconds, rules, settings,
                progress, "it", best_svg, force, checkpoint, checkpoint_seconds)


def settings() -> Dict[str, Dict[str, Any]]:
    """The population search's settings, the keywords of :func:`search` (``morpion search``'s
    flags), by name: each one's ``flag``, ``help``, ``kind`` ("whole", "real", "switch" or
    "choice"), ``default``, and its range (``least``, ``most``, ``least_excluded``) or
    ``choices``. Two more keywords take their own kind of value: ``kick_depth``, two shares
    (default (0.2, 0.5)), and ``start``, a layer code."""
    return {entry["name"]: entry for entry in json.loads(sibling("morpion").settings())}


def nrpa(level: int = 3, iterations: int = 100, alpha: float = 1.0, *, searches: Optional[int] = None,
         threads: Optional[int] = None, seed: int = 1, playouts: int = 0, seconds: float = 0,
         cpu_seconds: float = 0, rules: str = "5T", best_svg: Optional[str] = None, force: bool = False,
         progress: bool = True) -> SearchResult:
    """``morpion nrpa``: Nested Rollout Policy Adaptation at ``level``, ``iterations`` calls of
    the level below per call, step ``alpha``; each search stopped after ``playouts`` playouts or
    its time limits (0: none); ``best_svg`` and ``force`` as for :func:`search`."""
    return _run("nrpa", "nrpa", searches, threads, seed, playouts, seconds, cpu_seconds, rules,
                dict(level=level, iterations=iterations, alpha=alpha), progress, "playout", best_svg, force)


def _document(side: Document) -> Tuple[str, str]:
    """A result document as JSON text, and the name a comparison gives it."""
    if isinstance(side, SearchResult):
        return json.dumps(side.document), "a SearchResult"
    return document_text(side, "result file"), "a document" if isinstance(side, dict) else str(side)


def compare(a: Union[Document, Sequence[Document]], b: Union[Document, Sequence[Document], None] = None, *,
            at: Optional[Sequence[float]] = None, clock: str = "cpu") -> Dict[str, Any]:
    """``morpion compare``: the mean best score of ``a``'s searches at the points ``at`` of
    ``clock`` ("cpu", "wall" or "iterations"; None: 60, 120, 300, 600 and 1800 seconds, or 1e6 ...
    1e9 iterations and the runs' end), each with its 95% interval; with ``b`` (the same seed and
    number of searches), search i against search i: the mean difference and its 95% interval, and
    how many searches are better, tied and worse. ``a`` and ``b`` are SearchResults, result
    documents or paths of ``--json`` files, or lists of them, of other seeds, whose searches pool
    (as files joined with commas on the command line; two lists pair document by document).
    Returns the comparison: ``points``, each with ``at``, ``runs`` (``mean``, ``ci95``, ``min``,
    ``max``, ``bests``) and ``difference``."""
    def run(side: Union[Document, Sequence[Document]]) -> List[Tuple[str, str]]:
        return [_document(d) for d in side] if isinstance(side, (list, tuple)) else [_document(side)]
    runs = [run(side) for side in ((a,) if b is None else (a, b))]
    return dict(json.loads(sibling("morpion").compare([[text for text, _ in r] for r in runs],
                                                      [[name for _, name in r] for r in runs],
                                                      [float(p) for p in (at or [])], clock)))


def decode(code: str, rules: str = "5T") -> Dict[str, Any]:
    """The game of a layer code, as ``morpion decode --game`` writes it (score, code, moves);
    ValueError names what is wrong with a broken code, and with ``rules="5D"`` an illegal move."""
    return dict(json.loads(sibling("morpion").decode(code, rules)))


def svg(code: str, numbers: bool = False) -> str:
    """The grid of a layer code as SVG, as ``morpion svg``; ``numbers`` numbers the dots in the
    order played."""
    return str(sibling("morpion").picture(code, True, numbers))


def picture(code: str) -> str:
    """The grid of a layer code as text, as ``morpion decode`` prints it."""
    return str(sibling("morpion").picture(code, False, False))
