// The native backend's CUDA GPUs (built with HCC_WITH_CUDA): per device a
// compute stream and one copy stream per direction, so that copies overlap
// kernels and each other (seed 000 §3: StarPU's CUDA workers do the same);
// a caching allocator of device memory; pinned host memory.
//
// Without CUDA in the build, or without a GPU at run time, open() finds no
// device and the native backend has CPU workers only.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace hcc::rt {

class CudaDevices {
 public:
  virtual ~CudaDevices() = default;

  // Up to `wanted` devices (nullopt: all), each offering `memory` bytes for
  // data (nullopt: what is free on it less a reserve for libraries such as
  // cuBLAS). Null when there is none. Throws std::runtime_error naming the
  // CUDA call that failed on a device that exists.
  static std::unique_ptr<CudaDevices> open(std::optional<int> wanted, std::optional<uint64_t> memory,
                                           bool pin_host_data);

  virtual int count() const = 0;
  virtual uint64_t capacity(int device) const = 0;

  // Device buffers, from a cache of released ones of the same size (a
  // cudaMalloc costs far more than a small task; a task's data come in few
  // sizes). The cache is emptied when cudaMalloc runs out of memory.
  virtual void* allocate(int device, uint64_t bytes) = 0;
  virtual void release(int device, void* ptr, uint64_t bytes) = 0;

  // Copies from main memory to the device (to_device) or back, on that
  // direction's copy stream; returns once the copy ended (an event).
  virtual void copy(int device, bool to_device, void* dst, const void* src, uint64_t bytes) = 0;

  // The time a copy of that size takes on an idle bus, from latency and
  // bandwidth measured at open() (as StarPU calibrates its buses): what
  // model-based schedulers count for bringing a task's inputs.
  virtual double copy_estimate(int device, bool to_device, uint64_t bytes) const = 0;

  // Page-locks a host range (cudaHostRegister) until the devices are closed:
  // copies from it then run at the bus's full bandwidth, asynchronously. A
  // range already locked, or on pages locked for another, stays as it is
  // (the driver stages copies of pageable memory: correct, slower).
  virtual void pin(void* host, uint64_t bytes) = 0;

  virtual void* stream(int device) = 0;  // the compute stream (a cudaStream_t)
  // Queues launch() on the compute stream between two events; finish_kernel
  // waits for the second and returns the kernel's device time in seconds
  // when timed, else -1. One kernel in flight per device and thread.
  virtual void start_kernel(int device, const std::function<void()>& launch, bool timed) = 0;
  virtual double finish_kernel(int device) = 0;

  // Pinned host memory (hcc_malloc on a machine with GPUs).
  virtual void* host_allocate(uint64_t bytes) = 0;
  virtual void host_release(void* ptr) = 0;
};

}  // namespace hcc::rt
