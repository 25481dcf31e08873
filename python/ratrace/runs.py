"""Runs from Python: the command line's durable runs, documents and statistics.

Every run is a journalled run of the engine, the one ``ratrace score|compare|sweep|leaderboard``
makes: the same games, the same result document (docs/result.schema.json), the same summary.
Without ``journal=`` its journal goes to a folder of the user's cache, named from the run, and
is removed once the run has finished: a call leaves nothing behind, and the same call after
Ctrl-C finishes the interrupted run instead of starting again.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Union

from . import _engine

__all__ = ["Result", "PlayerFault", "Interrupted", "journal_folder", "config_sets", "value_text", "run", "follow",
           "document_text", "sibling"]

Value = Union[int, float, str]


class Result:
    """A finished run: its result document (the file ``ratrace COMMAND --json`` writes) and
    the parts most often read: ``summary``, ``boards`` (one record per game) and ``scores``;
    a leaderboard's ``markdown`` (``--markdown``'s report, which a notebook shows) and a sweep's
    ``csv`` (``--csv``'s rows)."""

    command: str
    document: Dict[str, Any]
    summary: Dict[str, Any]
    boards: List[Dict[str, Any]]
    journal: Optional[str]
    markdown: Optional[str]
    csv: Optional[str]

    def __init__(self, document: Dict[str, Any], journal: Optional[str], report: str = "") -> None:
        self.document = document
        self.command = document["command"]
        self.summary = document["summary"]
        self.boards = document["boards"]
        self.journal = journal
        self.markdown = report if self.command == "leaderboard" and report else None
        self.csv = report if self.command == "sweep" and report else None

    @property
    def scores(self) -> List[int]:
        """Every game's score, in the document's order (entrant by entrant, board by board)."""
        return [record["score"] for record in self.boards]

    def write_json(self, path: str, force: bool = False) -> None:
        """Writes the result document as ``--json`` does: whole or not at all, and an existing
        file only with ``force``."""
        _engine.write_text(path, json.dumps(self.document, indent=2) + "\n", force)

    def write_markdown(self, path: str, force: bool = False) -> None:
        """Writes a leaderboard's Markdown report as ``--markdown`` does, an existing file only
        with ``force``."""
        _engine.write_text(path, self._report(self.markdown, "leaderboard", "markdown"), force)

    def write_csv(self, path: str, force: bool = False) -> None:
        """Writes a sweep's rows as ``--csv`` does, an existing file only with ``force``."""
        _engine.write_text(path, self._report(self.csv, "sweep", "csv"), force)

    def _report(self, text: Optional[str], command: str, name: str) -> str:
        if text is None:
            raise ValueError("a %s result has no %s; a %s's has" % (self.command, name, command))
        return text

    def _repr_markdown_(self) -> Optional[str]:
        return self.markdown

    def __repr__(self) -> str:
        s = self.summary
        if self.command == "score" and s.get("geometric_mean") is not None:
            low, high = s["ci95"]
            return "<ratrace score: geometric mean %.4g [%.4g, %.4g] over %d boards>" % (
                s["geometric_mean"], low, high, s["boards"])
        if self.command == "compare":
            low, high = s["ratio_ci95"]
            return "<ratrace compare: ratio a/b %.4g [%.4g, %.4g] over %d boards; %s>" % (
                s["ratio"], low, high, s["paired_boards"], s["reason"])
        if self.command == "sweep":
            return "<ratrace sweep of %d settings; best %s>" % (len(s["settings"]), s["best"]["entrant"])
        if self.command == "leaderboard":
            top = s["rows"][0]
            return "<ratrace leaderboard of %d players; first %s, geometric mean %.4g>" % (
                len(s["rows"]), top["player"], top["summary"]["geometric_mean"])
        return "<ratrace %s over %d games>" % (self.command, len(self.boards))


class PlayerFault(RuntimeError):
    """A run finished, but a player faulted on some boards (the command line's exit code 3):
    ``result`` holds the run's result, the faults named in its summary and ``faults``."""

    def __init__(self, faults: Sequence[str], result: Result) -> None:
        super().__init__("%d faulted game%s; the first: %s" % (len(faults), "s" * (len(faults) > 1), faults[0]))
        self.faults = list(faults)
        self.result = result


def journal_folder() -> str:
    """Where runs without ``journal=`` keep their journal while they play: $RATRACE_JOURNALS,
    else ratrace/journals in the user's cache folder ($XDG_CACHE_HOME, else ~/.cache)."""
    if os.environ.get("RATRACE_JOURNALS"):
        return os.environ["RATRACE_JOURNALS"]
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "ratrace", "journals")


