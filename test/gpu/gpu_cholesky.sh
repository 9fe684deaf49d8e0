#!/bin/bash
# examples/cholesky with its CUDA kernels (the OpenMP path: impl(cuda: ...),
# data written back to main memory at the region's end) on CPU and GPU
# workers: every scheduler, GPU-only kernels (HCC_WORKERS=0), and a GPU
# memory limit smaller than the working set (eviction, write-back, HCC_PIN=1).
# Each run must print its residual "ok". Exit 77 (skipped) without a GPU.
#   gpu_cholesky.sh GPU_COUNT_PROGRAM CHOLESKY_CUDA_PROGRAM
set -u
count=$("$1" 2>/dev/null || echo 0)
[ "$count" -gt 0 ] || { echo "no CUDA GPU: skipped"; exit 77; }
prog=$2
status=0
run() {  # env assignments...
  out=$(env HCC_GPUS=1 HCC_MODEL_DIR= "$@" "$prog" 4096 512 2>&1)
  if echo "$out" | grep -Eq "cholesky: N=4096 NB=512 residual=[0-9.e+-]+ ok"; then
    echo "ok   $*: $(echo "$out" | grep -o 'residual=[^ ]*')"
  else
    echo "FAIL $*:"; echo "$out" | tail -5; status=1
  fi
}
for sched in eager lws prio dmda dmdas; do run HCC_SCHED=$sched HCC_WORKERS=3; done
run HCC_SCHED=dmdas HCC_WORKERS=0
run HCC_SCHED=dmda HCC_WORKERS=2 HCC_PIN=1 HCC_GPU_MEMORY=12M
run HCC_SCHED=eager HCC_WORKERS=0 HCC_GPU_MEMORY=8M
exit $status
