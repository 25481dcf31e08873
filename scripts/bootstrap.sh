#!/usr/bin/env bash
# Installs the Debian packages ratrace builds with, only those missing; silent when all are there.
set -euo pipefail
packages=(cmake g++ make libtbb-dev nlohmann-json3-dev libspdlog-dev libgtest-dev libcli11-dev
          libbenchmark-dev python3 python3-matplotlib clang libclang-rt-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "bootstrap: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
