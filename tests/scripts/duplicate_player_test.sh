#!/usr/bin/env bash
# Two players with one name: every command stops at start-up with exit code 2 and a message
# naming the player and both files; --help and --version still work.
# Usage: duplicate_player_test.sh RATRACE_BUILD_WITH_A_DUPLICATE
set -uo pipefail
ratrace="$1"
failures=0

out="$("$ratrace" players 2>&1)"
code=$?
if [[ $code -ne 2 ]]; then
  echo "FAIL: 'players' exited $code, expected 2"; failures=$((failures + 1))
fi
for text in "two players are named 'Blind Faith'" "players/blind_faith.cpp" "tests/fixtures/duplicate_player.cpp"; do
  if ! grep -qF "$text" <<<"$out"; then
    echo "FAIL: the message lacks '$text':"; echo "$out"; failures=$((failures + 1))
  fi
done
if grep -q "terminate\|logic_error" <<<"$out"; then
  echo "FAIL: an uncaught exception:"; echo "$out"; failures=$((failures + 1))
fi
for flag in --help --version; do
  "$ratrace" "$flag" >/dev/null 2>&1 || { echo "FAIL: $flag exited $?"; failures=$((failures + 1)); }
done

[[ $failures -eq 0 ]] && echo "duplicate player name: reported, exit code 2"
exit $((failures > 0))
