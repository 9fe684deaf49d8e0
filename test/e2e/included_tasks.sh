#!/usr/bin/env bash
# included_tasks.sh <hccsim bin dir> <final.c> <work dir>
# Tasks included in a final task run when created; what the runtime does
# for each besides its body (hcc.included, rt/core/runtime_costs.hpp) is
# measured by an instrumented run and charged by a simulation: without
# bursts (deterministic), 1,000 included tasks at 1 us each make the
# simulated run 1 ms long, and nothing without the model.
set -euo pipefail
bin=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work/models" "$work/measured" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$bin/hccsim" -finstrument -O1 "$src" -o final-instrument
"$bin/hccsim" -fsimulate -O1 "$src" -o final-simulate

out=$(OMP_NUM_THREADS=2 HCC_MODEL_DIR=measured ./final-instrument 2>/dev/null)
[ "$out" = "included=1000" ] || fail "instrumented: $out"
[ -f measured/hcc.included.cpu.json ] || fail "the instrumented run wrote no hcc.included model"
python3 - measured/hcc.included.cpu.json <<'PY' || fail "hcc.included model: $(cat measured/hcc.included.cpu.json)"
import json, sys
e = json.load(open(sys.argv[1]))["entries"][0]
sys.exit(0 if e["count"] > 0 and 0 <= e["mean"] < 1e-4 else 1)
PY

makespan() { # makespan <model dir>: the simulated run's makespan
  local err
  err=$(HCC_SIM_BURSTS=off HCC_MODEL_DIR=$1 HCC_PLATFORM=laptop ./final-simulate 2>&1 >/dev/null)
  [[ "$err" =~ makespan=([0-9.]+) ]] || fail "no makespan in: $err"
  echo "${BASH_REMATCH[1]}"
}
none=$(makespan models)
cat > models/hcc.included.cpu.json <<JSON
{"schema_version":1,"kernel":"hcc.included","arch":"cpu","entries":[{"footprint":"0x0000000000000000","size_bytes":0,
 "count":10,"mean":1e-6,"m2":0,"min":1e-6,"max":1e-6,"samples":[],"histogram":{"edges":[],"counts":[]}}]}
JSON
charged=$(makespan models)
python3 -c "import sys; n, c = float('$none'), float('$charged'); sys.exit(0 if n < 1e-4 and abs(c - n - 1e-3) < 1e-5 else 1)" \
  || fail "makespan $none without the model, $charged with 1 us per included task (expected 1 ms more)"
echo "ok: makespan $none without hcc.included, $charged with 1 us per included task"
