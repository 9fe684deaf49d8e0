#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (CTest: GoogleTest
# unit tests, runtime property tests, lit tests, end-to-end simulated runs),
# then the sanitizer jobs: an ASan+UBSan build with the libFuzzer targets
# (build-asan/, clang-19) that runs the runtime, model and rewriter tests
# (label sanitize, reduced sizes) and a short run of every fuzzer (label
# fuzz); and a ThreadSanitizer build of the runtime's tests only
# (build-tsan/, target tsan-tests) that runs them (label tsan).
# HCC_SKIP_SANITIZE=1 skips both jobs. See test/README.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${HCC_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
HCC_BUILD_DIR=$build "$root/scripts/build.sh"
(cd "$build" && ctest --output-on-failure -j "$(nproc)")

if [ "${HCC_SKIP_SANITIZE:-0}" != 1 ]; then
  asan=${HCC_ASAN_BUILD_DIR:-$root/build-asan}
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DHCC_SANITIZE=address,undefined -DHCC_FUZZ=ON -DHCC_BUILD_BENCH=OFF >/dev/null
  cmake --build "$asan" -j "$(nproc)"
  (cd "$asan" && ctest --output-on-failure -j "$(nproc)" -L 'sanitize|fuzz')

  tsan=${HCC_TSAN_BUILD_DIR:-$root/build-tsan}
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$tsan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DHCC_SANITIZE=thread -DHCC_BUILD_BENCH=OFF >/dev/null
  cmake --build "$tsan" -j "$(nproc)" --target tsan-tests
  (cd "$tsan" && ctest --output-on-failure -j "$(nproc)" -L tsan)
fi
