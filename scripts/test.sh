#!/usr/bin/env bash
# Builds everything and runs every test (unit, rule, determinism, conformance, bench signature),
# then the sanitizer build's tests and the fuzz targets (scripts/check_robustness.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh"
(cd "$root/build" && ctest --output-on-failure -j"$(nproc)" --timeout 900 "$@")
"$root/scripts/check_robustness.sh"
