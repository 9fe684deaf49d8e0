#!/usr/bin/env bash
# loop_models.sh <hccsim bin dir> <source> <work dir>
# Worksharing loops as kernels (rt/omp/loop_kernels.hpp): an instrumented
# run records each thread's chunk of each loop as kernel
# loop:<file>:<line> with parameter iterations; a simulation with
# HCC_SIM_LOOPS=model runs none of their iterations and charges the models,
# predicting what the measured bursts of a run-everything simulation
# predict, at the measured size and at ten times it; a loop without a model
# runs, with one line saying so; `#pragma hcc model` models one loop alone;
# a malformed HCC_SIM_LOOPS is one line.
set -euo pipefail
bin=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$bin/hccsim" -finstrument -O1 "$src" -o loops-instrument
"$bin/hccsim" -fsimulate -O1 "$src" -o loops-simulate
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$2" | head -1; }
close() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); sys.exit(0 if abs(a - b) <= 0.25 * b else 1)" "$1" "$2"; }

# 1. Instrumented, 2 threads, 64 iterations a loop: 32 per chunk of the
#    static loop (line 23), 4 per chunk of the dynamic one (line 30).
OMP_NUM_THREADS=2 HCC_MODEL_DIR=models HCC_RECORDS=records.csv ./loops-instrument 64 2 >/dev/null 2>&1
[ "$(grep -c ',loop:loops.c:23,cpu,.*,iterations=32,' records.csv)" = 4 ] || fail "static chunks: $(grep loop records.csv | head -3)"
[ "$(grep -c ',loop:loops.c:30,cpu,.*,iterations=4,' records.csv)" = 32 ] || fail "dynamic chunks: $(grep -c loops.c:30 records.csv)"
"$bin/../models/hcc-calibrate" -q --model-dir models records.csv
[ -f models/loop_loops.c_23.cpu.json ] && [ -f models/loop_loops.c_30.cpu.json ] || fail "no loop models: $(ls models)"

# 2. Simulated with the models (HCC_SIM_LOOPS=model), at the measured size and at 10 times it:
#    no iteration runs, and each loop's time is within 25 % of the bursts' (both measured here;
#    a loaded machine, CTest -j2, moves the bursts of the region runs by 15 %).
for n in 640 64; do
  run=$(HCC_MODEL_DIR=models HCC_PLATFORM=laptop ./loops-simulate $n 2 2>&1)
  model=$(HCC_SIM_LOOPS=model HCC_MODEL_DIR=models HCC_PLATFORM=laptop ./loops-simulate $n 2 2>&1)
  [ "$(field iterations "$run")" = $((4 * n)) ] || fail "n=$n, loops run: $run"
  [ "$(field iterations "$model")" = 0 ] || fail "n=$n, HCC_SIM_LOOPS=model ran iterations: $model"
  for loop in uniform growing; do
    close "$(field $loop "$model")" "$(field $loop "$run")" || fail "n=$n, $loop: model $model, bursts $run"
  done
  echo "ok: n=$n: bursts $(field uniform "$run") $(field growing "$run"), models $(field uniform "$model") $(field growing "$model")"
done

# 3. '#pragma hcc model' on the first loop alone: its iterations are not run,
#    the second loop's are (64 of them a step), and its time is its model's.
"$bin/hccsim" -fsimulate -O1 -DMODEL_UNIFORM "$src" -o loops-marked
marked=$(HCC_MODEL_DIR=models HCC_PLATFORM=laptop ./loops-marked 64 2 2>&1)
[ "$(field iterations "$marked")" = 128 ] || fail "#pragma hcc model: $marked"
close "$(field uniform "$marked")" "$(field uniform "$run")" || fail "#pragma hcc model, uniform: $marked"
echo "ok: #pragma hcc model: $(field iterations "$marked") iterations run, uniform $(field uniform "$marked")"

# 4. No model: the loops run, and the run says so once per loop.
out=$(HCC_SIM_LOOPS=model HCC_MODEL_DIR=none HCC_PLATFORM=laptop ./loops-simulate 64 1 2>&1)
[ "$(field iterations "$out")" = 128 ] || fail "without models: $out"
[ "$(grep -c "^hccsim: no model for loop 'loop:loops.c:[0-9]*' in 'none': its chunks run and are timed$" <<<"$out")" = 2 ] \
  || fail "without models, the warnings: $out"

# 5. Bad input.
out=$(HCC_SIM_LOOPS=skip ./loops-simulate 64 1 2>&1) && fail "HCC_SIM_LOOPS=skip accepted"
[ "$out" = "hccsim: error: HCC_SIM_LOOPS=skip: expected run or model" ] || fail "HCC_SIM_LOOPS=skip: $out"
echo "loop_models: ok"
