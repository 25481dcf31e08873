#!/usr/bin/env bash
# Checks the C++ format, builds everything and runs every test (unit, rule, determinism,
# conformance, bench signature), then the sanitizer build's tests and the fuzz targets
# (scripts/testing/check_robustness.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh"
"$root/scripts/dev/check_format.sh"
(cd "$root/build" && ctest --output-on-failure -j"$(nproc)" --timeout 900 "$@")
"$root/scripts/testing/check_robustness.sh"
