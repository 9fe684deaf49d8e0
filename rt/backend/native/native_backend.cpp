// Native backend: one thread per worker, the real clock, kernels called
// directly. Main memory is the only memory node until CUDA workers come.
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "backend.hpp"
#include "config.hpp"

namespace hcc::rt {
namespace {

thread_local int t_worker = -1;

class NativeWaiter final : public Waiter {
 public:
  explicit NativeWaiter(std::mutex& m) : mutex_(m) {}
  void wait() override {
    std::unique_lock<std::mutex> lock(mutex_, std::adopt_lock);
    cv_.wait(lock);
    lock.release();  // the caller still owns the lock
  }
  void notify() override { cv_.notify_one(); }

 private:
  std::mutex& mutex_;
  std::condition_variable cv_;
};

class NativeBackend final : public Backend {
 public:
  explicit NativeBackend(const Config& config) : start_(Clock::now()) {
    int cpus = config.workers.value_or(static_cast<int>(std::thread::hardware_concurrency()));
    if (cpus < 1) cpus = 1;
    for (int i = 0; i < cpus; ++i) machine_.workers.push_back({"cpu" + std::to_string(i), "cpu", 0});
    machine_.nodes.push_back({"RAM", 0});
  }

  bool simulated() const override { return false; }
  const Machine& machine() const override { return machine_; }

  void start_workers(std::function<void(int)> body) override {
    for (int i = 0; i < static_cast<int>(machine_.workers.size()); ++i) {
      threads_.emplace_back([body, i] {
        t_worker = i;
        body(i);
      });
    }
  }
  void join_workers() override {
    for (auto& t : threads_) t.join();
    threads_.clear();
  }
  int self_worker() const override { return t_worker; }

  void lock() override { mutex_.lock(); }
  void unlock() override { mutex_.unlock(); }
  std::unique_ptr<Waiter> make_waiter() override { return std::make_unique<NativeWaiter>(mutex_); }

  double now() override { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  double wallclock() override { return now(); }
  void sleep(double) override {}

  void transfer(int, const void*, int, void*, uint64_t) override {}
  double transfer_estimate(int, int, uint64_t) override { return 0; }
  void* allocate(int, uint64_t bytes) override { return std::malloc(bytes); }
  void release(int, void* ptr, uint64_t) override { std::free(ptr); }
  bool backed(const void*) const override { return true; }
  void* host_allocate(uint64_t bytes) override { return std::malloc(bytes ? bytes : 1); }
  void host_release(void* ptr, uint64_t) override { std::free(ptr); }

 private:
  using Clock = std::chrono::steady_clock;
  Machine machine_;
  Clock::time_point start_;
  std::mutex mutex_;
  std::vector<std::thread> threads_;
};

}  // namespace

std::unique_ptr<Backend> make_backend(const Config& config) {
  return std::make_unique<NativeBackend>(config);
}

}  // namespace hcc::rt
