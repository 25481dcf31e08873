#!/usr/bin/env python3
"""End-to-end tests of seeing a game, driving the ratrace binary as a user would.

  see_test.py RATRACE play-board   'play --seed S --board I' scores what 'score' scored on board I
  see_test.py RATRACE browser      the replay page in headless Chromium: it draws, and scrubs to the end
  see_test.py RATRACE render       'render' writes an SVG with every cell and a legend, and a PNG

Exit code 0 on success, 1 on a failed check (with what differed).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SMALL = ["--set", "turns=300"]


def run(args, **kw):
    result = subprocess.run(args, capture_output=True, text=True, timeout=600, **kw)
    if result.returncode != 0:
        raise AssertionError("%s exited %d:\n%s%s" % (" ".join(args), result.returncode, result.stdout, result.stderr))
    return result.stdout


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def play_board(ratrace, tmp):
    for player in ["ColorScorePlayer", "Blind Faith", "Running Star", "Hard Believers"]:
        out = os.path.join(tmp, player.replace(" ", "_") + ".json")
        run([ratrace, "score", "--player", player, "--boards", "3", "--seed", "7", "--threads", "1", "--json", out,
             "--journal", os.path.join(tmp, player.replace(" ", "_") + ".jsonl")] + SMALL)
        with open(out) as f:
            boards = json.load(f)["boards"]
        for board in boards:
            text = run([ratrace, "play", "--player", player, "--seed", "7", "--board", str(board["index"])] + SMALL)
            score = int(re.search(r"score (\d+) after", text).group(1))
            check(score == board["score"], "%s board %d: play scored %d, score scored %d" %
                  (player, board["index"], score, board["score"]))
            print("%s board %d: %d == %d" % (player, board["index"], score, board["score"]))


def record_and_page(ratrace, tmp):
    record = os.path.join(tmp, "rec.json")
    page = os.path.join(tmp, "replay.html")
    run([ratrace, "play", "--player", "Running Star (reconstruction)", "--seed", "1", "--board", "3", "--record", record] + SMALL)
    run([ratrace, "replay", "--record", record, "--html", page])
    with open(record) as f:
        return json.load(f), page


def chromium(args, tmp):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    check(exe, "chromium is missing (scripts/bootstrap.sh installs Debian's chromium)")
    profile = tempfile.mkdtemp(dir=tmp, prefix="profile-")
    return run([exe] + CHROMIUM_FLAGS + ["--user-data-dir=" + profile] + args, cwd=tmp)


def browser(ratrace, tmp):
    rec, page = record_and_page(ratrace, tmp)
    turns = rec["result"]["turns"]
    url = "file://" + page + "#turn=last"
    dom = chromium(["--dump-dom", url], tmp)
    check("<title>turn %d of %d</title>" % (turns, turns) in dom, "the title does not say the last turn")
    check('data-at-end="true"' in dom, "the page is not at its last turn")
    check('data-turn="%d"' % turns in dom, "the scrubber did not reach turn %d" % turns)
    canvas = re.search(r'<canvas id="track"[^>]*>', dom).group(0)
    attr = lambda name: float(re.search(r'data-%s="(-?[\d.]+)"' % name, canvas).group(1))
    cell, left, top, first = attr("cell"), attr("left"), attr("top"), int(attr("first-specimen"))

    shot = os.path.join(tmp, "shot.png")
    chromium(["--screenshot=" + shot, "--window-size=1200,1000", "--hide-scrollbars", url], tmp)
    import matplotlib.image
    pixels = matplotlib.image.imread(shot)  # rows x columns x RGB(A), floats in [0, 1]
    track = rec["track"]
    width, goal = track["width"], track["goal_column"]
    palette = palette_of(page)
    matched = total = 0
    for y, row in enumerate(track["colours"]):
        for x in range(1, goal):  # column 0 holds the start markers, the goal band is shaded
            px, py = int(left + x * cell + 3), int(top + y * cell + cell * 0.4)
            want = hex_rgb(palette[row[x]])
            got = [round(255 * v) for v in pixels[py][px][:3]]
            total += 1
            matched += all(abs(a - b) <= 3 for a, b in zip(want, got))
    print("track cells drawn in their colours: %d of %d" % (matched, total))
    check(matched >= 0.95 * total, "only %d of %d sampled cells have their colour" % (matched, total))
    check(first >= 0, "no recorded specimen on the track at the last turn")
    fx, fy = first % width, first // width
    got = [round(255 * v) for v in pixels[int(top + (fy + 0.5) * cell)][int(left + (fx + 0.5) * cell)][:3]]
    check(got in ([0xe6, 0x19, 0x4b], [0x1b, 0x1b, 0x1b]), "no specimen drawn at cell %d: %s" % (first, got))
    keep = os.environ.get("RATRACE_KEEP_SCREENSHOT")
    if keep:
        shutil.copy(shot, keep)


def palette_of(page):
    with open(page) as f:
        text = f.read()
    data = re.search(r'<script id="data" type="application/json">(.*?)</script>', text, re.S).group(1)
    return json.loads(data)["palette"]


def hex_rgb(colour):
    return [int(colour[i:i + 2], 16) for i in (1, 3, 5)]


def render(ratrace, tmp):
    rec, _ = record_and_page(ratrace, tmp)
    svg = os.path.join(tmp, "track.svg")
    png = os.path.join(tmp, "track.png")
    run([ratrace, "render", "--record", os.path.join(tmp, "rec.json"), "--out", png])
    with open(svg) as f:
        text = f.read()
    cells = rec["track"]["width"] * rec["track"]["height"]
    check(text.count('class="cell"') == cells, "the SVG does not have %d cells" % cells)
    check(text.count('class="swatch"') == len(rec["track"]["roles"]), "the legend lacks a colour")
    for words in ["Colours and their roles", "teleporter, towards its target", "trap points at its deadly cell", "start cell",
                  "goal column", "visits per cell", "deaths: age", "best scorers"]:
        check(words in text, "the legend lacks '%s'" % words)
    with open(png, "rb") as f:
        check(f.read(8) == b"\x89PNG\r\n\x1a\n", "render --out .png did not write a PNG")


def main():
    ratrace, what = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory(prefix="ratrace-see-") as tmp:
        try:
            {"play-board": play_board, "browser": browser, "render": render}[what](os.path.abspath(ratrace), tmp)
        except AssertionError as e:
            print("FAILED: %s" % e)
            return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
