#!/usr/bin/env bash
# The MPI examples (examples/mpi-stencil, examples/mpi-cg), built by the
# hccsim driver natively (OpenMPI) and simulated (SMPI): with 1, 2, 4 and 16
# ranks a simulation prints what the native run under mpirun prints, up to
# its "simulated" line; a simulation is deterministic (same output and
# per-rank Paje traces, byte for byte). Needs several MPI processes: exits 77
# (CTest: skipped) where mpirun cannot start them.
#   mpi_examples.sh <hccsim bin dir> <examples dir> <work dir>
set -uo pipefail
# Simulations charge tasks only here (HCC_SIM_BURSTS=off): with the program's
# own code measured as CPU bursts, two simulations differ by the host's timing
# (test/e2e/bursts/ tests the bursts).
export HCC_SIM_BURSTS=off
bin=$1 examples=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
# OpenMPI refuses to run as root unless told; CI containers run as root.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
if ! command -v mpirun >/dev/null || ! timeout 60 mpirun -np 2 true >/dev/null 2>&1; then
  echo "SKIPPED: mpirun cannot start 2 processes here"
  exit 77
fi
export HCC_MODEL_DIR=$work/models HCC_WORKERS=1
fail=0
check() {  # name source native-args...
  local name=$1 src=$2; shift 2
  "$bin/hccsim" -fnative -O2 "$src" -o "$name-native" || { echo "FAIL: $name: native build"; fail=1; return; }
  "$bin/hccsim" -fsimulate -O2 "$src" -o "$name-sim" || { echo "FAIL: $name: simulated build"; fail=1; return; }
  "$bin/hccsim" -finstrument -O2 "$src" -o "$name-instrument" || { echo "FAIL: $name: instrumented build"; fail=1; return; }
  # Kernel models for every rank count's tiles: a simulation then runs no
  # kernel (one without a model would time real runs of it).
  for np in 1 2 4 16; do
    HCC_RECORDS=$work/records.csv timeout 300 mpirun -np "$np" "./$name-instrument" "$@" > /dev/null 2>&1 ||
      { echo "FAIL: $name, $np ranks, instrumented"; fail=1; return; }
  done
  for np in 1 2 4 16; do
    timeout 300 mpirun -np "$np" "./$name-native" "$@" > "native.$name.$np" 2> "native.$name.$np.err"
    local rc=$?
    if [ $rc -ne 0 ] || [ "$(tail -n 1 "native.$name.$np")" = "${name}: FAILED" ] || ! tail -n 1 "native.$name.$np" | grep -q ' ok$'; then
      echo "FAIL: $name, $np ranks, native (exit $rc):"; cat "native.$name.$np" "native.$name.$np.err"; fail=1; continue
    fi
    timeout 300 "$bin/hccsim-run" -np "$np" --platform cluster-64x16 "./$name-sim" "$@" > "sim.$name.$np" 2> "sim.$name.$np.err"
    rc=$?
    if [ $rc -ne 0 ] || [ "$(tail -n 1 "sim.$name.$np")" != simulated ]; then
      echo "FAIL: $name, $np ranks, simulated (exit $rc):"; cat "sim.$name.$np" "sim.$name.$np.err"; fail=1; continue
    fi
    if ! diff <(sed '$d' "native.$name.$np") <(sed '$d' "sim.$name.$np"); then
      echo "FAIL: $name, $np ranks: the simulation printed other lines than the native run"; fail=1; continue
    fi
    grep -q " ranks=$np bursts=[0-9.]*\$" "sim.$name.$np.err" || { echo "FAIL: $name, $np ranks: no summary with ranks=$np"; fail=1; }
    echo "ok: $name, $np ranks: $(head -n 1 "sim.$name.$np")"
  done
  # Same seed, same inputs: the same output and traces, byte for byte.
  for run in a b; do
    HCC_TRACE_PAJE=$work/$name.$run.paje "$bin/hccsim-run" -np 4 --platform cluster-64x16 "./$name-sim" "$@" \
      > "det.$name.$run" 2>&1 || { echo "FAIL: $name: determinism run"; fail=1; return; }
  done
  local same=1
  if ! cmp -s "det.$name.a" "det.$name.b"; then
    echo "FAIL: $name: two simulations printed different output:"; diff "det.$name.a" "det.$name.b"; same=0
  fi
  for r in 0 1 2 3; do
    if [ ! -s "$name.a.$r.paje" ] || ! cmp -s "$name.a.$r.paje" "$name.b.$r.paje"; then
      echo "FAIL: $name: rank $r's Paje traces differ or are missing"; same=0
    fi
  done
  if [ $same -eq 1 ]; then echo "ok: $name: deterministic"; else fail=1; fi
}
check mpi-stencil "$examples/mpi-stencil/mpi-stencil.c" 256 10 32
check mpi-cg "$examples/mpi-cg/mpi-cg.cpp" 64 200 8
exit $fail
