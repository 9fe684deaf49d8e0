#!/usr/bin/env bash
# examples_sim.sh <hccsim> <examples source dir> <work dir>
# Each OpenMP example (examples/<name>/<name>.c), built with
# `hccsim -finstrument`, checks itself and calibrates kernel models; built with
# `hccsim -fsimulate`, it prints its "<name>: ... simulated" line and the
# runtime's summary line, and two simulated runs with those models print the
# same stdout and stderr and write the same records CSV, byte for byte.
# Small sizes: the whole test takes a few seconds of CPU.
set -euo pipefail
# Simulations charge tasks only here (HCC_SIM_BURSTS=off): with the program's
# own code measured as CPU bursts, two simulations differ by the host's timing
# (test/e2e/bursts/ tests the bursts).
export HCC_SIM_BURSTS=off
hccsim=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

declare -A args=([cholesky]="256 64" [lu]="256 64" [sparselu]="8 16" [fib]="18 10" [wavefront]="300 280 50"
                 [fmm]="cube 4000 3 8" [multifrontal]="16x16x16 32" [cholesky-lapack]="512 128" [heat]="256 10 64")
names=(cholesky lu sparselu fib wavefront fmm multifrontal cholesky-lapack heat)

# Compile the programs in both modes, two at a time.
build() { # build <name> <mode>
  local libs=()
  case $1 in cholesky | lu | multifrontal | cholesky-lapack) libs=(-llapacke -lopenblas) ;; esac
  "$hccsim" "-f$2" -O2 -std=c11 -ffp-contract=off -Wno-unknown-pragmas "$src/$1/$1.c" "${libs[@]}" -lm \
    -o "$1-$2" > "$1-$2.build.log" 2>&1
}
pids=()
for p in "${names[@]}"; do
  build "$p" instrument & pids+=($!)
  build "$p" simulate & pids+=($!)
  for pid in "${pids[@]}"; do wait "$pid" || fail "$p: hccsim failed: $(cat "$p"-*.build.log)"; done
  pids=()
done

export HCC_PLATFORM=laptop HCC_WORKERS=2 HCC_SCHED=eager
summary_re='^hccsim: mode=simulate makespan=[0-9.]+ tasks=([0-9]+) workers=2 peak_mem=[0-9]+ bursts=[0-9.]+$'
for p in "${names[@]}"; do
  read -r -a a <<< "${args[$p]}"
  models=$work/$p-models
  # Instrumented native run: checks its result and writes the kernel models.
  HCC_MODEL_DIR=$models HCC_RECORDS=$p-calibration.csv "./$p-instrument" "${a[@]}" > "$p-inst.out" 2> "$p-inst.err" \
    || fail "$p: instrumented run failed: $(cat "$p-inst.out" "$p-inst.err")"
  grep -q " ok$" "$p-inst.out" || fail "$p: instrumented run printed: $(cat "$p-inst.out")"
  # Two simulated runs with those models.
  for run in 1 2; do
    HCC_MODEL_DIR=$models HCC_RECORDS=$p-sim$run.csv "./$p-simulate" "${a[@]}" > "$p-sim$run.out" 2> "$p-sim$run.err" \
      || fail "$p: simulated run $run failed: $(cat "$p-sim$run.out" "$p-sim$run.err")"
  done
  out=$(cat "$p-sim1.out") summary=$(tail -n 1 "$p-sim1.err")
  [[ "$out" =~ ^$p:\ .*\ simulated$ ]] || fail "$p: simulated run printed '$out'"
  [[ "$summary" =~ $summary_re ]] || fail "$p: no summary line, stderr: $(cat "$p-sim1.err")"
  tasks=${BASH_REMATCH[1]}
  [ "$(wc -l < "$p-sim1.csv")" -eq $((tasks + 1)) ] || fail "$p: $(wc -l < "$p-sim1.csv") lines of records for $tasks tasks"
  for f in out err csv; do
    cmp -s "$p-sim1.$f" "$p-sim2.$f" || fail "$p: two simulated runs differ ($f): $(diff "$p-sim1.$f" "$p-sim2.$f" | head -n 6)"
  done
  echo "ok: $p: $out; $summary; identical records"
done
echo "ok: examples_sim"
