#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (CTest: GoogleTest
# unit tests, runtime property tests, end-to-end simulated runs).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${HCC_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
HCC_BUILD_DIR=$build "$root/scripts/build.sh"
cd "$build"
ctest --output-on-failure -j "$(nproc)"
