"""Outputs: one that exists without --force, two flags naming one file, outputs that cannot be written."""
import dataclasses
import os
import shlex
import shutil

from pathlib import Path
from probe.core import MESSAGE, MORPION_CODES, ProbeError, last_line, log


# ---------------------------------------------------------------------------------------------
# 4. An output that exists, or two outputs naming one file


@dataclasses.dataclass
class OutputCase:
    label: str
    argv: list
    keep: tuple = ()  # files that exist before the run and must stay byte for byte
    setup: tuple = ()  # argv run first (making real earlier files); files of keep not made are sentinels
    stdin: str = None
    links: tuple = ()  # (link, target) symbolic links made first
    dirs: tuple = ()


def one_game_of_moves():
    return "LL\nLM\nLR\nML\nMM\nMR\nRL\nRM\nRR\n"


def existing_output_cases(p):
    r, m, n = p.ratrace, p.morpion, p.menace
    small = ["--boards", "2", "--set", "turns=200", "--threads", "1"]
    score = [r, "score", *small]
    code = MORPION_CODES[0]
    finished_journal = [score + ["--journal", "same.jsonl"]]
    track = [r, "track", "--json", "t.json"]
    return [
        OutputCase("score --json equal to --journal (no file yet)", score + ["--journal", "same.jsonl", "--json",
                                                                             "same.jsonl"]),
        OutputCase("score --json equal to the --journal of a finished run",
                   score + ["--journal", "same.jsonl", "--json", "same.jsonl"], ("same.jsonl",), finished_journal),
        OutputCase("score --json naming the journal through sub/..",
                   score + ["--journal", "same.jsonl", "--json", "sub/../same.jsonl"], ("same.jsonl",),
                   finished_journal, dirs=("sub",)),
        OutputCase("score --json a symbolic link to the journal",
                   score + ["--journal", "same.jsonl", "--json", "link.json"], ("same.jsonl",), finished_journal,
                   links=(("link.json", "same.jsonl"),)),
        OutputCase("score --json existing (another run's result)",
                   score + ["--seed", "1", "--journal", "j1.jsonl", "--json", "out.json"], ("out.json",),
                   [score + ["--seed", "2", "--journal", "j2.jsonl", "--json", "out.json"]]),
        OutputCase("leaderboard --markdown existing",
                   [r, "leaderboard", "--players", "ColorScorePlayer,Bishop", *small, "--journal", "j.jsonl",
                    "--markdown", "lb.md"], ("lb.md",)),
        OutputCase("leaderboard --json and --markdown one file",
                   [r, "leaderboard", "--players", "ColorScorePlayer,Bishop", *small, "--journal", "j.jsonl",
                    "--json", "x.json", "--markdown", "x.json"]),
        OutputCase("sweep --csv existing", [r, "sweep", "--param", "mutation=0.005,0.02", *small, "--journal",
                                            "j.jsonl", "--csv", "s.csv"], ("s.csv",)),
        OutputCase("sweep --json and --csv one file", [r, "sweep", "--param", "mutation=0.005,0.02", *small,
                                                       "--journal", "j.jsonl", "--json", "x.json", "--csv", "x.json"]),
        OutputCase("compare --json existing", [r, "compare", "--a", "ColorScorePlayer", "--b", "Bishop", *small,
                                               "--max-boards", "2", "--journal", "j.jsonl", "--json", "c.json"],
                   ("c.json",)),
        OutputCase("track --json existing", [r, "track", "--seed", "1", "--json", "t.json"], ("t.json",)),
        OutputCase("play --record existing", [r, "play", "--board", "0", "--turns", "20", "--record", "r.json"],
                   ("r.json",)),
        OutputCase("play --trace existing", [r, "play", "--track", "t.json", "--turns", "5", "--trace", "t.jsonl"],
                   ("t.jsonl",), [track]),
        OutputCase("play --trace and --record one file",
                   [r, "play", "--track", "t.json", "--turns", "5", "--trace", "x.json", "--record", "x.json"],
                   setup=[track]),
        OutputCase("render --out existing", [r, "render", "--seed", "1", "--board", "0", "--out", "t.svg"],
                   ("t.svg",)),
        OutputCase("replay --html existing", [r, "replay", "--record", "r.json", "--html", "r.html"], ("r.html",),
                   [[r, "play", "--board", "0", "--turns", "20", "--record", "r.json"]]),
        OutputCase("morpion search --json existing",
                   [m, "search", "--threads", "1", "--iterations", "200", "--json", "s.json"], ("s.json",)),
        OutputCase("morpion nrpa --json existing",
                   [m, "nrpa", "--level", "1", "--threads", "1", "--json", "s.json"], ("s.json",)),
        OutputCase("morpion decode --game existing", [m, "decode", code, "--game", "g.json"], ("g.json",)),
        OutputCase("morpion svg -o existing", [m, "svg", "--code", code, "-o", "g.svg"], ("g.svg",)),
        OutputCase("menace train --curve existing", [n, "train", "--games", "100", "--threads", "1", "--curve",
                                                     "c.json"], ("c.json",)),
        OutputCase("menace train --save existing (earlier boxes)",
                   [n, "train", "--games", "100", "--seed", "2", "--threads", "1", "--save", "b.json"], ("b.json",),
                   [[n, "train", "--games", "100", "--threads", "1", "--save", "b.json"]]),
        OutputCase("menace train --load and --save one file, no --force",
                   [n, "train", "--games", "100", "--threads", "1", "--load", "b.json", "--save", "b.json"],
                   ("b.json",), [[n, "train", "--games", "100", "--threads", "1", "--save", "b.json"]]),
        OutputCase("menace train --curve and --save one file",
                   [n, "train", "--games", "100", "--threads", "1", "--curve", "x.json", "--save", "x.json"]),
        OutputCase("menace play --save existing", [n, "play", "--save", "b.json"], ("b.json",),
                   stdin="1\n" + one_game_of_moves()),
        OutputCase("menace boxes --svg existing", [n, "boxes", "--svg", "b.svg"], ("b.svg",)),
    ]


