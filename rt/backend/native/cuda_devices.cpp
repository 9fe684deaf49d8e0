// cuda_devices.hpp with the CUDA runtime (HCC_WITH_CUDA), or without it.
#include "cuda_devices.hpp"

#ifdef HCC_WITH_CUDA
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "backend.hpp"
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

// A copy direction's measured cost: latency + bytes / bandwidth.
struct CopyCost {
  double latency = 0, bandwidth = 1;
  double seconds(uint64_t bytes) const { return latency + static_cast<double>(bytes) / bandwidth; }
};

struct Device {
  int id = 0;
  uint64_t capacity = 0;
  CopyCost up, down;  // host to device, device to host
  cudaStream_t compute = nullptr, to_device = nullptr, to_host = nullptr;
  std::mutex cache_mutex;
  std::unordered_map<uint64_t, std::vector<void*>> cached;  // released buffers by size
};

// Each thread's events per device: one to wait for its copies, two around
// its kernel in flight. Events of one thread are used by it alone.
struct ThreadEvents {
  cudaEvent_t copied[kMaxDevices] = {};
  cudaEvent_t start[kMaxDevices] = {};
  cudaEvent_t end[kMaxDevices] = {};
  bool timed[kMaxDevices] = {};
  ~ThreadEvents() {
    for (cudaEvent_t* list : {copied, start, end})
      for (int d = 0; d < kMaxDevices; ++d)
        if (list[d]) cudaEventDestroy(list[d]);
  }
};

class CudaRuntimeDevices final : public CudaDevices {
 public:
  CudaRuntimeDevices(int count, std::optional<uint64_t> memory, bool pin) : pin_(pin), devices_(count) {
    for (int d = 0; d < count; ++d) {
      Device& dev = devices_[d];
      dev.id = d;
      check_open(cudaSetDevice(d), "cudaSetDevice", d);
      size_t free_bytes = 0, total = 0;
      check_open(cudaMemGetInfo(&free_bytes, &total), "cudaMemGetInfo", d);
      const uint64_t usable = free_bytes > kLibraryReserve ? free_bytes - kLibraryReserve : free_bytes / 2;
      dev.capacity = memory ? std::min<uint64_t>(*memory, usable) : usable;
      check_open(cudaStreamCreateWithFlags(&dev.compute, cudaStreamNonBlocking), "cudaStreamCreate", d);
      check_open(cudaStreamCreateWithFlags(&dev.to_device, cudaStreamNonBlocking), "cudaStreamCreate", d);
      check_open(cudaStreamCreateWithFlags(&dev.to_host, cudaStreamNonBlocking), "cudaStreamCreate", d);
      measure_copies(dev);
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
    for (void* p : pinned_) cudaHostUnregister(p);
  }

  int count() const override { return static_cast<int>(devices_.size()); }
  uint64_t capacity(int device) const override { return devices_[device].capacity; }

  void* allocate(int device, uint64_t bytes) override {
    bytes = device_buffer_bytes(bytes);
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
      cudaGetLastError();  // clears the failed call's error, which later calls would report
      drop_cache(dev);
      e = cudaMalloc(&p, bytes);
    }
    check(e, "cudaMalloc", device);
    return p;
  }

  void release(int device, void* ptr, uint64_t bytes) override {
    Device& dev = devices_[device];
    std::lock_guard<std::mutex> lock(dev.cache_mutex);
    dev.cached[device_buffer_bytes(bytes)].push_back(ptr);
  }

  void copy(int device, bool to_device, void* dst, const void* src, uint64_t bytes) override {
    Device& dev = devices_[device];
    cudaStream_t stream = to_device ? dev.to_device : dev.to_host;
    check(cudaSetDevice(device), "cudaSetDevice", device);
    check(cudaMemcpyAsync(dst, src, bytes, to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost, stream),
          "cudaMemcpyAsync", device);
    wait(dev, stream);
  }

  double copy_estimate(int device, bool to_device, uint64_t bytes) const override {
    const Device& dev = devices_[device];
    return (to_device ? dev.up : dev.down).seconds(bytes);
  }

  void* stream(int device) override { return devices_[device].compute; }

