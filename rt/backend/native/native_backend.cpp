// Native backend: one thread per worker, the real clock, kernels called
// directly. Main memory is the only memory node until CUDA workers come.
#include <atomic>
#include <chrono>
#include <ctime>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "backend.hpp"
#include "config.hpp"

namespace hcc::rt {
namespace {

thread_local int t_worker = -1;

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// Takes the control lock, spinning briefly before sleeping on it. The lock
// is held for a microsecond or two at a time, while a thread put to sleep on
// a contended mutex takes tens of microseconds to run again (30 us on a
// virtual machine here): with tasks of a few microseconds, two workers
// taking turns on a plain mutex sat idle 10-15 % of the time.
void lock_spinning(std::mutex& m) {
  for (int i = 0; i < 200; ++i) {
    if (m.try_lock()) return;
    cpu_relax();
  }
  m.lock();
}

// Waits by spinning briefly, then sleeping on a condition variable. Tasks
// often become ready microseconds after a worker ran out of work, and a
// futex wake-up per task would cost more than the task itself.
class NativeWaiter final : public Waiter {
 public:
  explicit NativeWaiter(std::mutex& m) : mutex_(m) {}

  // Called with the lock held; returns with it held.
  void wait() override {
    notified_.store(false, std::memory_order_relaxed);
    mutex_.unlock();
    for (int i = 0; i < kSpins; ++i) {
      if (notified_.load(std::memory_order_acquire)) break;
      cpu_relax();
    }
    lock_spinning(mutex_);
    std::unique_lock<std::mutex> lock(mutex_, std::adopt_lock);
    sleeping_ = true;
    cv_.wait(lock, [this] { return notified_.load(std::memory_order_relaxed); });
    sleeping_ = false;
    lock.release();  // the caller still owns the lock
  }

  // Called with the lock held.
  void notify() override {
    notified_.store(true, std::memory_order_release);
    if (sleeping_) cv_.notify_one();
  }

 private:
  static constexpr int kSpins = 100;  // a few microseconds

  std::mutex& mutex_;
  std::condition_variable cv_;
  std::atomic<bool> notified_{false};
  bool sleeping_ = false;  // guarded by the lock
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

  void lock() override { lock_spinning(mutex_); }
  void unlock() override { mutex_.unlock(); }
  std::unique_ptr<Waiter> make_waiter() override { return std::make_unique<NativeWaiter>(mutex_); }

  double now() override { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  double wallclock() override { return now(); }
  void sleep(double) override {}
  void compute(double) override {}
  double thread_cpu_time() override {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
  }

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
