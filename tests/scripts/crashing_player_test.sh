#!/usr/bin/env bash
# A player plugin that crashes the process: without --isolate, ratrace says in one line which
# player crashed on which board and seed, and how to finish the run, then dies of the signal;
# with --isolate, each game is played in a process of its own, a crashed game is that board's
# player fault (kept in the journal, so a resume does not replay it) and the other games finish.
# A truncated plugin is refused by name (it would be a SIGBUS inside dlopen).
# Usage: crashing_player_test.sh RATRACE PLUGIN.so
set -uo pipefail
ratrace="$1"
plugin="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() {  # run EXPECTED_CODE ARGS...: runs ratrace; stderr in $work/err
  local expected="$1"; shift
  "$ratrace" "$@" >"$work/out" 2>"$work/err"; local code=$?
  [[ $code -eq $expected ]] || { fail "exit $code, expected $expected: ratrace $*"; cat "$work/err"; }
}
flags=(--boards 3 --seed 4 --set turns=50 --threads 1)

# Without --isolate: one error line naming player, board, seed and signal, the resume hint, the signal.
for case in "Crasher SIGSEGV 139" "Aborter SIGABRT 134"; do
  read -r player signal code <<<"$case"
  run "$code" score --player-lib "$plugin" --player "$player" "${flags[@]}" --journal "$work/$player.jsonl"
  line=$(grep "ratrace: error:" "$work/err")
  [[ $(grep -c "ratrace: error:" "$work/err") -eq 1 ]] || fail "$player: not one error line"
  [[ "$line" =~ ^ratrace:\ error:\ player\ \'$player\'\ crashed\ \($signal\)\ on\ board\ [0-9]\ \(seed\ [0-9]+\):\ .*--resume\ .*$player.jsonl\ --isolate$ ]] ||
    fail "$player: the line is not as documented: $line"
  # Finished with --isolate: every board is that player's fault, kept; exit 3.
  run 3 score --player-lib "$plugin" --resume "$work/$player.jsonl" --isolate
  faults=$(grep -c "\"crashed: $signal \[player $player, board" "$work/$player.jsonl")
  [[ $faults -eq 3 ]] || fail "$player: $faults crashed games in the journal, expected 3"
  # A resume replays nothing: the crashes are results.
  run 3 score --player-lib "$plugin" --resume "$work/$player.jsonl"
  grep -q "already finished" "$work/err" || fail "$player: the finished run was played again: $(cat "$work/err")"
done

# With --isolate from the start, beside a player that does not crash: its games finish.
run 3 leaderboard --player-lib "$plugin" --players "Crasher,Blind Faith" "${flags[@]}" --isolate \
  --journal "$work/board.jsonl" --json "$work/board.json"
[[ $(grep -c '"crashed: SIGSEGV' "$work/board.jsonl") -eq 3 ]] || fail "leaderboard: not 3 crashed games"
[[ $(grep -c '"fault":null' "$work/board.jsonl") -eq 3 ]] || fail "leaderboard: Blind Faith's 3 games are not all there"
grep -q "warning: player 'Crasher' crashed (SIGSEGV) on board" "$work/err" || fail "leaderboard: no warning per crash"
# The same games played in isolation and in one process: the same result.
"$ratrace" score --player "Blind Faith" "${flags[@]}" --isolate --journal "$work/i.jsonl" --json "$work/i.json" >/dev/null 2>&1
"$ratrace" score --player "Blind Faith" "${flags[@]}" --journal "$work/p.jsonl" --json "$work/p.json" >/dev/null 2>&1
python3 - "$work/i.json" "$work/p.json" <<'PY' || fail "--isolate changed the result"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
key = lambda d: [(r["index"], r["score"], r["moves"], r["turns"]) for r in d["boards"]]
sys.exit(key(a) != key(b))
PY

# A truncated plugin: exit 2, named, no signal.
head -c 3000 "$plugin" >"$work/bad.so"
run 2 players --player-lib "$work/bad.so"
grep -q "^ratrace: error: --player-lib $work/bad.so: truncated" "$work/err" || fail "truncated plugin: $(cat "$work/err")"

[[ $failures -eq 0 ]] && echo "crashing player: reported in one line; --isolate finishes the run; truncated plugin refused"
exit $((failures > 0))
