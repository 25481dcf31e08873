#!/usr/bin/env bash
# Command-line regressions, run against the built binary: each defect's
# command and the exit code and message it must give now. Usage: robustness_cli_test.sh RATRACE
set -uo pipefail
ratrace="$(realpath "$1")"
work="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
cd "$work"
failures=0

# expect CODE PATTERN COMMAND...: runs COMMAND (ratrace arguments), checks its exit code
# and that its standard error (and output) matches PATTERN.
expect() {
  local code="$1" pattern="$2"
  shift 2
  local out actual
  out="$(timeout 120 "$ratrace" "$@" 2>&1)"
  actual=$?
  if [ "$actual" -ne "$code" ] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL: ratrace ${*:1:8} -> exit $actual (want $code), output:"
    head -c 2000 <<<"$out"
    echo
    failures=$((failures + 1))
  else
    echo "ok: ratrace ${*:1:6} -> $actual"
  fi
}

small=(--set turns=300 --player ForwardRandom)

# 1. Every write is checked.
expect 1 "cannot write.*/dev/full.*No space" score --boards 3 "${small[@]}" --journal /dev/full --json /dev/full
expect 1 "No space" track --json /dev/full
"$ratrace" track --set width=20 --set goal_column=16 --json track.json >/dev/null 2>&1
expect 1 "No space" play --track track.json --set width=20 --set goal_column=16 --turns 50 --trace /dev/full
[ -c /dev/full ] || { echo "FAIL: /dev/full was replaced"; failures=$((failures + 1)); }
# A report to standard output that cannot be written is a failure, never a silent exit code 0.
for command in players "track --set width=20 --set goal_column=16"; do
  # shellcheck disable=SC2086
  out="$(timeout 120 "$ratrace" $command 2>&1 >/dev/full)"
  code=$?
  if [ "$code" -ne 1 ] || ! grep -q "cannot write to standard output" <<<"$out"; then
    echo "FAIL: ratrace $command >/dev/full -> exit $code (want 1), output: $out"
    failures=$((failures + 1))
  else
    echo "ok: ratrace $command >/dev/full -> 1"
  fi
done

# 3. A new run never replaces a journal; two runs never share one.
expect 0 "geometric mean" score --boards 2 "${small[@]}" --journal j.jsonl
# The same run again is reported again from its journal; another run on it is refused.
expect 0 "already finished in j.jsonl; reporting it again" score --boards 2 "${small[@]}" --journal j.jsonl
expect 2 "already exists \(2 finished games\).*--force" score --boards 2 "${small[@]}" --seed 2 --journal j.jsonl
expect 0 "geometric mean" score --boards 2 "${small[@]}" --journal j.jsonl --force
# Nor does any command replace an earlier result file: refused before the first game, replaced
# with --force, and a device is written as it is.
echo earlier > result.json
expect 2 "'result.json' exists; add --force" score --boards 2 "${small[@]}" --journal j2.jsonl --json result.json
grep -qx earlier result.json || { echo "FAIL: result.json was replaced"; failures=$((failures + 1)); }
[ -e j2.jsonl ] && { echo "FAIL: a refused run made its journal"; failures=$((failures + 1)); }
expect 0 "geometric mean" score --boards 2 "${small[@]}" --journal j2.jsonl --json result.json --force
grep -q '"boards"' result.json || { echo "FAIL: --force did not replace result.json"; failures=$((failures + 1)); }
expect 2 "'result.json' exists; add --force" leaderboard --boards 1 --players ForwardRandom --set turns=50 --markdown result.json
expect 2 "'result.json' exists; add --force" sweep --boards 1 "${small[@]}" --param mutation=0.02 --csv result.json
expect 2 "'track.json' exists; add --force" track --set width=20 --set goal_column=16 --json track.json
expect 2 "'result.json' exists; add --force" play --track track.json --set width=20 --set goal_column=16 --turns 5 --trace result.json
expect 0 "score" play --track track.json --set width=20 --set goal_column=16 --turns 5 --trace /dev/null
"$ratrace" score --boards 1000 --set turns=5000 --player ForwardRandom --threads 1 --journal long.jsonl >/dev/null 2>&1 &
first=$!
for _ in $(seq 100); do [ -s long.jsonl ] && break; sleep 0.1; done
expect 2 "being written by another run \(pid $first: .*score" score --resume long.jsonl
kill -INT $first
wait $first
[ $? -eq 130 ] || { echo "FAIL: an interrupted run must exit 130"; failures=$((failures + 1)); }
# A script's background job inherits SIGINT ignored: one sent the moment the journal appears must
# still stop the run and keep it.
rm -f early.jsonl
"$ratrace" score --boards 1000 --set turns=5000 --player ForwardRandom --threads 1 --journal early.jsonl >/dev/null 2>&1 &
early=$!
deadline=$((SECONDS + 30))
until [ -s early.jsonl ] || [ $SECONDS -gt $deadline ]; do :; done  # no sleep: the window is short
kill -INT $early
wait $early
[ $? -eq 130 ] || { echo "FAIL: a run interrupted as its journal appears must exit 130"; failures=$((failures + 1)); }
# Default names differ with the config.
"$ratrace" score --boards 1 --set turns=100 --player ForwardRandom >/dev/null 2>&1
"$ratrace" score --boards 1 --set turns=100 --set mutation=0.02 --player ForwardRandom >/dev/null 2>&1
[ "$(ls runs/score-ForwardRandom-seed1-*.jsonl | wc -l)" -eq 2 ] ||
  { echo "FAIL: two configs must get two default journals"; ls runs; failures=$((failures + 1)); }

