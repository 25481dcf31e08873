"""Python players at C++ speed: ``@ratrace.compiled`` compiles a move function, unchanged, into
native code (with Numba) that the engine calls from every thread, without the interpreter lock::

    import ratrace

    @ratrace.compiled
    def move(genome, view, rng):
        ...                                  # the same source as an interpreted player

    ratrace.score(move, boards=100)

The function keeps the documented API: ``genome.chunk(start, length)``, ``genome.bit(i)``,
``genome.ones``, ``genome.gray``, ``genome.length``; ``view(dx, dy)``, ``view.radius``;
``rng.below(n)``, ``rng.random()``, ``rng.randint(lo, hi)``, ``rng.choice(seq)``,
``rng.getrandbits(k)``; with ints, floats, tuples, loops, and the functions of the user's own
modules that it calls, which are compiled with it. It returns two integers (dx, dy). Its draws
come from the engine's random stream of the call, so the same source gives the same games
compiled or not, and a call that draws nothing is memoised as always. Faults are the
interpreted player's: a read outside the view or the genome, a bad draw, an illegal move.
What Numba cannot compile is refused when the player is made, naming the line and the
construct; nothing falls back to the slow path. Numba is needed only to compile (Debian:
python3-numba).
"""
from __future__ import annotations

import functools
import inspect
import re
import sys
import types as python_types
from typing import Any, Callable, Dict, Optional

from . import _engine

__all__ = ["compiled", "CompiledPlayer", "CompileError"]

# The calling convention and fault codes of python/compiled_player.h.
ABI_VERSION = 1
FAULT_VIEW, FAULT_GENOME, FAULT_MOVE, FAULT_BELOW, FAULT_RANDINT, FAULT_CHOICE, FAULT_BITS = range(1, 8)


class CompileError(ValueError):
    """A move function that cannot be compiled, said in one line with its file and line."""


class CompiledPlayer:
    """A move function and its native code. Called from Python it runs the original function;
    given to ratrace it plays compiled."""

    def __init__(self, function: Callable, entry: Any) -> None:
        self.python_function = function
        self.entry = entry  # the Numba cfunc: alive as long as this object
        self.address: int = entry.address
        functools.update_wrapper(self, function)

    def __call__(self, genome: Any, view: Any, rng: Any) -> Any:
        return self.python_function(genome, view, rng)


@functools.lru_cache(maxsize=None)
def _numba():
    """Numba's modules, with the engine's types and functions taught to it (once)."""
    try:
        import numba
    except ImportError as missing:
        if missing.name != "numba":  # Numba is there but broken: its own error says why
            raise
        raise ImportError("ratrace.compiled needs Numba to compile a player: install it "
                          "(Debian: apt-get install python3-numba; elsewhere: pip install numba)") from missing
    abi = _engine.compiled_abi()
    if abi["abi_version"] != ABI_VERSION:
        raise ImportError("this ratrace.compiled speaks the compiled-player ABI %d, its engine module %d: "
                          "reinstall the package" % (ABI_VERSION, abi["abi_version"]))
    from . import _numba_types
    _numba_types.teach(numba, abi)
    return numba, _numba_types


def _user_function(value: Any) -> bool:
    """A plain Python function of the user's own modules (not the library's), which a
    compiled player may call and which is compiled with it."""
    from .players import _user_file
    if not isinstance(value, python_types.FunctionType):
        return False
    module = sys.modules.get(value.__module__ or "")
    return module is None or module.__name__ == "__main__" or _user_file(module) is not None


def _jitted(function: Callable, numba: Any, done: Dict[Callable, Any]) -> Any:
    """``function`` compiled by Numba (njit), the user functions it names compiled likewise."""
    if function in done:
        return done[function]
    own_globals = dict(function.__globals__)
    copy = python_types.FunctionType(function.__code__, own_globals, function.__name__, function.__defaults__,
                                     function.__closure__)
    copy.__qualname__, copy.__module__, copy.__doc__ = function.__qualname__, function.__module__, function.__doc__
    jitted = done[function] = numba.njit(copy)
    names = set()
    todo = [function.__code__]
    while todo:
        code = todo.pop()
        names.update(code.co_names)
        todo.extend(c for c in code.co_consts if isinstance(c, python_types.CodeType))
    for name in names:
        value = function.__globals__.get(name)
        if isinstance(value, CompiledPlayer):
            value = value.python_function
        if _user_function(value):
            own_globals[name] = _jitted(value, numba, done)
    return jitted


def _where(function: Callable) -> str:
    try:
        return "%s, line %d" % (inspect.getsourcefile(function), inspect.getsourcelines(function)[1])
    except (OSError, TypeError):
        return getattr(function, "__qualname__", "?")


def _one_line(error: Exception, function: Callable) -> str:
    """Numba's report of what it could not compile, cut to what a user needs: what, and where
    in the user's code (file, line, the line itself)."""
    text = str(error)
    lines = [line.rstrip() for line in text.splitlines()]
    signature = next((line.strip()[3:].strip() for line in lines if line.strip().startswith(">>>")), None)
    if signature:  # "No implementation of function ... found for signature: >>> f(types)"
        what = "no implementation of " + re.sub(r"<iv=[^>]*>", "", signature)
    else:
        what = next((line.strip() for line in lines if line.strip() and not line.startswith(
            ("Failed in", "During:", "File ", "Enable logging", "- Resolution", "There are"))
            and not line.startswith(" ")), lines[0] if lines else type(error).__name__)
    what = re.sub(r"\x1b\[[0-9;]*m", "", what)
    where = None
    for i, line in enumerate(lines):
        found = re.match(r'\s*File "([^"]+)", line (\d+)', line)
        if found and "numba" + "/" not in found.group(1) and not found.group(1).endswith(("compiled.py",
                                                                                          "_numba_types.py")):
            code = next((lines[j].strip() for j in range(i + 1, min(i + 6, len(lines)))
                         if lines[j + 1:j + 2] and lines[j + 1].strip() == "^"), "")
            where = "%s, line %s%s" % (found.group(1), found.group(2), ": " + code if code else "")
    return "%s (%s)" % (what, where or _where(function))


def compiled(move: Callable) -> CompiledPlayer:
    """``move`` compiled to native code, to be given to ratrace as a player (a decorator).
    Raises CompileError, naming the line and the construct, for what Numba cannot compile, and
    ImportError (naming the package) without Numba."""
    numba, nt = _numba()
    name = getattr(move, "__qualname__", repr(move))
    try:
        entry, returned = nt.entry_point(_jitted(move, numba, {}))
    except numba.core.errors.NumbaError as error:
        raise CompileError("cannot compile %s: %s" % (name, _one_line(error, move))) from None
    if entry is None:
        raise CompileError("cannot compile %s: it returns %s, not two integers (dx, dy) (%s)"
                           % (name, returned, _where(move)))
    return CompiledPlayer(move, entry)
