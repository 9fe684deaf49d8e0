#!/usr/bin/env bash
# mpi_sampling.sh <hccsim bin dir> <source> <work dir>
# Sampling and folding over the ranks of a simulated MPI program (SMPI, no
# mpirun needed): sample(local, n) measures n runs on every rank,
# sample(global, n) n runs over all ranks; shared(all) gives every rank one
# folded range, shared one each; each rank's folded bytes count on its own
# memory (peak_mem is the sum over ranks); two runs print the same.
set -euo pipefail
bin=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export HCC_MODEL_DIR=$work/models HCC_WORKERS=1
fail() { echo "FAIL: $*"; exit 1; }
"$bin/hccsim" -fsimulate -O1 "$src" -o prog

for np in 1 4; do
  out=$("$bin/hccsim-run" -np $np --oversubscribe ./prog 2>&1) || fail "$np ranks: exit $?: $out"
  expect="local runs=$((5 * np)) global runs=6 all_ranges=1 own_ranges=$np sum_finite=1"
  grep -qx "$expect" <<<"$out" || fail "$np ranks: expected '$expect' in: $out"
  over=""; [ $np -gt 1 ] && over=" over $np ranks"
  grep -q "^hccsim: sampled mpi_sampling.c:23: $((5 * np)) of $((50 * np)) runs measured$over, mean" <<<"$out" \
    || fail "$np ranks: no report of the local site: $out"
  grep -q "^hccsim: sampled mpi_sampling.c:28: 6 of $((50 * np)) runs measured$over, mean" <<<"$out" \
    || fail "$np ranks: no report of the global site: $out"
  # Each rank counts its two 64 MiB arrays (the one it shares too: the real
  # run has a copy per rank); rank 0 its 16 bytes per rank of addresses.
  peak=$(sed -n 's/.* peak_mem=\([0-9]*\).*/\1/p' <<<"$out")
  want=$((np * (2 * 64 * 1048576) + 16 * np))
  [ "$peak" = "$want" ] || fail "$np ranks: peak_mem=$peak, expected $want (two 64 MiB arrays per rank, 16 bytes per rank on rank 0)"
  echo "ok: $np ranks: $expect, peak_mem=$peak"
done

# Deterministic apart from the sampled bursts' measured means.
a=$("$bin/hccsim-run" -np 4 --oversubscribe ./prog 2>&1 | grep -v '^hccsim: sampled\|makespan=')
b=$("$bin/hccsim-run" -np 4 --oversubscribe ./prog 2>&1 | grep -v '^hccsim: sampled\|makespan=')
[ "$a" = "$b" ] || fail "two runs differ: $(diff <(echo "$a") <(echo "$b") | head -4)"
echo "ok: all"
