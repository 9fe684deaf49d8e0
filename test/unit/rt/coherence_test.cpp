// Coherence and eviction, tested through the runtime's own control code on a
// backend whose "GPU" memory nodes are host buffers and whose transfers are
// memcpy: data really moves between nodes, so a stale replica, a lost
// write-back or an eviction of data in use shows up as a wrong value.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <random>
#include <thread>

#include "backend.hpp"
#include "config.hpp"
#include "runtime.hpp"

namespace hcc::rt {

// The runtime library's C API refers to the linked backend's factory; this
// test builds its runtimes directly.
std::unique_ptr<Backend> make_backend(const Config&) { throw std::runtime_error("unused"); }

namespace {

// A permit under its own mutex (see Waiter).
class HostWaiter final : public Waiter {
 public:
  void wait() override {
    std::unique_lock<std::mutex> l(m_);
    cv_.wait(l, [this] { return permit_; });
    permit_ = false;
  }
  void notify() override {
    std::lock_guard<std::mutex> l(m_);
    permit_ = true;
    cv_.notify_one();
  }
  bool notified() const override {
    std::lock_guard<std::mutex> l(m_);
    return permit_;
  }

 private:
  mutable std::mutex m_;
  std::condition_variable cv_;
  bool permit_ = false;
};

// One CPU worker on main memory and one worker per emulated GPU node.
class EmulatedGpuBackend final : public Backend {
 public:
  EmulatedGpuBackend(int gpus, uint64_t gpu_capacity) {
    machine_.workers.push_back({"cpu0", "cpu", 0});
    machine_.nodes.push_back({"RAM", 0});
    for (int g = 0; g < gpus; ++g) {
      machine_.workers.push_back({"cuda" + std::to_string(g), "cuda", g + 1});
      machine_.nodes.push_back({"GPU" + std::to_string(g), gpu_capacity});
    }
  }
  bool simulated() const override { return false; }
  const Machine& machine() const override { return machine_; }
  void start_workers(std::function<void(int)> body) override {
    for (int i = 0; i < static_cast<int>(machine_.workers.size()); ++i)
      threads_.emplace_back([body, i] {
        self = i;
        body(i);
      });
  }
  void start_worker(int w, std::function<void(int)> body) override {
    threads_.emplace_back([body, w] {
      self = w;
      body(w);
    });
  }
  void join_workers() override {
    for (auto& t : threads_) t.join();
  }
  int self_worker() const override { return self; }
  void lock() override { m_.lock(); }
  void unlock() override { m_.unlock(); }
  std::unique_ptr<Waiter> make_waiter() override { return std::make_unique<HostWaiter>(); }
  bool keep_looking(int) override { return false; }
  double now() override { return ++ticks * 1e-6; }
  double wallclock() override { return now(); }
  void sleep(double) override {}
  void compute(double) override {}
  double thread_cpu_time() override { return 0; }
  void transfer(int, const void* src, int, void* dst, uint64_t bytes) override {
    std::memcpy(dst, src, bytes);
    transfers++;
  }
  double transfer_estimate(int, int, uint64_t) override { return 1e-6; }
  void* allocate(int, uint64_t bytes) override { return std::calloc(1, bytes); }
  void release(int, void* p, uint64_t) override { std::free(p); }
  bool backed(const void*) const override { return true; }
  void* host_allocate(uint64_t bytes) override { return std::malloc(bytes); }
  void host_release(void* p, uint64_t) override { std::free(p); }

  std::atomic<int> transfers{0};

 private:
  static thread_local int self;
  Machine machine_;
  std::mutex m_;
  std::vector<std::thread> threads_;
  std::atomic<long> ticks{0};
};
thread_local int EmulatedGpuBackend::self = -1;

}  // namespace
}  // namespace hcc::rt

namespace hcc::rt {
namespace {

uint64_t mix(uint64_t h, uint64_t v) { return (h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6))) * 0xff51afd7ed558ccdull; }