def value_text(value: Value) -> str:
    """A config value as --set writes it."""
    if isinstance(value, bool):
        return str(int(value))
    return repr(value) if isinstance(value, float) else str(value)


def config_sets(rules: Optional[str], config: Optional[Mapping[str, Value]]) -> List[str]:
    """The ``--set`` words of a rules dialect and config keys: the dialect first, as ``--rules``."""
    sets = ["rules=" + rules] if rules else []
    return sets + ["%s=%s" % (key, value_text(value)) for key, value in (config or {}).items()]


def _progress_bar(total: Optional[int], done: int, title: str, unit: str) -> Any:
    """A tqdm bar on a terminal or in a notebook; None elsewhere."""
    if not (sys.stderr.isatty() or "ipykernel" in sys.modules):
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, initial=done, desc=title, unit=unit)


def follow(task: Any, total: Optional[int], done: Callable[[], int], title: str, unit: str, progress: bool,
           on_stop: Callable[[], None], status: Optional[Callable[[], str]] = None) -> None:
    """Starts ``task`` (an engine run on a thread of its own) and waits for its end, a progress
    bar following ``done()`` up to ``total`` (None: a count), with ``status()`` beside it (a
    search's best so far). Ctrl-C stops the task, waits for it to keep what it finished, calls
    ``on_stop`` and raises KeyboardInterrupt again."""
    bar = _progress_bar(total, done(), title, unit) if progress else None
    shown = done()
    task.start()
    try:
        while not task.wait(0.1):
            now = done()  # read once: the count goes on rising meanwhile
            if bar is not None and now > shown:
                if status is not None:
                    bar.set_postfix_str(status(), refresh=False)
                bar.update(now - shown)
                shown = now
    except KeyboardInterrupt:
        task.stop()
        while not task.wait(0.1):
            pass
        if bar is not None:
            bar.close()
        on_stop()
        raise
    if bar is not None:
        if status is not None:
            bar.set_postfix_str(status(), refresh=False)
        bar.update(done() - shown)
        bar.close()


def document_text(document: Union[Dict[str, Any], str], what: str) -> str:
    """A document given as a dict or as the path of its file, as JSON text; a file that is not
    JSON is a ValueError naming it as ``what`` ("game record 'FILE': ...")."""
    if isinstance(document, dict):
        return json.dumps(document)
    with open(document) as f:
        text = f.read()
    try:
        json.loads(text)
    except ValueError as e:
        raise ValueError("%s '%s': %s" % (what, document, e)) from None
    return text


def sibling(name: str) -> Any:
    """The engine's submodule for a sibling system ("morpion", "menace"): bound in the extension
    module, not in the interpreter that ``ratrace --python`` embeds to run players."""
    try:
        return getattr(_engine, name)
    except AttributeError:
        raise RuntimeError("ratrace.%s runs from the installed package, not inside `ratrace --python`"
                           % name) from None


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a search or a training run of the sibling systems: ``result`` holds what
    it had found, as the command line keeps it (its document says ``"interrupted": true``)."""

    def __init__(self, result: Any) -> None:
        super().__init__("stopped: %r" % (result,))
        self.result = result


def run(request: Dict[str, Any], journal: Optional[str], progress: bool, title: str) -> Result:
    """Plays ``request`` (a command and its fields) as a durable run and returns its result;
    raises PlayerFault when a player faulted, KeyboardInterrupt (after stopping promptly and
    keeping every finished game) on Ctrl-C."""
    request = dict(request, journal_file=journal or "")
    played = _engine.Run(request, journal_folder())

    def said_where() -> None:
        sys.stderr.write("ratrace: stopped: %d of %d games kept in %s; the same call finishes the run\n"
                         % (played.finished, played.total, played.journal))

    follow(played, played.total, lambda: played.finished, title, "game", progress, said_where)
    result = Result(json.loads(played.document()), journal, played.report())
    faults = played.faults()
    if journal is None:
        os.remove(played.journal)  # finished: the result holds everything the journal did
    if faults:
        raise PlayerFault(faults, result)
    return result
