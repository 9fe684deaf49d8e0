// Native backend: one thread per worker, the real clock, kernels called
// directly. With CUDA GPUs (cuda_devices.hpp), one worker per GPU and one
// memory node per GPU after main memory.
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "backend.hpp"
#include "config.hpp"
#include "cuda_devices.hpp"
#include "fatal.hpp"
#include "ranks.hpp"
#include "spin_lock.hpp"

namespace hcc::rt {
namespace {

// The runtime's clock starts with the program, as a simulation's does (its
// main is an actor from simulated time 0), not at the runtime's start (the
// program's first OpenMP construct or hcc_init): a sorting program that
// filled its 4 M-element vector for 0.4 s before its first region had a
// native makespan of 0.2 s and a simulated one of 0.63 s. Read by a static
// initializer of the runtime, before main. Except for an MPI rank, whose
// MPI_Init (0.1-0.5 s natively, under mpirun) a simulation does not charge:
// its clock starts with its runtime, after MPI_Init in most programs.
const std::chrono::steady_clock::time_point g_program_start = std::chrono::steady_clock::now();

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

  bool notified() const override { return permit_.load(std::memory_order_relaxed) != 0; }
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
  explicit NativeBackend(const Config& config)
      : start_(current_rank().mpi ? Clock::now() : g_program_start),
        // The process's initial thread only: another may end before the runtime.
        program_thread_works_(config.program_thread_works && gettid() == getpid()),
        idle_looking_(config.idle_looking),
        gpus_(config.gpus == 0 ? nullptr : CudaDevices::open(config.gpus, config.gpu_memory, config.pin_host_data)) {
    const int ngpus = gpus_ ? gpus_->count() : 0;
    // A GPU worker keeps a core busy launching and waiting: by default the
    // CPU workers are the other cores, as StarPU does.
    const std::vector<int> usable = usable_cpus();
    const int cores = static_cast<int>(usable.size());
    const int cpus = config.workers.value_or(config.omp_num_threads.value_or(std::max(1, cores - ngpus)));
    if (cpus == 0 && ngpus == 0) throw std::runtime_error("HCC_WORKERS=0 needs a GPU, and this machine has none");
    warn_if_bound(cpus);
    for (int i = 0; i < std::max(cpus, 1); ++i)
      machine_.workers.push_back({"cpu" + std::to_string(i), "cpu", 0, cpus == 0});
    machine_.nodes.push_back({"RAM", 0});
    for (int g = 0; g < ngpus; ++g) {
      machine_.workers.push_back({"cuda" + std::to_string(g), "cuda", g + 1});
      machine_.nodes.push_back({"CUDA" + std::to_string(g), gpus_->capacity(g)});
    }
    // More threads than cores (the workers and a program thread that is not
    // one of them): a looking worker yields now and then.
    threads_running_ = machine_.workers.size() + (program_thread_worker() == 0 ? 0 : 1);
    cores_ = usable.size();
    oversubscribed_ = threads_running_ > cores_;
    if (config.bind_workers && usable.size() >= machine_.workers.size()) worker_cpus_ = cpus_for_workers(usable);
    usable_ = usable;
  }

  bool simulated() const override { return false; }
  const Machine& machine() const override { return machine_; }

  void start_workers(std::function<void(int)> body) override {
    for (int i = 0; i < static_cast<int>(machine_.workers.size()); ++i) {
      if (i == program_thread_worker()) {
        t_worker = i;  // this thread; left unbound: the threads it creates would inherit its core
        continue;
      }
      threads_.emplace_back([body, i] {
        t_worker = i;
        body(i);
      });
      if (!worker_cpus_.empty()) bind(threads_.back(), worker_cpus_[i]);
    }
    bound_threads_ = worker_cpus_.empty() ? 0 : threads_.size();
  }
  // Unbound: it shares the cores with the others, as libomp's extra threads
  // do. Once threads outnumber the cores, the workers bound to one each are
  // let go too: a nested region's two teams of two on the 2-core VM took
  // 0.107-0.112 s with the first two threads bound, where Linux had two
  // threads share one CPU and left the busier team's third a third of the
  // other; let go, 0.078-0.084 s, libgomp's 0.082-0.086.
  void start_worker(int w, std::function<void(int)> body) override {
    oversubscribed_ = ++threads_running_ > cores_;
    if (oversubscribed_ && !worker_cpus_.empty()) unbind_workers();
    threads_.emplace_back([body = std::move(body), w] {
      t_worker = w;
      body(w);
    });
  }
  void join_workers() override {
    for (auto& t : threads_) t.join();
    threads_.clear();
    bound_threads_ = 0;
    if (t_worker >= 0 && t_worker == program_thread_worker()) t_worker = -1;
  }
  int self_worker() const override { return t_worker; }
  int program_thread_worker() const override {
    return program_thread_works_ && machine_.workers[0].can_be_program_thread() ? 0 : -1;
  }

