#!/usr/bin/env python3
"""Tests of morpion/lineage_tail.py: its cut of a lineage at a sooner patience, its expected
best, and the script run on real `morpion search --json` files (kick lineages left out, told by
the bursts' rule in files without their marks, counted by --kicks; the same searches refused twice).

  lineage_tail_test.py MORPION LINEAGE_TAIL WORK

Exit code 0 on success, 1 on a failed check (with what differed).
"""
import importlib.util
import json
import os
import signal
import subprocess
import sys


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def main():
    morpion, script, work = sys.argv[1:4]
    spec = importlib.util.spec_from_file_location("lineage_tail", script)
    tail = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tail)

    # A lineage that rose at ages 0, 50 and 200 and was watched for 300 more: a patience of 100
    # ends it after the 150-iteration gap, at age 150 with its second best; 150 or more keeps it.
    lineage = (500, [(0, 100), (50, 110), (200, 120)])
    check(tail.cut(lineage, 300) == (500, 120), f"cut at its own patience: {tail.cut(lineage, 300)}")
    check(tail.cut(lineage, 100) == (150, 110), f"cut at 100: {tail.cut(lineage, 100)}")
    check(tail.cut(lineage, 150) == (350, 120), f"cut at 150: {tail.cut(lineage, 150)}")
    check(tail.cut(lineage, 40) == (40, 100), f"cut at 40: {tail.cut(lineage, 40)}")
    # Longer once the best reaches 110: the 150-iteration gap is then waited out, and the
    # lineage ends 200 after its last rise; reaching 120 only comes too late to matter at 40.
    check(tail.cut(lineage, 100, (110, 200)) == (400, 120), f"cut at 100, 200 from 110: {tail.cut(lineage, 100, (110, 200))}")
    check(tail.cut(lineage, 40, (120, 300)) == (40, 100), f"cut at 40, 300 from 120: {tail.cut(lineage, 40, (120, 300))}")
    # Given up at age 100 if below 115 (it stands at 110 then); not if below 110, nor at 250 if
    # below 125 when its patience had already ended it at 150.
    check(tail.cut(lineage, 300, None, (100, 115)) == (100, 110), f"given up at 100: {tail.cut(lineage, 300, None, (100, 115))}")
    check(tail.cut(lineage, 300, None, (100, 110)) == (500, 120), f"kept at 100: {tail.cut(lineage, 300, None, (100, 110))}")
    check(tail.cut(lineage, 100, None, (250, 125)) == (150, 110), f"ended first: {tail.cut(lineage, 100, None, (250, 125))}")
    # The largest of n draws from {1, 2}: 1.5 for one draw, 1.75 for two.
    check(abs(tail.expected_best([1, 2], 1) - 1.5) < 1e-12, "expected best of one draw")
    check(abs(tail.expected_best([2, 1], 2) - 1.75) < 1e-12, "expected best of two draws")

    os.makedirs(work, exist_ok=True)
    result = os.path.join(work, "lineages.json")
    subprocess.run([morpion, "search", "--searches", "2", "--threads", "2", "--iterations", "30000",
                    "--restart-after", "3000", "--seed", "5", "--json", result, "--force"],
                   check=True, capture_output=True)
    with open(result) as f:
        runs = json.load(f)["runs"]
    for run in runs:
        check(len(run["lineages"]) == run["restarts"], "one lineage record per fresh start")
    out = subprocess.run([sys.executable, script, result, "--patience", "3000", "--minutes", "0.01"],
                         capture_output=True, text=True)
    check(out.returncode == 0, f"--patience at the runs' own exited {out.returncode}: {out.stderr}")
    check("difference +0.0 [+0.0, +0.0]" in out.stdout, f"no difference from itself:\n{out.stdout}")
    out = subprocess.run([sys.executable, script, result, "--patience", "3001"], capture_output=True, text=True)
    check(out.returncode == 1 and "watched for 3000 iterations" in out.stderr,
          f"a patience above the runs' was not refused: {out.returncode} {out.stderr}")
    out = subprocess.run([sys.executable, script, result, "--patience", "1000", "--patience-above", "1=4000"],
                         capture_output=True, text=True)
    check(out.returncode == 1 and "watched for 3000 iterations" in out.stderr,
          f"a longer patience above the runs' was not refused: {out.returncode} {out.stderr}")
    out = subprocess.run([sys.executable, script, result, "--patience", "3000", "--patience-above", "1=3000",
                          "--minutes", "0.01"], capture_output=True, text=True)
    check(out.returncode == 0 and "difference +0.0 [+0.0, +0.0]" in out.stdout,
          f"the same patience above a score is no change: {out.returncode}\n{out.stdout}{out.stderr}")
    out = subprocess.run([sys.executable, script, result, "--patience-above", "1=3000"], capture_output=True, text=True)
    check(out.returncode == 1 and "goes with --patience" in out.stderr,
          f"--patience-above alone was not refused: {out.returncode} {out.stderr}")
    # Lineages that stalled low waited less than the rest: no one patience to cut them at.
    poor = os.path.join(work, "poor.json")
    subprocess.run([morpion, "search", "--searches", "1", "--iterations", "20000", "--restart-after", "3000",
                    "--poor-restart-after", "1000", "--seed", "5", "--json", poor, "--force"],
                   check=True, capture_output=True)
    out = subprocess.run([sys.executable, script, poor, "--patience", "1000"], capture_output=True, text=True)
    check(out.returncode == 1 and "--poor-restart-after 0" in out.stderr,
          f"--patience on lineages of two patiences was not refused: {out.returncode} {out.stderr}")
    # Kicks from iteration 10,000 on: the lineages begun there start from the best grid, and are left out.
    kicked = os.path.join(work, "kicks.json")
    subprocess.run([morpion, "search", "--searches", "1", "--iterations", "30000", "--restart-after", "3000",
                    "--kick-after", "10000", "--seed", "5", "--json", kicked, "--force"],
                   check=True, capture_output=True)
    with open(kicked) as f:
        lengths = [lineage["iterations"] for lineage in json.load(f)["runs"][0]["lineages"]]
    kicks = sum(sum(lengths[:i]) >= 10000 for i in range(len(lengths)))
    check(0 < kicks < len(lengths), f"the test search should end lineages before and after 10,000: {lengths}")
    out = subprocess.run([sys.executable, script, kicked], capture_output=True, text=True)
    check(out.returncode == 0 and f"{kicks} lineages begun by kicks" in out.stdout
          and f"{len(lengths) - kicks} lineages ended" in out.stdout,
          f"kick lineages were not left out ({kicks} of {len(lengths)}): {out.returncode}\n{out.stdout}{out.stderr}")
    # Two files of the same searches hold the same lineages: counting them twice is refused.
    out = subprocess.run([sys.executable, script, result, kicked, result], capture_output=True, text=True)
    check(out.returncode == 1 and "give each search once" in out.stderr and "seed 5's search 0" in out.stderr,
          f"the same searches twice were not refused: {out.returncode} {out.stderr}")
    # Kicks mixed with random games among the fresh starts: each lineage says whether a kick began
    # it, and those are left out; in a file without the marks (written before 0.15.0) the bursts'
    # rule tells the same lineages, and where no rule tells them (--kick-share) the file is refused.
    bursts = os.path.join(work, "bursts.json")
    subprocess.run([morpion, "search", "--searches", "1", "--threads", "1", "--iterations", "40000",
                    "--restart-after", "2000", "--seed", "7", "--kick-bursts", "2", "--kick-burst-from", "50",
                    "--json", bursts, "--force"], check=True, capture_output=True)
    with open(bursts) as f:
        burst_result = json.load(f)
    marks = [lineage["kick"] for lineage in burst_result["runs"][0]["lineages"]]
    check(0 < sum(marks) < len(marks), f"the test search should end lineages of both kinds: {marks}")
    out = subprocess.run([sys.executable, script, bursts], capture_output=True, text=True)
    check(out.returncode == 0 and f"{sum(marks)} lineages begun by kicks" in out.stdout
          and f"{len(marks) - sum(marks)} lineages ended" in out.stdout,
          f"the marked kick lineages were not left out ({sum(marks)} of {len(marks)}): "
          f"{out.returncode}\n{out.stdout}{out.stderr}")
    # --kicks: the kicks and their share of the iterations, the rises of the best to the threshold
    # (50 here), and how many lineages of each kind rose past the search's best as it stood when
    # they began (bursts of 2: every kick is among the first five after a rise).
    run = burst_result["runs"][0]
    began, rose, bests = 0, {True: [0, 0], False: [0, 0]}, []
    for lineage in run["lineages"]:
        best = max((step[1] for step in run["improvements"] if step[0] < began), default=0)
        bests.append(best)
        if lineage["kick"] or best >= 50:
            rose[lineage["kick"]][0] += max(score for _, score in lineage["steps"]) > best
            rose[lineage["kick"]][1] += 1
        began += lineage["iterations"]
    check(rose[True][0] > 0 and rose[False][0] > 0, f"the test search should have both kinds rise: {rose}")
    kicks = [max(score for _, score in lineage["steps"]) - best
             for lineage, best in zip(run["lineages"], bests) if lineage["kick"]]
    kick_share = (sum(lineage["iterations"] for lineage in run["lineages"] if lineage["kick"])
                  / sum(lineage["iterations"] for lineage in run["lineages"]))
    points = sum(max(gain, 0) for gain in kicks) / len(kicks)
    rises = sum(step[1] >= 50 for step in run["improvements"])
    out = subprocess.run([sys.executable, script, bursts, "--kicks"], capture_output=True, text=True)
    check(out.returncode == 0 and out.stdout.startswith(f"{sum(marks)} lineages begun by kicks, {kick_share:.0%}")
          and f"{points:.2f} points a kick" in out.stdout
          and f"to 50 or more {rises} times" in out.stdout
          and f"1st-5th after a rise: {rose[True][0]} of {rose[True][1]} rose" in out.stdout
          and "6th-10th: 0 of 0" in out.stdout
          and f"best at 50 or more: {rose[False][0]} of {rose[False][1]} rose" in out.stdout,
          f"--kicks: {sum(marks)} kicks ({kick_share:.0%}), {rises} rises, risen {rose}:\n{out.stdout}{out.stderr}")
    # A reader gone before the first line (as `| head` that has read enough): the script ends
    # quietly at its first write, as a command-line tool does.
    gone = subprocess.Popen([sys.executable, script, bursts, "--kicks"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    gone.stdout.close()
    errors = gone.stderr.read().decode()
    check(gone.wait() == -signal.SIGPIPE and errors == "",
          f"a closed pipe: exit {gone.returncode}, stderr:\n{errors}")
    for lineage in run["lineages"]:
        del lineage["kick"]
    unmarked = os.path.join(work, "bursts-unmarked.json")
    with open(unmarked, "w") as f:
        json.dump(burst_result, f)
    out_unmarked = subprocess.run([sys.executable, script, unmarked, "--kicks"], capture_output=True, text=True)
    check(out_unmarked.returncode == 0 and out_unmarked.stdout == out.stdout,
          f"without the marks the bursts' rule told other kicks:\n{out_unmarked.stdout}{out_unmarked.stderr}")
    burst_result["settings"]["kick_share"] = 0.5
    with open(unmarked, "w") as f:
        json.dump(burst_result, f)
    out = subprocess.run([sys.executable, script, unmarked], capture_output=True, text=True)
    check(out.returncode == 1 and "mix kicks" in out.stderr and "bursts-unmarked.json" in out.stderr,
          f"a file of shared kicks without the marks was not refused: {out.returncode} {out.stderr}")
    out = subprocess.run([sys.executable, script, os.path.join(work, "missing.json")], capture_output=True, text=True)
    check(out.returncode == 1 and "cannot read" in out.stderr and "missing.json" in out.stderr,
          f"a missing file: {out.returncode} {out.stderr}")
    print("lineage_tail_test: all checks passed")


if __name__ == "__main__":
    try:
        main()
    except (AssertionError, subprocess.CalledProcessError) as e:
        print(f"lineage_tail_test: {e}", file=sys.stderr)
        sys.exit(1)
