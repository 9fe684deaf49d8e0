#!/usr/bin/env bash
# driver.sh <hccsim> <examples source dir> <examples build dir> <work dir>
# Each OpenMP example built with `hccsim -fnative` prints what the same source
# built with gcc -fopenmp prints; -fsimulate and -finstrument builds print the
# runtime's summary line; usage errors are one clear line.
set -euo pipefail
hccsim=$1 src=$2 omp=$3 work=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export HCC_WORKERS=2 OMP_NUM_THREADS=2 HCC_MODEL_DIR=$work/models
for p in fib wavefront sparselu cholesky lu; do
  libs=()
  case $p in cholesky|lu) libs=(-llapacke -lopenblas) ;; esac
  "$hccsim" -fnative -O2 -std=c11 -ffp-contract=off "$src/$p/$p.c" "${libs[@]}" -lm -o "$p-hcc"
  want=$("$omp/$p-omp")
  got=$("./$p-hcc" 2>/dev/null)
  [ "$got" = "$want" ] || { echo "FAIL: $p: hccsim -fnative printed '$got', gcc -fopenmp '$want'"; exit 1; }
  echo "ok: $p: $got"
done
"$hccsim" -fsimulate -O2 "$src/fib/fib.c" -o fib-sim
summary=$(./fib-sim 2>&1 >/dev/null)
[[ "$summary" =~ ^hccsim:\ mode=simulate\ makespan=[0-9.]+\ tasks=5166\ workers=2\  ]] \
  || { echo "FAIL: no simulated summary line: $summary"; exit 1; }
"$hccsim" -finstrument -O2 "$src/fib/fib.c" -o fib-inst
summary=$(HCC_INSTRUMENT_SAMPLING=all ./fib-inst 2>&1 >/dev/null)
[[ "$summary" == "hccsim: mode=instrument "* ]] || { echo "FAIL: not instrumented: $summary"; exit 1; }
[ "$(wc -l < hcc-records.csv)" -eq 5167 ] || { echo "FAIL: $(wc -l < hcc-records.csv) lines of records"; exit 1; }
verbose=$("$hccsim" -v -fnative -c "$src/fib/fib.c" -o fib.o 2>&1)
[[ "$verbose" == *"-fopenmp -fplugin="*"HccPlugin.so -fplugin-arg-hcc-mode=native"*"$src/fib/fib.c -c -o fib.o"* ]] \
  || { echo "FAIL: -v printed: $verbose"; exit 1; }
# -E shows the rewritten source, preprocessed.
# (Read all of it first: grep -q would stop early, and with pipefail the
# driver's SIGPIPE would fail the pipeline.)
preprocessed=$("$hccsim" -fsimulate -E "$src/fib/fib.c")
grep -q "hcc_omp_next_task(&__hcc_ti" <<< "$preprocessed" || { echo "FAIL: -E is not rewritten"; exit 1; }
[ -s fib.o ] || { echo "FAIL: -c wrote no object"; exit 1; }
# No mode: HCCSIM_MODE, else native (as build systems run the compiler).
"$hccsim" -O2 "$src/fib/fib.c" -o fib-default && [[ "$(./fib-default 2>&1 >/dev/null)" == "hccsim: mode=native "* ]] \
  || { echo "FAIL: no mode did not build natively"; exit 1; }
msg=$(HCCSIM_MODE=simulated "$hccsim" "$src/fib/fib.c" 2>&1) && { echo "FAIL: accepted HCCSIM_MODE=simulated"; exit 1; }
[ "$msg" = "hccsim: HCCSIM_MODE=simulated: expected native, instrument or simulate (hccsim --help)" ] || { echo "FAIL: $msg"; exit 1; }
# -Rhcc is the plugin's remarks, not an unknown clang remark group.
remarks=$("$hccsim" -fsimulate -Rhcc -c "$src/fib/fib.c" -o fib-remarks.o 2>&1)
[[ "$remarks" == *"remark: hccsim: task "* ]] || { echo "FAIL: -Rhcc printed no remark: $remarks"; exit 1; }
[[ "$remarks" != *"unknown remark option"* ]] || { echo "FAIL: -Rhcc reached clang: $remarks"; exit 1; }
# A link whose only inputs are libraries (a static library made shared, as
# Makefiles do) honours -o.
mkdir -p libs && "$hccsim" -fnative -fPIC -c "$src/fib/fib.c" -o libs/fib.o && llvm-ar-19 rcs libs/libfib.a libs/fib.o
(cd libs && "$hccsim" -fnative -shared -L. -Wl,--whole-archive -lfib -Wl,--no-whole-archive -o libfib.so.0)
[ -s libs/libfib.so.0 ] && [ ! -e libs/a.out ] || { echo "FAIL: a library-only link did not write libfib.so.0"; exit 1; }
# Loops start on a 64-byte line in every mode (a hot loop sits alike in a
# native and a simulated build); the program's own -falign-loops wins.
for mode in native simulate; do
  cmd=$("$hccsim" -f$mode -v -c "$src/fib/fib.c" -o fib-align.o 2>&1 | grep -- "-falign-loops=64" | head -1)
  [ -n "$cmd" ] || { echo "FAIL: -f$mode compiled without -falign-loops=64"; exit 1; }
done
asm=$("$hccsim" -fnative -O2 -S "$src/fib/fib.c" -o - 2>/dev/null)
grep -q "p2align	6" <<<"$asm" || { echo "FAIL: no loop aligned to 64 bytes in fib.c's assembly"; exit 1; }
asm=$("$hccsim" -fnative -O2 -falign-loops=16 -S "$src/fib/fib.c" -o - 2>/dev/null)
grep -q "p2align	6" <<<"$asm" && { echo "FAIL: -falign-loops=16 did not win over the driver's 64"; exit 1; }
echo "ok: driver"
