#!/usr/bin/env bash
# The main job: build every program the README uses (ratrace, morpion, menace and the Python
# module), then score a player over 100 boards (default ColorScorePlayer, seed 1). Every
# argument goes to `ratrace score`; a flag you give replaces run.sh's default for it, e.g.
#   scripts/run.sh --player "Blind Faith" --boards 50 --threads 2
#   scripts/run.sh --python my_player.py:move      # a Python player instead of --player
# RATRACE_RUN_DRY=1 prints the command, one argument a line, instead of building and running it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

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

# value_of FLAG DEFAULT ARGS...: the last value ARGS give FLAG, else DEFAULT.
value_of() {
  local flag="$1" value="$2"
  shift 2
  while [[ $# -gt 0 ]]; do
    if [[ "$1" == "$flag" && $# -gt 1 ]]; then value="$2"; shift
    elif [[ "$1" == "$flag="* ]]; then value="${1#"$flag="}"
    fi
    shift
  done
  printf '%s' "$value"
}

# run.sh's defaults, as flag/value pairs. The result file is named after what makes the run
# unique, so running the same command again reports it again and another run gets its own.
# A --python player is the player unless --player names another: no default --player then,
# and the file is named after the Python player (its file's name, its colon a dash).
python_player="$(value_of --python "" "$@")"
if [[ -n "$python_player" ]] && ! given_flag --player "$@"; then
  player="$(basename "$python_player")"
  player="${player//:/-}"
  defaults=()
else
  player="$(value_of --player ColorScorePlayer "$@")"
  defaults=(--player ColorScorePlayer)
fi
boards="$(value_of --boards 100 "$@")"
seed="$(value_of --seed 1 "$@")"
defaults+=(--boards 100 --seed 1 --json "$root/runs/score-$player-seed$seed-$boards.json")

command=("$root/build/ratrace" score)
for ((i = 0; i < ${#defaults[@]}; i += 2)); do
  given_flag "${defaults[i]}" "$@" || command+=("${defaults[i]}" "${defaults[i + 1]}")
done
command+=("$@")

if [[ "${RATRACE_RUN_DRY:-}" == 1 ]]; then
  printf '%s\n' "${command[@]}"
  exit 0
fi
"$root/scripts/build.sh" --target ratrace morpion menace ratrace_python
exec "${command[@]}"
