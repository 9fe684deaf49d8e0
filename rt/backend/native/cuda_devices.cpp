// cuda_devices.hpp with the CUDA runtime (HCC_WITH_CUDA), or without it.
#include "cuda_devices.hpp"

#ifdef HCC_WITH_CUDA
#include <cuda_runtime_api.h>

#include <algorithm>
#include <mutex>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "fatal.hpp"
#endif

namespace hcc::rt {

#ifndef HCC_WITH_CUDA

std::unique_ptr<CudaDevices> CudaDevices::open(std::optional<int>, std::optional<uint64_t>, bool) { return nullptr; }

#else

namespace {

// Left free on a device for what the kernels' libraries allocate themselves
// (cuBLAS and cuSOLVER workspaces, the CUDA context's own heap).
constexpr uint64_t kLibraryReserve = uint64_t{1} << 30;
constexpr int kMaxDevices = 64;

std::string cuda_error(cudaError_t e, const char* call, int device) {
  return std::string(call) + " on CUDA device " + std::to_string(device) + ": " + cudaGetErrorString(e);
}

// At start-up a failure is the caller's to report (std::runtime_error);
// later, while tasks run, it ends the program with one line.
void check_open(cudaError_t e, const char* call, int device) {
  if (e != cudaSuccess) throw std::runtime_error(cuda_error(e, call, device));
}
void check(cudaError_t e, const char* call, int device) {
  if (e != cudaSuccess) fatal(cuda_error(e, call, device));
}

struct Device {
  int id = 0;
  std::string name;
  uint64_t capacity = 0;
  cudaStream_t compute = nullptr, to_device = nullptr, to_host = nullptr;
  std::mutex cache_mutex;
  std::unordered_map<uint64_t, std::vector<void*>> cached;  // released buffers by size
};

// Each thread's events per device: one to wait for its copies and kernels,
// one to time a kernel's start. Events of one thread are used by it alone.
struct ThreadEvents {
  cudaEvent_t done[kMaxDevices] = {};
  cudaEvent_t start[kMaxDevices] = {};
  ~ThreadEvents() {
    for (int d = 0; d < kMaxDevices; ++d) {
      if (done[d]) cudaEventDestroy(done[d]);
      if (start[d]) cudaEventDestroy(start[d]);
    }
  }
};

class CudaRuntimeDevices final : public CudaDevices {
 public:
  CudaRuntimeDevices(int count, std::optional<uint64_t> memory, bool pin) : pin_(pin), devices_(count) {
    for (int d = 0; d < count; ++d) {
      Device& dev = devices_[d];
      dev.id = d;
      check_open(cudaSetDevice(d), "cudaSetDevice", d);
      cudaDeviceProp prop{};
      check_open(cudaGetDeviceProperties(&prop, d), "cudaGetDeviceProperties", d);
      dev.name = prop.name;
      size_t free_bytes = 0, total = 0;
      check_open(cudaMemGetInfo(&free_bytes, &total), "cudaMemGetInfo", d);
      const uint64_t usable = free_bytes > kLibraryReserve ? free_bytes - kLibraryReserve : free_bytes / 2;
      dev.capacity = memory ? std::min<uint64_t>(*memory, usable) : usable;
      check_open(cudaStreamCreateWithFlags(&dev.compute, cudaStreamNonBlocking), "cudaStreamCreate", d);
      check_open(cudaStreamCreateWithFlags(&dev.to_device, cudaStreamNonBlocking), "cudaStreamCreate", d);
      check_open(cudaStreamCreateWithFlags(&dev.to_host, cudaStreamNonBlocking), "cudaStreamCreate", d);
    }
  }

  ~CudaRuntimeDevices() override {
    // Errors are ignored: the process is ending, and a context may already
    // be torn down.
    for (Device& dev : devices_) {
      cudaSetDevice(dev.id);
      for (auto& [bytes, list] : dev.cached)
        for (void* p : list) cudaFree(p);
      cudaStreamDestroy(dev.compute);
      cudaStreamDestroy(dev.to_device);
      cudaStreamDestroy(dev.to_host);
    }
    for (const void* p : pinned_) cudaHostUnregister(const_cast<void*>(p));
  }

  int count() const override { return static_cast<int>(devices_.size()); }
  std::string name(int device) const override { return devices_[device].name; }
  uint64_t capacity(int device) const override { return devices_[device].capacity; }

  void* allocate(int device, uint64_t bytes) override {
    Device& dev = devices_[device];
    {
      std::lock_guard<std::mutex> lock(dev.cache_mutex);
      auto it = dev.cached.find(bytes);
      if (it != dev.cached.end() && !it->second.empty()) {
        void* p = it->second.back();
        it->second.pop_back();
        return p;
      }
    }
    check(cudaSetDevice(device), "cudaSetDevice", device);
    void* p = nullptr;
    cudaError_t e = cudaMalloc(&p, bytes);
    if (e == cudaErrorMemoryAllocation) {
      cudaGetLastError();  // clears the sticky-free error state of the runtime API
      drop_cache(dev);
      e = cudaMalloc(&p, bytes);
    }
    check(e, "cudaMalloc", device);
    return p;
  }

