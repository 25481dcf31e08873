"""Mutated inputs: track, config, --set, numeric flags, journals, boxes files, Morpion codes and games, menace's standard input."""
import copy
import json
import random
import re

from run_files import journal_lines, without_run_keys
from probe.core import (BASE64, MORPION_CODES, ProbeError, checksummed, dumps, last_line, line_content, log, nul_junk_line,
    read_json)


# ---------------------------------------------------------------------------------------------
# 6a. Track files


def broken_json_text(text, rng):
    """A JSON text made certainly invalid: cut before its end, junk after it, or NaN."""
    body = text.rstrip()
    kind = rng.randrange(3)
    if kind == 0:
        return "truncated", body[:rng.randrange(0, len(body) - 1)]
    if kind == 1:
        return "trailing junk", body + rng.choice(["x", "}", "]", " 0", "{}", ","])
    number = re.search(r":\s*(\d+)", body)
    if not number:
        return "truncated", body[:-1]
    return "NaN for a number", body[:number.start(1)] + "NaN" + body[number.end(1):]


def nul_and_junk(text, rng):
    """A JSON text followed by a NUL byte and junk: not one JSON value, whatever a C string sees."""
    return text.rstrip() + "\0" + rng.choice(["junk", "}", "{\"bogus\": 1}"])


def set_key(doc, key, value):
    doc[key] = value
    return doc


def track_mutations():
    """name -> f(doc, rng): a certainly invalid track document (or text)."""

    def colour(doc, rng, value):
        row = rng.choice(doc["colours"])
        row[rng.randrange(len(row))] = value
        return doc

    def role(doc, rng, **change):
        rng.choice(doc["roles"]).update(change)
        return doc

    def teleporter(doc, rng):
        return rng.choice([entry for entry in doc["roles"] if entry["role"] == "teleporter"])

    return {
        "unknown key": lambda d, r: set_key(d, "bogus", 1),
        "unknown key in a role": lambda d, r: role(d, r, bogus=1),
        "width as a string": lambda d, r: set_key(d, "width", str(d["width"])),
        "height not whole": lambda d, r: set_key(d, "height", d["height"] + 0.5),
        "goal_column null": lambda d, r: set_key(d, "goal_column", None),
        "colours an object": lambda d, r: set_key(d, "colours", {"0": d["colours"][0]}),
        "roles a string": lambda d, r: set_key(d, "roles", "empty"),
        "colour out of range": lambda d, r: colour(d, r, r.choice([len(d["roles"]), 255, -1, 4294967296])),
        "colour not whole": lambda d, r: colour(d, r, 1.5),
        "colour a string": lambda d, r: colour(d, r, "3"),
        "row one short": lambda d, r: (r.choice(d["colours"]).pop(), d)[1],
        "row one long": lambda d, r: (r.choice(d["colours"]).append(1), d)[1],
        "row missing": lambda d, r: (d["colours"].pop(r.randrange(len(d["colours"]))), d)[1],
        "duplicated role colour": lambda d, r: (d["roles"][1].update(colour=d["roles"][0]["colour"]), d)[1],
        "unknown role": lambda d, r: role(d, r, role="lava"),
        "teleporter without offset": lambda d, r: (teleporter(d, r).pop("offset"), d)[1],
        "offset a string": lambda d, r: (teleporter(d, r).update(offset="4,1"), d)[1],
        "start cell out of range": lambda d, r: set_key(d, "start_cells", [r.choice([d["height"], -1, 1 << 40])]),
        "goal_column out of range": lambda d, r: set_key(d, "goal_column", r.choice([0, d["width"], d["width"] + 7])),
        "width 2^32 + 53": lambda d, r: set_key(d, "width", 4294967296 + d["width"]),
        "height not matching the rows": lambda d, r: set_key(d, "height", d["height"] + 1),
        "not an object": lambda d, r: [d],
        "NUL and junk after the JSON": lambda d, r: nul_and_junk(dumps(d), r),
        "broken JSON": None,  # text-level, see broken_json_text
    }