struct Step {
  int codelet;                                // 0 cpu only, 1 cuda only, 2 both
  std::vector<std::pair<int, int>> accesses;  // (datum, mode)
  uint64_t id;
  uint64_t observed = 0;
};

void apply(Step& s, uint64_t* const* v) {
  uint64_t seen = s.id;
  for (size_t i = 0; i < s.accesses.size(); ++i) {
    switch (s.accesses[i].second) {
      case HCC_R: seen = mix(seen, *v[i]); break;
      case HCC_W: *v[i] = mix(s.id, i); break;
      default: seen = mix(seen, *v[i]); *v[i] = mix(*v[i], s.id + i); break;
    }
  }
  s.observed = seen;
}

void kernel(void* const* buffers, void* arg) {
  apply(*static_cast<Step*>(arg), reinterpret_cast<uint64_t* const*>(buffers));
}

const hcc_codelet kCodelets[] = {
    {"cpu_only", kernel, nullptr, 0, nullptr, 0},
    {"cuda_only", nullptr, kernel, 0, nullptr, 0},
    {"anywhere", kernel, kernel, 0, nullptr, 0},
};

// Runs the steps on the runtime and sequentially; both must agree.
void run_and_compare(Runtime& rt, std::vector<Step> steps, int ndata, std::mt19937_64& rng) {
  std::vector<uint64_t> data(ndata), ref(ndata);
  for (int d = 0; d < ndata; ++d) data[d] = ref[d] = rng();
  std::vector<Handle*> handles;
  for (int d = 0; d < ndata; ++d) handles.push_back(rt.register_data(&data[d], sizeof(uint64_t)));
  std::vector<Step> ref_steps = steps;
  for (Step& s : steps) {
    std::vector<hcc_access> acc;
    for (auto [d, mode] : s.accesses) acc.push_back({reinterpret_cast<hcc_handle>(handles[d]), mode});
    hcc_task_desc desc{&kCodelets[s.codelet], &s, 0, acc.data(), static_cast<int>(acc.size()), nullptr, 0, 0,
                       nullptr, 0, 0};
    rt.submit(desc);
  }
  rt.wait_all();
  for (Handle* h : handles) rt.unregister_data(h);  // brings the last version home
  for (Step& s : ref_steps) {
    std::vector<uint64_t*> v;
    for (auto [d, mode] : s.accesses) v.push_back(&ref[d]);
    apply(s, v.data());
  }
  for (int d = 0; d < ndata; ++d) EXPECT_EQ(data[d], ref[d]) << "datum " << d;
  for (size_t i = 0; i < steps.size(); ++i) EXPECT_EQ(steps[i].observed, ref_steps[i].observed) << "step " << i;
}

class Coherence : public ::testing::TestWithParam<std::string> {};

TEST_P(Coherence, RandomProgramsOnCpuAndTwoSmallGpusMatchSequential) {
  Config config;
  config.scheduler = GetParam();
  config.model_dir = "";
  auto backend = std::make_unique<EmulatedGpuBackend>(2, 3 * sizeof(uint64_t));
  auto* b = backend.get();
  Runtime rt(config, std::move(backend));
  rt.start();
  std::mt19937_64 rng(42);
  const int modes[] = {HCC_R, HCC_W, HCC_RW};
  for (int prog = 0; prog < 100; ++prog) {
    const int ndata = 2 + rng() % 6;
    std::vector<Step> steps;
    for (int t = 0; t < 30; ++t) {
      Step s{static_cast<int>(rng() % 3), {}, static_cast<uint64_t>(t)};
      const int n = 1 + rng() % 3;  // a task's data always fit on a GPU
      for (int k = 0; k < n; ++k) {
        int d = rng() % ndata;
        bool dup = false;
        for (auto& a : s.accesses) dup |= a.first == d;
        if (!dup) s.accesses.push_back({d, modes[rng() % 3]});
      }
      steps.push_back(s);
    }
    run_and_compare(rt, steps, ndata, rng);
  }
  EXPECT_GT(b->transfers.load(), 0);
  EXPECT_LE(rt.peak_memory(1), 3 * sizeof(uint64_t));
  EXPECT_LE(rt.peak_memory(2), 3 * sizeof(uint64_t));
  EXPECT_GT(rt.peak_memory(1), 0u);
  rt.shutdown();
}

