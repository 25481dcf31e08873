#!/usr/bin/env python3
"""An oracle for the 5T rules written apart from the engine: it replays the game files that
`morpion decode --game` writes for the best grids this project has found, from the rules alone
(the Greek cross of 36 dots, a line of five points of which the move adds one, no unit segment
shared by two lines of one direction), and checks that it refuses games that break them.

  rules_oracle_test.py MORPION WORK

Exit code 0 on success, 1 on a failed check (with what differed).
"""
import json
import os
import re
import subprocess
import sys

# Layer code and score of the grids the docs quote: the best found, the hand-over's 169, and the
# write-up's 135.
GRIDS = [
    ("AYOOj1VpKGGjmFNDKiyjPWt+/ctf1zNK8XVndst9X/93p7/99+", 177),
    ("H4hAHqTVAWJinCEjShKcHHlP/8ae/9b7lfvlzvZv69/7M395+", 169),
    ("BBYqjXKmCREUk9zxEuXW3nx3v/u/x/JvuX+9P70", 135),
]
# x grows east and y south, as in the game files.
STEPS = {"ne": (1, -1), "e": (1, 0), "se": (1, 1), "s": (0, 1)}
MOVE = re.compile(r"(-?\d+),(-?\d+) \((-?\d+),(-?\d+),(ne|e|se|s)\)")


def greek_cross():
    dots = set()
    for y in range(10):
        for x in range(10):
            arm_ends = y in (0, 9) and 3 <= x <= 6
            arm_sides = y in (1, 2, 7, 8) and x in (3, 6)
            bars = y in (3, 6) and (x <= 3 or x >= 6)
            tips = y in (4, 5) and x in (0, 9)
            if arm_ends or arm_sides or bars or tips:
                dots.add((x, y))
    return dots


def first_illegal(moves):
    """The index and reason of the first move that breaks 5T, or None for a legal game."""
    dots = greek_cross()
    segments = set()  # (start point, direction) of every unit segment drawn
    for index, text in enumerate(moves):
        match = MOVE.fullmatch(text)
        if not match:
            return index, f"unreadable move {text!r}"
        mx, my, lx, ly = map(int, match.groups()[:4])
        direction = match.group(5)
        dx, dy = STEPS[direction]
        points = [(lx + k * dx, ly + k * dy) for k in range(5)]
        if (mx, my) not in points:
            return index, "the dot is not on its line"
        if (mx, my) in dots:
            return index, "the dot is already there"
        if any(p not in dots for p in points if p != (mx, my)):
            return index, "the line lacks one of its four dots"
        drawn = {(points[k], direction) for k in range(4)}
        if drawn & segments:
            return index, "the line shares a segment with a line of its direction"
        segments |= drawn
        dots.add((mx, my))
    return None


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def main():
    morpion, work = sys.argv[1:3]
    os.makedirs(work, exist_ok=True)
    check(len(greek_cross()) == 36, "the cross has 36 dots")
    games = {}
    for code, score in GRIDS:
        game_file = os.path.join(work, f"grid-{score}.json")
        subprocess.run([morpion, "decode", code, "--game", game_file, "--force"], check=True,
                       stdout=subprocess.DEVNULL)
        with open(game_file) as f:
            moves = games[score] = json.load(f)["moves"]
        check(len(moves) == score, f"the {score}-move code decodes to {len(moves)} moves")
        verdict = first_illegal(moves)
        check(verdict is None, f"the {score}: {verdict}")

    # The oracle refuses what the rules refuse, so its verdicts above can fail.
    def refused(moves, reason, what):
        verdict = first_illegal(moves)
        check(verdict is not None and verdict[1] == reason, f"{what}: {verdict}")

    moves = games[177]
    refused(moves[1:], "the line lacks one of its four dots", "the game without its first move")
    refused(moves[:5] + [moves[3]], "the dot is already there", "a move played twice")
    # Two lines of one direction may touch end to end (5T), not share a segment: along the
    # cross's bar at y = 3, then from the new dot on; then along its top bar and again from one
    # point further east, over three of the first line's segments.
    touching = ["4,3 (0,3,e)", "5,3 (4,3,e)"]
    verdict = first_illegal(touching)
    check(verdict is None, f"two lines end to end: {verdict}")
    overlapping = ["2,0 (2,0,e)", "7,0 (3,0,e)"]
    refused(overlapping, "the line shares a segment with a line of its direction", "overlapping lines")
    print("rules oracle: 3 grids legal (177, 169, 135); 3 broken games refused, "
          "lines end to end kept")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as error:
        print(f"rules_oracle_test: {error}", file=sys.stderr)
        sys.exit(1)
