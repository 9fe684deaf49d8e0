// The CUDA kernel of impl-cuda-gpu.c, compiled by nvcc.
#include "hcc/hcc.h"

__global__ static void scale(double* x, double a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

extern "C" void scale_gpu(double* x, double a, int n) {
  scale<<<(n + 255) / 256, 256, 0, static_cast<cudaStream_t>(hcc_cuda_stream())>>>(x, a, n);
}
