#!/usr/bin/env python3
"""End-to-end tests of seeing a game, driving the ratrace binary as a user would.

  see_test.py RATRACE play-board   'play --seed S --board I' scores what 'score' scored on board I
  see_test.py RATRACE browser      the replay page in headless Chromium: it draws the track, the crowd
                                   and recorded lives, opens at turn 1 and at the end, has a legend
  see_test.py RATRACE render       'render' writes an SVG with every cell and a legend, and a PNG

Exit code 0 on success, 1 on a failed check (with what differed).
"""
import base64
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


def decode_counts(text, cells):
    """A frame's per-cell counts from the record (record.h: encode_counts)."""
    data, counts, at = base64.b64decode(text), [], 0

    def varint():
        nonlocal at
        n, shift = 0, 0
        while True:
            byte = data[at]
            at += 1
            n |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return n

    while at < len(data):
        n = varint()
        counts += [n] if n else [0] * varint()
    check(len(counts) == cells, "a frame has %d counts for %d cells" % (len(counts), cells))
    return counts


def is_crowd(rgb):
    """The crowd's colours run from pink to deep purple: red and blue well above green, which
    no track colour, the goal's shading or a mark has."""
    r, g, b = rgb
    return r - g >= 50 and b - g >= 50


def open_page(page, fragment, tmp):
    """The page at #fragment: (its DOM's track canvas attributes, the screenshot's pixels)."""
    url = "file://" + page + "#" + fragment
    window = "--window-size=1200,1000"  # the same layout for both: the controls' row wraps by width
    dom = chromium(["--dump-dom", window, url], tmp)
    canvas = re.search(r'<canvas id="track"[^>]*>', dom).group(0)
    attrs = {name: float(value) for name, value in re.findall(r'data-([a-z-]+)="(-?[\d.]+)"', canvas)}
    shot = os.path.join(tmp, "shot-%s.png" % fragment.replace("=", "-"))
    chromium(["--screenshot=" + shot, window, "--hide-scrollbars", url], tmp)
    import matplotlib.image
    pixels = matplotlib.image.imread(shot)  # rows x columns x RGB(A), floats in [0, 1]
    return dom, attrs, pixels, shot


def browser(ratrace, tmp):
    rec, page = record_and_page(ratrace, tmp)
    turns = rec["result"]["turns"]
    track = rec["track"]
    width, height, goal = track["width"], track["height"], track["goal_column"]
    frames = rec["frames"]
    check(rec["format"] == "ratrace-record-2", "the record is not format ratrace-record-2")
    check(0 < len(frames["turns"]) <= 200, "the record has %d frames" % len(frames["turns"]))
    palette = palette_of(page)

    dom, attrs, pixels, shot = open_page(page, "turn=last", tmp)
    check("<title>turn %d of %d</title>" % (turns, turns) in dom, "the title does not say the last turn")
    check('data-at-end="true"' in dom, "the page is not at its last turn")
    check('data-turn="%d"' % turns in dom, "the scrubber did not reach turn %d" % turns)
    cell, left, top, first = attrs["cell"], attrs["left"], attrs["top"], int(attrs["first-specimen"])
    pixel = lambda px, py: [round(255 * v) for v in pixels[int(py)][int(px)][:3]]

    # The crowd of the last frame: its cells are drawn in the crowd's colours, the others in their own.
    index = len(frames["turns"]) - 1
    check(int(attrs["frame-turn"]) == frames["turns"][index], "the page shows frame turn %d, not %d" %
          (attrs["frame-turn"], frames["turns"][index]))
    crowd = decode_counts(frames["occupancy"][index], width * height)
    died = decode_counts(frames["deaths"][index], width * height)
    occupied = [c for c in range(width * height) if crowd[c] and c % width > 0]
    check(int(attrs["crowd-cells"]) == sum(1 for n in crowd if n), "the page drew %d crowd cells, the frame has %d" %
          (attrs["crowd-cells"], sum(1 for n in crowd if n)))
    check(len(occupied) >= 5, "the last frame has only %d occupied cells: a poor test game" % len(occupied))
    missing = [(c, pixel(left + (c % width) * cell + 3, top + (c // width) * cell + 3)) for c in occupied]
    missing = [m for m in missing if not is_crowd(m[1])]
    drawn = len(occupied) - len(missing)
    if missing:
        print("cells without the crowd colour (cell, pixel): %s" % missing[:10])
    print("crowd drawn at the last frame: %d of %d occupied cells" % (drawn, len(occupied)))
    check(drawn >= 0.9 * len(occupied), "only %d of %d occupied cells show the crowd" % (drawn, len(occupied)))
    matched = total = 0
    for y, row in enumerate(track["colours"]):
        for x in range(1, goal):  # column 0 holds the start markers, the goal band is shaded
            if crowd[y * width + x] or died[y * width + x]:
                continue
            # Under the crowd the track is faded, dim of the way to white.
            want = [v + (255 - v) * attrs["dim"] for v in hex_rgb(palette[row[x]])]
            got = pixel(left + x * cell + 3, top + y * cell + cell * 0.4)
            total += 1
            matched += all(abs(a - b) <= 3 for a, b in zip(want, got))
    print("empty track cells drawn in their (faded) colours: %d of %d" % (matched, total))
    check(matched >= 0.9 * total, "only %d of %d sampled cells have their colour" % (matched, total))
    check(first >= 0, "no recorded specimen on the track at the last turn")
    fx, fy = first % width, first // width
    got = pixel(left + (fx + 0.5) * cell, top + (fy + 0.5) * cell)
    check(got in ([0xe6, 0x19, 0x4b], [0x1b, 0x1b, 0x1b]), "no specimen drawn at cell %d: %s" % (first, got))
    keep = os.environ.get("RATRACE_KEEP_SCREENSHOT")
    if keep:
        shutil.copy(shot, keep)

    # Turn 1: the initial specimens, on their start cells in column 0, and the legend.
    dom, attrs, pixels, _ = open_page(page, "turn=1", tmp)
    crowd = decode_counts(frames["occupancy"][0], width * height)
    starts = [c for c in range(width * height) if crowd[c]]
    check(sum(crowd) == rec["totals"]["initial"], "the first frame holds %d specimens" % sum(crowd))
    check(all(c % width == 0 for c in starts), "the first frame has specimens off column 0")
    check(int(attrs["crowd-cells"]) == len(starts), "turn 1 shows %d crowd cells, not %d" % (attrs["crowd-cells"], len(starts)))
    drawn = sum(is_crowd(pixel(left + cell - 4, top + (c // width) * cell + cell - 4)) for c in starts)
    check(drawn == len(starts), "turn 1 shows the crowd in %d of its %d start cells" % (drawn, len(starts)))
    check(dom.count('class="colour-role"') == len(track["roles"]), "the legend lacks a colour's role")
    for words in ["crowd: specimens starting the turn in a cell", "deaths in a cell", "teleporter: the arrow",
                  "trap: the arrow", "teleporter to (", ", kills ("]:
        check(words in dom, "the page's legend lacks '%s'" % words)


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