  void release(int device, void* ptr, uint64_t bytes) override {
    Device& dev = devices_[device];
    std::lock_guard<std::mutex> lock(dev.cache_mutex);
    dev.cached[bytes].push_back(ptr);
  }

  void to_device(int device, void* dst, const void* src, uint64_t bytes) override {
    Device& dev = devices_[device];
    check(cudaSetDevice(device), "cudaSetDevice", device);
    if (pin_) pin(src, bytes);
    check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, dev.to_device), "cudaMemcpyAsync", device);
    wait(dev, dev.to_device);
  }

  void to_host(int device, void* dst, const void* src, uint64_t bytes) override {
    Device& dev = devices_[device];
    check(cudaSetDevice(device), "cudaSetDevice", device);
    if (pin_) pin(dst, bytes);
    check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, dev.to_host), "cudaMemcpyAsync", device);
    wait(dev, dev.to_host);
  }

  void* stream(int device) override { return devices_[device].compute; }

  double run_kernel(int device, const std::function<void()>& launch, bool timed) override {
    Device& dev = devices_[device];
    check(cudaSetDevice(device), "cudaSetDevice", device);
    ThreadEvents& ev = events();
    if (timed) {
      if (!ev.start[device]) check(cudaEventCreate(&ev.start[device]), "cudaEventCreate", device);
      check(cudaEventRecord(ev.start[device], dev.compute), "cudaEventRecord", device);
    }
    launch();
    check(cudaGetLastError(), "a kernel launch", device);
    wait(dev, dev.compute);
    if (!timed) return -1;
    float ms = 0;
    check(cudaEventElapsedTime(&ms, ev.start[device], ev.done[device]), "cudaEventElapsedTime", device);
    return 1e-3 * ms;
  }

  void* host_allocate(uint64_t bytes) override {
    void* p = nullptr;
    check(cudaMallocHost(&p, bytes ? bytes : 1), "cudaMallocHost", 0);
    return p;
  }
  void host_release(void* ptr) override { check(cudaFreeHost(ptr), "cudaFreeHost", 0); }

 private:
  static ThreadEvents& events() {
    thread_local ThreadEvents ev;
    return ev;
  }

  // Records an event on the stream and waits for it: the caller waits for
  // its own work only, not for the device's other streams. The event also
  // ends the timing of a timed kernel.
  void wait(Device& dev, cudaStream_t stream) {
    ThreadEvents& ev = events();
    cudaEvent_t& done = ev.done[dev.id];
    if (!done) check(cudaEventCreate(&done), "cudaEventCreate", dev.id);
    check(cudaEventRecord(done, stream), "cudaEventRecord", dev.id);
    check(cudaEventSynchronize(done), "cudaEventSynchronize (a kernel or copy failed)", dev.id);
  }

  // Page-locks the host range of a datum the first time it is copied, so
  // that the copy engine reads it directly (and the copy is asynchronous).
  // A range that is already locked (cudaMallocHost, an earlier datum on the
  // same pages) or cannot be is copied as it is: the driver stages pageable
  // memory, correctly but slower.
  void pin(const void* host, uint64_t bytes) {
    cudaPointerAttributes attr{};
    if (cudaPointerGetAttributes(&attr, host) == cudaSuccess && attr.type != cudaMemoryTypeUnregistered) return;
    cudaGetLastError();
    std::lock_guard<std::mutex> lock(pin_mutex_);
    if (cudaHostRegister(const_cast<void*>(host), bytes, cudaHostRegisterPortable) == cudaSuccess)
      pinned_.push_back(host);
    else
      cudaGetLastError();
  }

  void drop_cache(Device& dev) {
    std::lock_guard<std::mutex> lock(dev.cache_mutex);
    for (auto& [bytes, list] : dev.cached)
      for (void* p : list) cudaFree(p);
    dev.cached.clear();
  }

  const bool pin_;
  std::vector<Device> devices_;
  std::mutex pin_mutex_;
  std::vector<const void*> pinned_;
};

}  // namespace

std::unique_ptr<CudaDevices> CudaDevices::open(std::optional<int> wanted, std::optional<uint64_t> memory,
                                               bool pin_host_data) {
  int available = 0;
  // No driver or no GPU: a machine without GPUs, not an error.
  if (cudaGetDeviceCount(&available) != cudaSuccess) {
    cudaGetLastError();
    return nullptr;
  }
  const int count = std::min({available, wanted.value_or(available), kMaxDevices});
  if (count <= 0) return nullptr;
  return std::make_unique<CudaRuntimeDevices>(count, memory, pin_host_data);
}

#endif

}  // namespace hcc::rt
