#!/usr/bin/env bash
# determinism.sh <capi-cholesky-native> <capi-cholesky-sim> <dag_property_sim> <work dir>
# Two simulations with the same program, inputs, platform, models and seed
# must write byte-identical records and traces; a different seed must change
# them when durations are sampled from histograms (so the comparison can fail).
set -euo pipefail
# Simulations charge tasks only here (HCC_SIM_BURSTS=off): with the program's
# own code measured as CPU bursts, two simulations differ by the host's timing
# (test/e2e/bursts/ tests the bursts).
export HCC_SIM_BURSTS=off
native=$1 sim=$2 dag=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
export HCC_MODEL_DIR=$work/models
HCC_MODE=instrument HCC_RECORDS=$work/calibration.csv HCC_WORKERS=2 "$native" 1024 256 >/dev/null 2>&1

run() {  # run <name> <seed> <program and args...>
  local name=$1 seed=$2
  shift 2
  HCC_SEED=$seed HCC_RECORDS=$work/$name.csv HCC_TRACE_PAJE=$work/$name.paje \
    HCC_TRACE_CHROME=$work/$name.json HCC_MEMORY_CSV=$work/$name.mem.csv "$@" >/dev/null 2>"$work/$name.err"
}
same() {  # same <a> <b>: every output identical
  for ext in csv paje json mem.csv; do
    cmp "$work/$1.$ext" "$work/$2.$ext" || { echo "FAIL: $1.$ext and $2.$ext differ"; exit 1; }
  done
}

export HCC_SIM_MODEL=histogram HCC_SCHED=dmdas HCC_WORKERS=4
run a 7 "$sim" 4096 256
run b 7 "$sim" 4096 256
same a b
run c 8 "$sim" 4096 256
if cmp -s "$work/a.csv" "$work/c.csv"; then echo "FAIL: another seed gave the same schedule"; exit 1; fi

# Simulated GPUs: transfers, replicas and the memory curve as well.
unset HCC_SIM_MODEL
HCC_PLATFORM=mirage HCC_MODEL_DIR=$work/dag-models run g1 0 "$dag" 50 3 --gpu
HCC_PLATFORM=mirage HCC_MODEL_DIR=$work/dag-models run g2 0 "$dag" 50 3 --gpu
same g1 g2
grep -q '"transfer' "$work/g1.json" || { echo "FAIL: no transfer in the GPU trace"; exit 1; }
echo "ok: $(wc -l < "$work/a.csv") task records and traces identical across runs"