INSTANTIATE_TEST_SUITE_P(AllSchedulers, Coherence,
                         ::testing::Values("eager", "lws", "prio", "dmda", "dmdas"));

TEST(Eviction, FullGpuWritesBackItsOnlyValidCopy) {
  Config config;
  config.model_dir = "";
  auto backend = std::make_unique<EmulatedGpuBackend>(1, 2 * sizeof(uint64_t));
  auto* b = backend.get();
  Runtime rt(config, std::move(backend));
  rt.start();
  std::mt19937_64 rng(7);
  // The GPU holds two data: updating C there evicts A, whose only valid copy
  // is on the GPU; the CPU must then read the GPU's version of A.
  std::vector<Step> steps = {
      {1, {{0, HCC_RW}}, 1}, {1, {{1, HCC_RW}}, 2}, {1, {{2, HCC_RW}}, 3}, {0, {{0, HCC_R}}, 4},
      {1, {{0, HCC_RW}}, 5}, {0, {{1, HCC_RW}}, 6}, {1, {{1, HCC_R}, {2, HCC_RW}}, 7},
  };
  run_and_compare(rt, steps, 3, rng);
  EXPECT_EQ(rt.peak_memory(1), 2 * sizeof(uint64_t));
  // 3 fetches to the GPU, A written back on eviction, then fetched again...
  EXPECT_GE(b->transfers.load(), 6);
  rt.shutdown();
}

void run_task_too_large_for_gpu() {
  Config config;
  config.model_dir = "";
  Runtime rt(config, std::make_unique<EmulatedGpuBackend>(1, 4));
  rt.start();
  uint64_t x = 0;
  Handle* h = rt.register_data(&x, sizeof x);
  Step s{1, {{0, HCC_RW}}, 1};
  hcc_access acc{reinterpret_cast<hcc_handle>(h), HCC_RW};
  rt.submit(hcc_task_desc{&kCodelets[1], &s, 0, &acc, 1, nullptr, 0, 0, nullptr, 0, 0});
  rt.wait_all();
}

// Device buffers are kept by rounded size: small ones exactly, from 64 KiB
// on up to the next eighth of their power of two, never less than asked.
TEST(DeviceBuffers, SizesRoundedToAnEighthOfTheirPowerOfTwo) {
  EXPECT_EQ(device_buffer_bytes(1), 1u);
  EXPECT_EQ(device_buffer_bytes(65535), 65535u);
  EXPECT_EQ(device_buffer_bytes(65536), 65536u);
  EXPECT_EQ(device_buffer_bytes(65537), 65536u + 8192u);
  EXPECT_EQ(device_buffer_bytes(uint64_t{84} << 20), uint64_t{88} << 20);  // step 8 MiB under 128 MiB
  for (uint64_t b = 1000; b < (uint64_t{1} << 40); b = b * 13 / 7) {
    const uint64_t r = device_buffer_bytes(b);
    EXPECT_GE(r, b);
    EXPECT_LE(static_cast<double>(r), 1.125 * static_cast<double>(b) + 1);
    EXPECT_EQ(device_buffer_bytes(r), r);
  }
}

TEST(Eviction, DatumLargerThanTheGpuIsAnError) {
  EXPECT_DEATH(run_task_too_large_for_gpu(),
               "hccsim: error: a datum of 8 bytes does not fit in GPU0 \\(4 bytes\\)");
}

}  // namespace
}  // namespace hcc::rt
