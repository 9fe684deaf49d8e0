// The only things the runtime's control code asks of the machine it runs on.
//
// Dependency tracking, schedulers, coherence and memory accounting are the
// same code natively and in simulation (seed 000's principle): they reach
// threads, clocks, kernels, transfers and allocations only through this
// interface. A scheduler must never use std::thread, std::chrono or CUDA.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hcc/hcc.h"

namespace hcc::rt {

// What a worker is: a CPU core or a GPU, bound to a memory node.
struct WorkerDesc {
  std::string name;  // "cpu0", "cuda1"
  std::string arch;  // "cpu" or "cuda"
  int node = 0;      // memory node the worker computes from
  // A CPU worker that leaves every task with a CUDA implementation to the
  // GPUs (HCC_WORKERS=0 on a machine with GPUs): it runs the program's own
  // code (an OpenMP team's thread) and the tasks only a CPU can run.
  bool control_only = false;
  // Simulation: the seconds a cache line takes to come to it from another
  // core of its host (hcc.line_transfer; 0 natively, without it, or on a
  // host of one core).
  double line_transfer = 0;
  // Whether the program's thread can be this worker, running tasks while it
  // waits (Config::program_thread_works): a CPU worker that runs them all.
  bool can_be_program_thread() const { return arch == "cpu" && !control_only; }
};

struct MemoryNodeDesc {
  std::string name;       // "RAM", "CUDA0"
  uint64_t capacity = 0;  // bytes; 0 = unlimited
};

struct Machine {
  std::vector<WorkerDesc> workers;
  std::vector<MemoryNodeDesc> nodes;  // node 0 is main memory
};

// Parks one thread (or actor) until notified, like a binary semaphore: a
// notify() that comes before wait() makes that wait() return at once, so a
// thread that announces it is idle, looks for work once more and then waits
// misses no wake-up. wait() is called without the control lock and may return
// spuriously; notify() may be called from any thread, with or without the
// control lock, but never while holding a SpinLock.
class Waiter {
 public:
  virtual ~Waiter() = default;
  virtual void wait() = 0;
  virtual void notify() = 0;
  // A notify() came that no wait() has taken yet: a thread looking for work
  // before it parks stops looking (a barrier it waits at was passed).
  virtual bool notified() const = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;

  virtual bool simulated() const = 0;
  virtual const Machine& machine() const = 0;

  // Workers: body(i) is the worker loop of worker i, on a thread (an actor)
  // of its own, but for worker program_thread_worker(), if any.
  virtual void start_workers(std::function<void(int)> body) = 0;
  // One more CPU worker, w, beyond the machine's: a thread of an OpenMP team
  // larger than the CPU workers (Runtime::add_team_worker), on the cores of
  // the program's CPUs, which it shares with the others. Joined with them.
  virtual void start_worker(int w, std::function<void(int)> body) = 0;
  virtual void join_workers() = 0;
  // Index of the calling worker, or -1 for the application's threads.
  virtual int self_worker() const = 0;
  // The worker that the thread which started the workers is (it runs tasks
  // only while it waits: Config::program_thread_works), or -1.
  virtual int program_thread_worker() const { return -1; }
  // From now on, that worker runs body on a thread (an actor) of its own;
  // the program's thread is no worker. Simulations only (Runtime::
  // started_before_main); natively the program chose before the start.
  virtual void separate_program_thread(std::function<void(int)>) {}

  // The control lock: guards data coherence between memory nodes, memory
  // accounting, the list of blocked waits and the state of layers above the
  // core (rt/omp). The task path (submission, dependencies, scheduling,
  // completion) does not take it on a machine with one memory node. Never
  // held across compute(), transfer(), sleep(), allocations or Waiter::wait().
  virtual void lock() = 0;
  virtual void unlock() = 0;
  virtual std::unique_ptr<Waiter> make_waiter() = 0;
  // Called by a worker that found no task, with round = 0, 1, ... between
  // looks: whether to look again rather than park. Natively it spins (and
  // yields the core now and then) for some microseconds, because a task
  // often becomes ready that soon and a parked thread takes tens of
  // microseconds to wake; a simulation parks at once (no time would pass).
  virtual bool keep_looking(int round) = 0;