def fuzz_files(p, fam, count, bases, mutations, argv_of, file_name, name_of_input="input"):
    """count cases: mutation i % len of a random base, each run by every argv_of(path)."""
    names = list(mutations)
    for i in range(count):
        if fam.gave_up():
            break
        kind = names[i % len(names)]
        base_text = p.rng.choice(bases)
        if mutations[kind] is None:
            kind, text = broken_json_text(base_text, p.rng)
        else:
            result = mutations[kind](copy.deepcopy(json.loads(base_text)), p.rng)
            text = result if isinstance(result, str) else dumps(result)
        folder = p.case_dir(fam, kind)
        folder.mkdir(parents=True)
        path = folder / file_name
        path.write_text(text)
        for k, argv in enumerate(argv_of(file_name)):
            fam.expect_refusal(p, f"{name_of_input}: {kind}", argv, folder, [path], name=f"run{k}")
    log(f"  {fam.tried} runs")


def probe_fuzz_track(p, fam):
    bases = []
    for seed in (1, 2, 3):
        folder = p.tmp / fam.name / f"base-{seed}"
        run = p.runner.run([p.ratrace, "track", "--seed", seed, "--json", "t.json"], folder)
        if run.rc != 0:
            raise ProbeError(f"cannot make a track file: {run.command()}")
        bases.append((folder / "t.json").read_text())
    fuzz_files(p, fam, p.count(fam.name), bases, track_mutations(),
               lambda f: [[p.ratrace, "play", "--track", f, "--turns", "5"],
                          [p.ratrace, "render", "--track", f, "--out", "t.svg", "--force"]],
               "t.json", "track file")


# ---------------------------------------------------------------------------------------------
# 6b, 6c. Config files and --set

INT_KEYS = ["width", "height", "goal_column", "colours", "empty_colours", "teleporter_colours", "trap_colours",
            "wall_colours", "teleporter_reach", "trap_reach", "view_radius", "lifespan", "initial_specimens",
            "offspring", "genome_bits", "turns", "min_start_cells", "max_track_attempts", "breed_before_moves",
            "parent_choice", "offset_draws", "goal_timing", "start_search", "finish_cells", "off_board"]
PROBABILITY_KEYS = ["crossover", "mutation"]

# Config files that are certainly invalid: unknown key, wrong type, out of range, not JSON.
CONFIG_TEXTS = [
    '{"bogus": 1}', '{"turns": "1000"}', '{"turns": -1}', '{"turns": 1e999}', '{"turns": 9223372036854775808}',
    '{"turns": 18446744073709551616}', '{"turns": 1.5}', '{"turns": null}', '{"turns": [1]}', '{"turns": {}}',
    '{"mutation": "nan"}', '{"mutation": NaN}', '{"mutation": Infinity}', '{"mutation": -0.5}',
    '{"mutation": 1.5}', '{"crossover": 2}', '{"width": 0}', '{"width": 1001}', '{"height": 0}',
    '{"genome_bits": 129}', '{"teleporter_colours": 3}', '{"colours": 17}', '{"initial_specimens": 20000001}',
    '{"turns": 10000001}', '{"offspring": 20000000, "turns": 2}', '{"width": 1000, "height": 1000}',
    '{"rules": "fortran"}', '{"rules": 1}', '{"lifespan": -5}', '{"max_track_attempts": 0}',
    '{"max_track_attempts": 1000001}', '{"goal_column": 53}', '{"goal_column": 0}', '[]', '42', '"turns"', '',
    '{"turns": 1', '{"turns": 1}}', '{"turns": 1} x', '{turns: 1}', "{'turns': 1}", '{"turns": 01}',
    '{"turns": 0x10}', '{"turns": +5}', '{"mutation": .5}', '{"turns": 5}\0junk', '{"turns": 5}\0{"turns": 6}',
]
# Values no config key takes (as JSON texts).
BAD_JSON_VALUES = ['"nan"', '-1', '1e999', 'null', '[]', '{}', '18446744073709551616', '"x"', '-1e999']


