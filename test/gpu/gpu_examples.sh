#!/bin/bash
# examples/cholesky and examples/lu with their CUDA kernels (the OpenMP
# path: impl(cuda: ...), data written back to main memory at the region's
# end) on CPU and GPU workers: every scheduler, GPU-only kernels
# (HCC_WORKERS=0), and GPU memory limits smaller than the working set
# (eviction, write-back, HCC_PIN=1). Each run must print its residual "ok".
# Exit 77 (skipped) without a GPU.
#   gpu_examples.sh GPU_COUNT_PROGRAM CHOLESKY_CUDA_PROGRAM LU_CUDA_PROGRAM
set -u
count=$("$1" 2>/dev/null || echo 0)
[ "$count" -gt 0 ] || { echo "no CUDA GPU: skipped"; exit 77; }
status=0
run() {  # program name, env assignments...
  local prog=$1 name=$2; shift 2
  out=$(env HCC_GPUS=1 HCC_MODEL_DIR= "$@" "$prog" 4096 512 2>&1)
  if echo "$out" | grep -Eq "$name: N=4096 NB=512 residual=[0-9.e+-]+ ok"; then
    echo "ok   $name $*: $(echo "$out" | grep -o 'residual=[^ ]*')"
  else
    echo "FAIL $name $*:"; echo "$out" | tail -5; status=1
  fi
}
for sched in eager lws prio dmda dmdas; do run "$2" cholesky HCC_SCHED=$sched HCC_WORKERS=3; done
run "$2" cholesky HCC_SCHED=dmdas HCC_WORKERS=0
run "$2" cholesky HCC_SCHED=dmda HCC_WORKERS=2 HCC_PIN=1 HCC_GPU_MEMORY=12M
run "$2" cholesky HCC_SCHED=eager HCC_WORKERS=0 HCC_GPU_MEMORY=8M
for sched in eager dmdas; do run "$3" lu HCC_SCHED=$sched HCC_WORKERS=3; done
run "$3" lu HCC_SCHED=dmda HCC_WORKERS=0 HCC_PIN=1 HCC_GPU_MEMORY=16M
exit $status
