"""ColorScorePlayer as a Python move function: colour c scores genome bits 6c..6c+5 read as
a number; step to the best-scoring in-bounds cell ahead, ties broken at random. It makes the
same moves as the compiled-in ColorScorePlayer (same reading, same tie order, same draws),
interpreted as it is, or compiled by ratrace.compiled (color_score_compiled.py)."""


def move(genome, view, rng):
    """ColorScorePlayer: the best-scoring cell ahead (6 genome bits per colour), ties at random."""
    # The best score ahead, and how many of the three forward cells reach it.
    best, ties = -1, 0
    for dy in (-1, 0, 1):
        colour = view(1, dy)
        if colour < 0:
            continue
        value = genome.chunk(6 * colour, 6)
        if value > best:
            best, ties = value, 1
        elif value == best:
            ties += 1
    if ties == 0:
        return (1, 0)
    # The chosen tie, counted from the top (dy = -1), as the C++ player draws it.
    pick = rng.below(ties) if ties > 1 else 0
    for dy in (-1, 0, 1):
        colour = view(1, dy)
        if colour >= 0 and genome.chunk(6 * colour, 6) == best:
            if pick == 0:
                return (1, dy)
            pick -= 1
    return (1, 0)
