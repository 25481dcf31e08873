#!/usr/bin/env bash
# cmake/write_version.cmake, which runs at every build, writes the commit checked out now:
# after a new commit the version source names it (never the commit of the last configure),
# and an unchanged commit leaves the file untouched (nothing rebuilds).
# Usage: version_test.sh SOURCE_DIR
set -euo pipefail
source_dir="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git -C "$work" init -q repo
git_in_repo() { git -C "$work/repo" -c user.name=test -c user.email=test@example.com "$@"; }
write_version() {
  cmake -DTEMPLATE="$source_dir/common/version.cpp.in" -DOUTPUT="$work/version.cpp" -DSOURCE_DIR="$work/repo" \
        -DRATRACE_VERSION=9.9.9 -P "$source_dir/cmake/write_version.cmake"
}

echo one >"$work/repo/file"
git_in_repo add file
git_in_repo commit -qm one
write_version
grep -q "commit $(git_in_repo rev-parse --short=12 HEAD)\\\\n" "$work/version.cpp"
before="$(stat -c %Y "$work/version.cpp")"
sleep 1
write_version
[[ "$(stat -c %Y "$work/version.cpp")" == "$before" ]] || { echo "FAIL: rewritten without a change"; exit 1; }

echo two >"$work/repo/file"
write_version
grep -q "with uncommitted changes" "$work/version.cpp" || { echo "FAIL: uncommitted changes not shown"; exit 1; }
git_in_repo commit -qam two
write_version
grep -q "commit $(git_in_repo rev-parse --short=12 HEAD)\\\\n" "$work/version.cpp" ||
  { echo "FAIL: the new commit is not in the version source:"; cat "$work/version.cpp"; exit 1; }
echo "version: the commit is read at every build"
