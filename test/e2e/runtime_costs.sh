#!/usr/bin/env bash
# runtime_costs.sh <runtime_costs-native> <runtime_costs-sim> <work dir>
# Instrumented runs measure the runtime's own costs (hcc.submit, hcc.task
# model files); simulations charge them as CPU work on the simulated host,
# sharing its cores with the kernels.
set -euo pipefail
# Simulations charge tasks only here (HCC_SIM_BURSTS=off): with the program's
# own code measured as CPU bursts, two simulations differ by the host's timing
# (test/e2e/bursts/ tests the bursts).
export HCC_SIM_BURSTS=off
# Every event timed, to count them (instrumented runs time one in 16 by
# default: instrument_sampling.sh).
export HCC_INSTRUMENT_SAMPLING=all
native=$1 sim=$2 work=$3
rm -rf "$work" && mkdir -p "$work/measured" "$work/models"
fail() { echo "FAIL: $*"; exit 1; }

# 1. Instrumented runs of 5 tasks (1 ms each) on 1 worker. Submitted at once:
#    one submission cost per task (each hcc_submit from its entry: the
#    program's code between them is a CPU burst; the first, cold, can take
#    over a millisecond on a loaded machine and is then taken for a
#    preemption and not kept), one worker cost per pair of kernels run
#    back to back (at most 4), in its two parts (hcc.task, hcc.taskstart). Submitted 5 ms apart: the worker waits for
#    each task and is woken for it (the first may find it already there; on
#    a loaded machine, a 5 ms sleep of the submitter can end late and the
#    worker then finds more tasks waiting: 1 wake-up at least). The worker
#    parks after looking 1 ms (KMP_BLOCKTIME; by default it looks 200 ms,
#    as libomp's threads, and is never woken here).
HCC_MODE=instrument HCC_WORKERS=1 HCC_MODEL_DIR=$work/measured "$native" 5 2>/dev/null
KMP_BLOCKTIME=1 HCC_MODE=instrument HCC_WORKERS=1 HCC_MODEL_DIR=$work/measured-paused "$native" 5 5 2>/dev/null
HCC_MODE=instrument HCC_WORKERS=1 HCC_MODEL_DIR=$work/measured-looking "$native" 5 5 2>/dev/null
[ ! -e "$work/measured-looking/hcc.wakeup.cpu.json" ] || fail "a worker idle 5 ms parked within the default blocktime (200 ms)"
python3 - "$work" <<'PY' || exit 1
import json, sys
for dir, name, low, high, limit in (("measured", "hcc.submit", 4, 5, 1e-3), ("measured", "hcc.task", 1, 4, 1e-3),
                                    ("measured", "hcc.taskstart", 1, 4, 1e-3),
                                    ("measured-paused", "hcc.wakeup", 1, 5, 5e-3)):
    m = json.load(open(f"{sys.argv[1]}/{dir}/{name}.cpu.json"))
    e = m["entries"][0]
    if m["kernel"] != name or e["footprint"] != "0x0000000000000000" or not low <= e["count"] <= high:
        sys.exit(f"FAIL: {name}: kernel {m['kernel']}, footprint {e['footprint']}, count {e['count']}")
    if not 0 < e["mean"] < limit:
        sys.exit(f"FAIL: {name}: mean {e['mean']} s")
    print(f"ok: {name} count {e['count']} mean {e['mean'] * 1e6:.2f} us")
PY

# 2. Simulated: kernel 10 ms, submission 1 ms, worker cost 0.5 ms, 3 tasks, 1 worker.
cat > "$work/models/spin.cpu.json" <<'JSON'
{"schema_version":1,"kernel":"spin","arch":"cpu",
 "regression":{"terms":["1"],"coef":[0.01],"ci_low":[0.01],"ci_high":[0.01],"r2":1,"adj_r2":1,"cv_rmse":0,"n":10},
 "entries":[]}
