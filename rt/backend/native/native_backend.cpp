// Native backend: one thread per worker, the real clock, kernels called
// directly. Main memory is the only memory node until CUDA workers come.
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <ctime>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "backend.hpp"
#include "config.hpp"
#include "spin_lock.hpp"

namespace hcc::rt {
namespace {

thread_local int t_worker = -1;

// Takes the control lock, spinning briefly before sleeping on it. The lock
// is held for a microsecond or two at a time, while a thread put to sleep on
// a contended mutex takes tens of microseconds to run again (30 us on a
// virtual machine here).
void lock_spinning(std::mutex& m) {
  for (int i = 0; i < 200; ++i) {
    if (m.try_lock()) return;
    cpu_relax();
  }
  m.lock();
}

long futex(std::atomic<uint32_t>* word, int op, uint32_t value) {
  static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t));
  return syscall(SYS_futex, reinterpret_cast<uint32_t*>(word), op, value, nullptr, nullptr, 0);
}

// A permit and a futex. wait() first spins, then yields, then sleeps: tasks
// often become ready microseconds after a worker ran out of work, and a
// futex wake-up costs more than a small task (a sleeping thread takes tens
// of microseconds to run again). A notify() that finds the waiter spinning
// costs one atomic store; only one that finds it asleep makes a system call.
class NativeWaiter final : public Waiter {
 public:
  void wait() override {
    for (int i = 0; i < kSpins + kYields; ++i) {
      if (permit_.load(std::memory_order_relaxed) && permit_.exchange(0, std::memory_order_acquire)) return;
      if (i < kSpins) cpu_relax();
      else sched_yield();  // on an oversubscribed machine, lets the thread that will notify run
    }
    sleeping_.store(true, std::memory_order_seq_cst);
    while (permit_.exchange(0, std::memory_order_seq_cst) == 0) futex(&permit_, FUTEX_WAIT_PRIVATE, 0);
    sleeping_.store(false, std::memory_order_relaxed);
  }

  void notify() override {
    permit_.store(1, std::memory_order_seq_cst);
    if (sleeping_.load(std::memory_order_seq_cst)) futex(&permit_, FUTEX_WAKE_PRIVATE, 1);
  }

 private:
  static constexpr int kSpins = 64;  // the worker looked for work for a while already (keep_looking)
  static constexpr int kYields = 4;

  std::atomic<uint32_t> permit_{0};
  std::atomic<bool> sleeping_{false};
};

class NativeBackend final : public Backend {
 public:
  explicit NativeBackend(const Config& config) : start_(Clock::now()) {
    int cpus = config.workers.value_or(
        config.omp_num_threads.value_or(static_cast<int>(std::thread::hardware_concurrency())));
    if (cpus < 1) cpus = 1;
    for (int i = 0; i < cpus; ++i) machine_.workers.push_back({"cpu" + std::to_string(i), "cpu", 0});
    machine_.nodes.push_back({"RAM", 0});
    if (config.bind_workers) worker_cpus_ = cpus_for(cpus);
  }

  bool simulated() const override { return false; }
  const Machine& machine() const override { return machine_; }

  void start_workers(std::function<void(int)> body) override {
    for (int i = 0; i < static_cast<int>(machine_.workers.size()); ++i) {
      threads_.emplace_back([this, body, i] {
        t_worker = i;
        if (!worker_cpus_.empty()) bind_to(worker_cpus_[i]);
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
  std::unique_ptr<Waiter> make_waiter() override { return std::make_unique<NativeWaiter>(); }
  // Bounded in time, not in rounds: on a loaded machine a yield may not
  // return for milliseconds, and a worker should park rather than poll then.
  bool keep_looking(int round) override {
    thread_local Clock::time_point since;
    const Clock::time_point now = Clock::now();
    if (round == 0) since = now;
    else if (now - since > kIdleLooking) return false;
    if (round % 8 == 7) sched_yield();  // lets a thread that shares the core (the submitter) run
    else
      for (int i = 0; i < 16; ++i) cpu_relax();
    return true;
  }
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
  static constexpr std::chrono::microseconds kIdleLooking{50};
  using Clock = std::chrono::steady_clock;
  // Worker i runs on the i-th CPU the process may use, as StarPU binds its
  // workers (HCC_BIND=0: wherever Linux puts it). Unbound, Linux put both
  // workers on one CPU while the submitting thread ran on the other, and
  // once that thread waited, left its CPU idle until a balancing tick: the
  // two workers took turns, and tasks stood still 4 ms (a tick) at a time,
  // 0-12 times per run of the multifrontal example (task graphs of
  // 0.24-0.36 s, 2 workers on 2 CPUs), which no kernel model predicts. With
  // more workers than CPUs nothing is bound.
  static std::vector<int> cpus_for(int workers) {
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return {};
    std::vector<int> cpus;
    for (int c = 0; c < CPU_SETSIZE && static_cast<int>(cpus.size()) < workers; ++c)
      if (CPU_ISSET(c, &allowed)) cpus.push_back(c);
    if (static_cast<int>(cpus.size()) < workers) return {};
    return cpus;
  }
  // A refusal (a container's policy) leaves the thread unbound: binding
  // changes where a worker runs, never what the program computes.
  static void bind_to(int cpu) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    pthread_setaffinity_np(pthread_self(), sizeof one, &one);
  }

  Machine machine_;
  Clock::time_point start_;
  std::mutex mutex_;
  std::vector<std::thread> threads_;
  std::vector<int> worker_cpus_;  // empty: unbound
};

}  // namespace

std::unique_ptr<Backend> make_backend(const Config& config) {
  return std::make_unique<NativeBackend>(config);
}

}  // namespace hcc::rt
