// The GPU side of bench/split/polynomial.c (-DPOLY_CUDA): the same Horner
// evaluation, one thread per element of [begin, end), queued on the GPU
// worker's stream. x and y are the device's copies of the part's bytes,
// indexed as on the host.
#include <cuda_runtime.h>

#include "hcc/hcc.h"

namespace {

__global__ void poly_kernel(long begin, long end, const double* x, double* y, int degree) {
  const long i = begin + static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= end) return;
  const double xi = x[i];
  double v = 0;
  for (int d = 0; d < degree; ++d) v = v * xi + 1.0 / (d + 1);
  y[i] = v;
}

}  // namespace

extern "C" void poly_cuda(long begin, long end, void* const* buffers, void* arg) {
  if (end <= begin) return;
  constexpr int kThreads = 256;
  const long blocks = (end - begin + kThreads - 1) / kThreads;
  poly_kernel<<<static_cast<unsigned>(blocks), kThreads, 0, static_cast<cudaStream_t>(hcc_cuda_stream())>>>(
      begin, end, static_cast<const double*>(buffers[0]), static_cast<double*>(buffers[1]),
      *static_cast<const int*>(arg));
}