JSON
cost() { # cost <kernel> <seconds>
  cat > "$work/$1.cpu.json" <<JSON
{"schema_version":1,"kernel":"$1","arch":"cpu","entries":[{"footprint":"0x0000000000000000","size_bytes":0,
 "count":10,"mean":$2,"m2":0,"min":$2,"max":$2,"samples":[],"histogram":{"edges":[],"counts":[]}}]}
JSON
}
cost hcc.submit 1e-3
cost hcc.task 5e-4
one_core=$work/one-core.xml
sed 's/core="2"/core="1"/' "$(dirname "$0")/../../models/platforms/laptop.xml" > "$one_core"
makespan() { # makespan <platform> [model dir]
  HCC_PLATFORM=$1 HCC_WORKERS=1 HCC_MODEL_DIR=${2:-$work/models} "$sim" 3 2>&1 >/dev/null |
    sed -n 's/^hccsim: mode=simulate makespan=\([0-9.]*\) .*/\1/p'
}
expect() { # expect <what> <got> <want>
  [ "$2" = "$3" ] || fail "$1: makespan $2, expected $3"
  echo "ok: $1: makespan $2"
}
# Without costs: 3 x 10 ms.
expect "no runtime costs" "$(makespan laptop)" 0.030000
mv "$work/hcc.submit.cpu.json" "$work/hcc.task.cpu.json" "$work/models/"
# Two cores: the application submits on its own core; a task is queued once
# its submission is done, as natively: 1 + 3 x (0.5 + 10) ms.
expect "costs, 2 cores" "$(makespan laptop)" 0.032500
# One core: the 3 ms of submissions share it with the first kernel, which
# ends 3 ms late: 34.5 ms.
expect "costs, 1 core" "$(makespan "$one_core")" 0.034500
# Waking: submissions of 20 ms leave the worker waiting for each task, queued
# at the end of its submission; parked at once (KMP_BLOCKTIME=0), it starts
# each 2 ms after: 60 + 2 + 0.5 + 10 = 72.5 ms. With the default blocktime
# (200 ms) the worker was still looking, as natively: no wake-up, 70.5 ms;
# with 5 ms it parked for each wait, all longer: 72.5 ms.
mkdir "$work/wake" && cp "$work/models/spin.cpu.json" "$work/models/hcc.task.cpu.json" "$work/wake/"
cost hcc.submit 2e-2 && cost hcc.wakeup 2e-3
mv "$work/hcc.submit.cpu.json" "$work/hcc.wakeup.cpu.json" "$work/wake/"
expect "slow submissions, waking 2 ms" "$(KMP_BLOCKTIME=0 makespan laptop "$work/wake")" 0.072500
expect "slow submissions, idle within the blocktime" "$(makespan laptop "$work/wake")" 0.070500
expect "slow submissions, blocktime 5 ms" "$(KMP_BLOCKTIME=5ms makespan laptop "$work/wake")" 0.072500
# The worker cost in its two parts (hcc.task 0.4 ms after a kernel, before
# the worker's next look; hcc.taskstart 0.1 ms before a kernel): a worker
# that waited for its task starts it 0.1 ms after its queueing (20.1, 40.1,
# 60.1 ms), not 0.5 ms; the makespan is the same 70.5 ms, the end of the
# last task's completion, which comes before the look that finds no task.
mkdir "$work/split" && cp "$work/wake/spin.cpu.json" "$work/wake/hcc.submit.cpu.json" "$work/split/"
cost hcc.task 4e-4 && cost hcc.taskstart 1e-4
mv "$work/hcc.task.cpu.json" "$work/hcc.taskstart.cpu.json" "$work/split/"
expect "slow submissions, worker cost in two parts" \
  "$(HCC_RECORDS=$work/split.csv makespan laptop "$work/split")" 0.070500
starts=$(python3 -c "import csv, sys; print(' '.join(r['start'] for r in csv.DictReader(open(sys.argv[1]))))" "$work/split.csv")
[ "$starts" = "0.020100000 0.040100000 0.060100000" ] || fail "worker cost in two parts: tasks start at $starts"
echo "ok: worker cost in two parts: tasks start at $starts"

# 3. Native makespans: the end of the last task, which a worker writes when
#    it next finds no task. 5 tasks of 1 ms on 1 worker: at least 5 ms; on 2
#    workers at least 3 ms; submitted 5 ms apart (the worker idle between
#    them): at least 20 + 1 ms. The upper bound only catches a makespan taken
#    at shutdown rather than at the last task.
native_makespan() { # native_makespan <workers> [pause_ms]
  HCC_MODE=native HCC_WORKERS=$1 "$native" 5 ${2:-} 2>&1 >/dev/null |
    sed -n 's/^hccsim: mode=native makespan=\([0-9.]*\) .*/\1/p'
}
at_least() { # at_least <what> <got> <min seconds>
  python3 -c "import sys; g = float(sys.argv[1]); sys.exit(0 if float(sys.argv[2]) <= g < 1.0 else 1)" "$2" "$3" ||
    fail "$1: native makespan $2, expected at least $3 s"
  echo "ok: $1: native makespan $2"
}
at_least "1 worker" "$(native_makespan 1)" 0.005
at_least "2 workers" "$(native_makespan 2)" 0.003
at_least "1 worker, paused submissions" "$(native_makespan 1 5)" 0.021
