#!/usr/bin/env bash
# The main job: install, build, then predict the run of the tiled Cholesky
# example (examples/cholesky/cholesky.c, plain OpenMP) on a machine by
# simulation:
#   1. the program is compiled with `hccsim -finstrument` and run natively at
#      a modest size: it checks its residual and writes the kernel models
#      (one per kernel and tile size) to the model directory;
#   2. the same source is compiled with `hccsim -fsimulate` and run at the
#      requested size on the chosen platform: the last line it prints is the
#      predicted makespan.
#
#   scripts/main-job.sh [platform] [N] [NB]    (defaults: laptop 16384 512)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${HCC_BUILD_DIR:-$root/build}
platform=${1:-laptop}
n=${2:-16384}
nb=${3:-512}
if ! [[ "$n" =~ ^[0-9]+$ && "$nb" =~ ^[0-9]+$ ]] || [ "$nb" -eq 0 ] || [ $((n % nb)) -ne 0 ]; then
  echo "usage: $0 [platform] [N] [NB] with N a positive multiple of NB" >&2
  exit 2
fi
"$root/scripts/install-deps.sh"
HCC_BUILD_DIR=$build "$root/scripts/build.sh"

hccsim=$build/bin/hccsim
src=$root/examples/cholesky/cholesky.c
work=$build/main-job
rm -rf "$work/models"
mkdir -p "$work"
export HCC_MODEL_DIR=$work/models HCC_SCHED=dmda
# Calibration size: about 4096, a multiple of NB, at least 4 tiles per side.
cal_n=$((4096 / nb * nb))
[ "$cal_n" -ge $((4 * nb)) ] || cal_n=$((4 * nb))

echo "== compiling $src (hccsim -finstrument, hccsim -fsimulate)"
"$hccsim" -finstrument -O2 "$src" -llapacke -lopenblas -lm -o "$work/cholesky-instrument"
"$hccsim" -fsimulate -O2 "$src" -llapacke -lopenblas -lm -o "$work/cholesky-simulate"
echo "== calibrating kernel models (instrumented native run, N=$cal_n NB=$nb)"
HCC_RECORDS=$work/calibration.csv "$work/cholesky-instrument" "$cal_n" "$nb"
echo "== simulating Cholesky N=$n NB=$nb on platform '$platform'"
status=0
# The tiles are folded (HCC_FOLD_THRESHOLD=1M): the kernels that read them
# are simulated from their models, so a large N needs no memory for them.
HCC_FOLD_THRESHOLD=1M HCC_PLATFORM=$platform HCC_RECORDS=$work/simulated.csv HCC_TRACE_PAJE=$work/simulated.paje \
  HCC_TRACE_CHROME=$work/simulated.json "$work/cholesky-simulate" "$n" "$nb" 2> "$work/simulated.err" || status=$?
grep -v '^hccsim: mode=' "$work/simulated.err" >&2 || true
[ "$status" -eq 0 ] || exit "$status"
echo "== models in $HCC_MODEL_DIR; records, Paje and Chrome traces in $work"
# The prediction, last.
grep '^hccsim: mode=simulate' "$work/simulated.err"
