#!/bin/bash
# Split loops on a real GPU: examples/split-nbody (#pragma hcc split, its
# CUDA side without FMA contraction) must print "ok" (every position equal
# to the sequential run's, bit for bit) whatever the share: from history,
# forced (HCC_SPLIT), GPU only, with page-locked data (HCC_PIN=1), with no
# CPU worker beside the GPU; bench/split/polynomial.c (hcc_split_for) must
# print the same checksum with its loop on the CPUs, on the GPU and split.
# Exit 77 (skipped) without a GPU.
#   gpu_split.sh GPU_COUNT_PROGRAM NBODY_CUDA_PROGRAM POLYNOMIAL_CUDA_PROGRAM
set -u
count=$("$1" 2>/dev/null || echo 0)
[ "$count" -gt 0 ] || { echo "no CUDA GPU: skipped"; exit 77; }
status=0
nbody() {  # env assignments...
  out=$(env HCC_GPUS=1 HCC_MODEL_DIR= HCC_WORKERS=3 "$@" "$NBODY" 6000 6 check 2>&1)
  if grep -q "^nbody: ok " <<<"$out"; then
    echo "ok   nbody $*"
  else
    echo "FAIL nbody $*:"; echo "$out" | tail -5; status=1
  fi
}
NBODY=$2
nbody
nbody HCC_SPLIT=gpu
nbody HCC_SPLIT=0.3
nbody HCC_PIN=1
nbody HCC_WORKERS=0
poly=$3
declare -A sums
for share in cpu gpu 0.6 history; do
  forced=(HCC_SPLIT=$share)
  [ $share = history ] && forced=(-u HCC_SPLIT)
  out=$(env "${forced[@]}" HCC_GPUS=1 HCC_MODEL_DIR= HCC_WORKERS=3 "$poly" 1000000 4 16 2>&1)
  sums[$share]=$(grep -o "checksum=.*" <<<"$out")
  [ -n "${sums[$share]}" ] || { echo "FAIL polynomial ${forced[*]}:"; echo "$out" | tail -5; status=1; }
  echo "polynomial ${forced[*]}: ${sums[$share]} $(grep '^run=4' <<<"$out")"
done
for share in gpu 0.6 history; do
  [ "${sums[$share]}" = "${sums[cpu]}" ] || { echo "FAIL polynomial: $share ${sums[$share]} != cpu ${sums[cpu]}"; status=1; }
done
exit $status