# 4. --resume checks the journal and refuses flags that would change the run.
"$ratrace" score --boards 3 "${small[@]}" --journal r.jsonl >/dev/null 2>&1
sed '2s/"seed":[0-9]*/"seed":999999999/' r.jsonl >bad_seed.jsonl
expect 2 "line 2: board .* has seed 999999999" score --resume bad_seed.jsonl
sed '1s/"master_seed":1/"master_seed":2/' r.jsonl >bad_master.jsonl
expect 2 "master seed 2 gives it" score --resume bad_master.jsonl
sed '1s/"boards":3/"boards":0/' r.jsonl >no_boards.jsonl
expect 2 "boards must be an integer in \[1" score --resume no_boards.jsonl
sed '2s/"score":[0-9]*/"score":0/' r.jsonl >zero.jsonl
expect 2 "a score is at least 1" score --resume zero.jsonl
sed '2s/"entrant":0/"entrant":7/' r.jsonl >bad_entrant.jsonl
expect 2 "entrant 7 is out of range" score --resume bad_entrant.jsonl
# (found while testing: a pipe as journal made --resume wait forever)
expect 2 "is not a regular file" score --resume <(cat r.jsonl)
expect 2 "--seed cannot be combined with --resume" score --resume r.jsonl --seed 2
expect 2 "--set cannot be combined with --resume" score --resume r.jsonl --set mutation=0.02
expect 2 "--player cannot be combined with --resume" score --resume r.jsonl --player Bishop
expect 2 "--boards cannot be combined with --resume" score --resume r.jsonl --boards 9
expect 0 "geometric mean" score --resume r.jsonl --seed 1 --boards 3 --threads 1

# 5. Track-file integers do not wrap.
sed 's/"width": 20/"width": 4294967316/' track.json >wide.json
expect 2 "width 4294967316 is out of range" play --track wide.json

# 6. A mistyped log level is a usage error.
expect 2 "log-level" score --log-level Info

# 7. Configs that can never run are refused up front.
expect 2 "goal_column 999 cannot be reached" score --set width=1000 --set height=30 --set goal_column=999
expect 2 "most specimens" score --set offspring=1000000 --set turns=99
expect 2 "config key 'max_track_attempts': expected a whole number in \[1, 1000000\]" score --set max_track_attempts=2000000000

