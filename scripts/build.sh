#!/usr/bin/env bash
# Bootstraps the packages, then configures and builds ratrace (Release) in build/, saying
# what it does; extra arguments go to `cmake --build` (e.g. --target ratrace).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/bootstrap.sh"
# The configuration compiles through ccache when it is installed (CMakeLists.txt).
if [ ! -f "$root/build/CMakeCache.txt" ]; then
  echo "build: configuring build/ (Release)" >&2
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  echo "build: building (the first build takes several minutes; cmake's progress follows)" >&2
fi
# cmake's own progress lines ([ 42%] Building ...), without its "Built target" bookkeeping.
set +e
cmake --build "$root/build" -j"$(nproc)" "$@" 2>&1 | grep -v -E '^\[ *[0-9]+%\] Built target |^Consolidate compiler' >&2
status=${PIPESTATUS[0]}
set -e
exit "$status"