  // Seconds since the runtime started, on the run's clock (simulated in
  // simulation).
  virtual double now() = 0;
  // Seconds on the host's real clock, to time kernels run for calibration.
  virtual double wallclock() = 0;
  // Lets run's clock advance: simulated time passes for the caller.
  // Natively a no-op (real time passes by itself).
  virtual void sleep(double seconds) = 0;
  // A thread that polls (a cancellation point, omp_test_lock) lets the
  // others run: in simulation, one actor runs at a time, and one spinning
  // on a flag that another sets, with no CPU burst charged to advance its
  // clock (HCC_SIM_BURSTS=off), would spin forever. It lets simulated time
  // pass too (one poll's): the thread it waits for may itself wait for
  // time to pass (a submission being charged). Natively a no-op.
  virtual void yield() {}
  // Occupies one core of the caller's processor for this many seconds of its
  // full speed (kernels, the runtime's own work). Natively a no-op: the work
  // itself took the core. In simulation an execution on the caller's host, so
  // that when more actors compute at once than the host has cores (workers
  // and a submitting application on a fully used machine) they share the
  // cores and each is slowed, as threads are on an oversubscribed machine.
  virtual void compute(double seconds) = 0;
  // The same for an amount of work in flops (#pragma hcc delay(flops = e)):
  // at the speed of the caller's simulated host. Natively a no-op.
  virtual void compute_flops(double flops) { (void)flops; }
  // CPU seconds the calling thread has used: instrumented runs time the
  // runtime's own work with it (a thread's wait while preempted or blocked is
  // not its cost).
  virtual double thread_cpu_time() = 0;

  // Copies bytes from a buffer on one memory node to a buffer on another;
  // returns when they arrived.
  virtual void transfer(int src_node, const void* src, int dst_node, void* dst, uint64_t bytes) = 0;
  // The time a transfer of that size would take on an idle path.
  virtual double transfer_estimate(int src_node, int dst_node, uint64_t bytes) = 0;
  // The time until the last of these transfers ends when all start at once
  // on idle paths: where they share a link (GPUs behind one bus), the
  // link's bytes at its bandwidth. Natively, paths are not known: the
  // longest of them.
  struct PlannedTransfer {
    int src_node, dst_node;
    uint64_t bytes;
  };
  virtual double transfers_estimate(const std::vector<PlannedTransfer>& all) {
    double longest = 0;
    for (const PlannedTransfer& p : all)
      longest = std::max(longest, transfer_estimate(p.src_node, p.dst_node, p.bytes));
    return longest;
  }

  // The stream a GPU worker's kernels are queued on (natively with CUDA: a
  // cudaStream_t, for hcc_cuda_stream()); null for other workers and in
  // simulation.
  virtual void* device_stream(int worker) { (void)worker; return nullptr; }
  // A GPU worker's kernel, in two steps so that the worker can bring the
  // next task's inputs while it runs. start_device_kernel queues it:
  // natively launch() on device_stream(worker), between two events (seconds
  // is unused); in simulation `seconds` of the GPU's time start to pass
  // (launch is not called). finish_device_kernel waits for its end (an
  // event natively, not a synchronisation of the device) and returns its
  // time on the device when timed, else -1.
  virtual void start_device_kernel(int worker, const std::function<void()>& launch, double seconds, bool timed) {
    (void)worker, (void)timed;
    if (launch) launch();
    compute(seconds);
  }
  virtual double finish_device_kernel(int worker) {
    (void)worker;
    return -1;
  }

  // Page-locks a datum's bytes in main memory before its first copy to or
  // from a GPU, when asked (HCC_PIN=1): natively cudaHostRegister, in
  // simulation its measured cost per MiB. Called without the control lock.
  virtual void pin_host(void* addr, uint64_t bytes) { (void)addr, (void)bytes; }

  // Memory on a node other than main memory (device buffers). In simulation
  // only accounted and charged its allocation cost. Released buffers are
  // kept for later allocations of the same device_buffer_bytes.
  virtual void* allocate(int node, uint64_t bytes) = 0;
  // What allocate(node, bytes) would cost now (0 natively: not measured).
  virtual double allocation_estimate(int node, uint64_t bytes) { (void)node, (void)bytes; return 0; }
  virtual void release(int node, void* ptr, uint64_t bytes) = 0;
  // Whether control code may touch bytes at addr: false for memory that a
  // simulation only pretends to allocate.
  virtual bool backed(const void* addr) const = 0;
  // Application memory in main memory (hcc_malloc).
  virtual void* host_allocate(uint64_t bytes) = 0;
  virtual void host_release(void* ptr, uint64_t bytes) = 0;
};

// The bytes a device buffer for `bytes` takes: from 64 KiB on, rounded up
// to an eighth of its power of two (at most 12.5 % more), so that a
// buffer released is found again by data whose size moved a little (a
// split loop's GPU part, whose share moves from run to run by a fraction of
// a percent, met a new cudaMalloc at every run with sizes kept exactly).
inline uint64_t device_buffer_bytes(uint64_t bytes) {
  if (bytes < (uint64_t{64} << 10)) return bytes;
  const uint64_t step = (uint64_t{1} << (63 - __builtin_clzll(bytes))) / 8;
  return (bytes + step - 1) / step * step;
}

struct Config;
// Defined by the linked backend (native or sim). Throws std::runtime_error
// with a one-line reason (unknown platform, malformed file).
std::unique_ptr<Backend> make_backend(const Config& config);

}  // namespace hcc::rt
