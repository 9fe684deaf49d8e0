#!/usr/bin/env bash
# burst_models.sh <hccsim> <source dir> <work dir>
# Short CPU bursts from the native run (rt/program/burst_models.hpp): an
# instrumented run samples them into hcc.burst.cpu.json (one key per pair of
# entries, net of its own timing), and a simulation with that model charges
# each short burst the model of its key (under 2 us) instead of what it
# measured.
# tiny_tasks.c: one thread creates 200,000 tasks, its loop between two
# creations is a short burst of the same key 200,000 times.
set -euo pipefail
hccsim=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$hccsim" -finstrument -O1 "$src/tiny_tasks.c" -o inst
"$hccsim" -fsimulate -O1 "$src/tiny_tasks.c" -o sim

# 1. The instrumented run samples the creating loop's bursts: one in 64 of a
#    thread's on average, in windows of 1,024 consecutive ones whose first
#    256 are not kept, each a fraction of a microsecond (what its timing
#    adds is left out). Creating a task is two entries (allocating it,
#    submitting it: describing it, hcc_omp_next_task, is the program's
#    code), and the runtime may run a tiny task on its creator: 2 to 4
#    bursts per task, of 2 to 4 keys, and the creating thread samples all it
#    may (8 windows, 6,144 kept) among them.
OMP_NUM_THREADS=2 HCC_MODEL_DIR=models ./inst 200000 > inst.out 2>&1 || { cat inst.out; fail "instrumented run"; }
grep -q "tiny_tasks: n=200000 sum=39999800000 ok" inst.out || fail "instrumented output: $(cat inst.out)"
[ -f models/hcc.burst.cpu.json ] || fail "no models/hcc.burst.cpu.json after an instrumented run"
python3 - models/hcc.burst.cpu.json <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
if m["kernel"] != "hcc.burst" or m["arch"] != "cpu":
    sys.exit(f"FAIL: kernel {m['kernel']} arch {m['arch']}")
loop = [e for e in m["entries"] if e["count"] >= 1000]
total = sum(e["count"] for e in loop)
# The creating thread's 6,144 samples (the other thread's are few: it finds
# no task to run), less those an interrupt made long.
if not 2 <= len(loop) <= 4 or not 5500 <= total <= 6144:
    sys.exit(f"FAIL: {len(loop)} keys sampled 1,000 times or more, {total} samples; expected 2 to 4 keys, 5,500 to 6,144 samples")
for e in loop:
    if not 0 <= e["mean"] < 5e-6:
        sys.exit(f"FAIL: creating loop's burst {e['mean']} s, expected under 5 us")
print(f"ok: creating loop's bursts sampled {total} times, {len(loop)} keys, "
      f"{max(e['mean'] for e in loop) * 1e9:.0f} ns at most")
PY

# 2. Simulated with the models: the loop's bursts are charged the model of
#    their key, shorter or longer than what the simulation measures
#    (burst_models.hpp; which one is charged:
#    test/unit/rt/burst_model_choice_test.cpp). One of 1.9 us makes the 2
#    to 3 bursts of each creation 0.8-1.2 s of simulated time, where the
#    simulation's own measurements charge 25 ms at most (bounds allow for a
#    preempted burst). A model of 2 us or more is not used, nor one of
#    fewer than 32 samples.
simtime() {  # simtime <model dir>
  HCC_PLATFORM=laptop HCC_MODEL_DIR=$1 ./sim 200000 2>/dev/null | sed -n 's/^time=//p'
}
within() {  # within <what> <time> <low> <high>
  python3 -c "import sys; sys.exit(0 if $3 <= float('$2') < $4 else 1)" || fail "$1: time=$2, expected $3 to $4"
  echo "ok: $1: time=$2"
}
within "simulated with the sampled models" "$(simtime models)" 0 0.1
model_of() {  # model_of <dir> <seconds>
  mkdir -p "$1" && cp models/*.json "$1/"
  python3 - "$1/hcc.burst.cpu.json" "$2" <<'PY'
import json, sys
m, s = json.load(open(sys.argv[1])), float(sys.argv[2])
for e in m["entries"]:
    e.update(mean=s, m2=0, min=s, max=s, samples=[s] * len(e["samples"]))
    e.pop("histogram", None)
json.dump(m, open(sys.argv[1], "w"))
PY
}
model_of slow 1.9e-6
within "simulated with 1.9 us burst models (charged)" "$(simtime slow)" 0.7 1.5
model_of long 1e-4
within "simulated with 100 us burst models (not used: measured)" "$(simtime long)" 0 0.1
mkdir -p measured && cp models/*.json measured/ && rm measured/hcc.burst.cpu.json
within "simulated without burst models (measured)" "$(simtime measured)" 0 0.1
