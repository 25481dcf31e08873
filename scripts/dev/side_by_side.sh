#!/usr/bin/env bash
# ratrace, morpion and their peers in turns, in one sitting, each run pinned to one core and
# timed by its whole-process CPU (user + sys): the table of docs/PERFORMANCE.md. The peers are
# built outside the repository (docs/PERFORMANCE.md says how); give their paths:
#   scripts/dev/side_by_side.sh ORGANISERS_CPP ORGANISERS_PYTHON_DIR PARALLEL_NRPA [ROUNDS]
# ORGANISERS_PYTHON_DIR holds their game.py with NUMBER_OF_BOARDS = 1 and timed.py (the doc's
# move counter). Prints one line per run: what, CPU seconds, wall seconds, moves or playouts.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
organisers_cpp="$1" organisers_python="$2" peer_morpion="$3" rounds="${4:-2}"
ratrace="$root/build/ratrace" morpion="$root/build/morpion/morpion"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
core="${SIDE_BY_SIDE_CORE:-1}"

# cpu CMD...: "CPU WALL" of CMD on the pinned core; its output is left in $work/out.
cpu() {
  /usr/bin/time -f "%U %S %e" -o "$work/time" taskset -c "$core" "$@" >"$work/out" 2>&1
  awk '{printf "%.2f %.2f", $1 + $2, $3}' "$work/time"
}
moves_of() { python3 -c "import json,sys; print(sum(b['moves'] for b in json.load(open(sys.argv[1]))['boards']))" "$1"; }
score() { cpu "$ratrace" score --seed 1 --threads 1 --journal "$work/j.jsonl" --json "$work/r.json" --force "$@"; }

for round in $(seq "$rounds"); do
  echo "organisers-cpp $(cpu "$organisers_cpp") $(grep -o 'moves [0-9]*' "$work/out")"
  echo "ratrace-cached $(score --player ColorScorePlayer --boards 100) moves $(moves_of "$work/r.json")"
  echo "ratrace-uncached $(score --player ColorScorePlayer --boards 100 --no-cache) moves $(moves_of "$work/r.json")"
  echo "morpion-random-ours $(cpu "$morpion" random --games 200000) games 200000"
  echo "morpion-random-peer $(cpu "$peer_morpion" random 200000) games 200000"
  echo "morpion-nrpa-ours $(cpu "$morpion" nrpa --level 2 --iterations 100 --searches 4 --threads 1 --seed 1) $(grep -o '[0-9]* playouts' "$work/out")"
  echo "morpion-nrpa-peer $(cpu "$peer_morpion" nrpa 2 100 4) $(grep -o '[0-9]* playouts' "$work/out" | head -1)"
  for player in Pathfinder "Cautious Specimens" "Hard Believers" "Blind Faith"; do
    echo "search-player '$player' $(score --player "$player" --boards 10) moves $(moves_of "$work/r.json")"
  done
  start=$(date +%s.%N)
  "$ratrace" score --boards 100 --seed 1 --threads 2 --journal "$work/one.jsonl" --json "$work/one.json" --force >/dev/null 2>&1
  echo "one-process-2-threads wall $(echo "$(date +%s.%N) - $start" | bc)"
  start=$(date +%s.%N)
  mpirun --allow-run-as-root --oversubscribe -n 2 "$ratrace" score --boards 100 --seed 1 --threads 1 \
    --journal "$work/two.jsonl" --json "$work/two.json" --force >/dev/null 2>&1
  echo "mpirun-2-ranks-1-thread wall $(echo "$(date +%s.%N) - $start" | bc)"
done
echo "organisers-python $(cd "$organisers_python" && cpu python3 timed.py 1) $(grep -o 'moves [0-9]*' "$work/out")"
cat >"$work/python_player.py" <<'PY'
import os, sys, tempfile
sys.path.insert(0, sys.argv[1])
import ratrace, color_score
r = ratrace.score(color_score.move, boards=3, seed=1, threads=1, progress=False,
                  journal=os.path.join(tempfile.mkdtemp(), "j.jsonl"))
print("moves", sum(b["moves"] for b in r.boards))
PY
echo "ratrace-python-player $(PYTHONPATH="$root/build/python" cpu /usr/bin/python3 "$work/python_player.py" "$root/python/examples") $(grep -o 'moves [0-9]*' "$work/out")"
echo "ratrace-cpp-3-boards $(score --player ColorScorePlayer --boards 3) moves $(moves_of "$work/r.json")"
