#!/usr/bin/env bash
# calibration_runs.sh <capi-cholesky-sim> <work dir>
# Without a model, a simulated kernel is timed natively for its first
# HCC_SIM_CALIBRATE_RUNS runs per footprint, then replayed at their mean (with
# HCC_SIM_CALIBRATE_PRECISION=1: no more runs for an uncertain mean).
set -euo pipefail
sim=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
HCC_MODEL_DIR=$work/models HCC_RECORDS=$work/r.csv HCC_SIM_CALIBRATE_RUNS=3 HCC_SIM_CALIBRATE_PRECISION=1 HCC_WORKERS=1 \
  "$sim" 3072 512 >/dev/null 2>&1
# Records are in start order: the first 3 gemm runs are timed, the others take their mean.
awk -F, 'NR > 1 && $2 == "gemm" { d[n++] = $9 }
  END {
    if (n != 20) { print "FAIL: " n " gemm records"; exit 1 }
    mean = (d[0] + d[1] + d[2]) / 3
    for (i = 3; i < n; ++i)
      if (d[i] - mean > 1e-9 || mean - d[i] > 1e-9) { print "FAIL: run " i " took " d[i] ", not the mean " mean; exit 1 }
    print "ok: 3 timed runs, then their mean " mean
  }' "$work/r.csv"
# A precision that is not a number above 0 is one line.
bad=$(HCC_MODEL_DIR=$work/models HCC_SIM_CALIBRATE_PRECISION=0 "$sim" 1024 512 2>&1) && {
  echo "FAIL: HCC_SIM_CALIBRATE_PRECISION=0 accepted"
  exit 1
}
[ "$(grep -c . <<<"$bad")" = 1 ] && grep -q "^hccsim: error: HCC_SIM_CALIBRATE_PRECISION=0: expected a number above 0" <<<"$bad" ||
  { echo "FAIL: HCC_SIM_CALIBRATE_PRECISION=0: $bad"; exit 1; }
echo "ok: a malformed precision is one line"
