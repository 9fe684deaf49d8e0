#!/usr/bin/env bash
# short_tasks.sh <hccsim bin dir> <leaves.c> <work dir>
# Short tasks run on their creating thread (rt/core/short_tasks.hpp). In a
# simulation from fixed models without bursts (deterministic): once each
# kind has been timed (eight runs of it, a worker timing one run in
# sixteen), every tiny
# task (50 ns, creating none) runs on the thread that created it, and no
# long one (20 us) does; with HCC_INLINE_TASKS=0 the idle thread of the
# team takes the tiny ones too. Natively the program computes the same.
# A recursion's short tasks (recursion.c) go to a worker that looks for work
# only from the upper half of the tree (its deep tasks are its smallest):
# simulated without bursts (deterministic), some tasks change threads and
# none of the deeper half does. A kind whose runs are mostly links of a
# chain (comb.c) is short by its leaves.
set -euo pipefail
bin=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work/models" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$bin/hccsim" -fnative -O1 "$src" -o leaves-native
"$bin/hccsim" -fsimulate -O1 "$src" -o leaves-simulate
model() { # model <kernel> <footprint> <seconds>
  cat > "models/$1.cpu.json" <<JSON
{"schema_version":1,"kernel":"$1","arch":"cpu","entries":[{"footprint":"$2","size_bytes":0,
 "count":10,"mean":$3,"m2":0,"min":$3,"max":$3,"samples":[],"histogram":{"edges":[],"counts":[]}}]}
JSON
}
model tiny 0xcbf29ce484222325 50e-9
model long_one 0xcbf29ce484222325 20e-6
model hcc.task 0x0000000000000000 50e-9
model hcc.submit 0x0000000000000000 100e-9
model hcc.inline 0x0000000000000000 50e-9

native=$(OMP_NUM_THREADS=2 ./leaves-native 2>/dev/null)
[[ "$native" =~ ^tiny=4000\ on_creator=[0-9]+\ long=200\ on_creator=[0-9]+$ ]] || fail "native: $native"

# Without bursts: the program's own code would be measured, and its time
# moves a task or two from one thread to the other.
run() { env "$@" HCC_SIM_BURSTS=off HCC_MODEL_DIR=models HCC_PLATFORM=laptop ./leaves-simulate 2>/dev/null; }
first=$(run) second=$(run) off=$(run HCC_INLINE_TASKS=0)
[ "$first" = "$second" ] || fail "two simulations differ: '$first' and '$second'"
# 4000 tiny tasks less the 129 the other thread ran before the kind was
# known (8 timed runs, one in sixteen timed: 128, and one the idle thread
# had taken meanwhile).
[ "$first" = "tiny=4000 on_creator=3871 long=200 on_creator=0" ] || fail "simulated: $first"
[[ "$off" =~ ^tiny=4000\ on_creator=([0-9]+)\ long=200 ]] && [ "${BASH_REMATCH[1]}" -lt 2000 ] \
  || fail "HCC_INLINE_TASKS=0: $off"

"$bin/hccsim" -fnative -O1 "${src%/*}/recursion.c" -o recursion-native
"$bin/hccsim" -fsimulate -O1 "${src%/*}/recursion.c" -o recursion-simulate
rec_native=$(OMP_NUM_THREADS=2 ./recursion-native 12 2>/dev/null)
[[ "$rec_native" =~ ^recursion:\ depth=12\ tasks=8191\ handed= ]] || fail "recursion native: $rec_native"
rec() { HCC_SIM_BURSTS=off HCC_MODEL_DIR=models HCC_PLATFORM=laptop ./recursion-simulate 12 2>/dev/null; }
rec_first=$(rec) rec_second=$(rec)
[ "$rec_first" = "$rec_second" ] || fail "two simulations of the recursion differ: '$rec_first' and '$rec_second'"
[[ "$rec_first" =~ ^recursion:\ depth=12\ tasks=8191\ handed=([0-9]+)\ deep_half=0$ ]] && [ "${BASH_REMATCH[1]}" -gt 0 ] \
  || fail "recursion simulated: $rec_first"
# An instrumented run times its looking worker's rounds (hcc.look, hcc.scan:
# rt/core/runtime_costs.hpp); with those models a simulated idle worker sees
# the others' queues when a native one would scan them, each scan taking
# its time before it sees them, and takes a queue's only task at its second
# sight, not at its push: fewer tasks change threads (natively none to a few
# here; 50 without the models, 11 with scans that saw the queues at their
# start), the same in two simulations.
"$bin/hccsim" -finstrument -O1 "${src%/*}/recursion.c" -o recursion-instrument
OMP_NUM_THREADS=2 HCC_MODEL_DIR=measured ./recursion-instrument 12 >/dev/null 2>&1
python3 - measured <<'PY' || exit 1
import json, sys
for name in ("hcc.look", "hcc.scan"):
    e = json.load(open(f"{sys.argv[1]}/{name}.cpu.json"))["entries"][0]
    if not (e["count"] >= 1 and 1e-9 < e["mean"] < 10e-6):
        sys.exit(f"FAIL: {name}: count {e['count']}, mean {e['mean']} s")
PY
cp -r models scanning
python3 "$(dirname "$0")/../lit/e2e/Inputs/write_cost_model.py" scanning hcc.look 50e-9 hcc.scan 100e-9
scan() { HCC_SIM_BURSTS=off HCC_MODEL_DIR=scanning HCC_PLATFORM=laptop ./recursion-simulate 12 2>/dev/null; }
scan_first=$(scan) scan_second=$(scan)
[ "$scan_first" = "$scan_second" ] || fail "two simulations with hcc.scan differ: '$scan_first' and '$scan_second'"
[[ "$rec_first" =~ handed=([0-9]+) ]] && at_push=${BASH_REMATCH[1]}
[[ "$scan_first" =~ ^recursion:\ depth=12\ tasks=8191\ handed=([0-9]+)\ deep_half=0$ ]] &&
  [ "${BASH_REMATCH[1]}" -lt "$at_push" ] && [ "${BASH_REMATCH[1]}" -le 5 ] ||
  fail "recursion simulated with hcc.scan: $scan_first (without: $rec_first)"
# A kind whose runs are mostly links holding the rest of their chain
# (comb.c) is short by its leaves: simulated without bursts, the leaves run
# on their creator at once from the first timed ones on, those deep in the
# chain at least (460 of 1000; 6 when every run counted, links and leaves).
"$bin/hccsim" -fnative -O1 "${src%/*}/comb.c" -o comb-native
"$bin/hccsim" -fsimulate -O1 "${src%/*}/comb.c" -o comb-simulate
comb_native=$(OMP_NUM_THREADS=2 ./comb-native 2>/dev/null)
[[ "$comb_native" =~ ^comb:\ links=4010\ leaves=1000\ at_once= ]] || fail "comb native: $comb_native"
comb() { HCC_SIM_BURSTS=off HCC_MODEL_DIR=models HCC_PLATFORM=laptop ./comb-simulate 2>/dev/null; }
comb_first=$(comb) comb_second=$(comb)
[ "$comb_first" = "$comb_second" ] || fail "two simulations of the comb differ: '$comb_first' and '$comb_second'"
[[ "$comb_first" =~ ^comb:\ links=4010\ leaves=1000\ at_once=([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -ge 250 ] \
  || fail "comb simulated: $comb_first"
echo "ok: native '$native'; simulated '$first'; without short tasks on their creator '$off'; recursion '$rec_first'," \
  "with the looking worker's rounds '$scan_first'; comb '$comb_first'"
