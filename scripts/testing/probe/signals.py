"""Kills and signals: kill -9 and SIGINT of ratrace's runs, racing writers, morpion's and MENACE's long commands."""
import os
import re
import signal
import time

from pathlib import Path
from run_files import game_lines, journal_lines, without_run_keys
from probe.core import ProbeError, first_difference, last_line, log, read_json, wait_until
from probe.outputs import one_game_of_moves


# ---------------------------------------------------------------------------------------------
# 1, 2. kill -9 and SIGINT of ratrace's game-running commands, then --resume

RUN_SHAPES = {
    "score": ["score", "--player", "ColorScorePlayer", "--boards", "6"],
    "leaderboard": ["leaderboard", "--players", "ColorScorePlayer,Bishop", "--boards", "6"],
    "sweep": ["sweep", "--param", "mutation=0.005,0.02", "--boards", "6"],
    "compare": ["compare", "--a", "ColorScorePlayer", "--b", "Blind Faith", "--boards", "6", "--max-boards", "12"],
}
JOURNAL, RESULT = "run.jsonl", "result.json"


def run_argv(p, command):
    # Relative file names: every trial folder gives the same command line.
    return [p.ratrace, *RUN_SHAPES[command], "--seed", "11", "--set", f"turns={p.args.turns}", "--threads", "1",
            "--journal", JOURNAL, "--json", RESULT]


def resume_argv(p, command):
    return [p.ratrace, command, "--resume", JOURNAL, "--json", RESULT, "--threads", "1"]


def check_interrupted_exit(fam, label, run, journal):
    """After a SIGINT: exit 130, a 'finish with' line, and no more games claimed than kept."""
    if run.rc == 0:
        return  # the run had finished before the signal came
    if run.rc != 130:
        fam.note(label, f"exit {run.rc} after SIGINT (130 documented): {last_line(run.stderr)}", run)
        return
    if "finish with" not in run.stderr:
        fam.note(label, "exit 130 without a 'finish with' line", run)
    claimed = re.search(r"interrupted: (\d+) of \d+ games kept", run.stderr)
    if claimed and int(claimed.group(1)) > len(game_lines(journal)):
        fam.defect("data lost", label, f"says {claimed.group(1)} games were kept, the journal holds "
                   f"{len(game_lines(journal))}", run, [journal])


def interrupted_trial(p, fam, command, sig, label):
    """Starts a run, sends sig at a random moment (once or twice), finishes it, compares."""
    folder = p.case_dir(fam, label)
    reference, seconds = p.reference(command, run_argv(p, command), RESULT)
    journal = folder / JOURNAL
    kept = set()  # game lines in the journal when a signal was sent: they must survive
    argv = run_argv(p, command)
    signals = 1 if sig == signal.SIGINT else p.rng.choice((1, 1, 2))
    fam.tried += 1
    for attempt in range(signals):
        started = p.runner.start(argv, folder, name=f"attempt{attempt}")
        if sig == signal.SIGINT:  # from when the run is under way (its journal header is written)
            wait_until(lambda: journal_lines(journal), started, p.args.timeout)
            time.sleep(p.rng.uniform(0, 0.9 * seconds))
        else:
            time.sleep(p.rng.uniform(0, 1.1 * seconds))
        kept.update(game_lines(journal))
        p.runner.send(started, sig)
        run = p.runner.finish(started)
        if fam.crashed_or_hung(label, run):
            return
        if sig == signal.SIGINT:
            check_interrupted_exit(fam, label, run, journal)
        log(f"  {label}: {signal.Signals(sig).name} after {run.seconds:.2f} s, exit {run.rc}, "
            f"{len(game_lines(journal))} games in the journal")
        # A run killed before its journal had a header starts again; otherwise it is resumed.
        argv = resume_argv(p, command) if journal_lines(journal) else run_argv(p, command)
    final = p.runner.run(argv, folder, name="final")
    if fam.crashed_or_hung(label, final):
        return
    if final.rc != 0:
        if kept:
            fam.defect("data lost", label, f"the run cannot be finished: exit {final.rc}: {last_line(final.stderr)}",
                       final, [journal])
        else:
            fam.note(label, f"restart after an early {signal.Signals(sig).name} fails: exit {final.rc}: "
                     f"{last_line(final.stderr)}", final, [journal])
        return
    missing = kept - set(game_lines(journal))
    if missing:
        fam.defect("data lost", label, f"{len(missing)} game line(s) in the journal at the signal are gone",
                   final, [journal])
    if tmp_files(folder):
        fam.note(label, f"temporary files left after the resumed run: {tmp_files(folder)}", final)
    result = read_json(folder / RESULT)
    if result is None:
        fam.defect("data lost", label, "exit 0 but no readable result file", final)
    elif without_run_keys(result) != reference:
        fam.defect("data lost", label, "the resumed result differs from the uninterrupted run's: "
                   + first_difference(without_run_keys(result), reference), final,
                   [folder / RESULT, p.tmp / "reference" / command / RESULT])


