#!/usr/bin/env bash
# Installs the Debian packages ratrace builds with, only those missing; quiet when all are there.
set -euo pipefail
packages=(cmake g++ make libtbb-dev nlohmann-json3-dev libspdlog-dev libgtest-dev libcli11-dev libxxhash-dev
          libbenchmark-dev libboost-math-dev libopenmpi-dev openmpi-bin python3 python3-matplotlib
          python3-jsonschema chromium librsvg2-bin clang clang-format libclang-rt-dev pybind11-dev python3-pybind11
          python3-tqdm python3-numpy python3-numba python3-pip python3-setuptools ccache)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "bootstrap: updating the package lists (apt-get update)" >&2
$sudo apt-get update -qq
echo "bootstrap: installing packages: ${missing[*]} (a minute or two)" >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "bootstrap: done" >&2