def random_bad_config(rng):
    key = rng.choice(INT_KEYS + PROBABILITY_KEYS + ["rules"])
    value = rng.choice(BAD_JSON_VALUES)
    if key == "rules" and value == '"x"':
        value = '"fortran"'
    good = rng.choice(['', '"mutation": 0.02, ', '"turns": 50, '])
    if key in good:
        good = ''
    return f"{key} = {value}", "{" + good + f'"{key}": {value}' + "}"


def probe_fuzz_config(p, fam):
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        if i < len(CONFIG_TEXTS):
            label, text = CONFIG_TEXTS[i], CONFIG_TEXTS[i]
        else:
            label, text = random_bad_config(p.rng)
        folder = p.case_dir(fam, label)
        folder.mkdir(parents=True)
        (folder / "c.json").write_text(text)
        fam.expect_refusal(p, f"config {label[:60]}", [p.ratrace, "play", "--config", "c.json", "--board", "0",
                                                         "--turns", "5"], folder, [folder / "c.json"])
    log(f"  {fam.tried} runs")


SET_TEXTS = [
    "turns=-1", "turns=1e999", "turns=nan", "mutation=nan", "mutation=inf", "mutation=-0.1", "mutation=1.5",
    "crossover=2", "bogus=1", "turns=", "=5", "turns", "turns=12abc", "turns=18446744073709551616",
    "turns=9223372036854775808", "turns=1.5", "turns=+5", "turns=0x10", "turns=010", "turns=5=6", "width=0",
    "width=1001", "height=0", "genome_bits=129", "rules=fortran", "rules=", "colours=17", "teleporter_colours=3",
    "initial_specimens=20000001", "offspring=-1", "lifespan=nan", "goal_column=53", "goal_column=0",
    "mutation=0.01x", "mutation=+0.01", "mutation=1,5", "max_track_attempts=0", "view_radius=-1",
]
BAD_TEXT_VALUES = ["-1", "1e999", "nan", "inf", "-inf", "", "12abc", "18446744073709551616", "0x10", "+5", "1,5",
                   "[]", "null", "--", "٣"]


def probe_fuzz_set(p, fam):
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        if i < len(SET_TEXTS):
            setting = SET_TEXTS[i]
        else:
            key = p.rng.choice(INT_KEYS + PROBABILITY_KEYS + ["rules"])
            values = BAD_TEXT_VALUES + (["1.5", "007"] if key in INT_KEYS else [])
            setting = f"{key}={p.rng.choice(values)}"
        folder = p.case_dir(fam, setting)
        fam.expect_refusal(p, f"--set {setting}", [p.ratrace, "play", "--board", "0", "--turns", "5", "--set",
                                                   setting], folder)
    log(f"  {fam.tried} runs")


# ---------------------------------------------------------------------------------------------
# 6d. Numeric flags of the three programs

JUNK_WHOLE = ["-1", "1e999", "nan", "12abc", "18446744073709551616", "", "inf", "0x10", "+5", "1.5", "007", "1e3",
              " ", "--1"]
JUNK_REAL = ["-1", "1e999", "nan", "12abc", "18446744073709551616", "", "inf", "0x10", "+5", "1,5", "-inf", "."]


