// gpu_probe.hpp with the CUDA runtime (HCC_WITH_CUDA), or without it.
#include "gpu_probe.hpp"

#ifdef HCC_WITH_CUDA
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

#include "hccmodels/transfer_models.hpp"
#endif

namespace hcc::calibrate {

#ifndef HCC_WITH_CUDA

bool gpu_probe_built() { return false; }
void measure_gpus(models::MachineDescription&, const std::function<void(const std::string&)>&) {}

#else

namespace {

constexpr std::size_t kLargest = std::size_t{64} << 20;  // bytes
constexpr int kRepeats = 5;

void check(cudaError_t e, const char* call, int device) {
  if (e != cudaSuccess)
    throw std::runtime_error(std::string(call) + " on CUDA device " + std::to_string(device) + ": " +
                             cudaGetErrorString(e));
}

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// One device's buffers: pinned host memory and device memory of kLargest
// bytes for each direction, so that copies in both directions can overlap.
struct DeviceBuffers {
  int device = 0;
  void *host_up = nullptr, *host_down = nullptr, *dev_up = nullptr, *dev_down = nullptr;
  cudaStream_t up = nullptr, down = nullptr;

  explicit DeviceBuffers(int d) : device(d) {
    check(cudaSetDevice(d), "cudaSetDevice", d);
    check(cudaMallocHost(&host_up, kLargest), "cudaMallocHost", d);
    check(cudaMallocHost(&host_down, kLargest), "cudaMallocHost", d);
    check(cudaMalloc(&dev_up, kLargest), "cudaMalloc", d);
    check(cudaMalloc(&dev_down, kLargest), "cudaMalloc", d);
    check(cudaStreamCreate(&up), "cudaStreamCreate", d);
    check(cudaStreamCreate(&down), "cudaStreamCreate", d);
  }
  ~DeviceBuffers() {
    // Errors are ignored here: this runs while unwinding from another one.
    cudaSetDevice(device);
    if (up) cudaStreamDestroy(up);
    if (down) cudaStreamDestroy(down);
    cudaFree(dev_up);
    cudaFree(dev_down);
    cudaFreeHost(host_up);
    cudaFreeHost(host_down);
  }
  DeviceBuffers(const DeviceBuffers&) = delete;
  DeviceBuffers& operator=(const DeviceBuffers&) = delete;
};

// Latency and bandwidth of synchronous copies in one direction: the best of
// kRepeats copies of each size from 4 KiB to 64 MiB, fitted as
// latency + bytes / bandwidth with relative errors (small copies count).
void measure_direction(const DeviceBuffers& b, bool up, double& latency, double& bandwidth) {
  std::vector<std::pair<double, double>> points;
  for (std::size_t bytes = 4096; bytes <= kLargest; bytes *= 4) {
    double best = std::numeric_limits<double>::infinity();
    for (int r = 0; r < kRepeats; ++r) {
      const double t0 = now();
      check(up ? cudaMemcpy(b.dev_up, b.host_up, bytes, cudaMemcpyHostToDevice)
               : cudaMemcpy(b.host_down, b.dev_down, bytes, cudaMemcpyDeviceToHost),
            "cudaMemcpy", b.device);
      best = std::min(best, now() - t0);
    }
    points.emplace_back(static_cast<double>(bytes), best);
  }
  const models::LinearSegment s = models::fit_piecewise(points, 1, true).segments.front();
  latency = std::max(0.0, s.latency);
  bandwidth = s.seconds_per_byte > 0 ? 1 / s.seconds_per_byte
                                     : static_cast<double>(kLargest) / points.back().second;
}

// Bytes per second of kLargest-byte copies from and to pageable memory
// (malloc), the best of 3: what copies of a program's own arrays reach when
// the runtime does not page-lock them (HCC_PIN=0). Printed, not written.
std::pair<double, double> measure_pageable(const DeviceBuffers& b) {
  std::unique_ptr<char[]> host(new char[kLargest]);
  std::fill_n(host.get(), kLargest, 1);
  double up = 0, down = 0;
  for (int r = 0; r < 3; ++r) {
    double t0 = now();
    check(cudaMemcpy(b.dev_up, host.get(), kLargest, cudaMemcpyHostToDevice), "cudaMemcpy", b.device);
    up = std::max(up, static_cast<double>(kLargest) / (now() - t0));
    t0 = now();
    check(cudaMemcpy(host.get(), b.dev_down, kLargest, cudaMemcpyDeviceToHost), "cudaMemcpy", b.device);
    down = std::max(down, static_cast<double>(kLargest) / (now() - t0));
  }
  return {up, down};
}

// The runtime's own costs (seed 000 Table 2), as the native backend pays
// them: cudaMalloc and cudaFree of an 8 MiB datum (the median of 9), page-
// locking malloc'd memory per MiB (cudaHostRegister of 64 MiB, best of 3),
// and what queueing a small copy on a stream and waiting for its event costs
// beyond a plain synchronous copy (best of 20 each).
void measure_runtime_costs(const DeviceBuffers& b, models::GpuDescription& g, double& pin_per_mib,
                           double& transfer_queue) {
  std::vector<double> alloc, release;
  for (int i = 0; i < 9; ++i) {
    void* p = nullptr;
    double t0 = now();
    check(cudaMalloc(&p, std::size_t{8} << 20), "cudaMalloc", b.device);
    alloc.push_back(now() - t0);
    t0 = now();
    check(cudaFree(p), "cudaFree", b.device);
    release.push_back(now() - t0);
  }
  std::sort(alloc.begin(), alloc.end());
  std::sort(release.begin(), release.end());
  g.alloc_cost = alloc[alloc.size() / 2];
  g.free_cost = release[release.size() / 2];

  std::unique_ptr<char[]> host(new char[kLargest]);
  std::fill_n(host.get(), kLargest, 1);
  double pin = std::numeric_limits<double>::infinity();
  for (int r = 0; r < 3; ++r) {
    const double t0 = now();
    check(cudaHostRegister(host.get(), kLargest, cudaHostRegisterPortable), "cudaHostRegister", b.device);
    pin = std::min(pin, now() - t0);
    check(cudaHostUnregister(host.get()), "cudaHostUnregister", b.device);
  }
  pin_per_mib = pin / static_cast<double>(kLargest >> 20);

  cudaEvent_t done;
  check(cudaEventCreate(&done), "cudaEventCreate", b.device);
  double plain = std::numeric_limits<double>::infinity(), queued = plain;
  for (int r = 0; r < 20; ++r) {
    double t0 = now();
    check(cudaMemcpy(b.dev_up, b.host_up, 4096, cudaMemcpyHostToDevice), "cudaMemcpy", b.device);
    plain = std::min(plain, now() - t0);
    t0 = now();
    check(cudaMemcpyAsync(b.dev_up, b.host_up, 4096, cudaMemcpyHostToDevice, b.up), "cudaMemcpyAsync", b.device);
    check(cudaEventRecord(done, b.up), "cudaEventRecord", b.device);
    check(cudaEventSynchronize(done), "cudaEventSynchronize", b.device);
    queued = std::min(queued, now() - t0);
  }
  cudaEventDestroy(done);
  transfer_queue = std::max(0.0, queued - plain);
}

// Bytes per second of kLargest-byte copies in both directions to every
// device at once, the best of 3 rounds.
double measure_aggregate(const std::vector<std::unique_ptr<DeviceBuffers>>& all) {
  double best = 0;
  for (int round = 0; round < 3; ++round) {
    const double t0 = now();
    for (const auto& p : all) {
      DeviceBuffers& b = *p;
      check(cudaSetDevice(b.device), "cudaSetDevice", b.device);
      check(cudaMemcpyAsync(b.dev_up, b.host_up, kLargest, cudaMemcpyHostToDevice, b.up), "cudaMemcpyAsync",
            b.device);
      check(cudaMemcpyAsync(b.host_down, b.dev_down, kLargest, cudaMemcpyDeviceToHost, b.down),
            "cudaMemcpyAsync", b.device);
    }
    for (const auto& p : all) {
      const DeviceBuffers& b = *p;
      check(cudaSetDevice(b.device), "cudaSetDevice", b.device);
      check(cudaDeviceSynchronize(), "cudaDeviceSynchronize", b.device);
    }
    best = std::max(best, 2.0 * static_cast<double>(kLargest) * static_cast<double>(all.size()) / (now() - t0));
  }
  return best;
}

}  // namespace

bool gpu_probe_built() { return true; }

void measure_gpus(models::MachineDescription& m, const std::function<void(const std::string&)>& say) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // no driver or no device: clear the error, measure nothing
    return;
  }
  std::vector<std::unique_ptr<DeviceBuffers>> buffers;
  for (int d = 0; d < count; ++d) {
    cudaDeviceProp prop{};
    check(cudaGetDeviceProperties(&prop, d), "cudaGetDeviceProperties", d);
    buffers.push_back(std::make_unique<DeviceBuffers>(d));
    models::GpuDescription g;
    g.name = prop.name;
    g.memory_bytes = prop.totalGlobalMem;
    measure_direction(*buffers.back(), true, g.up_latency, g.up_bandwidth);
    measure_direction(*buffers.back(), false, g.down_latency, g.down_bandwidth);
    char line[256];
    std::snprintf(line, sizeof line,
                  "CUDA%d %s: %.2f GiB; host to device %.2f GB/s, %.1f us; device to host %.2f GB/s, %.1f us", d,
                  g.name.c_str(), static_cast<double>(g.memory_bytes) / (1 << 30), g.up_bandwidth / 1e9,
                  g.up_latency * 1e6, g.down_bandwidth / 1e9, g.down_latency * 1e6);
    say(line);
    const auto [pageable_up, pageable_down] = measure_pageable(*buffers.back());
    std::snprintf(line, sizeof line, "CUDA%d from pageable memory: host to device %.2f GB/s, device to host %.2f GB/s",
                  d, pageable_up / 1e9, pageable_down / 1e9);
    say(line);
    measure_runtime_costs(*buffers.back(), g, m.pin_per_mib, m.transfer_queue);
    std::snprintf(line, sizeof line,
                  "CUDA%d runtime costs: cudaMalloc %.1f us, cudaFree %.1f us (8 MiB); page-locking %.1f us/MiB; "
                  "queueing a copy %.1f us",
                  d, g.alloc_cost * 1e6, g.free_cost * 1e6, m.pin_per_mib * 1e6, m.transfer_queue * 1e6);
    say(line);
    m.gpus.push_back(g);
  }
  if (m.gpus.empty()) return;
  double single = 0;
  for (const models::GpuDescription& g : m.gpus) single = std::max({single, g.up_bandwidth, g.down_bandwidth});
  const double aggregate = measure_aggregate(buffers);
  // The bus carries at least what one copy reached alone.
  m.bus_bandwidth = std::max(aggregate, single);
  char line[256];
  std::snprintf(line, sizeof line,
                "all copies at once (both directions, %zu GPU%s): %.2f GB/s against %.2f GB/s for one copy: %s",
                m.gpus.size(), m.gpus.size() > 1 ? "s" : "", aggregate / 1e9, single / 1e9,
                aggregate > 1.2 * single ? "copies overlap" : "copies serialise");
  say(line);
}

#endif

}  // namespace hcc::calibrate
