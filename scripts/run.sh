#!/usr/bin/env bash
# The main job: build, then score a player over 100 boards (default ColorScorePlayer).
# Extra arguments go to `ratrace score`, e.g. scripts/run.sh --player "Blind Faith" --boards 50.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh" --target ratrace >/dev/null
exec "$root/build/ratrace" score --player ColorScorePlayer --boards 100 --json "$root/runs/score.json" "$@"
