#!/usr/bin/env bash
# Installs this build into a prefix inside the build folder, builds the out-of-tree example
# player against it with find_package(ratrace), and plays it through the full command line.
# Usage: out_of_tree_test.sh BUILD_DIR EXAMPLE_SOURCE_DIR
set -euo pipefail
build="$1"
example="$2"
work="$build/out_of_tree_test"
rm -rf "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -x "$work/prefix/bin/ratrace"
test -f "$work/prefix/share/ratrace/plot_sweep.py"
test -f "$work/prefix/include/ratrace/controller/player.h"
cmake -S "$example" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/build" -j2 >/dev/null
"$work/build/my_ratrace" players | grep -q "Stripe Follower"
"$work/build/my_ratrace" score --player "Stripe Follower" --boards 2 --set turns=100 --threads 1 \
  --journal "$work/journal.jsonl" | grep -q "geometric mean"
echo "out-of-tree player: installed, built against the package, played"
