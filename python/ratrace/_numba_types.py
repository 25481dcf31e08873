"""The engine's Genome, View and Rng as Numba types, for compiled players (ratrace.compiled).

Each is a small struct built inside the compiled entry point from the arguments the engine
passes (python/compiled_player.h): the genome's two 64-bit words and length, the view's cells,
the engine's Rng of the call, and the call's fault slot. Their methods are the interpreted
API's, written here in Python and compiled by Numba; random draws call the engine's own
functions, so the draws are the engine's, counted for the memo. This module is imported only
with Numba present.
"""
import llvmlite.binding
import numba
from numba import int64, uint32, uint64
from numba.core import cgutils, types
from numba.core.imputils import lower_builtin
from numba.extending import intrinsic, make_attribute_wrapper, models, overload_method, register_model

from .compiled import (FAULT_BELOW, FAULT_BITS, FAULT_CHOICE, FAULT_GENOME, FAULT_MOVE, FAULT_RANDINT,
                       FAULT_VIEW)

FAULT_SLOT = types.CPointer(types.int64)


class GenomeType(types.Type):
    def __init__(self):
        super().__init__(name="ratrace.Genome")


class ViewType(types.Type):
    def __init__(self):
        super().__init__(name="ratrace.View")


class RngType(types.Type):
    def __init__(self):
        super().__init__(name="ratrace.Rng")


genome_type, view_type, rng_type = GenomeType(), ViewType(), RngType()
FIELDS = {
    GenomeType: [("high", types.uint64), ("low", types.uint64), ("length", types.int64), ("fault", FAULT_SLOT)],
    ViewType: [("centre", types.CPointer(types.int8)), ("side", types.int64), ("radius", types.int64),
               ("fault", FAULT_SLOT)],
    RngType: [("rng", types.voidptr), ("fault", FAULT_SLOT)],
}


for _kind in FIELDS:
    def _model(kind):
        @register_model(kind)
        class Model(models.StructModel):
            def __init__(self, dmm, fe_type):
                super().__init__(dmm, fe_type, FIELDS[kind])

        for field, _ in FIELDS[kind]:
            make_attribute_wrapper(kind, field, field)
    _model(_kind)


def _build(instance):
    """The code that makes a struct of `instance`'s type from its fields' values, in order."""
    def codegen(context, builder, signature, values):
        value = cgutils.create_struct_proxy(instance)(context, builder)
        for (field, _), given in zip(FIELDS[type(instance)], values):
            setattr(value, field, given)
        return value._getvalue()
    return codegen


@intrinsic
def make_genome(typingctx, high, low, length, fault):
    return genome_type(high, low, length, fault), _build(genome_type)


@intrinsic
def make_view(typingctx, centre, side, radius, fault):
    return view_type(centre, side, radius, fault), _build(view_type)


@intrinsic
def make_rng(typingctx, rng, fault):
    return rng_type(rng, fault), _build(rng_type)


@numba.njit
def _fault(slot, code, a, b):
    """Keeps the call's first fault; the engine reports it when the call returns."""
    if slot[0] == 0:
        slot[0] = code
        slot[1] = a
        slot[2] = b


# The genome: bit i is bit 63 - i of `high` for i < 64, else bit 127 - i of `low`. Every
# shift is of a uint64 by a uint64 less than 64 (a mix of signed and unsigned would be a float).
@numba.njit
def _chunk(genome, start, length):
    if start < 0 or length < 0 or length > 32 or start > genome.length - length:
        _fault(genome.fault, FAULT_GENOME, start, length)
        return 0
    if length == 0:
        return 0
    end = start + length
    if end <= 64:
        bits = genome.high >> uint64(64 - end)
    elif start >= 64:
        bits = genome.low >> uint64(128 - end)
    else:
        bits = (genome.high << uint64(end - 64)) | (genome.low >> uint64(128 - end))
    return int64(bits & ((uint64(1) << uint64(length)) - uint64(1)))


@overload_method(GenomeType, "chunk")
def _genome_chunk(genome, start, length):
    return lambda genome, start, length: _chunk(genome, start, length)


@overload_method(GenomeType, "bit")
def _genome_bit(genome, i):
    return lambda genome, i: _chunk(genome, i, 1)


@overload_method(GenomeType, "ones")
def _genome_ones(genome, start, length):
    def ones(genome, start, length):
        value, count = _chunk(genome, start, length), 0
        while value:
            value &= value - 1
            count += 1
        return count
    return ones


