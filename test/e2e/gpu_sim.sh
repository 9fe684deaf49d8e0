#!/usr/bin/env bash
# gpu_sim.sh <gpu_sim (linked with hccrt-sim)> <work dir>
# What a simulation charges on a GPU, in makespans that differ by exact
# amounts: a kernel's first run on a GPU worker takes its first-run model;
# HCC_PIN=1 page-locks each datum once, at the platform's cost per MiB; a
# dmda GPU worker brings the next queued task's input while its kernel runs
# (eager, which queues nothing for one worker, does not).
set -euo pipefail
# Simulations charge tasks only here (HCC_SIM_BURSTS=off): with the program's
# own code measured as CPU bursts, two simulations differ by the host's timing
# (test/e2e/bursts/ tests the bursts).
export HCC_SIM_BURSTS=off
sim=$1 work=$2
rm -rf "$work" && mkdir -p "$work/models" "$work/first"
fail() { echo "FAIL: $*"; exit 1; }
model() { # model <dir> <kernel> <seconds>
  cat > "$1/$2.cuda.json" <<JSON
{"schema_version":1,"kernel":"$2","arch":"cuda","entries":[{"footprint":"$footprint","size_bytes":1048576,
 "count":10,"mean":$3,"m2":0,"min":$3,"max":$3,"samples":[],"histogram":{"edges":[],"counts":[]}}]}
JSON
}
cat > "$work/platform.xml" <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="z" routing="Full">
    <host id="CPU" speed="1Gf" core="1">
      <prop id="hcc.kind" value="cpu"/>
      <prop id="hcc.pinned_alloc_per_mib" value="0.1"/>
      <prop id="hcc.transfer_queue_cost" value="0"/>
    </host>
    <host id="CUDA0" speed="1Gf">
      <prop id="hcc.kind" value="gpu"/>
      <prop id="hcc.alloc_cost" value="0"/>
      <prop id="hcc.free_cost" value="0"/>
    </host>
    <link id="bus" bandwidth="100GBps" latency="0"/>
    <link id="up" bandwidth="1GBps" latency="0"/>
    <link id="down" bandwidth="1GBps" latency="0"/>
    <route src="CPU" dst="CUDA0" symmetrical="NO"><link_ctn id="up"/><link_ctn id="bus"/></route>
    <route src="CUDA0" dst="CPU" symmetrical="NO"><link_ctn id="down"/><link_ctn id="bus"/></route>
  </zone>
</platform>
XML
# The footprint of a task on one 1 MiB datum: the error of a simulation
# without its model names it.
footprint=$( (HCC_PLATFORM=$work/platform.xml HCC_MODEL_DIR=$work/models HCC_WORKERS=0 "$sim" 1 indep 2>&1 || true) |
  sed -n "s/.*no model for kernel 'k' on cuda (footprint \(0x[0-9a-f]*\)).*/\1/p")
[ -n "$footprint" ] || fail "no footprint in the missing-model error"
model "$work/models" k 0.01
cp "$work/models/k.cuda.json" "$work/first/"
model "$work/first" k.first-run 0.5

makespan() { # makespan <model dir> <sched> <N> <pattern> [env...]
  local dir=$1 sched=$2 n=$3 pattern=$4; shift 4
  env HCC_PLATFORM="$work/platform.xml" HCC_MODEL_DIR="$dir" HCC_SCHED="$sched" HCC_WORKERS=0 "$@" \
    "$sim" "$n" "$pattern" 2>&1 >/dev/null | sed -n 's/^hccsim: mode=simulate makespan=\([0-9.]*\) .*/\1/p'
}
expect_diff() { # expect_diff <what> <a> <b> <a - b wanted>
  python3 -c "import sys; a, b, w = map(float, sys.argv[1:]); sys.exit(abs((a - b) - w) > 2e-6)" "$2" "$3" "$4" ||
    fail "$1: $2 - $3 is not $4"
  echo "ok: $1: $2 - $3 = $4"
}
base=$(makespan "$work/models" eager 5 chain)
[ -n "$base" ] || fail "no summary line"
expect_diff "first run of a kernel on the GPU" "$(makespan "$work/first" eager 5 chain)" "$base" 0.49
expect_diff "HCC_PIN=1: 1 MiB page-locked once" "$(makespan "$work/models" eager 5 chain HCC_PIN=1)" "$base" 0.1
one=$(makespan "$work/models" dmda 1 indep)
expect_diff "dmda: the second input arrives during the first kernel" "$(makespan "$work/models" dmda 2 indep)" "$one" 0.01
eager_two=$(makespan "$work/models" eager 2 indep)
python3 -c "import sys; a, b = map(float, sys.argv[1:]); sys.exit(not a - b > 0.01 + 1e-4)" "$eager_two" "$one" ||
  fail "eager: 2 tasks $eager_two against 1 task $one: expected a second transfer on the critical path"
echo "ok: eager: 2 tasks $eager_two s, 1 task $one s (no prefetch)"