  void lock() override { lock_spinning(mutex_); }
  void unlock() override { mutex_.unlock(); }
  std::unique_ptr<Waiter> make_waiter() override { return std::make_unique<NativeWaiter>(); }
  // Bounded in time, not in rounds: on a loaded machine a yield may not
  // return for milliseconds, and a worker should park rather than poll then.
  // For Config::idle_looking (libomp's blocktime), or a short while when
  // threads outnumber cores: a looking thread then takes a core that a
  // working one could use.
  bool keep_looking(int round) override {
    // The clock once every few rounds: a read costs a pause or two, and a
    // round's length is how late a thread waiting at a barrier notices it
    // open (the clock was most of a region's encountering thread's time as
    // it waited for the region's end, perf).
    constexpr int kRoundsPerClockRead = 8;
    thread_local Clock::time_point since;
    const double looking = oversubscribed_ ? std::min(idle_looking_, kOversubscribedLooking) : idle_looking_;
    if (round == 0) {
      since = Clock::now();
    } else if (round % kRoundsPerClockRead == 0 || !(looking > 0)) {
      if (std::chrono::duration<double>(Clock::now() - since).count() > looking) return false;
    }
    // Yielding lets a thread that shares the core (the submitter) run; with
    // a core per thread it only delays noticing what was waited for (a
    // system call costs microseconds in a virtual machine: a third of a
    // short parallel region's time on the 2-core VM). A few pauses only
    // between two looks: a pause takes 25 ns on the VM's AMD EPYC, and 16 of
    // them made a thread waiting at a barrier or for a region's next loop
    // notice it 0.2 us late on average (bench/worksharing.py's solver_step
    // 4.1 against 3.4 us a step; libomp 3.1).
    if (oversubscribed_ && round % 8 == 7) sched_yield();
    else
      for (int i = 0; i < kPausesPerLook; ++i) cpu_relax();
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

  // Between main memory and a GPU; device-to-device copies go through main
  // memory (the coherence code fetches to node 0 first).
  void transfer(int src_node, const void* src, int dst_node, void* dst, uint64_t bytes) override {
    if ((src_node == 0) == (dst_node == 0))
      fatal("internal: a transfer from node " + std::to_string(src_node) + " to node " + std::to_string(dst_node));
    const bool up = src_node == 0;
    gpus_->copy((up ? dst_node : src_node) - 1, up, dst, src, bytes);
  }
  double transfer_estimate(int src_node, int dst_node, uint64_t bytes) override {
    if ((src_node == 0) == (dst_node == 0)) return 0;
    const bool up = src_node == 0;
    return gpus_->copy_estimate((up ? dst_node : src_node) - 1, up, bytes);
  }
  void* device_stream(int worker) override {
    const WorkerDesc& w = machine_.workers[worker];
    return w.node > 0 ? gpus_->stream(w.node - 1) : nullptr;
  }
  void start_device_kernel(int worker, const std::function<void()>& launch, double, bool timed) override {
    gpus_->start_kernel(machine_.workers[worker].node - 1, launch, timed);
  }
  double finish_device_kernel(int worker) override { return gpus_->finish_kernel(machine_.workers[worker].node - 1); }
  void pin_host(void* addr, uint64_t bytes) override { gpus_->pin(addr, bytes); }
  void* allocate(int node, uint64_t bytes) override {
    return node > 0 ? gpus_->allocate(node - 1, bytes) : std::malloc(bytes);
  }
  void release(int node, void* ptr, uint64_t bytes) override {
    if (node > 0) gpus_->release(node - 1, ptr, bytes);
    else std::free(ptr);
  }
  bool backed(const void*) const override { return true; }
  // With GPUs, application memory is pinned: copies from it are
  // asynchronous and at the bus's full bandwidth.
  void* host_allocate(uint64_t bytes) override {
    return gpus_ ? gpus_->host_allocate(bytes) : std::malloc(bytes ? bytes : 1);
  }
  void host_release(void* ptr, uint64_t) override {
    if (gpus_) gpus_->host_release(ptr);
    else std::free(ptr);
  }

 private:
  static constexpr double kOversubscribedLooking = 50e-6;
  using Clock = std::chrono::steady_clock;
  // Worker i runs on the i-th CPU the process may use, as StarPU binds its
  // workers (HCC_BIND=0: wherever Linux puts it). Unbound, Linux put both
  // workers on one CPU while the submitting thread ran on the other, and
  // once that thread waited, left its CPU idle until a balancing tick: the
  // two workers took turns, and tasks stood still 4 ms (a tick) at a time,
  // 0-12 times per run of the multifrontal example (task graphs of
  // 0.24-0.36 s, 2 workers on 2 CPUs), which no kernel model predicts. With
  // more workers than CPUs nothing is bound.
  // The CPUs this process's workers may use: those it may run on (mpirun
  // binds each rank to its own), or, when the ranks of an MPI job on this
  // node were left unbound, this rank's share of them.
  static std::vector<int> usable_cpus() {
    std::vector<int> cpus;
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) {
      for (unsigned c = 0; c < std::max(1u, std::thread::hardware_concurrency()); ++c) cpus.push_back(c);
      return cpus;
    }
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &allowed)) cpus.push_back(c);
    const Rank& rank = current_rank();
    const int n = static_cast<int>(cpus.size());
    if (rank.local_count > 1 && n == static_cast<int>(std::thread::hardware_concurrency()) && n >= rank.local_count) {
      const int per_rank = n / rank.local_count;
      cpus = std::vector<int>(cpus.begin() + rank.local_index * per_rank,
                              cpus.begin() + (rank.local_index + 1) * per_rank);
    }
    return cpus;
  }
  // A process that may use fewer CPUs than its CPU workers, on a machine
  // that has more: mpirun binds each rank to one core by default (two ranks
  // or fewer), and a hybrid rank's threads then take turns on it (a
  // FUNNELED stencil's rank of two threads: 0.020-0.030 s bound, 0.014-0.017
  // with --bind-to none; docs/mpi.md). Once per process, by its first local rank.
  static void warn_if_bound(int cpu_workers) {
    static bool warned = false;
    cpu_set_t allowed;
    if (warned || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
    const int may_use = CPU_COUNT(&allowed);
    const long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (cpu_workers <= may_use || may_use >= online || current_rank().local_index != 0) return;
    warned = true;
    std::fprintf(stderr,
                 "hccsim: warning: %d CPU workers on %d CPU%s that this process may use (of %ld online): they take "
                 "turns; under mpirun, which binds each rank to one core by default, run it with --bind-to none or "
                 "--map-by slot:PE=%d\n",
                 cpu_workers, may_use, may_use == 1 ? "" : "s", online, cpu_workers);
  }
  // The CPU of each worker. The program's thread, when it is worker 0, stays
  // unbound (the threads it creates would inherit its CPU), so the others
  // take the usable CPUs but the one it runs on now: bound to it, worker 1
  // shared that CPU with the program's thread until Linux moved the unbound
  // one (a balancing tick, 4-6 ms), in one run of three of
  // bench/deep_tasks.py's tree, the two threads taking turns.
  std::vector<int> cpus_for_workers(std::vector<int> usable) const {
    if (program_thread_worker() == 0) {
      const auto here = std::find(usable.begin(), usable.end(), sched_getcpu());
      if (here != usable.end()) std::rotate(usable.begin(), here, here + 1);
    }
    usable.resize(machine_.workers.size());
    return usable;
  }
  // The bound workers may run on every usable CPU from now on.
  void unbind_workers() {
    cpu_set_t all;
    CPU_ZERO(&all);
    for (int cpu : usable_) CPU_SET(cpu, &all);
    for (size_t t = 0; t < bound_threads_; ++t) pthread_setaffinity_np(threads_[t].native_handle(), sizeof all, &all);
    worker_cpus_.clear();
  }
  // A refusal (a container's policy) leaves the thread unbound: binding
  // changes where a worker runs, never what the program computes.
  static void bind(std::thread& thread, int cpu) {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    pthread_setaffinity_np(thread.native_handle(), sizeof one, &one);
  }

  Machine machine_;
  Clock::time_point start_;
  const bool program_thread_works_;  // Config::program_thread_works
  const double idle_looking_;        // Config::idle_looking
  static constexpr int kPausesPerLook = 4;
  std::atomic<bool> oversubscribed_{false};  // more threads than cores (keep_looking)
  size_t threads_running_ = 0, cores_ = 1;
  std::unique_ptr<CudaDevices> gpus_;  // null: no GPU
  std::mutex mutex_;
  std::vector<std::thread> threads_;
  std::vector<int> worker_cpus_;  // empty: unbound
  std::vector<int> usable_;       // the CPUs the workers may use (usable_cpus)
  size_t bound_threads_ = 0;      // threads_[0, bound_threads_) were bound to worker_cpus_
};

}  // namespace

std::unique_ptr<Backend> make_backend(const Config& config) {
  return std::make_unique<NativeBackend>(config);
}

}  // namespace hcc::rt
