"""Cautious Specimens (MT0's C++ player) ported to Python and compiled with ratrace.compiled: the
same moves, board for board, as the built-in "Cautious Specimens".

Colour c's gene is genome bits 4c..4c+3: 11xx good, 10xx bad, 0ttt a trap that makes the
neighbour in direction ttt deadly. Out-of-bounds and bad cells are deadly too. The rat follows
a shortest route of king's steps through safe cells of its 5x5 view to the view's right column
(failing that, to the reachable cells furthest right), choosing at random among the distinct
first steps of those routes, and stays put when no neighbour is safe.

Cell sets are bit masks over a 7x7 grid around the rat (the view and a ring, which a trap at
the view's edge can point into): cell (dx, dy) is bit (dy + 3) * 7 + dx + 3.
"""
import ratrace

# The 8 neighbours in the order of the genes' 3-bit trap directions (dx right, dy down).
NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def cell(dx, dy):
    return 1 << ((dy + 3) * 7 + dx + 3)


def column(dx):
    cells = 0
    for dy in range(-2, 3):
        cells |= cell(dx, dy)
    return cells


def mark(gene):
    """What a cell of this gene makes deadly, as bits relative to the cell raised by MARK_OFFSET
    (so that a mark above or left of the cell stays positive): a trap (0ttt) its neighbour in
    direction ttt, a bad colour (10xx) or an out-of-bounds cell itself, a good one (11xx)
    nothing."""
    if gene == OFF_BOARD or (gene & 12) == 8:
        return 1 << MARK_OFFSET
    if (gene & 8) == 0:
        step_x, step_y = NEIGHBOURS[gene & 7]
        return 1 << (MARK_OFFSET + step_y * 7 + step_x)
    return 0


OFF_BOARD = 16  # the gene of an out-of-bounds cell
MARK_OFFSET = 8
MARKS = tuple(mark(gene) for gene in range(OFF_BOARD + 1))
VIEW = column(-2) | column(-1) | column(0) | column(1) | column(2)
RIGHT_COLUMN = column(2)


def grow(cells):
    """The view cells within one king's step of `cells` (view cells themselves): the ring
    around the view keeps a shift by one column from wrapping into the next row."""
    row = cells | (cells << 1) | (cells >> 1)
    return (row | (row << 7) | (row >> 7)) & VIEW


def count(cells):
    n = 0
    while cells:
        cells &= cells - 1
        n += 1
    return n


@ratrace.compiled
def move(genome, view, rng):
    """Cautious Specimens: the shortest safe route through the view to its right column."""
    genes = (genome.chunk(0, 32) << 32) | genome.chunk(32, 32)  # colour c's gene at bits 60 - 4c
    deadly = 0  # raised by MARK_OFFSET until the loop ends
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            colour = view(dx, dy)
            gene = OFF_BOARD if colour < 0 else (genes >> (60 - 4 * colour)) & 15
            deadly |= MARKS[gene] << ((dy + 3) * 7 + dx + 3)
    deadly >>= MARK_OFFSET
    safe = VIEW & ~deadly & ~cell(0, 0)
    neighbours = grow(cell(0, 0)) & safe
    if neighbours == 0:
        return (0, 0)
    # The destination: the right column's cells of the first front of the flood that reaches
    # it; failing that, the reached cells furthest right.
    reached, goal, front = 0, 0, neighbours
    while front:
        reached |= front
        goal = front & RIGHT_COLUMN
        if goal:
            break
        front = grow(front) & safe & ~reached
    right = 1
    while goal == 0:
        goal = reached & column(right)
        right -= 1
    # Rings around the destination until one touches the rat's neighbours: the first steps of
    # every shortest route.
    ring, seen = goal, goal
    while (ring & neighbours) == 0:
        ring = grow(ring) & safe & ~seen
        seen |= ring
    first = ring & neighbours
    choices = count(first)
    pick = 0 if choices == 1 else rng.below(choices)
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if first & cell(dx, dy):
                if pick == 0:
                    return (dx, dy)
                pick -= 1
    return (0, 0)