def numeric_flags(p):
    """(program label, base argv, flag, is whole, values out of its range)."""
    r, m, n = p.ratrace, p.morpion, p.menace
    score = [r, "score", "--boards", "1", "--set", "turns=10", "--threads", "1", "--journal", "j.jsonl",
             "--json", "s.json"]
    compare = [r, "compare", "--a", "ColorScorePlayer", "--b", "Bishop", "--boards", "1", "--max-boards", "2",
               "--set", "turns=10", "--threads", "1", "--journal", "j.jsonl"]
    play = [r, "play", "--board", "0", "--turns", "5", "--record", "r.json"]
    render = [r, "render", "--seed", "1", "--board", "0", "--out", "t.svg"]
    search = [m, "search", "--threads", "1", "--iterations", "100", "--seconds", "2"]
    nrpa = [m, "nrpa", "--threads", "1", "--level", "1", "--iterations", "10", "--playouts", "100"]
    train = [n, "train", "--games", "10", "--threads", "1"]
    return [
        ("ratrace score", score, "--boards", True, ["0", "1000001"]),
        ("ratrace score", score, "--seed", True, []),
        ("ratrace score", score, "--threads", True, ["1025"]),
        ("ratrace compare", compare, "--max-boards", True, ["0", "1000001"]),
        ("ratrace compare", compare, "--boards", True, ["0"]),
        ("ratrace play", play, "--record-sampled", True, ["1000001"]),
        ("ratrace play", play, "--record-scorers", True, ["1000001"]),
        ("ratrace play", play, "--record-frames", True, ["100001"]),
        ("ratrace play", play, "--turns", True, ["10000001"]),
        ("ratrace play", play, "--board", True, ["1000000"]),
        ("ratrace render", render, "--paths", True, ["1000001"]),
        ("ratrace render", render, "--board", True, ["1000000"]),
        ("ratrace track", [r, "track"], "--seed", True, []),
        ("morpion search", search, "--seed", True, []),
        ("morpion search", search, "--iterations", True, []),
        ("morpion search", search, "--seconds", False, ["1000000001"]),
        ("morpion search", search, "--cpu-seconds", False, ["1e10"]),
        ("morpion search", search, "--blacklist", True, ["0", "1001"]),
        ("morpion search", search, "--searches", True, ["0", "100001"]),
        ("morpion search", search, "--threads", True, ["1025"]),
        ("morpion nrpa", nrpa, "--alpha", False, ["0", "100.5"]),
        ("morpion nrpa", nrpa, "--level", True, ["0", "7"]),
        ("morpion nrpa", nrpa, "--iterations", True, ["0", "100001"]),
        ("morpion nrpa", nrpa, "--playouts", True, []),
        ("menace train", train, "--games", True, ["0", "100000001"]),
        ("menace train", train, "--seed", True, []),
        ("menace train", train + ["--opponent", "perfect"], "--opponent-error", False, ["1.5"]),
        ("menace train", train, "--learners", True, ["0", "1000001"]),
        ("menace train", train, "--block", True, ["0"]),
        ("menace train", train, "--no-loss-window", True, ["0"]),
        ("menace train", train, "--threads", True, ["1025"]),
        ("menace play", [n, "play"], "--seed", True, []),
        ("menace boxes", [n, "boxes"], "--seed", True, []),
    ]


def probe_fuzz_flags(p, fam):
    cases = [(program, base, flag, value)
             for program, base, flag, whole, out_of_range in numeric_flags(p)
             for value in (JUNK_WHOLE if whole else JUNK_REAL) + out_of_range]
    count = p.count(fam.name)
    if count < len(cases):  # a sample, but every flag at least once
        first = {}
        for case in cases:
            first.setdefault((case[0], case[2]), case)
        rest = [case for case in cases if case not in first.values()]
        cases = list(first.values()) + p.rng.sample(rest, max(0, count - len(first)))
    for program, base, flag, value in cases:
        if fam.gave_up():
            break
        # The flag's last occurrence is the one read: put the junk after the base argv.
        argv = list(base)
        if flag in argv:
            del argv[argv.index(flag):argv.index(flag) + 2]
        fam.expect_refusal(p, f"{program} {flag} {value!r}", argv + [flag, value],
                           p.case_dir(fam, f"{program} {flag}"), stdin_data="")
    log(f"  {fam.tried} runs")


# ---------------------------------------------------------------------------------------------
# 6e. Journals


