"""ColorScorePlayer as a Python move function: colour c scores genome bits 6c..6c+5 read as
a number; step to the best-scoring in-bounds cell ahead, ties broken at random. It makes the
same moves as the compiled-in ColorScorePlayer (same reading, same tie order)."""


def move(genome, view, rng):
    best, tied = -1, []
    for dy in (-1, 0, 1):
        colour = view(1, dy)
        if colour < 0:
            continue
        value = genome.chunk(6 * colour, 6)
        if value > best:
            best, tied = value, [dy]
        elif value == best:
            tied.append(dy)
    if not tied:
        return (1, 0)
    return (1, tied[0] if len(tied) == 1 else tied[rng.below(len(tied))])
