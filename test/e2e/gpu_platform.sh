#!/usr/bin/env bash
# gpu_platform.sh <gpu_platform> <dag_property_sim> <work dir>
# A platform file written as hcc-calibrate --platform writes it for a machine
# with GPUs loads in the simulator, which runs CPU and GPU workers on it and
# moves data over its links (random task graphs, checked against their
# sequential dependencies).
set -euo pipefail
gen=$1 sim=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
"$gen" > "$work/platform.xml"
HCC_PLATFORM=$work/platform.xml HCC_WORKERS=2 HCC_SCHED=dmda HCC_MODEL_DIR=$work/models \
  HCC_RECORDS=$work/records.csv "$sim" 20 5 --gpu > "$work/out" 2>&1 || { cat "$work/out"; exit 1; }
workers=$(grep -o 'workers=[0-9]*' "$work/out" | sort -u)
[ "$workers" = "workers=4" ] || { echo "FAIL: expected 2 CPU + 2 GPU workers, got '$workers'"; cat "$work/out"; exit 1; }
cuda=$(awk -F, 'NR > 1 && $3 == "cuda"' "$work/records.csv" | wc -l)
[ "$cuda" -gt 0 ] || { echo "FAIL: no task ran on a GPU"; exit 1; }
echo "ok: $cuda GPU tasks on the calibrated 2-GPU platform"
