#!/usr/bin/env bash
# Installs every Debian (bookworm) package hccsim needs to build, test and benchmark.
# Idempotent: packages already present are skipped. Works as root or through sudo.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config python3 python3-matplotlib git time
  clang-19 libclang-19-dev libclang-rt-19-dev llvm-19-dev llvm-19-tools libomp-19-dev
  libsimgrid-dev simgrid
  libeigen3-dev nlohmann-json3-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libopenblas-dev liblapacke-dev
  libopenmpi-dev openmpi-bin
  libstarpu-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
