// The time a GPU worker adds per task (issue: CUDA workers; seed 000 Table
// 2): empty CUDA kernels run as hccsim tasks, against a hand-written loop on
// one CUDA stream that makes the same launches and, like a worker, learns of
// each kernel's end from an event before it goes on.
//
//   gpu_tasks PATTERN TASKS REPS
//
// PATTERN: chain (every task updates one datum: each waits for the last) or
// indep (each task reads a datum of its own). HCC_WORKERS=0 keeps the kernels
// on the GPU worker. Prints per repetition's best:
//   pattern=chain tasks=N hcc_us=... streams_us=...
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "hcc/hcc.h"

namespace {

__global__ void empty_kernel() {}

void empty_cuda(void* const*, void*) {
  empty_kernel<<<1, 1, 0, static_cast<cudaStream_t>(hcc_cuda_stream())>>>();
}

const hcc_codelet kEmpty{"empty", nullptr, empty_cuda, 0, nullptr, 0};

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

void submit_empty(hcc_handle h, int mode) {
  hcc_access a{h, mode};
  hcc_task_desc d{};
  d.codelet = &kEmpty;
  d.accesses = &a;
  d.naccesses = 1;
  hcc_submit(&d);
}

double run_hcc(bool chain, int tasks) {
  std::vector<double> data(chain ? 1 : tasks);
  std::vector<hcc_handle> h;
  for (double& d : data) h.push_back(hcc_data_register(&d, sizeof d));
  // The data reach the GPU once, before the timed loop.
  for (hcc_handle x : h) submit_empty(x, HCC_RW);
  hcc_wait_all();
  const double start = now();
  for (int i = 0; i < tasks; ++i) submit_empty(h[chain ? 0 : i], chain ? HCC_RW : HCC_R);
  hcc_wait_all();
  const double seconds = now() - start;
  for (hcc_handle x : h) hcc_data_unregister(x);
  return seconds;
}

double run_streams(int tasks) {
  cudaStream_t s;
  cudaEvent_t done;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaEventCreate(&done);
  const double start = now();
  for (int i = 0; i < tasks; ++i) {
    empty_kernel<<<1, 1, 0, s>>>();
    cudaEventRecord(done, s);
    cudaEventSynchronize(done);
  }
  const double seconds = now() - start;
  cudaEventDestroy(done);
  cudaStreamDestroy(s);
  return seconds;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4 || (std::strcmp(argv[1], "chain") != 0 && std::strcmp(argv[1], "indep") != 0)) {
    std::fprintf(stderr, "usage: gpu_tasks chain|indep TASKS REPS\n");
    return 2;
  }
  const bool chain = std::strcmp(argv[1], "chain") == 0;
  const int tasks = std::atoi(argv[2]), reps = std::atoi(argv[3]);
  int gpus = 0;
  if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0) {
    std::fprintf(stderr, "gpu_tasks: no CUDA GPU\n");
    return 77;
  }
  if (hcc_init() != 0) return 1;
  double best_hcc = 1e30, best_streams = 1e30;
  for (int r = 0; r < reps; ++r) {
    best_hcc = std::min(best_hcc, run_hcc(chain, tasks));
    best_streams = std::min(best_streams, run_streams(tasks));
  }
  hcc_shutdown();
  std::printf("pattern=%s tasks=%d hcc_us=%.3f streams_us=%.3f\n", argv[1], tasks, 1e6 * best_hcc / tasks,
              1e6 * best_streams / tasks);
  return 0;
}