# 8. Clear messages and exit 2 for bad numbers; bad output paths before the first game.
expect 2 "--boards: expected a whole number in \[1, 1000000\]" score --boards 2000000000
expect 2 "--turns: expected a whole number" play --track track.json --turns -5
expect 2 "--threads: expected a whole number" score --threads -3
expect 2 "--seed: expected a whole number" score --seed -1
# (100 kB: a single argument may not be longer than 128 kB)
huge="$(head -c 100000 /dev/zero | tr '\0' 9)"
expect 2 "for config key 'turns'" score --set "turns=$huge"
[ "$("$ratrace" score --set "turns=$huge" 2>&1 | wc -c)" -lt 400 ] ||
  { echo "FAIL: a huge number must not be echoed"; failures=$((failures + 1)); }
printf '{"turns": %s}' "$(head -c 1000000 /dev/zero | tr '\0' 9)" >huge.json
[ "$("$ratrace" score --config huge.json 2>&1 | wc -c)" -lt 700 ] ||
  { echo "FAIL: a huge number in a file must not be echoed"; failures=$((failures + 1)); }
echo '{"turns": 9223372036854775808}' >big.json
expect 2 "invalid value '9223372036854775808' for config key 'turns'" score --config big.json
echo '{"mutation": 4.9e-324}' >tiny.json
expect 0 "geometric mean" score --boards 1 "${small[@]}" --config tiny.json --journal tiny.jsonl
expect 0 "geometric mean" score --boards 1 --set turns=300 --player ForwardRandom --set mutation=1e-400 --journal tiny2.jsonl
mkdir -p folder
expect 2 "is a folder" score --boards 1 "${small[@]}" --json folder --journal path.jsonl
[ ! -e path.jsonl ] || { echo "FAIL: a bad --json path must stop the run before its journal"; failures=$((failures + 1)); }

# 9. A sign where whole numbers take none, "-0" too; a config value out of its key's own range.
expect 2 "config key 'turns': expected a whole number in \[0, 10000000\], got '-0'" score --set turns=-0
expect 2 "config key 'turns': expected a whole number in \[0, 10000000\], got '99999999999'" score --set turns=99999999999
expect 2 "--boards: expected a whole number" score --boards -0
# A value holding a newline is echoed on one line.
expect 2 "got '1\\\\n2'" score --seed "$(printf '1\n2')"
[ "$("$ratrace" score --seed "$(printf '1\n2')" 2>&1 | wc -l)" -eq 1 ] ||
  { echo "FAIL: a value with a newline spread the error over two lines"; failures=$((failures + 1)); }
expect 2 "unknown player 'X\\\\nY'" play --player "$(printf 'X\nY')" --board 1
# More threads than cores: oneTBB's own multi-line warning never shows.
out="$("$ratrace" score --boards 2 "${small[@]}" --threads 64 --journal threads.jsonl 2>&1)"
if grep -q "TBB Warning" <<<"$out"; then echo "FAIL: oneTBB's warning: $out"; failures=$((failures + 1)); fi

# 10. --plot onto a device fails before any game and creates nothing beside it.
mkfifo plot.fifo
expect 1 "cannot draw --plot 'plot.fifo': it is not a file" score --boards 1 "${small[@]}" --plot plot.fifo --journal plot.jsonl
[ -z "$(ls plot.fifo.* plot.jsonl 2>/dev/null)" ] || { echo "FAIL: --plot FIFO created files"; failures=$((failures + 1)); }
expect 1 "cannot draw --plot '/dev/full'" score --boards 1 "${small[@]}" --plot /dev/full --journal plot.jsonl
[ ! -e /dev/full.json ] && [ ! -e /dev/full.png ] || { echo "FAIL: --plot /dev/full wrote beside it"; failures=$((failures + 1)); }
"$ratrace" score --help | grep -q "FILE.json, written too" || { echo "FAIL: --plot's FILE.json unannounced"; failures=$((failures + 1)); }

