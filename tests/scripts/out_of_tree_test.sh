#!/usr/bin/env bash
# Installs this build into a prefix inside the build folder, builds the out-of-tree example
# player against it with find_package(ratrace) and nothing set by hand, loads it into the
# installed ratrace with --player-lib, and checks that it scores board for board as the same
# source compiled into ratrace does.
# Usage: out_of_tree_test.sh BUILD_DIR EXAMPLE_SOURCE_DIR COMPILED_IN_RATRACE
set -euo pipefail
build="$1"
example="$2"
compiled_in="$3"
work="$build/out_of_tree_test"
rm -rf "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -x "$work/prefix/bin/ratrace"
test -f "$work/prefix/share/ratrace/plot_sweep.py"
test -f "$work/prefix/include/ratrace/engine/player.h"
test ! -e "$work/prefix/include/ratrace/controller"
cmake -S "$example" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/build" -j2 >/dev/null
plugin="$work/build/libstripe_follower.so"
listed=$("$work/prefix/bin/ratrace" players --player-lib "$plugin")
grep -q "Stripe Follower" <<<"$listed"
flags=(--player "Stripe Follower" --boards 6 --seed 3 --set turns=300 --threads 2)
"$work/prefix/bin/ratrace" score --player-lib "$plugin" "${flags[@]}" \
  --journal "$work/plugin.jsonl" --json "$work/plugin.json" >/dev/null
"$compiled_in" score "${flags[@]}" --journal "$work/compiled.jsonl" --json "$work/compiled.json" >/dev/null
python3 - "$work/plugin.json" "$work/compiled.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
scores = lambda d: [(r["index"], r["score"], r["moves"]) for r in d["boards"]]
assert scores(a) == scores(b), (scores(a), scores(b))
print("plugin and compiled-in scores equal on", len(scores(a)), "boards:", [s for _, s, _ in scores(a)])
PY
# A library that is no plugin, and a missing file, are refused with exit 2 and the path named.
set +e
"$work/prefix/bin/ratrace" score --player-lib /usr/lib/x86_64-linux-gnu/libz.so.1 --boards 1 2>"$work/err"; code=$?
set -e
[ "$code" -eq 2 ] && grep -q "not a ratrace player plugin" "$work/err"
echo "out-of-tree player: installed, built as a plugin, loaded, scored as compiled in"
