#!/usr/bin/env bash
# The dependency property test through the OpenMP runtime ABI:
# omp_dag_property.c built by hccsim natively and simulated,
# run for every scheduler with 1, 2 and 4 workers.
#   omp_dag_property.sh <hccsim> <source> <work dir>
set -euo pipefail
hccsim=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
"$hccsim" -fnative -O1 "$src" -o "$work/native"
"$hccsim" -fsimulate -O1 "$src" -o "$work/sim"
for sched in eager lws prio dmda dmdas; do
  for workers in 1 2 4; do
    for build in native sim; do
      out=$(HCC_SCHED=$sched HCC_WORKERS=$workers HCC_MODEL_DIR="$work/models" "$work/$build" 60 "$workers" 2>&1) || {
        echo "$build, $sched, $workers workers: failed"; echo "$out"; exit 1; }
      grep -q '^ok 60$' <<<"$out" || { echo "$build, $sched, $workers workers:"; echo "$out"; exit 1; }
    done
  done
done
echo "ok: 5 schedulers x 1, 2, 4 workers, native and simulated"