@overload_method(GenomeType, "gray")
def _genome_gray(genome, start, length):
    def gray(genome, start, length):
        value = _chunk(genome, start, length)
        shift = value >> 1
        while shift:
            value ^= shift
            shift >>= 1
        return value
    return gray


# The view, called as view(dx, dy): typed as the method __call__, lowered as a call of the
# view itself (how Numba lowers calling a value of a type of its own).
@overload_method(ViewType, "__call__")
def _view_call_type(view, dx, dy):
    return lambda view, dx, dy: _view_at(view, dx, dy)


@numba.njit
def _view_at(view, dx, dy):
    if dx < -view.radius or dx > view.radius or dy < -view.radius or dy > view.radius:
        _fault(view.fault, FAULT_VIEW, dx, dy)
        return -1
    return int64(view.centre[dy * view.side + dx])


@lower_builtin(view_type, view_type, types.Integer, types.Integer)
def _view_call(context, builder, signature, args):
    return context.compile_internal(builder, lambda view, dx, dy: _view_at(view, dx, dy), signature, args)


def teach(numba_module, abi):
    """Makes the engine's random functions (addresses from _engine.compiled_abi()) callable
    from compiled code, and defines the Rng's methods on them."""
    for name in ("rng_below", "rng_uniform", "rng_next"):
        llvmlite.binding.add_symbol("ratrace_" + name, abi[name])
    below = types.ExternalFunction("ratrace_rng_below", types.uint32(types.voidptr, types.uint32))
    uniform = types.ExternalFunction("ratrace_rng_uniform", types.float64(types.voidptr))
    draw = types.ExternalFunction("ratrace_rng_next", types.uint64(types.voidptr))

    @numba.njit
    def _below(rng, n):
        if n <= 0:
            _fault(rng.fault, FAULT_BELOW, n, 0)
            return 0
        return 0 if n == 1 else int64(below(rng.rng, uint32(n)))

    @overload_method(RngType, "below")
    def _rng_below(rng, n):
        return lambda rng, n: _below(rng, n)

    @overload_method(RngType, "random")
    def _rng_random(rng):
        return lambda rng: uniform(rng.rng)

    @overload_method(RngType, "randint")
    def _rng_randint(rng, lo, hi):
        def randint(rng, lo, hi):
            if lo > hi:
                _fault(rng.fault, FAULT_RANDINT, lo, hi)
                return lo
            return lo if lo == hi else lo + _below(rng, hi - lo + 1)
        return randint

    @overload_method(RngType, "choice")
    def _rng_choice(rng, items):
        def choice(rng, items):
            n = len(items)
            if n == 0:
                _fault(rng.fault, FAULT_CHOICE, 0, 0)
            return items[0] if n <= 1 else items[_below(rng, n)]
        return choice

    @overload_method(RngType, "getrandbits")
    def _rng_getrandbits(rng, k):
        def getrandbits(rng, k):
            if k < 0 or k > 64:
                _fault(rng.fault, FAULT_BITS, k, 0)
                return 0
            return 0 if k == 0 else int64(draw(rng.rng) >> uint64(64 - k))
        return getrandbits


def is_move_type(returned):
    """Whether a compiled function's return type is two integers (bools count, as in Python)."""
    return (isinstance(returned, types.BaseTuple) and len(returned) == 2
            and all(isinstance(t, (types.Integer, types.Boolean)) for t in returned))


def entry_point(user):
    """The native function the engine calls (compiled_player.h's calling convention), playing
    the compiled ``user``; compiled now, so that every error shows at once."""
    user.compile((genome_type, view_type, rng_type))
    returned = user.nopython_signatures[0].return_type
    if not is_move_type(returned):
        return None, returned

    @numba.cfunc(types.int32(types.uint64, types.uint64, types.int64, types.CPointer(types.int8), types.int64,
                             types.int64, types.voidptr, FAULT_SLOT))
    def entry(high, low, length, centre, side, radius, rng, fault):
        dx, dy = user(make_genome(high, low, length, fault), make_view(centre, side, radius, fault),
                      make_rng(rng, fault))
        if dx < -1 or dx > 1 or dy < -1 or dy > 1:
            _fault(fault, FAULT_MOVE, dx, dy)
            return 0
        return (dx + 1) * 3 + (dy + 1)

    return entry, returned
