"""The organisers' Python controller's player interface, on the ratrace engine.

A posted answer runs with only its imports changed::

    from ratrace.compat import Player, Coordinate
    import random

    class MyPlayer(Player):
        def turn(self):
            return Coordinate(1, random.choice([-1, 0, 1]))

    ratrace.score(MyPlayer())

``self.genome`` is an int whose bit i is genome bit i; ``bit_at``, ``bit_range``,
``bit_chunk`` and ``vision_at(x, y)`` read as the organisers' helpers did (bit ``start`` is
the chunk's least significant bit). During ``turn()``, and only then, the module-level
functions of Python's ``random`` draw from the engine's per-call stream, so results do not
depend on the thread count, and a turn that draws nothing is memoised; at any other time they
are Python's own. Import this module before ``from random import random`` (or getrandbits)
binds those names in a player's module.
"""
import copy
import random as _random
import threading

__all__ = ["Player", "Coordinate", "move_function"]


class Coordinate:
    """A move (x, y): x towards the goal, y down."""

    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Coordinate(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Coordinate(self.x - other.x, self.y - other.y)

    def __neg__(self):
        return Coordinate(-self.x, -self.y)

    def __mul__(self, factor):
        return Coordinate(self.x * factor, self.y * factor)

    def __eq__(self, other):
        return isinstance(other, Coordinate) and self.x == other.x and self.y == other.y

    def __hash__(self):
        return hash((self.x, self.y))

    def __repr__(self):
        return "Coordinate(%d, %d)" % (self.x, self.y)


class Player:
    """The organisers' base class: override ``turn()``."""

    def __init__(self):
        self.vision = None
        self.genome = None

    def take_turn(self, genome, vision):
        self.vision = vision
        self.genome = genome
        return self.turn()

    def bit_at(self, position):
        return (self.genome >> position) & 1

    def bit_range(self, start, stop):
        return (self.genome >> start) & ((1 << (stop - start)) - 1)

    def bit_chunk(self, start, length):
        return (self.genome >> start) & ((1 << length) - 1)

    def turn(self):
        return Coordinate(1, 0)

    def vision_at(self, x, y):
        return self.vision[2 + y][2 + x]


_call = threading.local()  # the engine Rng of the organisers' turn running on this thread, if any


def _engine_below(rng, n):
    return rng.below(n)  # n = 1 draws nothing: random.choice of one move is memoisable


def _engine_bits(rng, k):
    value = 0
    for shift in range(0, k, 64):
        value |= rng.getrandbits(min(64, k - shift)) << shift
    return value


def _during_turns(name, engine_draw):
    """``random._inst``'s method ``name``, drawing from the engine's stream while an
    organisers' turn runs on this thread, and exactly as before at any other time."""
    original = getattr(_random._inst, name)

    def draw(*args):
        rng = getattr(_call, "rng", None)
        return original(*args) if rng is None else engine_draw(rng, *args)

    draw.__name__ = draw.__qualname__ = name
    draw.__doc__ = original.__doc__
    return draw


# random's functions are methods of one hidden Random instance; its Python-level methods
# (choice, randint, shuffle, uniform, sample...) reach every draw through self.random,
# self.getrandbits and self._randbelow, which these instance attributes take over. random.random
# and random.getrandbits are that instance's C methods, bound when random was imported, so the
# module names are pointed at the new ones too. Outside a turn every draw is the instance's own,
# from the same generator: a program's own use of random (random.seed included) is unchanged.
_random._inst.random = _during_turns("random", lambda rng: rng.random())
_random._inst.getrandbits = _during_turns("getrandbits", _engine_bits)
_random._inst._randbelow = _during_turns("_randbelow", _engine_below)
_random.random = _random._inst.random
_random.getrandbits = _random._inst.getrandbits


def move_function(player):
    """A move function for the engine from an organisers' ``Player`` (instance or class)."""
    if isinstance(player, type):
        player = player()
    # take_turn stores the genome and vision on the player, and engine threads take turns
    # between any two bytecodes: each thread calls a copy of its own.
    copies = threading.local()

    def move(genome, view, rng):
        own = getattr(copies, "player", None)
        if own is None:
            own = copies.player = copy.copy(player)
        _call.rng = rng
        try:
            return own.take_turn(genome.value, view.rows())
        finally:
            _call.rng = None

    move.__qualname__ = type(player).__qualname__
    move.__module__ = type(player).__module__
    move.__doc__ = type(player).__doc__
    return move
