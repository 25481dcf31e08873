#!/usr/bin/env bash
# Checks that every tracked C++ file is formatted as .clang-format says, naming those that are
# not; with --fix, formats them in place instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.h')
else  # an exported tree: every C++ file outside the build folders
  mapfile -t files < <(find . \( -path './build*' -prune \) -o \( -name '*.cpp' -o -name '*.h' \) -print | sort)
fi
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run -Werror "${files[@]}" 2>/dev/null; then
  echo "format: these files differ from .clang-format (fix them with scripts/dev/check_format.sh --fix):" >&2
  for f in "${files[@]}"; do
    clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || echo "  $f" >&2
  done
  exit 1
fi
echo "format: ${#files[@]} C++ files as .clang-format says" >&2
