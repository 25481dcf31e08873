#!/usr/bin/env bash
# Bootstraps the packages, then configures and builds ratrace (Release) in build/, saying
# what it does; extra arguments go to `cmake --build` (e.g. --target ratrace).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/bootstrap.sh"
# ccache keeps every compiled object: a second clone of the tree (the README test builds one)
# compiles nothing it has seen. Paths below the tree are hashed relative to it, so the same
# file in two clones is the same entry.
export CCACHE_BASEDIR="$root"
# The test files use a precompiled header, which ccache reuses only when told that its macros
# and header times may be trusted (the tree uses no __DATE__ or __TIME__).
export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
if [ ! -f "$root/build/CMakeCache.txt" ]; then
  echo "build: configuring build/ (Release)" >&2
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
  echo "build: building (the first build takes several minutes; cmake's progress follows)" >&2
fi
# cmake's own progress lines ([ 42%] Building ...), without its "Built target" bookkeeping.
set +e
cmake --build "$root/build" -j"$(nproc)" "$@" 2>&1 | grep -v -E '^\[ *[0-9]+%\] Built target |^Consolidate compiler' >&2
status=${PIPESTATUS[0]}
set -e
exit "$status"