# 11. Damaged journals: advice that leads somewhere, never back.
"$ratrace" score --boards 2 "${small[@]}" --journal good.jsonl >/dev/null 2>&1
head -c 50 good.jsonl >torn.jsonl
expect 2 "no complete header line.*holds no game.*--journal torn.jsonl --force" score --resume torn.jsonl
expect 2 "already exists but cannot be resumed \(no complete header line.*add --force to replace it" score --boards 2 "${small[@]}" --journal torn.jsonl
expect 0 "geometric mean" score --boards 2 "${small[@]}" --journal torn.jsonl --force
# A value nested 200,000 deep in the header: refused before it is parsed (quoting it in the
# error, which prints it recursively, was a SIGSEGV).
python3 -c "print('{\"ratrace_journal\":' + '[' * 200000 + ']' * 200000 + '}')" >deep.jsonl
expect 2 "line 1: arrays and objects nested more than 100 deep" score --resume deep.jsonl
sed 's/$/\r/' good.jsonl >crlf.jsonl
expect 2 "line 1: Windows line endings \(CRLF\)" score --resume crlf.jsonl
{ head -1 good.jsonl; echo junk; tail -1 good.jsonl; } >junk.jsonl
expect 2 "line 2: .*nothing was played.*--journal junk.jsonl --force, which replaces the journal" score --resume junk.jsonl

# 12. Game records (render, replay): strict, one line naming file and key, exit 2.
"$ratrace" play --board 0 --set turns=30 --record rec.json >/dev/null 2>&1
python3 - <<'PY'
import json
r = json.load(open("rec.json"))
def variant(name, change):
    d = json.loads(json.dumps(r)); change(d); json.dump(d, open(name, "w"))
variant("rec-unknown.json", lambda d: d["paths"].update(extra=1))
variant("rec-top.json", lambda d: d.update(bogus=True))
variant("rec-type.json", lambda d: d["totals"].update(births=-1))
variant("rec-string.json", lambda d: d["result"].update(score="many"))
variant("rec-moves.json", lambda d: d["paths"]["sampled"][0].update(moves="19x"))
variant("rec-key.json", lambda d: d["cells"].update({"k" * 5000: 1}))
variant("rec-missing.json", lambda d: d.pop("totals"))
open("rec-deep.json", "w").write("[" * 200000 + "]" * 200000)
open("rec-number.json", "w").write('{"format": "ratrace-record-2", "game_seed": ' + "9" * 100000 + "}")
PY
for command in render replay; do
  out_flag=(--out r.svg); [ "$command" = replay ] && out_flag=(--html r.html)
  expect 2 "game record 'rec-unknown.json': unknown key 'paths.extra'" $command --record rec-unknown.json "${out_flag[@]}"
  expect 2 "game record 'rec-top.json': unknown key 'bogus'" $command --record rec-top.json "${out_flag[@]}"
  expect 2 "game record 'rec-type.json': key 'totals.births': expected a whole number, got -1" $command --record rec-type.json "${out_flag[@]}"
  expect 2 "key 'result.score': expected a whole number, got \"many\"" $command --record rec-string.json "${out_flag[@]}"
  expect 2 "key 'paths.sampled\[0\].moves'" $command --record rec-moves.json "${out_flag[@]}"
  expect 2 "unknown key 'cells.kkkk.*characters\)'" $command --record rec-key.json "${out_flag[@]}"
  expect 2 "missing key 'totals'" $command --record rec-missing.json "${out_flag[@]}"
  expect 2 "game record 'rec-deep.json' is not valid JSON: arrays and objects nested more than 100 deep" $command --record rec-deep.json "${out_flag[@]}"
  expect 2 "game record 'rec-number.json'" $command --record rec-number.json "${out_flag[@]}"
  for bad in rec-key.json rec-number.json rec-deep.json; do
    lines="$("$ratrace" $command --record $bad "${out_flag[@]}" 2>&1 | wc -lc)"
    read -r nlines nchars <<<"$lines"
    [ "$nlines" -eq 1 ] && [ "$nchars" -lt 600 ] || { echo "FAIL: $command $bad: $lines"; failures=$((failures + 1)); }
  done
done
[ ! -e r.svg ] && [ ! -e r.html ] || { echo "FAIL: a bad record left a picture"; failures=$((failures + 1)); }
expect 0 "wrote" render --record rec.json --out r.svg

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