def interrupted_trials(p, fam, sig):
    commands = list(RUN_SHAPES)
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        command = commands[i % len(commands)]
        interrupted_trial(p, fam, command, sig, f"{command} {i}")


def probe_kill9(p, fam):
    interrupted_trials(p, fam, signal.SIGKILL)


def probe_sigint(p, fam):
    interrupted_trials(p, fam, signal.SIGINT)


# ---------------------------------------------------------------------------------------------
# 3. Two runs writing the same result file at once


def racers(p):
    """Per program: argv(seed, k) of a one-second run writing c.json, and a result's seed."""
    return {
        "ratrace score": (lambda seed, k: [p.ratrace, "score", "--boards", "6", "--seed", seed, "--set",
                                           f"turns={p.args.turns}", "--threads", "1", "--journal", f"j{k}.jsonl",
                                           "--json", "c.json"],
                          lambda doc: str(doc["master_seed"])),
        "morpion search": (lambda seed, k: [p.morpion, "search", "--threads", "1", "--iterations", "30000",
                                            "--seed", seed, "--json", "c.json"],
                           lambda doc: str(doc["master_seed"])),
        "menace train": (lambda seed, k: [p.menace, "train", "--games", "300000", "--threads", "1", "--seed", seed,
                                          "--curve", "c.json"],
                         lambda doc: str(doc["config"]["seed"])),
    }


def probe_race(p, fam):
    programs = racers(p)
    names = list(programs)
    for i in range(p.count(fam.name)):
        name = names[i % len(names)]
        argv_of, seed_of = programs[name]
        label = f"{name} {i}"
        folder = p.case_dir(fam, label)
        seeds = [str(s) for s in p.rng.sample(range(1, 1000), 2)]
        fam.tried += 1
        started = [p.runner.start(argv_of(seed, k), folder, name=f"run{k}") for k, seed in enumerate(seeds)]
        runs = [p.runner.finish(s) for s in started]
        if any(fam.crashed_or_hung(label, run) for run in runs):
            continue
        files = {}  # name -> the seed of the result it holds (None: unreadable)
        for path in sorted(folder.glob("c*.json")):
            doc = read_json(path)
            files[path.name] = seed_of(doc) if isinstance(doc, dict) else None
            if files[path.name] is None:
                fam.defect("data lost", label, f"{path.name} is not a complete result", runs[0], [path])
        for run, seed in zip(runs, seeds):
            kept = re.search(r"kept in '([^']+)'", run.stderr)
            if run.rc == 0 and seed not in files.values():
                fam.defect("data lost", label, f"the run of seed {seed} exited 0 but its result is in no file "
                           f"(files: {files})", run)
            elif run.rc == 2 and kept and files.get(Path(kept.group(1)).name) != seed:
                fam.defect("data lost", label, f"says its result is kept in {kept.group(1)}, which does not hold it",
                           run)
            elif run.rc not in (0, 2):
                fam.note(label, f"exit {run.rc}: {last_line(run.stderr)}", run)
        log(f"  {label}: exits {[r.rc for r in runs]}, files {sorted(files)}")


# ---------------------------------------------------------------------------------------------
# 7. SIGINT and SIGTERM to morpion search and nrpa


