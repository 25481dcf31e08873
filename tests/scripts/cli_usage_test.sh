#!/usr/bin/env bash
# The command line as a user meets it: exit code 2 and a clear message for every usage
# error, --help and --version exit 0, and `--json -` leaves standard output to the result.
# Usage: cli_usage_test.sh RATRACE_BINARY
set -uo pipefail
ratrace="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0

# expect NAME CODE TEXT ARGS...: `ratrace ARGS` exits with CODE and prints TEXT (stdout or stderr).
expect() {
  local name="$1" code="$2" text="$3"
  shift 3
  (cd "$work" && "$ratrace" "$@") >"$work/out" 2>"$work/err"
  local actual=$?
  if [[ $actual -ne $code ]]; then
    echo "FAIL $name: exit code $actual, expected $code"; cat "$work/err"
    failures=$((failures + 1))
  elif ! grep -qF -- "$text" "$work/out" "$work/err"; then
    echo "FAIL $name: no '$text' in the output:"; cat "$work/out" "$work/err"
    failures=$((failures + 1))
  fi
}

expect "unknown subcommand" 2 "unknown subcommand 'foo'" foo
expect "unknown subcommand lists them" 2 "Subcommands: score leaderboard players track play render replay bench sweep compare" foo
expect "no subcommand" 2 "Subcommands:"
expect "unknown flag" 2 "--bogus" score --bogus
expect "unknown flag before a subcommand" 2 "--bogus" --bogus
expect "game commands list --player-lib" 0 "--player-lib" score --help
expect "game commands list --log-level" 0 "--log-level" compare --help
expect "bad number" 2 "--boards" score --boards many
expect "bad log level" 2 "--log-level" score --log-level loud
# Every count a user types is read strictly: a negative or out-of-range one names its flag.
expect "negative sampled" 2 "--record-sampled" play --board 0 --record r.json --record-sampled -5
expect "negative scorers" 2 "--record-scorers" play --board 0 --record r.json --record-scorers -1
expect "negative board" 2 "--board" play --board -1
expect "negative paths" 2 "--paths" render --board 0 --paths -1
expect "junk render seed" 2 "--seed" render --seed 1x
expect "board out of range" 2 "--board" render --board 1000000
expect "trace and record in one file" 2 "are the same file" play --board 0 --turns 5 --trace same.json --record same.json
expect "journal on standard output" 2 "cannot be one" score --boards 1 --journal -
[[ -e "$work/-" ]] && { echo "FAIL --journal - created a file named '-'"; failures=$((failures + 1)); }
expect "log level after the subcommand" 0 "Blind Faith" players --log-level warn
expect "missing file" 2 "--config" score --config no-such-file.json
expect "unknown player" 2 "unknown player 'Nobody'" score --player Nobody --boards 1 --journal j1.jsonl
expect "bad config key" 2 "colour" score --set colour=3 --boards 1 --journal j2.jsonl
expect "help" 0 "Subcommands:" --help
expect "subcommand help" 0 "--boards" score --help
expect "version" 0 "ratrace $(cat "$(dirname "$0")/../../VERSION")" --version

# --json -: standard output holds the result alone, and it parses; the summary goes to stderr.
(cd "$work" && "$ratrace" score --player "Blind Faith" --boards 2 --set turns=50 --threads 1 \
   --journal j3.jsonl --json -) >"$work/out" 2>"$work/err"
code=$?
if [[ $code -ne 0 ]] || ! python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["command"]=="score", d' "$work/out"; then
  echo "FAIL --json -: exit code $code; standard output is not the JSON result alone:"; cat "$work/out"
  failures=$((failures + 1))
elif ! grep -q "geometric mean" "$work/err"; then
  echo "FAIL --json -: the summary is not on standard error"; cat "$work/err"
  failures=$((failures + 1))
fi

# fail NAME: records a failure with what the last command printed.
fail() {
  echo "FAIL $1:"; cat "$work/out" "$work/err"
  failures=$((failures + 1))
}

# The same command again reports the finished run from its journal and leaves its result
# file as it is; other flags with the same --json, or a result file that differs, are refused.
again=(score --player "Blind Faith" --boards 2 --set turns=50 --threads 1 --json again.json)
expect "first run" 0 "geometric mean" "${again[@]}"
cp "$work/again.json" "$work/first.json"
expect "the same run again" 0 "already finished" "${again[@]}"
grep -qF "geometric mean" "$work/out" || fail "the same run again prints its summary"
cmp -s "$work/again.json" "$work/first.json" || fail "the same run again changed its result file"
expect "other flags, the same --json" 2 "'again.json' exists" score --player "Blind Faith" --boards 3 --set turns=50 \
  --threads 1 --json again.json
sed -i 's/"faulted_boards": 0/"faulted_boards": 1/' "$work/again.json"
expect "a result file that differs" 2 "differs" "${again[@]}"
# A comparison that stopped at a look, short of its most boards, is the same run too.
stopped=(compare --a ColorScorePlayer --b Bishop --boards 5 --max-boards 40 --set turns=1000 --json compare.json)
expect "a comparison" 0 "is better" "${stopped[@]}"
expect "the same comparison again" 0 "already holds this result" "${stopped[@]}"

# An interrupted run prints the command that finishes it; pasted into a shell, it does.
journal="runs dir/it's a run.jsonl"
(cd "$work" && exec "$ratrace" score --boards 100 --threads 1 --set turns=3000 --journal "$journal") \
  >"$work/out" 2>"$work/err" &
run=$!
for _ in $(seq 200); do
  [[ -f "$work/$journal" && $(wc -l <"$work/$journal") -ge 2 ]] && break
  sleep 0.05
done
kill -INT $run
wait $run
code=$?
finish="$(sed -n 's/^ratrace: warning: interrupted: .*; finish with: //p' "$work/err")"
if [[ $code -ne 130 || -z "$finish" ]]; then
  fail "interrupted run: exit code $code, expected 130 and a command to finish it"
elif ! (cd "$work" && bash -c "$finish") >"$work/out" 2>"$work/err"; then
  fail "the printed command '$finish' does not finish the run"
elif ! grep -qF "ColorScorePlayer over 100 boards" "$work/out"; then
  fail "the printed command '$finish' does not report the whole run"
fi

[[ $failures -eq 0 ]] && echo "command line: all cases pass"
exit $((failures > 0))
