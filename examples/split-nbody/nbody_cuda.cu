// The GPU side of the split force loop (nbody.c, nbody_mpi.c built with
// -DNBODY_CUDA): one thread per body of [begin, end), queued on the GPU
// worker's stream. pos is the device's copy of every position, acc of the
// part's accelerations, both indexed as on the host. Built with
// --fmad=false: the same roundings as nbody_force on a CPU.
#include <cuda_runtime.h>

#include "hcc/hcc.h"
#include "nbody.h"

namespace {

__global__ void forces_kernel(long begin, long end, const double* pos, double* acc, long first, long n) {
  const long i = begin + static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < end) nbody_force(first + i, pos, &acc[3 * i], n);
}

}  // namespace

// Iterations [begin, end) are bodies first + i; acc holds the iterations'.
extern "C" void forces_cuda(long begin, long end, const double* pos, double* acc, long first, long n) {
  if (end <= begin) return;
  constexpr int kThreads = 128;
  const long blocks = (end - begin + kThreads - 1) / kThreads;
  forces_kernel<<<static_cast<unsigned>(blocks), kThreads, 0, static_cast<cudaStream_t>(hcc_cuda_stream())>>>(
      begin, end, pos, acc, first, n);
}