def probe_exists(p, fam):
    for case in existing_output_cases(p):
        folder = p.case_dir(fam, case.label)
        folder.mkdir(parents=True)
        for d in case.dirs:
            (folder / d).mkdir()
        for setup in case.setup:
            if p.runner.run(setup, folder, name="setup").rc != 0:
                raise ProbeError(f"setup failed in {folder}: {shlex.join(map(str, setup))}")
        for name in case.keep:
            if not (folder / name).exists():
                (folder / name).write_text(f"an earlier file the user keeps ({case.label})\n")
        for link, target in case.links:
            (folder / link).symlink_to(target)
        before = {name: (folder / name).read_bytes() for name in case.keep}
        fam.tried += 1
        run = p.runner.run(case.argv, folder, stdin_data=case.stdin)
        if fam.crashed_or_hung(case.label, run):
            continue
        changed = [name for name, data in before.items() if not (folder / name).exists()
                   or (folder / name).read_bytes() != data]
        if changed:
            fam.defect("data lost", case.label, f"replaced or changed without --force: {', '.join(changed)}", run)
        if run.rc == 0 and not MESSAGE.search(run.stderr):
            fam.defect("silently accepted", case.label, "exit 0 without an error message" + (
                "" if case.keep else ": the two outputs went to one file, which holds only one of them"), run)
        elif run.rc != 2:
            fam.note(case.label, f"exit {run.rc} (2 documented): {last_line(run.stderr)}", run)
    log(f"  {fam.tried} cases")


# ---------------------------------------------------------------------------------------------
# 5. Unwritable outputs: a full disk, a folder that cannot be made or written


