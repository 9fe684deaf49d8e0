#!/usr/bin/env bash
# plot.sh <capi-cholesky-sim> <hcc-plot> <work dir>: the pictures of a simulated
# run are written, and a records file without the needed columns is an error.
set -euo pipefail
sim=$1 plot=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
HCC_MODEL_DIR=$work/models HCC_RECORDS=$work/r.csv HCC_MEMORY_CSV=$work/m.csv "$sim" 2048 512 >/dev/null 2>&1
for what in schedule durations; do
  "$plot" "$what" "$work/r.csv" -o "$work/$what.png"
  [ "$(head -c 4 "$work/$what.png" | od -An -c | tr -d ' ')" = "211PNG" ] || { echo "FAIL: $what.png is not a PNG"; exit 1; }
done
"$plot" memory "$work/m.csv" "$work/m.csv" -o "$work/memory.svg"
grep -q "<svg" "$work/memory.svg" || { echo "FAIL: memory.svg is not an SVG"; exit 1; }
if out=$("$plot" schedule "$work/m.csv" -o "$work/x.png" 2>&1); then echo "FAIL: accepted a memory file as records"; exit 1; fi
[[ "$out" == "hcc-plot: $work/m.csv: missing column(s) end, kernel, start, worker" ]] || { echo "FAIL: message: $out"; exit 1; }
echo "ok: pictures written"