def tmp_files(folder):
    return sorted(path.name for path in folder.iterdir() if ".tmp-" in path.name)


def signalled_run(p, fam, label, argv, folder, sig, earliest):
    """Starts `argv`, sends `sig` after a random delay from `earliest` to 1.5 s, and returns the
    finished run when it exited 130 as documented; None (the case counted) otherwise."""
    fam.tried += 1
    started = p.runner.start(argv, folder)
    time.sleep(p.rng.uniform(earliest, 1.5))
    p.runner.send(started, sig)
    run = p.runner.finish(started)
    if fam.crashed_or_hung(label, run):
        return None
    log(f"  {label}: exit {run.rc} after {run.seconds:.2f} s")
    if run.rc != 130:
        fam.note(label, f"exit {run.rc} after {signal.Signals(sig).name} (130 documented)", run)
        return None
    return run


def probe_signal_morpion(p, fam):
    shapes = {"search": ["search", "--threads", "1"], "nrpa": ["nrpa", "--threads", "1", "--level", "3"]}
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        command = list(shapes)[i % 2]
        sig = (signal.SIGINT, signal.SIGTERM)[(i // 2) % 2]
        label = f"morpion {command} {signal.Signals(sig).name} {i}"
        folder = p.case_dir(fam, label)
        argv = [p.morpion, *shapes[command], "--seed", str(p.rng.randrange(1, 1000)), "--json", "out.json"]
        run = signalled_run(p, fam, label, argv, folder, sig, 0.2)
        if run is None:
            continue
        result = read_json(folder / "out.json")
        if not isinstance(result, dict) or result.get("interrupted") is not True or "best" not in result:
            fam.defect("data lost", label, "exit 130 but out.json is missing, unreadable or not marked interrupted "
                       "(the best grid so far is documented to be kept)", run, [folder / "out.json"])
        if tmp_files(folder):
            fam.note(label, f"temporary files left: {tmp_files(folder)}", run)


# ---------------------------------------------------------------------------------------------
# 8. MENACE: kill -9 and signals during train and play


def valid_boxes(path):
    doc = read_json(path)
    ok = isinstance(doc, dict) and doc.get("format") == "menace-boxes" and len(doc.get("boxes", [])) == 304
    return doc if ok else None


def check_stale_temporaries(p, fam, label, folder, dead_pid):
    """The next run writing b.json and c.json removes a dead process's FILE.tmp-PID-N, never a live one's.

    Besides what the kill left, a dead process's temporary is planted for each file, and one of
    the probe's own (a live process) that must be kept."""
    live = [folder / f"{name}.tmp-{os.getpid()}-99" for name in ("b.json", "c.json")]
    for path in [folder / f"{name}.tmp-{dead_pid}-99" for name in ("b.json", "c.json")] + live:
        path.write_text("{")
    run = p.runner.run([p.menace, "train", "--games", "10", "--threads", "1", "--save", "b.json", "--curve", "c.json",
                        "--force"], folder, name="next-save")
    if fam.crashed_or_hung(label + " (next save)", run):
        return
    left = [name for name in tmp_files(folder) if name not in {path.name for path in live}]
    if left:
        fam.note(label, f"the next save left stale temporaries: {left}", run)
    if not all(path.exists() for path in live):
        fam.note(label, "the next save removed a live process's temporary file", run)
    for path in live:
        path.unlink(missing_ok=True)


def menace_train_kill(p, fam, i):
    label = f"menace train kill -9 {i}"
    folder = p.case_dir(fam, label)
    games = ["--games", "500000", "--threads", "1"]
    _, seconds = p.reference("menace-train", [p.menace, "train", *games, "--seed", "1", "--curve", "c.json"])
    if p.runner.run([p.menace, "train", "--games", "100", "--threads", "1", "--save", "b.json"], folder,
                    name="earlier").rc != 0:
        raise ProbeError(f"cannot make a boxes file in {folder}")
    earlier = (folder / "b.json").read_bytes()
    fam.tried += 1
    started = p.runner.start([p.menace, "train", *games, "--seed", str(p.rng.randrange(1, 1000)), "--save",
                              "b.json", "--curve", "c.json", "--force"], folder)
    time.sleep(p.rng.uniform(0, 1.1 * seconds))
    p.runner.send(started, signal.SIGKILL)
    run = p.runner.finish(started)
    if fam.crashed_or_hung(label, run):
        return
    boxes = folder / "b.json"
    if not boxes.exists():
        fam.defect("data lost", label, "the earlier complete b.json is gone", run)
    elif boxes.read_bytes() != earlier and not valid_boxes(boxes):
        fam.defect("data lost", label, "b.json is neither the earlier file nor a complete new one", run, [boxes])
    if (folder / "c.json").exists() and read_json(folder / "c.json") is None:
        fam.defect("data lost", label, "c.json is partial", run, [folder / "c.json"])
    log(f"  {label}: killed after {run.seconds:.2f} s, exit {run.rc}, temporaries {tmp_files(folder)}")
    check_stale_temporaries(p, fam, label, folder, started.proc.pid)


def menace_play_kill(p, fam, i):
    label = f"menace play --save kill -9 {i}"
    folder = p.case_dir(fam, label)
    session = ("40\n" + one_game_of_moves() * 80).encode()  # 40 games, more moves than they need
    _, seconds = p.reference("menace-play", [p.menace, "play", "--save", "b.json"], stdin_data=session)
    folder.mkdir(parents=True)
    (folder / "session.txt").write_bytes(session)
    fam.tried += 1
    started = p.runner.start([p.menace, "play", "--seed", str(p.rng.randrange(1000)), "--save", "b.json"], folder,
                             stdin=folder / "session.txt")
    time.sleep(p.rng.uniform(0, 1.1 * seconds))
    p.runner.send(started, signal.SIGKILL)
    run = p.runner.finish(started)
    if fam.crashed_or_hung(label, run):
        return
    # "MENACE has learnt from N games" is printed after the save of game N: those N are saved.
    learnt = [int(n) for n in re.findall(r"MENACE has learnt from (\d+) games", run.stdout)]
    done = re.search(r"All (\d+) games played", run.stdout)
    saved = max(learnt + [int(done.group(1)) if done else 0])
    boxes = valid_boxes(folder / "b.json")
    if saved and (boxes is None or boxes["games_played"] < saved):
        fam.defect("data lost", label, f"{saved} games were saved before the kill, b.json holds "
                   f"{boxes['games_played'] if boxes else 'no valid boxes'}", run, [folder / "b.json"])
    log(f"  {label}: killed after {run.seconds:.2f} s, {saved} games saved")
    check_stale_temporaries(p, fam, label, folder, started.proc.pid)


def menace_train_signal(p, fam, i, sig):
    label = f"menace train {signal.Signals(sig).name} {i}"
    folder = p.case_dir(fam, label)
    argv = [p.menace, "train", "--games", "5000000", "--threads", "1", "--seed", str(p.rng.randrange(1, 1000)),
            "--save", "b.json", "--curve", "c.json"]
    run = signalled_run(p, fam, label, argv, folder, sig, 0.3)
    if run is None:
        return
    curve, boxes = read_json(folder / "c.json"), valid_boxes(folder / "b.json")
    if not isinstance(curve, dict) or curve.get("interrupted") is not True:
        fam.defect("data lost", label, "exit 130 but c.json is missing or not marked interrupted", run)
    elif boxes is None or boxes["games_played"] != curve.get("games_completed"):
        fam.defect("data lost", label, f"the boxes of the finished blocks are not kept: c.json has "
                   f"{curve.get('games_completed')} games, b.json {boxes['games_played'] if boxes else 'nothing'}",
                   run, [folder / "b.json", folder / "c.json"])
    if tmp_files(folder):
        fam.note(label, f"temporary files left: {tmp_files(folder)}", run)


def probe_kill_menace(p, fam):
    trials = [lambda i: menace_train_kill(p, fam, i), lambda i: menace_play_kill(p, fam, i),
              lambda i: menace_train_signal(p, fam, i, (signal.SIGINT, signal.SIGTERM)[i // 3 % 2])]
    for i in range(p.count(fam.name)):
        if fam.gave_up():
            break
        trials[i % len(trials)](i)