def journal_mutations():
    """name -> f(lines, game index k (1-based line number), rng) -> (new lines, line to be named).

    Lines are without newlines; "changed" keeps the old checksum (so it no longer matches),
    "checksummed" recomputes it (so only the content makes the line invalid)."""

    def edit(lines, k, change):
        doc = line_content(lines[k - 1])
        change(doc)
        return lines[:k - 1] + [checksummed(doc)] + lines[k:]

    def text_change(lines, k, pattern, repl):
        new = re.sub(pattern, repl, lines[k - 1], count=1)
        assert new != lines[k - 1], pattern
        return lines[:k - 1] + [new] + lines[k:]

    def header(lines):
        return line_content(lines[0])

    def max_turns(lines):
        return max(line_content(line)["board"]["turns"] for line in lines[1:])

    def flip_digit(line):
        i = len(line) - 3 - random.Random(line).randrange(16)
        return line[:i] + ("0" if line[i] != "0" else "1") + line[i + 1:]

    return {
        "score changed": lambda ls, k, r: (text_change(ls, k, r'"score":(\d+)',
                                                       lambda m: f'"score":{int(m.group(1)) + 1}'), k),
        "moves changed": lambda ls, k, r: (text_change(ls, k, r'"moves":(\d+)',
                                                       lambda m: f'"moves":{int(m.group(1)) + 7}'), k),
        "checksum corrupted": lambda ls, k, r: (ls[:k - 1] + [flip_digit(ls[k - 1])] + ls[k:], k),
        "checksum removed": lambda ls, k, r: (ls[:k - 1] + [json.dumps(line_content(ls[k - 1]),
                                                                       separators=(",", ":"))] + ls[k:], k),
        "score 0 (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(score=0)), k),
        "seed changed (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(
            seed=(d["board"]["seed"] + 1) % (1 << 64))), k),
        "key deleted (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].pop(
            r.choice(["moves", "score", "seed", "turns", "fault", "index"]))), k),
        "timing deleted (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d.pop("timing")), k),
        "key added (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(bogus=1)), k),
        "top key added (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d.update(bogus=1)), k),
        "board index out of range (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(
            index=header(ls)["boards"])), k),
        "entrant out of range (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d.update(
            entrant=len(header(ls)["entrants"]))), k),
        "negative entrant (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d.update(entrant=-1)), k),
        "turns above the config's (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(
            turns=header(ls)["entrants"][0]["config"]["turns"] + 1)), k),
        "negative peak population (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(
            peak_population=-1)), k),
        "score a string (checksummed)": lambda ls, k, r: (edit(ls, k, lambda d: d["board"].update(score="5")), k),
        "same game twice, two scores (checksummed)": lambda ls, k, r: (
            ls[:k] + [checksummed(dict(line_content(ls[k - 1]), board=dict(
                line_content(ls[k - 1])["board"], score=line_content(ls[k - 1])["board"]["score"] + 1)))] + ls[k:],
            k + 1),
        "middle line torn": lambda ls, k, r: (ls[:k - 1] + [ls[k - 1][:len(ls[k - 1]) // 2]] + ls[k:], k),
        "junk line": lambda ls, k, r: (ls[:k - 1] + [r.choice(["hello", "{}", "[1,2]", "\x01\x02"])] + ls[k - 1:], k),
        "score NaN": lambda ls, k, r: (text_change(ls, k, r'"score":\d+', '"score":NaN'), k),
        "NUL and junk after the line's JSON (checksummed)": lambda ls, k, r: (
            ls[:k - 1] + [nul_junk_line(line_content(ls[k - 1]))] + ls[k:], k),
        "header changed": lambda ls, k, r: (text_change(ls, 1, r'"boards":(\d+)',
                                                        lambda m: f'"boards":{int(m.group(1)) + 1}'), 1),
        # Named by the first game line that plays more turns than the header's config allows.
        "header config below the games' turns (checksummed)": lambda ls, k, r: (
            [checksummed(dict(header(ls), entrants=[dict(e, config=dict(e["config"], turns=max_turns(ls) - 1))
                                                    for e in header(ls)["entrants"]]))] + ls[1:], None),
        "header unknown config key (checksummed)": lambda ls, k, r: (
            [checksummed(dict(header(ls), entrants=[dict(e, config=dict(e["config"], bogus=1))
                                                    for e in header(ls)["entrants"]]))] + ls[1:], 1),
        "header unknown command (checksummed)": lambda ls, k, r: ([checksummed(dict(header(ls), command="dance"))]
                                                                   + ls[1:], 1),
        "header boards 0 (checksummed)": lambda ls, k, r: ([checksummed(dict(header(ls), boards=0))] + ls[1:], 1),
    }


def probe_fuzz_journal(p, fam):
    # Small finished runs whose journals are mutated; a score and a leaderboard (several entrants).
    shapes = {"score": ["score", "--boards", "6", "--seed", "3"],
              "leaderboard": ["leaderboard", "--players", "ColorScorePlayer,Bishop", "--boards", "3", "--seed", "3"]}
    bases = {}
    for command, shape in shapes.items():
        argv = [p.ratrace, *shape, "--set", "turns=300", "--threads", "1", "--journal", "j.jsonl", "--json",
                "out.json"]
        reference, _ = p.reference(f"journal-{command}", argv, "out.json")
        bases[command] = (journal_lines(p.tmp / "reference" / f"journal-{command}" / "j.jsonl"), reference)
    mutations = journal_mutations()
    names = list(mutations) + ["torn last line (not a bad input)"]
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        kind = names[i % len(names)]
        command = p.rng.choice(list(bases))
        lines, reference = bases[command]
        k = p.rng.randrange(2, len(lines) + 1)  # a game line
        folder = p.case_dir(fam, f"{command} {kind}")
        folder.mkdir(parents=True)
        journal = folder / "j.jsonl"
        argv = [p.ratrace, command, "--resume", "j.jsonl", "--json", "out.json", "--threads", "1"]
        label = f"{command} journal: {kind}"
        if kind.startswith("torn last line"):
            # What a kill leaves: the last line cut, without its newline. Resumable, same result.
            last = lines[-1]
            journal.write_text("\n".join(lines[:-1]) + "\n" + last[:p.rng.randrange(1, len(last))])
            fam.tried += 1
            run = p.runner.run(argv, folder)
            if fam.crashed_or_hung(label, run, [journal]):
                continue
            result = read_json(folder / "out.json")
            if run.rc != 0:
                fam.note(label, f"not recovered: exit {run.rc}: {last_line(run.stderr)}", run, [journal])
            elif result is None or without_run_keys(result) != reference:
                fam.defect("data lost", label, "the result after the torn line differs from the uninterrupted run's",
                           run, [journal])
            continue
        new_lines, named = mutations[kind](list(lines), k, p.rng)
        journal.write_text("\n".join(new_lines) + "\n")
        run = fam.expect_refusal(p, label, argv, folder, [journal])
        if run.rc == 2 and not re.search(rf"\bline {named or '[0-9]+'}\b", run.stderr):
            fam.note(label, f"refused without naming line {named or ''}: {last_line(run.stderr)}", run, [journal])
    log(f"  {fam.tried} runs")


# ---------------------------------------------------------------------------------------------
# 6f. MENACE's boxes files


def boxes_mutations():
    def a_box(doc, rng, occupied=False):
        boxes = [b for b in doc["boxes"] if not occupied or set(b["picture"]) - {"."}]
        return rng.choice(boxes)

    def empty_cell(box, rng):
        return rng.choice([i for i, c in enumerate(box["picture"]) if c == "."])

    def bead(doc, rng, value):
        box = a_box(doc, rng)
        box["beads"][empty_cell(box, rng)] = value
        return doc

    def on_occupied(doc, rng):
        box = a_box(doc, rng, occupied=True)
        box["beads"][rng.choice([i for i, c in enumerate(box["picture"]) if c != "."])] = 1
        return doc

    def swap_boxes(doc, rng):
        i, j = rng.sample(range(len(doc["boxes"])), 2)
        doc["boxes"][i], doc["boxes"][j] = doc["boxes"][j], doc["boxes"][i]
        return doc

    def swap_pictures(doc, rng):
        a, b = rng.sample([box for box in doc["boxes"] if box["stage"] == 2], 2)
        a["picture"], b["picture"] = b["picture"], a["picture"]
        return doc

    return {
        "unknown key": lambda d, r: set_key(d, "bogus", 1),
        "unknown key in a box": lambda d, r: (a_box(d, r).update(bogus=1), d)[1],
        "negative beads": lambda d, r: bead(d, r, -1),
        "beads 2^32": lambda d, r: bead(d, r, 4294967296),
        "beads not whole": lambda d, r: bead(d, r, 1.5),
        "beads a string": lambda d, r: bead(d, r, "2"),
        "bead on an occupied cell": on_occupied,
        "empty box": lambda d, r: (a_box(d, r).update(beads=[0] * 9), d)[1],
        "beads list of 8": lambda d, r: (a_box(d, r)["beads"].pop(), d)[1],
        "beads list of 10": lambda d, r: (a_box(d, r)["beads"].append(0), d)[1],
        "games_played 2^64 - 1": lambda d, r: set_key(d, "games_played", 18446744073709551615),
        "games_played 2^53 + 1": lambda d, r: set_key(d, "games_played", 9007199254740993),
        "games_played -1": lambda d, r: set_key(d, "games_played", -1),
        "games_played a string": lambda d, r: set_key(d, "games_played", "100"),
        "games_played not whole": lambda d, r: set_key(d, "games_played", 100.5),
        "box number wrong": lambda d, r: (a_box(d, r).update(box=len(d["boxes"]) + 3), d)[1],
        "two boxes swapped": swap_boxes,
        "two pictures swapped": swap_pictures,
        "stage wrong": lambda d, r: (a_box(d, r).update(stage=7), d)[1],
        "a box missing": lambda d, r: (d["boxes"].pop(r.randrange(len(d["boxes"]))), d)[1],
        "a box twice": lambda d, r: (d["boxes"].insert(0, copy.deepcopy(d["boxes"][0])), d)[1],
        "format wrong": lambda d, r: set_key(d, "format", "menace-boxez"),
        "version 2": lambda d, r: set_key(d, "version", 2),
        "player Z": lambda d, r: set_key(d, "player", "Z"),
        "boxes missing": lambda d, r: (d.pop("boxes"), d)[1],
        "NUL and junk after the JSON": lambda d, r: nul_and_junk(dumps(d), r),
        "broken JSON": None,
    }


def probe_fuzz_boxes(p, fam):
    bases = []
    for seed in (1, 2):
        folder = p.tmp / fam.name / f"base-{seed}"
        run = p.runner.run([p.menace, "train", "--games", "100", "--seed", seed, "--threads", "1", "--save",
                            "b.json"], folder)
        if run.rc != 0:
            raise ProbeError(f"cannot make a boxes file: {run.command()}")
        bases.append((folder / "b.json").read_text())
    fuzz_files(p, fam, p.count(fam.name), bases, boxes_mutations(),
               lambda f: [[p.menace, "play", "--load", f], [p.menace, "train", "--load", f, "--games", "10",
                                                             "--threads", "1"], [p.menace, "boxes", "--load", f]],
               "b.json", "boxes file")


# ---------------------------------------------------------------------------------------------
# 6g. Morpion's layer codes and game files


def code_mutations(code, bits, rng):
    """(name, text) of a certainly invalid layer code made from a valid one of `bits` bits."""
    kind = rng.randrange(5)
    if kind == 0:
        i = rng.randrange(len(code) + 1)
        return "a character outside base64", code[:i] + rng.choice("*=-.!~ é_") + code[i:]
    if kind == 1:  # every dropped character holds at least one bit of a layer
        return "truncated", code[:rng.randrange(0, len(code))]
    if kind == 2:
        return "characters after the last layer", code + rng.choice(["A", "AA", "B", "/", "+"])
    padding = (6 - bits % 6) % 6
    if kind == 3 and padding:
        last = BASE64.index(code[-1]) | (1 << rng.randrange(padding))
        return "nonzero padding", code[:-1] + BASE64[last]
    return "empty or '=' padded", rng.choice(["", code + "=", code + "=="])


def morpion_game_mutations():
    def moved(doc, rng):
        doc["moves"].insert(0, doc["moves"].pop())  # a later layer's move played first: not legal yet
        return doc

    def replace_move(doc, rng, text):
        doc["moves"][rng.randrange(len(doc["moves"]))] = text
        return doc

    return {
        "unknown key": lambda d, r: set_key(d, "bogus", 1),
        "format wrong": lambda d, r: set_key(d, "format", "morpion-gamez"),
        "moves a string": lambda d, r: set_key(d, "moves", " ".join(d["moves"])),
        "a move a number": lambda d, r: replace_move(d, r, 5),
        "a move of an unknown direction": lambda d, r: replace_move(d, r, "2,2 (0,4,zz)"),
        "a move without its line": lambda d, r: replace_move(d, r, "2,2"),
        "a move whose line misses its dot": lambda d, r: replace_move(d, r, "2,2 (5,5,e)"),
        "a move with a 20-digit coordinate": lambda d, r: replace_move(d, r, "99999999999999999999,2 (0,4,ne)"),
        "an empty move": lambda d, r: replace_move(d, r, ""),
        "the last move first": moved,
        "the first move twice": lambda d, r: (d["moves"].append(d["moves"][0]), d)[1],
        "rules unknown": lambda d, r: set_key(d, "rules", "5X"),
        "version not a text": lambda d, r: set_key(d, "version", 1),
        "NUL and junk after the JSON": lambda d, r: nul_and_junk(dumps(d), r),
        "broken JSON": None,
    }


def probe_fuzz_morpion(p, fam):
    bases, codes = [], []
    for k, code in enumerate(MORPION_CODES):
        folder = p.tmp / fam.name / f"base-{k}"
        run = p.runner.run([p.morpion, "decode", code, "--game", "g.json"], folder)
        bits = re.search(r"\((\d+) bits, (\d+) layers", run.stdout)
        if run.rc != 0 or not bits or int(bits.group(2)) < 2:
            raise ProbeError(f"cannot decode a base code: {run.command()}")
        bases.append((folder / "g.json").read_text())
        codes.append((code, int(bits.group(1))))
    count = p.count(fam.name)
    # Half the cases are layer codes, given to decode and svg --code.
    for i in range(count // 2):
        if fam.gave_up():
            break
        code, bits = p.rng.choice(codes)
        kind, text = code_mutations(code, bits, p.rng)
        folder = p.case_dir(fam, kind)
        folder.mkdir(parents=True)
        (folder / "code.txt").write_text(text + "\n")
        fam.expect_refusal(p, f"layer code: {kind} {text!r}", [p.morpion, "decode", "--", text], folder,
                           name="decode")
        fam.expect_refusal(p, f"layer code: {kind} {text!r}", [p.morpion, "svg", "--code", text, "-o", "x.svg"],
                           folder, name="svg")
    # The other half are game files, given to encode and svg --game.
    fuzz_files(p, fam, count - count // 2, bases, morpion_game_mutations(),
               lambda f: [[p.morpion, "encode", f], [p.morpion, "svg", "--game", f, "-o", "x.svg", "--force"]],
               "g.json", "game file")


# ---------------------------------------------------------------------------------------------
# 6h. Random lines to `menace play`: it re-asks, so only crashes and hangs count


def random_session(rng):
    def move():
        text = rng.choice("LMR") + rng.choice("LMR")
        return rng.choice([text, text.lower(), " ".join(text), text + " "])

    def junk():
        alphabet = "LMRlmrXO0123456789 -+.\t#é"
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))

    lines = [rng.choice(["1", "2", "3", "0", "-1", "abc", "", "99999999999999999999", "9999999", "10000000",
                         "1e3", " 2 ", "0x3", "٣", "2.5"])]
    for _ in range(rng.randrange(0, 80)):
        pick = rng.random()
        lines.append(move() if pick < 0.6 else junk() if pick < 0.9 else
                     rng.choice(["", "x" * rng.choice([1000, 200000]), "\r", "\0LL", "MM\r"]))
    data = "\n".join(lines).encode()
    if rng.random() < 0.3:  # bytes that are not UTF-8
        at = rng.randrange(len(data) + 1)
        data = data[:at] + bytes(rng.randrange(128, 256) for _ in range(rng.randrange(1, 8))) + data[at:]
    return data + (b"\n" if rng.random() < 0.8 else b"")


def probe_fuzz_stdin(p, fam):
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        folder = p.case_dir(fam, f"session {i}")
        fam.tried += 1
        argv = [p.menace, "play", "--seed", str(p.rng.randrange(1000))]
        if p.rng.random() < 0.3:
            argv.append("--show-boxes")
        run = p.runner.run(argv, folder, stdin_data=random_session(p.rng))
        fam.crashed_or_hung(f"menace play session {i}", run, [run.stdin])
    log(f"  {fam.tried} runs")