def unwritable_outputs(p):
    """(label, extension, argv(OUT), setup argv or None, stdin) per output flag."""
    r, m, n = p.ratrace, p.morpion, p.menace
    small = ["--boards", "2", "--set", "turns=200", "--threads", "1"]
    record = [r, "play", "--board", "0", "--turns", "20", "--record", "r.json"]
    return [
        ("ratrace score --json", ".json", lambda o: [r, "score", *small, "--journal", "j.jsonl", "--json", o],
         None, None),
        ("ratrace score --journal", ".jsonl", lambda o: [r, "score", *small, "--journal", o], None, None),
        ("ratrace leaderboard --markdown", ".md",
         lambda o: [r, "leaderboard", "--players", "ColorScorePlayer,Bishop", *small, "--journal", "j.jsonl",
                    "--markdown", o], None, None),
        ("ratrace sweep --csv", ".csv", lambda o: [r, "sweep", "--param", "mutation=0.005,0.02", *small,
                                                    "--journal", "j.jsonl", "--csv", o], None, None),
        ("ratrace track --json", ".json", lambda o: [r, "track", "--json", o], None, None),
        ("ratrace play --trace", ".jsonl", lambda o: [r, "play", "--track", "t.json", "--turns", "5", "--trace", o],
         [r, "track", "--json", "t.json"], None),
        ("ratrace play --record", ".json", lambda o: [r, "play", "--board", "0", "--turns", "20", "--record", o],
         None, None),
        ("ratrace render --out", ".svg", lambda o: [r, "render", "--out", o], None, None),
        ("ratrace replay --html", ".html", lambda o: [r, "replay", "--record", "r.json", "--html", o], record, None),
        ("morpion search --json", ".json", lambda o: [m, "search", "--threads", "1", "--iterations", "200",
                                                       "--json", o], None, None),
        ("morpion nrpa --json", ".json", lambda o: [m, "nrpa", "--level", "1", "--threads", "1", "--json", o],
         None, None),
        ("morpion decode --game", ".json", lambda o: [m, "decode", MORPION_CODES[0], "--game", o], None, None),
        ("morpion svg -o", ".svg", lambda o: [m, "svg", "--code", MORPION_CODES[0], "-o", o], None, None),
        ("menace train --curve", ".json", lambda o: [n, "train", "--games", "200", "--threads", "1", "--curve", o],
         None, None),
        ("menace train --save", ".json", lambda o: [n, "train", "--games", "200", "--threads", "1", "--save", o],
         None, None),
        ("menace play --save", ".json", lambda o: [n, "play", "--save", o], None, "1\n" + one_game_of_moves()),
        ("menace boxes --svg", ".svg", lambda o: [n, "boxes", "--svg", o], None, None),
    ]


def unwritable_targets(folder):
    """(kind, path maker) of places no output can be written; root ignores folder permissions."""
    targets = []
    if Path("/dev/full").exists():
        targets.append(("/dev/full", lambda ext: "/dev/full"))
    (folder / "plain.txt").write_text("a file, not a folder\n")
    targets.append(("below a regular file", lambda ext: str(folder / "plain.txt" / f"out{ext}")))
    targets.append(("in a folder that cannot be made", lambda ext: f"/proc/no-such-folder/out{ext}"))
    if os.geteuid() != 0:
        locked = folder / "read-only"
        locked.mkdir(exist_ok=True)
        locked.chmod(0o500)
        targets.append(("in a read-only folder", lambda ext: str(locked / f"out{ext}")))
    # Not a bad output: a missing folder is made (the programs create the folders of outputs).
    targets.append(("in a missing folder (made, not an error)", lambda ext: str(folder / "missing" / "deeper" /
                                                                                 f"out{ext}")))
    return targets


def probe_unwritable(p, fam):
    folder = p.tmp / fam.name
    folder.mkdir(parents=True, exist_ok=True)
    for kind, make_path in unwritable_targets(folder):
        for label, ext, argv_of, setup, stdin in unwritable_outputs(p):
            case = f"{label} {kind}"
            out = make_path(ext)
            where = p.case_dir(fam, case)
            where.mkdir(parents=True)
            if setup and p.runner.run(setup, where, name="setup").rc != 0:
                raise ProbeError(f"setup failed in {where}")
            fam.tried += 1
            run = p.runner.run(argv_of(out), where, stdin_data=stdin)
            if fam.crashed_or_hung(case, run):
                continue
            written = out != "/dev/full" and Path(out).is_file()
            if run.rc == 0 and not written:
                fam.defect("data lost", case, "exit 0 but the output was not written", run)
            elif run.rc == 0 and "missing folder" not in kind:
                fam.note(case, "exit 0 writing where nothing can be written", run)
            elif run.rc in (1, 2) and "error:" not in run.stderr:
                fam.note(case, f"exit {run.rc} without an 'error:' line", run)
            elif run.rc not in (0, 1, 2):
                fam.note(case, f"exit {run.rc} (1 or 2 documented): {last_line(run.stderr)}", run)
            if "missing folder" in kind and Path(out).parent.exists():
                shutil.rmtree(folder / "missing")
    log(f"  {fam.tried} cases")
