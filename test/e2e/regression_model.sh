#!/usr/bin/env bash
# regression_model.sh <capi-cholesky-sim> <work dir>
# A simulated kernel takes the duration its regression gives for the task's
# parameters (here T = 1e-4 + c * NB^3, c per kernel), whatever its data sizes.
set -euo pipefail
# Simulations charge tasks only here (HCC_SIM_BURSTS=off): with the program's
# own code measured as CPU bursts, two simulations differ by the host's timing
# (test/e2e/bursts/ tests the bursts).
export HCC_SIM_BURSTS=off
sim=$1 work=$2
rm -rf "$work" && mkdir -p "$work/models"
declare -A c=([init]=1e-10 [potrf]=3e-10 [trsm]=5e-10 [syrk]=5e-10 [gemm]=1e-9)
for k in "${!c[@]}"; do
  cat > "$work/models/$k.cpu.json" <<JSON
{"schema_version":1,"kernel":"$k","arch":"cpu",
 "regression":{"terms":["1","NB^3"],"coef":[1e-4,${c[$k]}],"ci_low":[1e-4,${c[$k]}],"ci_high":[1e-4,${c[$k]}],
               "r2":1,"adj_r2":1,"cv_rmse":0,"n":10},
 "entries":[]}
JSON
done
HCC_MODEL_DIR=$work/models HCC_RECORDS=$work/r.csv "$sim" 1536 256 >/dev/null 2>"$work/err"
if grep -q "no model" "$work/err"; then echo "FAIL: a kernel was timed natively"; cat "$work/err"; exit 1; fi
# Every record's duration equals the model's value for NB=256.
awk -F, -v init=1e-10 -v potrf=3e-10 -v trsm=5e-10 -v syrk=5e-10 -v gemm=1e-9 '
  NR > 1 {
    c = ($2 == "init") ? init : ($2 == "potrf") ? potrf : ($2 == "trsm" || $2 == "syrk") ? trsm : gemm
    want = 1e-4 + c * 256 * 256 * 256
    if ($12 != "NB=256" || ($9 - want) > 1e-9 || (want - $9) > 1e-9) { print "FAIL: " $0 " want " want; bad = 1 }
    n++
  }
  END { if (bad || n != 77) { print "FAIL: " n " records"; exit 1 } print "ok: " n " durations from the regression" }' "$work/r.csv"
