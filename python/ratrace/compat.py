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
the chunk's least significant bit). During ``turn()``, the module-level functions of Python's
``random`` draw from the engine's per-call stream, so results do not depend on the thread
count, and a turn that draws nothing is memoised.
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


_call = threading.local()  # the engine Rng of the turn running on this thread


class _EngineRandom(_random.Random):
    """random.Random whose draws come from the engine's Rng while a turn runs on this
    thread, and from its own Mersenne Twister otherwise."""

    def random(self):
        rng = getattr(_call, "rng", None)
        return rng.random() if rng is not None else super().random()

    def getrandbits(self, k):
        rng = getattr(_call, "rng", None)
        if rng is None:
            return super().getrandbits(k)
        value = 0
        for shift in range(0, k, 64):
            value |= rng.getrandbits(min(64, k - shift)) << shift
        return value

    def _randbelow(self, n):
        rng = getattr(_call, "rng", None)
        if rng is None:
            return super()._randbelow(n)
        return rng.below(n)  # n = 1 draws nothing: random.choice of one move is memoisable


_engine_random = _EngineRandom()
# Module-level functions of `random` read by attribute (random.choice) or imported after this
# module (from random import choice) use the engine's stream during a turn.
for _name in ("random", "uniform", "randint", "randrange", "choice", "choices", "shuffle", "sample",
              "getrandbits", "gauss", "normalvariate", "triangular", "betavariate", "expovariate"):
    if hasattr(_random, _name):
        setattr(_random, _name, getattr(_engine_random, _name))


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
