#!/usr/bin/env bash
# The main job: build, then score a player over 100 boards (default ColorScorePlayer, seed 1).
# Every argument goes to `ratrace score`; a flag you give replaces run.sh's default for it, e.g.
#   scripts/run.sh --player "Blind Faith" --boards 50 --threads 2
# RATRACE_RUN_DRY=1 prints the command, one argument a line, instead of building and running it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# run.sh's defaults, as flag/value pairs.
defaults=(--player ColorScorePlayer --boards 100 --seed 1 --json "$root/runs/score.json")

# given_flag FLAG ARGS...: true if FLAG is among ARGS, as "FLAG" or "FLAG=value".
given_flag() {
  local flag="$1"
  shift
  local arg
  for arg in "$@"; do
    [[ "$arg" == "$flag" || "$arg" == "$flag="* ]] && return 0
  done
  return 1
}

command=("$root/build/ratrace" score)
for ((i = 0; i < ${#defaults[@]}; i += 2)); do
  given_flag "${defaults[i]}" "$@" || command+=("${defaults[i]}" "${defaults[i + 1]}")
done
command+=("$@")

if [[ "${RATRACE_RUN_DRY:-}" == 1 ]]; then
  printf '%s\n' "${command[@]}"
  exit 0
fi
"$root/scripts/build.sh" --target ratrace
exec "${command[@]}"
