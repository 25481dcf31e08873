#!/usr/bin/env bash
# Pictures on a full disk: `score --plot` and `render --out x.png` fail saying so, and leave
# no partial or temporary picture behind (a partial one would block the next run). (The exit
# code is whatever the command line gives a failed write: main.cpp decides it.) The disk
# is a small tmpfs; without the right to mount one (not root, a container) the test is
# skipped (exit 77).
# Usage: full_disk_pictures_test.sh RATRACE_BINARY
set -uo pipefail
ratrace="$1"
work="$(mktemp -d)"
disk="$work/disk"
mkdir -p "$disk"
cleanup() {
  mountpoint -q "$disk" && umount "$disk"
  rm -rf "$work"
}
trap cleanup EXIT
if ! mount -t tmpfs -o size=1m tmpfs "$disk" 2>/dev/null; then
  echo "skipped: cannot mount a tmpfs here"
  exit 77
fi
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
# Leaves `$1` kilobytes free on the tmpfs.
leave_free() {
  rm -f "$disk/filler"
  local free_kb
  free_kb=$(df -k --output=avail "$disk" | tail -1)
  dd if=/dev/zero of="$disk/filler" bs=1k count=$((free_kb - $1)) status=none 2>/dev/null
}
# Nothing but `filler` and the files named may be on the disk.
only_on_disk() {
  local kept=(-e filler) left name
  for name in "$@"; do kept+=(-e "$name"); done
  left="$(cd "$disk" && ls -A | grep -vxF "${kept[@]}")"
  [ -z "$left" ] || fail "left on the full disk: $left"
}

# 1. score --plot: the result file fits, the pictures do not.
leave_free 12
out="$("$ratrace" score --player "Blind Faith" --boards 2 --set turns=200 --threads 1 --journal "$work/j.jsonl" \
  --json "$disk/r.json" --plot "$disk/plot" 2>&1)"
code=$?
[ "$code" -ne 0 ] || fail "score --plot on a full disk: exit 0: $out"
grep -q "plot_results.py failed.*disk is full.*no picture was written" <<<"$out" || fail "score --plot message: $out"
only_on_disk r.json

# 2. render --out x.png: the SVG fits, the PNG does not; nothing is left to block the next run.
rm -f "$disk/r.json"
svg_kb=$(("$("$ratrace" render --seed 3 --board 0 --out "$work/probe.svg" >/dev/null 2>&1; stat -c %s "$work/probe.svg")" / 1024 + 8))
leave_free "$svg_kb"
out="$("$ratrace" render --seed 3 --board 0 --out "$disk/t.png" 2>&1)"
code=$?
[ "$code" -ne 0 ] || fail "render on a full disk: exit 0: $out"
grep -q "rsvg-convert.*disk is full.*no picture was written" <<<"$out" || fail "render message: $out"
only_on_disk

# 3. With room again, the same commands succeed without --force.
rm -f "$disk/filler"
"$ratrace" render --seed 3 --board 0 --out "$disk/t.png" >/dev/null 2>&1 || fail "render after the disk was freed"
head -c 8 "$disk/t.png" | od -An -c | grep -q "P   N   G" || fail "t.png is not a PNG"
out="$("$ratrace" score --player "Blind Faith" --boards 2 --set turns=200 --threads 1 --journal "$work/j2.jsonl" \
  --json "$disk/r.json" --plot "$disk/plot" 2>&1)" || fail "score --plot after the disk was freed: $out"
[ -s "$disk/plot.png" ] && [ -s "$disk/plot.svg" ] || fail "score --plot wrote no pictures: $out"
grep -q "wrote $disk/plot.png and $disk/plot.svg" <<<"$out" || fail "score --plot did not name its pictures: $out"

[ "$failures" -eq 0 ] && echo "pictures on a full disk: all checks passed"
exit $((failures > 0))
