#!/usr/bin/env bash
# Builds one OpenMP example program with clang (libomp) and checks that its
# output is identical to that of the CMake-built binary (the project's C
# compiler, gcc/libgomp on Debian), and that neither depends on the number of
# threads.
#
#   compare-clang.sh CLANG REFERENCE_BINARY SOURCE OUTDIR [LINK_ARGS...]
#
# e.g. compare-clang.sh /usr/bin/clang-19 build/examples/fib-omp \
#          examples/fib/fib.c build/examples/clang -lm
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 CLANG REFERENCE_BINARY SOURCE OUTDIR [LINK_ARGS...]" >&2
  exit 2
fi
clang=$1 ref=$2 src=$3 outdir=$4
shift 4
name=$(basename "$src" .c)
mkdir -p "$outdir"
bin="$outdir/$name-omp-clang"

"$clang" -std=c11 -O2 -ffp-contract=off -fopenmp -Wno-unknown-pragmas -o "$bin" "$src" "$@"

status=0
run() { # run LABEL THREADS BINARY
  local out
  if ! out=$(OMP_NUM_THREADS=$2 "$3"); then
    echo "$1 (OMP_NUM_THREADS=$2) exited with an error:" >&2
    status=1
  fi
  printf '%s\n' "$out" >"$outdir/$name.$1.$2.out"
  echo "$1 (OMP_NUM_THREADS=$2): $out"
}
run reference 2 "$ref"
run clang 2 "$bin"
run clang 1 "$bin"
run reference 3 "$ref"
for f in "$outdir/$name.clang.2.out" "$outdir/$name.clang.1.out" "$outdir/$name.reference.3.out"; do
  if ! diff -u "$outdir/$name.reference.2.out" "$f"; then
    echo "$name: output of $(basename "$f" .out) differs from the reference build" >&2
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "$name: clang and reference builds agree"
exit "$status"
