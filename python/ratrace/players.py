"""Players from Python: names, registration, and the fingerprint of their code.

A player is named by a string (a registered player, or ``"FILE.py:FUNCTION"``, loaded from
that file as ``ratrace --python`` loads it), or given as a move function or an organisers'
``Player`` (class or instance). Each Python player is registered with a fingerprint of its
code: the source of its file and of the user modules it uses (not the standard library or
installed packages). A run records the fingerprint, so editing a player and running the same
call again starts a new run instead of reporting the old games.
"""
from __future__ import annotations

import hashlib
import importlib.util
import inspect
import marshal
import os
import sys
import sysconfig
import types
from typing import Any, Callable, Iterable, Optional, Union

from . import _engine

MoveFunction = Callable[[Any, Any, Any], Any]
PlayerLike = Union[str, MoveFunction, Any]

__all__ = ["PlayerLike", "player_name", "load_file", "code_fingerprint"]

_LIBRARY_FOLDERS = tuple(
    os.path.realpath(folder) + os.sep
    for folder in {sysconfig.get_paths().get(key) for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    | {sys.prefix, sys.base_prefix, os.path.dirname(os.path.realpath(__file__))}
    if folder
)


def _user_file(module: types.ModuleType) -> Optional[str]:
    """The source file of a module the user wrote, or None for the standard library, installed
    packages, ratrace itself and modules without a file."""
    path = getattr(module, "__file__", None)
    if not path or not path.endswith(".py"):
        return None
    real = os.path.realpath(path)
    if real.startswith(_LIBRARY_FOLDERS) or "-packages" + os.sep in real:
        return None
    return real


def _modules_used(start: types.ModuleType) -> Iterable[types.ModuleType]:
    """`start` and the user modules it uses, directly or through each other: modules it
    imported, and the modules of the functions and classes it imported."""
    seen, todo = {}, [start]
    while todo:
        module = todo.pop()
        if module.__name__ in seen or (module is not start and _user_file(module) is None):
            continue
        seen[module.__name__] = module
        for value in list(vars(module).values()):
            if isinstance(value, types.ModuleType):
                todo.append(value)
            else:
                owner = sys.modules.get(getattr(value, "__module__", None) or "")
                if owner is not None:
                    todo.append(owner)
    return seen.values()


def code_fingerprint(function: MoveFunction) -> str:
    """A fingerprint of what ``function``'s moves depend on: the files of its module and of the
    user modules that one uses, and its own compiled code when its module has no file (a
    function typed into a session)."""
    module = sys.modules.get(getattr(function, "__module__", None) or "")
    digest = hashlib.sha256()
    used = _modules_used(module) if module is not None else []
    for path in sorted({path for m in used if (path := _user_file(m))}):
        with open(path, "rb") as source:
            digest.update(path.encode() + b"\0" + source.read() + b"\0")
    if module is None or _user_file(module) is None:
        code = getattr(function, "__code__", None) or type(function).__call__.__code__
        digest.update(marshal.dumps(code))
    return "python " + digest.hexdigest()[:16]


def _move_function(player: Any) -> MoveFunction:
    """A move function from an organisers' ``Player`` (class or instance), else ``player``."""
    if isinstance(player, type) or hasattr(player, "take_turn"):
        from . import compat
        return compat.move_function(player)
    if not callable(player):
        raise TypeError("a player is a name, a move function or an organisers' Player, not %r" % (player,))
    return player


def _register(name: str, function: MoveFunction, file_spec: Optional[str]) -> str:
    from .compiled import CompiledPlayer
    if isinstance(function, CompiledPlayer):
        source = function.python_function
        _engine.register_compiled(name, function.address, inspect.getdoc(source) or "", code_fingerprint(source),
                                  file_spec)
        _KEPT[name] = function  # its native code lives as long as the object
    else:
        _engine.register_function(name, function, inspect.getdoc(function) or "", code_fingerprint(function),
                                  file_spec)
    return name


_KEPT: dict = {}


def load_file(spec: str) -> str:
    """Loads FUNCTION of FILE.py (a move function, or an organisers' Player class) as the player
    named ``spec``, "FILE.py:FUNCTION", as ``ratrace --python`` does; returns the name. A
    missing file or function, or an error while the file runs, is a ValueError of one line."""
    path, colon, function_name = spec.rpartition(":")
    if not colon or not path or not function_name:
        raise ValueError("expected FILE.py:FUNCTION, got %r" % spec)
    if not os.path.isfile(path):
        raise ValueError("no such file '%s'" % path)
    module_name = "ratrace_player_" + os.path.splitext(os.path.basename(path))[0]
    module_spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[module_name] = module
    # As `python3 FILE.py` would, the file's folder is searched first for what it imports.
    folder = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, folder)
    try:
        module_spec.loader.exec_module(module)
    except Exception as error:  # the file's own error, said in one line with where it happened
        del sys.modules[module_name]
        if isinstance(error, SyntaxError):
            raise ValueError("SyntaxError: %s (%s, line %s)" % (error.msg, path, error.lineno)) from None
        where = [frame for frame in inspect.trace() if os.path.realpath(frame.filename) == os.path.realpath(path)]
        at = " (%s, line %d)" % (path, where[-1].lineno) if where else ""
        raise ValueError("%s: %s%s" % (type(error).__name__, error, at)) from None
    finally:
        sys.path.remove(folder)
    if not hasattr(module, function_name):
        raise ValueError("'%s' defines no '%s'" % (path, function_name))
    return _register(spec, _move_function(getattr(module, function_name)), spec)


def player_name(player: PlayerLike) -> str:
    """The registry name of ``player``, registering it first if it is a Python player: a
    registered name as it is, "FILE.py:FUNCTION" loaded from its file, a move function or an
    organisers' Player as "python:QUALNAME@MODULE"."""
    if isinstance(player, str):
        # A file is loaded again at every call: an edited player is the edited one.
        return load_file(player) if ".py:" in player and os.path.isfile(player.rpartition(":")[0]) else player
    function = _move_function(player)
    name = ("compiled:" if type(function).__name__ == "CompiledPlayer" else "python:") + getattr(
        function, "__qualname__", type(function).__name__)
    module = getattr(function, "__module__", None)
    if module and module != "__main__":
        name += "@" + module
    return _register(name, function, None)