  void start_kernel(int device, const std::function<void()>& launch, bool timed) override {
    Device& dev = devices_[device];
    check(cudaSetDevice(device), "cudaSetDevice", device);
    ThreadEvents& ev = events();
    ev.timed[device] = timed;
    if (timed) record(ev.start[device], dev);
    launch();
    check(cudaGetLastError(), "a kernel launch", device);
    record(ev.end[device], dev);
  }

  double finish_kernel(int device) override {
    ThreadEvents& ev = events();
    check(cudaEventSynchronize(ev.end[device]), "cudaEventSynchronize (a kernel failed)", device);
    if (!ev.timed[device]) return -1;
    float ms = 0;
    check(cudaEventElapsedTime(&ms, ev.start[device], ev.end[device]), "cudaEventElapsedTime", device);
    return 1e-3 * ms;
  }

  void* host_allocate(uint64_t bytes) override {
    void* p = nullptr;
    check(cudaMallocHost(&p, bytes ? bytes : 1), "cudaMallocHost", 0);
    return p;
  }
  void host_release(void* ptr) override { check(cudaFreeHost(ptr), "cudaFreeHost", 0); }

  void pin(void* host, uint64_t bytes) override {
    cudaPointerAttributes attr{};
    if (cudaPointerGetAttributes(&attr, host) == cudaSuccess && attr.type != cudaMemoryTypeUnregistered) return;
    cudaGetLastError();
    std::lock_guard<std::mutex> lock(pin_mutex_);
    if (cudaHostRegister(host, bytes, cudaHostRegisterPortable) == cudaSuccess)
      pinned_.push_back(host);
    else
      cudaGetLastError();
  }

 private:
  static ThreadEvents& events() {
    thread_local ThreadEvents ev;
    return ev;
  }

  // Records an event on a copy stream and waits for it: the caller waits
  // for its own copy only, not for the device's other streams.
  void wait(Device& dev, cudaStream_t stream) {
    cudaEvent_t& copied = events().copied[dev.id];
    if (!copied) check(cudaEventCreate(&copied), "cudaEventCreate", dev.id);
    check(cudaEventRecord(copied, stream), "cudaEventRecord", dev.id);
    check(cudaEventSynchronize(copied), "cudaEventSynchronize (a copy failed)", dev.id);
  }

  void record(cudaEvent_t& event, Device& dev) {
    if (!event) check(cudaEventCreate(&event), "cudaEventCreate", dev.id);
    check(cudaEventRecord(event, dev.compute), "cudaEventRecord", dev.id);
  }

  // Best of a few copies of 4 KiB (latency) and 32 MiB (bandwidth) each
  // way, from the kind of host memory data will be copied from (page-locked
  // with HCC_PIN=1, else pageable): some milliseconds at start-up.
  void measure_copies(Device& dev) {
    constexpr uint64_t kSmall = 4096, kLarge = uint64_t{32} << 20;
    void *host = nullptr, *device = nullptr;
    std::unique_ptr<char[]> pageable;
    if (pin_) {
      check_open(cudaMallocHost(&host, kLarge), "cudaMallocHost", dev.id);
    } else {
      pageable.reset(new char[kLarge]());
      host = pageable.get();
    }
    check_open(cudaMalloc(&device, kLarge), "cudaMalloc", dev.id);
    auto best = [&](bool up, uint64_t bytes) {
      double fastest = 1e30;
      for (int i = 0; i < 4; ++i) {
        const auto start = std::chrono::steady_clock::now();
        check_open(up ? cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice)
                      : cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost),
                   "cudaMemcpy", dev.id);
        fastest = std::min(fastest, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      }
      return fastest;
    };
    for (bool up : {true, false}) {
      const double small = best(up, kSmall), large = best(up, kLarge);
      CopyCost& c = up ? dev.up : dev.down;
      c.bandwidth = static_cast<double>(kLarge - kSmall) / std::max(large - small, 1e-9);
      c.latency = std::max(0.0, small - static_cast<double>(kSmall) / c.bandwidth);
    }
    cudaFree(device);
    if (pin_) cudaFreeHost(host);
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
  std::vector<void*> pinned_;
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
