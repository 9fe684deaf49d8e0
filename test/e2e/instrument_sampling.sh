#!/usr/bin/env bash
# instrument_sampling.sh <hccsim bin dir> <fib.c> <work dir>
# Sampled instrumentation (rt/core/instrument_sampling.hpp): an instrumented
# run of a fine-grained task program (examples/fib at cut-off 0, a task per
# call) times every run of a kernel on a worker until it proves fine-grained
# (half of its first 64 runs under 10 us), then one in 64 at random, and one event
# in 64 of the runtime's own costs; the chunks of a worksharing loop alike.
# HCC_INSTRUMENT_SAMPLING=all, or a trace, times every one.
set -euo pipefail
bin=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$bin/hccsim" -finstrument -O1 "$src" -o fib-instrument
run() { # run <model dir> [VAR=value...]: prints the task count
  local dir=$1; shift
  # Every task deferred (HCC_INLINE_TASKS=0): runs that run other numbers of
  # short tasks on their creators would time other numbers of submissions.
  env "$@" OMP_NUM_THREADS=2 HCC_INLINE_TASKS=0 HCC_MODEL_DIR="$dir" HCC_RECORDS="$dir.csv" ./fib-instrument 16 0 2>&1 >/dev/null |
    sed -n 's/^hccsim: mode=instrument .* tasks=\([0-9]*\) .*/\1/p'
}
tasks=$(run all HCC_INSTRUMENT_SAMPLING=all)
[ "$(run auto)" = "$tasks" ] || fail "sampled run: another task count"
[ "$(run traced HCC_TRACE_CHROME=traced.json)" = "$tasks" ] || fail "traced run: another task count"
python3 - "$tasks" <<'PY' || exit 1
import csv, json, sys
tasks = int(sys.argv[1])
def rows(name):
    with open(f"{name}.csv") as f:
        return sum(1 for _ in f) - 1
def count(name, kernel):
    return json.load(open(f"{name}/{kernel}.cpu.json"))["entries"][0]["count"]
for name in ("all", "traced"):
    if rows(name) != tasks or count(name, "fib") != tasks:
        sys.exit(f"FAIL: {name}: {rows(name)} records, fib observed {count(name, 'fib')} times, for {tasks} tasks")
# Each worker times its first 64 runs of fib, then about one in 64.
sampled = rows("auto")
if not 64 < sampled < tasks / 4:
    sys.exit(f"FAIL: sampled run: {sampled} records of {tasks} tasks")
# A sampled row stands for 64 runs (its weight), in the model's count too,
# which estimates the runs of fib.
with open("auto.csv") as f:
    runs = sum(int(r["weight"]) for r in csv.DictReader(f) if r["kernel"] == "fib")
if count("auto", "fib") != runs or not tasks / 2 < runs < 2 * tasks:
    sys.exit(f"FAIL: sampled run: fib observed as {count('auto', 'fib')} runs, {runs} in its {sampled} records' "
             f"weights, of {tasks} tasks")
for cost in ("hcc.submit", "hcc.wait"):
    every, some = count("all", cost), count("auto", cost)
    if not every / 256 < some < every / 16:
        sys.exit(f"FAIL: {cost}: {some} observations sampled, {every} in all")
print(f"ok: {tasks} tasks, {sampled} records sampled; hcc.submit {count('auto', 'hcc.submit')} of "
      f"{count('all', 'hcc.submit')}, hcc.wait {count('auto', 'hcc.wait')} of {count('all', 'hcc.wait')}")
PY
# A worksharing loop's chunks (loop:<file>:<line> rows): 400 regions of 2.
cat > loops.c <<'C'
#include <stdio.h>
int main(void) {
  double sum = 0;
  for (int r = 0; r < 400; r++) {
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < 64; i++) sum += i * 0.5;
  }
  printf("%.1f\n", sum);
  return 0;
}
C
"$bin/hccsim" -finstrument -O1 loops.c -o loops-instrument
chunks() { env "$@" OMP_NUM_THREADS=2 HCC_MODEL_DIR=loop-models HCC_RECORDS=loops.csv ./loops-instrument >/dev/null 2>&1
  grep -c '^0,loop:loops.c:' loops.csv; }
every=$(chunks HCC_INSTRUMENT_SAMPLING=all) some=$(chunks)
[ "$every" -eq 800 ] || fail "HCC_INSTRUMENT_SAMPLING=all: $every loop chunks recorded, expected 800"
# Each worker's first 64 chunks, then about one in 64 of the other 672.
[ "$some" -gt 128 ] && [ "$some" -lt 200 ] || fail "sampled: $some loop chunks recorded of 800"
echo "ok: loop chunks: $some of $every recorded"
if out=$(HCC_INSTRUMENT_SAMPLING=some ./fib-instrument 5 0 2>&1); then fail "HCC_INSTRUMENT_SAMPLING=some accepted"; fi
[[ "$out" == *"HCC_INSTRUMENT_SAMPLING=some: expected auto or all"* ]] || fail "bad value: $out"
echo "instrument_sampling: ok"
