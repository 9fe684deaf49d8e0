#!/usr/bin/env bash
# The main job: install, build, then predict the run of the tiled Cholesky
# example on a machine by simulation.
#   1. a short instrumented native run calibrates the kernel models
#      (HCC_MODE=instrument writes them to the model directory);
#   2. a simulated run of a larger Cholesky on the chosen platform prints the
#      predicted makespan and memory peak.
#
#   scripts/main-job.sh [platform] [N] [NB]    (defaults: laptop 16384 512)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${HCC_BUILD_DIR:-$root/build}
platform=${1:-laptop}
n=${2:-16384}
nb=${3:-512}
"$root/scripts/install-deps.sh"
HCC_BUILD_DIR=$build "$root/scripts/build.sh"

work=$build/main-job
mkdir -p "$work"
export HCC_MODEL_DIR=$work/models HCC_SCHED=dmda
echo "== calibrating kernel models (instrumented native run, N=4096 NB=$nb)"
HCC_MODE=instrument HCC_RECORDS=$work/calibration.csv "$build/examples/cholesky-native" 4096 "$nb"
echo "== simulating Cholesky N=$n NB=$nb on platform '$platform'"
HCC_PLATFORM=$platform HCC_RECORDS=$work/simulated.csv HCC_TRACE_PAJE=$work/simulated.paje \
  HCC_TRACE_CHROME=$work/simulated.json "$build/examples/cholesky-sim" "$n" "$nb"
echo "== records, Paje and Chrome traces in $work"
