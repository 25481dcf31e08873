#!/usr/bin/env bash
# scripts/run.sh: a flag the user gives replaces run.sh's default for it; the others stay.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
json="$root/runs/score-ColorScorePlayer-seed1-100.json"
failures=0

# expect NAME EXPECTED_ARGUMENTS -- RUN_SH_ARGUMENTS: the command run.sh would run.
expect() {
  local name="$1"
  shift
  local expected=()
  while [[ "$1" != -- ]]; do expected+=("$1"); shift; done
  shift
  local actual
  actual="$(RATRACE_RUN_DRY=1 "$root/scripts/run.sh" "$@")"
  if [[ "$actual" != "$(printf '%s\n' "$root/build/ratrace" "${expected[@]}")" ]]; then
    echo "FAIL $name: expected: ${expected[*]}"
    echo "got: $(echo "$actual" | tr '\n' ' ')"
    failures=$((failures + 1))
  fi
}

expect "no arguments: every default" \
  score --player ColorScorePlayer --boards 100 --seed 1 --json "$json" --
expect "the README's example" \
  score --seed 1 --json "$root/runs/score-Blind Faith-seed1-50.json" --player "Blind Faith" --boards 50 --threads 2 -- \
  --player "Blind Faith" --boards 50 --threads 2
expect "--flag=value form" \
  score --player ColorScorePlayer --seed 1 --json "$root/runs/score-ColorScorePlayer-seed1-7.json" --boards=7 -- --boards=7
expect "--json - replaces the default file" \
  score --player ColorScorePlayer --boards 100 --seed 1 --json - -- --json -
expect "a --python player is the player" \
  score --boards 100 --seed 1 --json "$root/runs/score-color_score.py-move-seed1-100.json" \
  --python python/examples/color_score.py:move -- --python python/examples/color_score.py:move
expect "--player beside --python names the player" \
  score --boards 100 --seed 1 --json "$root/runs/score-ColorScorePlayer-seed1-100.json" \
  --python p.py:move --player ColorScorePlayer -- --python p.py:move --player ColorScorePlayer

[[ $failures -eq 0 ]] && echo "run.sh: all cases pass"
exit $((failures > 0))
