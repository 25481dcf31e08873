#!/usr/bin/env bash
# The sanitizer and fuzzing part of CI (scripts/test.sh runs it after the Release tests):
# 1. builds everything with clang, AddressSanitizer and UndefinedBehaviorSanitizer in
#    build-asan/ and runs the test suite there. This build is also the one without MPI and
#    without Google Benchmark (both optional): it proves the project builds without them, and
#    LeakSanitizer would report Open MPI's own allocations. It has no Python module, no plugin
#    example and no README test (cmake/user_tests.cmake, python/CMakeLists.txt): an
#    uninstrumented python3 cannot load a sanitized module, nor the system compiler link one.
#    Tests that add nothing here are left to the Release build: the bench signatures (they
#    replay the fixed benchmark, ~15x slower under ASan; the sanitizers see the same code
#    through the determinism and player tests), the whole-result identity across thread counts
#    (the same engine again, 55 s here), the reliability probe (it tests kills, signals and
#    inputs of the programs, not memory; a crashing plugin is its case, which ASan reports as a
#    crash of its own), and menace's memory bound and live progress line (ASan's shadow memory and
#    slowness are what they would measure);
# 2. runs each libFuzzer target (tests/fuzz: track file, config file, journal, --set, numbers) for
#    RATRACE_FUZZ_SECONDS (default 20) seconds from its committed corpus. A crash, a hang
#    (over 10 s on one input), a sanitizer report or a silently accepted bad input (the
#    targets abort on those) fails CI; the input is saved in build-asan/fuzz-<target>/.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$root/build-asan"
seconds="${RATRACE_FUZZ_SECONDS:-20}"
jobs="$(nproc)"

echo "== sanitizer build (clang, ASan + UBSan) in build-asan/" >&2
# Compiled through ccache when it is installed (CMakeLists.txt): building again in the same
# folder recompiles only what changed (a clone in another folder misses: with debug lines ccache
# hashes the folder).
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DRATRACE_FUZZ=ON -DRATRACE_MPI=OFF -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
  -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
  >/dev/null
cmake --build "$build" -j"$jobs"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
echo "== test suite under ASan + UBSan" >&2
(cd "$build" && ctest --output-on-failure -j"$jobs" --timeout 900 \
  -E '^(bench_signature.*|result_file_same_for_any_thread_count|reliability_probe|MenaceTrain\.(MemoryAndCurveSizeDoNotGrowWithTheGames|OnATerminalALiveProgressLineShows))$')

echo "== fuzzing, ${seconds} s per target" >&2
total=0
for target in track config journal set number; do
  work="$build/fuzz-$target"
  rm -rf "$work" && mkdir -p "$work"
  log="$work/log.txt"
  # New inputs go to $work; the committed corpus is only read.
  if ! (cd "$work" && "$build/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
          -print_final_stats=1 "$work" "$root/tests/fuzz/corpus/$target" >"$log" 2>&1); then
    tail -n 60 "$log" >&2
    echo "fuzz_$target FAILED: the input is in $work (crash-*, timeout-*, oom-*)" >&2
    exit 1
  fi
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
  total=$((total + runs))
  echo "fuzz_$target: $runs inputs, no crash, hang or silent acceptance" >&2
done
echo "fuzzing: $total inputs in total" >&2
