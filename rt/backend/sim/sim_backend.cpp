// Simulation backend on SimGrid s4u: one actor per worker, the simulated
// clock, transfers as communications between the hosts of memory nodes, and
// allocations that are accounted and charged their runtime cost (seed 000,
// Table 2) but never performed.
//
// Actors are cooperative: only one runs at a time and it yields only inside
// a simcall. Every call below that makes one is an entry into the runtime
// (SimcallEntry): a program's code that reached it through an entry point
// not marked as one has its CPU burst charged there, before another actor
// runs on the same system thread and its clock (bursts.hpp), and what the
// actor owes of its short bursts is simulated before the simcall
// (sim_bursts.hpp).
//
// The control lock is therefore a flag, not a mutex, provided that no
// simcall happens while it is held: waking a waiter (a semaphore release,
// itself a simcall) is deferred until the lock is released. lock() checks
// that the control code never blocks while it holds the lock, which natively
// would be a bug too. The core's spin locks are never contended here, since
// no simcall happens while one is held either.
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include "backend.hpp"
#include "bursts.hpp"
#include "sim_bursts.hpp"
#include "config.hpp"
#include "cpu_clock.hpp"
#include "fatal.hpp"
#include "ranks.hpp"
#include "sim_platform.hpp"
#include "sim_ranks.hpp"

namespace hcc::rt {
namespace {

namespace s4u = simgrid::s4u;

// Semaphores to release once the control lock is dropped.
class DeferredWakeups {
 public:
  void add(const s4u::SemaphorePtr& s) { pending_.push_back(s); }
  bool empty() const { return pending_.empty(); }
  void flush() {
    // A release lets other actors run, which may defer more wake-ups.
    while (!pending_.empty()) {
      std::vector<s4u::SemaphorePtr> now;
      now.swap(pending_);
      for (auto& s : now) s->release();
    }
  }

 private:
  std::vector<s4u::SemaphorePtr> pending_;
};

// A permit and a semaphore (see Waiter).
class SimWaiter final : public Waiter {
 public:
  SimWaiter(const bool& lock_held, DeferredWakeups& wakeups) : lock_held_(lock_held), wakeups_(wakeups) {}
  void wait() override {
    SimcallEntry entry;
    if (lock_held_) fatal("internal: waiting with the control lock held");
    if (permit_) {
      permit_ = false;
      return;
    }
    waiting_ = true;
    semaphore_->acquire();
  }
  bool notified() const override { return permit_; }
  void notify() override {
    if (!waiting_) {
      permit_ = true;
      return;
    }
    waiting_ = false;
    if (lock_held_) {
      wakeups_.add(semaphore_);
    } else {
      SimcallEntry entry;
      semaphore_->release();
    }
  }

 private:
  const bool& lock_held_;
  DeferredWakeups& wakeups_;
  s4u::SemaphorePtr semaphore_ = s4u::Semaphore::create(0);
  bool waiting_ = false;
  bool permit_ = false;
};

// Fake addresses for memory that is accounted but not allocated. They lie in
// a range no allocator hands out, so backed() can recognise them.
constexpr uintptr_t kFakeBase = uintptr_t{1} << 46;
constexpr uintptr_t kFakeAlign = 4096;

class SimBackend final : public Backend {
 public:
  explicit SimBackend(const Config& config)
      : platform_(describe_running_node(config)), program_thread_works_(config.program_thread_works) {
    start_ = s4u::Engine::get_clock();
    wall_start_ = clock_seconds(Clock::Monotonic);
  }

  bool simulated() const override { return true; }
  const Machine& machine() const override { return platform_.machine; }

  // As natively (Config::program_thread_works), the program's actor is
  // worker 0: thread 0 of its teams, running tasks while it waits. Another
  // actor there would be another thread 0, with threadprivate copies other
  // than those the program's sequential code sees.
  void start_workers(std::function<void(int)> body) override {
    SimcallEntry entry;
    const auto& workers = platform_.machine.workers;
    if (program_thread_works_ && !workers.empty() && workers[0].can_be_program_thread()) {
      program_pid_ = s4u::this_actor::get_pid();
      worker_of_pid_[program_pid_] = 0;
      set_actor_core(program_pid_, 0);
    }
    created_by_launcher([this, &body] { create_workers(body); });
  }
  int program_thread_worker() const override { return program_pid_ >= 0 ? 0 : -1; }
  void separate_program_thread(std::function<void(int)> body) override {
    if (program_pid_ < 0) return;
    SimcallEntry entry;
    worker_of_pid_.erase(std::exchange(program_pid_, -1));
    created_by_launcher([this, &body] { create_worker(0, body); });
  }
  // An actor on the host of the CPU workers, sharing its cores with theirs.
  void start_worker(int w, std::function<void(int)> body) override {
    SimcallEntry entry;
    created_by_launcher([this, w, &body] { create_team_worker(w, std::move(body)); });
  }
  void join_workers() override {
    for (auto& a : actors_) a->join();
    actors_.clear();
    worker_of_pid_.erase(std::exchange(program_pid_, -1));
  }
  int self_worker() const override {
    auto it = worker_of_pid_.find(s4u::this_actor::get_pid());
    return it == worker_of_pid_.end() ? -1 : it->second;
  }

  void lock() override {
    if (held_) fatal("internal: control lock taken twice");
    held_ = true;
  }
  void unlock() override {
    held_ = false;
    if (wakeups_.empty()) return;
    SimcallEntry entry;
    wakeups_.flush();
  }
  std::unique_ptr<Waiter> make_waiter() override { return std::make_unique<SimWaiter>(held_, wakeups_); }
  bool keep_looking(int) override { return false; }

  // The caller's own time: what it owes is part of it (sim_bursts.hpp).
  double now() override { return s4u::Engine::get_clock() - start_ + owed_seconds(); }
  double wallclock() override {
    return clock_seconds(Clock::Monotonic) - wall_start_;
  }
  void sleep(double seconds) override {
    SimcallEntry entry;
    check_unlocked();
    if (seconds > 0) s4u::this_actor::sleep_for(seconds);
  }
  void yield() override {
    check_unlocked();
    simulated_poll();
  }
  // With what the actor owes (sim_bursts.hpp): one simcall.
  void compute(double seconds) override {
    RuntimeEntry entry;
    check_unlocked();
    const double flops = take_owed_flops() + (seconds > 0 ? seconds * s4u::this_actor::get_host()->get_speed() : 0);
    if (flops > 0) s4u::this_actor::execute(flops);
  }
  void compute_flops(double flops) override {
    RuntimeEntry entry;
    check_unlocked();
    flops = take_owed_flops() + std::max(flops, 0.0);
    if (flops > 0) s4u::this_actor::execute(flops);
  }
  // A GPU worker's kernel as an asynchronous execution on the GPU's host,
  // which the worker waits for after prefetching.
  void start_device_kernel(int worker, const std::function<void()>&, double seconds, bool) override {
    SimcallEntry entry;
    check_unlocked();
    kernels_[worker] = s4u::this_actor::exec_async(std::max(seconds, 0.0) * s4u::this_actor::get_host()->get_speed());
  }
  double finish_device_kernel(int worker) override {
    SimcallEntry entry;
    check_unlocked();
    s4u::ExecPtr exec = std::move(kernels_[worker]);
    if (exec) exec->wait();
    return -1;
  }
  // Only instrumented (native) runs measure CPU time; simulations charge it.
  double thread_cpu_time() override { return 0; }

  void transfer(int src, const void*, int dst, void*, uint64_t bytes) override {
    SimcallEntry entry;
    check_unlocked();
    sleep(platform_.costs.transfer_queue);
    s4u::Comm::sendto(platform_.node_hosts[src], platform_.node_hosts[dst], bytes);
  }
  double transfer_estimate(int src, int dst, uint64_t bytes) override {
    const Path& p = platform_.paths[src][dst];
    return platform_.costs.transfer_queue + p.latency + (p.bandwidth > 0 ? bytes / p.bandwidth : 0);
  }

  double transfers_estimate(const std::vector<PlannedTransfer>& all) override {
    std::map<s4u::Link*, double> bytes_on;
    double latency = 0, longest = 0;
    for (const PlannedTransfer& t : all) {
      const Path& p = platform_.paths[t.src_node][t.dst_node];
      for (s4u::Link* l : p.links) bytes_on[l] += static_cast<double>(t.bytes);
      latency = std::max(latency, p.latency);
    }
    for (const auto& [link, bytes] : bytes_on) longest = std::max(longest, bytes / link->get_bandwidth());
    return all.empty() ? 0 : platform_.costs.transfer_queue + latency + longest;
  }
  double allocation_estimate(int node, uint64_t bytes) override {
    const auto d = device_buffers_.find(node);
    const bool kept = d != device_buffers_.end() && d->second.kept.count(device_buffer_bytes(bytes));
    return kept ? 0 : platform_.costs.device_alloc;
  }

  void pin_host(void*, uint64_t bytes) override {
    sleep(platform_.costs.pinned_alloc_per_mib * static_cast<double>(bytes) / (1 << 20));
  }
  // Device memory as the native CUDA backend keeps it: a released buffer
  // is kept for the next allocation of the same size, which costs nothing;
  // cudaMalloc is charged when none is kept, and cudaFree for every kept
  // buffer when a new one would not fit beside them (natively a failed
  // cudaMalloc frees them all and tries again).
  void* allocate(int node, uint64_t bytes) override {
    bytes = device_buffer_bytes(bytes);
    DeviceBuffers& d = device_buffers_[node];
    auto it = d.kept.find(bytes);
    if (it != d.kept.end()) {
      d.kept_bytes -= bytes;
      if (--it->second == 0) d.kept.erase(it);
    } else {
      const uint64_t capacity = platform_.machine.nodes[node].capacity;
      if (capacity > 0 && d.live_bytes + d.kept_bytes + bytes > capacity && d.kept_bytes > 0) {
        for (const auto& [size, count] : d.kept) sleep(platform_.costs.device_free * count);
        d.kept.clear();
        d.kept_bytes = 0;
      }
      sleep(platform_.costs.device_alloc);
    }
    d.live_bytes += bytes;
    return fake(bytes);
  }
  void release(int node, void*, uint64_t bytes) override {
    bytes = device_buffer_bytes(bytes);
    DeviceBuffers& d = device_buffers_[node];
    d.live_bytes -= bytes;
    d.kept_bytes += bytes;
    ++d.kept[bytes];
  }
  bool backed(const void* addr) const override {
    auto a = reinterpret_cast<uintptr_t>(addr);
    return a < kFakeBase || a >= next_fake_;
  }
  void* host_allocate(uint64_t bytes) override {
    // With GPUs, application memory is pinned so that transfers can be
    // asynchronous; pinning costs time per MiB.
    if (platform_.machine.nodes.size() > 1)
      sleep(platform_.costs.pinned_alloc_per_mib * static_cast<double>(bytes) / (1 << 20));
    return fake(bytes);
  }
  void host_release(void*, uint64_t) override {}

 private:
  // Worker actors are created by a short-lived actor of the rank, not by
  // the rank's main actor: SMPI takes an actor whose parent is a rank for
  // that rank (smpi::Group::rank), so it counted a rank's workers among the
  // ranks of its host, and MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) and the
  // node-aware collectives (smpi/coll-selector:mpich) waited for them.
  static void created_by_launcher(const std::function<void()>& create) {
    if (!mpi_build() || !s4u::Actor::self()) {
      create();
      return;
    }
    s4u::ActorPtr launcher = s4u::Actor::create("launcher", s4u::this_actor::get_host(), [&create] { create(); });
    join_running_rank(launcher);
    launcher->join();
  }
  void create_workers(const std::function<void(int)>& body) {
    for (int i = program_thread_worker() + 1; i < static_cast<int>(platform_.machine.workers.size()); ++i)
      create_worker(i, body);
  }
  void create_worker(int i, const std::function<void(int)>& body) {
    const auto& workers = platform_.machine.workers;
    s4u::Host* host = platform_.node_hosts[workers[i].node];
    s4u::ActorPtr actor = s4u::Actor::create(workers[i].name, host, [body, i] {
      body(i);
      pay_owed_cpu();
    });
    // A program that ends without hcc_shutdown must not keep idle workers
    // waiting forever.
    actor->daemonize();
    join_running_rank(actor);
    worker_of_pid_[actor->get_pid()] = i;
    // Its core: its index among its host's CPU workers (hcc.core_speed_factors).
    int core = 0;
    for (int j = 0; j < i; ++j) core += workers[j].arch == "cpu" && platform_.node_hosts[workers[j].node] == host;
    if (workers[i].arch == "cpu") set_actor_core(actor->get_pid(), core);
    actors_.push_back(actor);
  }
  void create_team_worker(int w, std::function<void(int)> body) {
    s4u::Host* host = platform_.node_hosts[0];
    s4u::ActorPtr actor =
        s4u::Actor::create("team" + std::to_string(w), host, [body = std::move(body), w] {
          body(w);
          pay_owed_cpu();
        });
    actor->daemonize();
    join_running_rank(actor);
    worker_of_pid_[actor->get_pid()] = w;
    set_actor_core(actor->get_pid(), w % std::max(1, host->get_core_count()));
    actors_.push_back(actor);
  }
  void* fake(uint64_t bytes) {
    uintptr_t p = next_fake_;
    next_fake_ += (bytes + kFakeAlign) / kFakeAlign * kFakeAlign;
    return reinterpret_cast<void*>(p);
  }
  void check_unlocked() const {
    if (held_) fatal("internal: blocking call with the control lock held");
  }

  SimPlatform platform_;
  double start_ = 0;
  double wall_start_;  // the monotonic clock's, not the program's (sim_clocks.cpp)
  const bool program_thread_works_;  // Config::program_thread_works
  long program_pid_ = -1;             // the program's actor, when it is worker 0
  std::map<long, int> worker_of_pid_;
  std::vector<s4u::ActorPtr> actors_;
  std::map<int, s4u::ExecPtr> kernels_;  // each GPU worker's kernel in flight
  uintptr_t next_fake_ = kFakeBase;
  struct DeviceBuffers {
    uint64_t live_bytes = 0, kept_bytes = 0;
    std::map<uint64_t, int> kept;  // released buffers by size
  };
  std::map<int, DeviceBuffers> device_buffers_;  // by memory node
  bool held_ = false;
  DeferredWakeups wakeups_;
};

}  // namespace

std::unique_ptr<Backend> make_backend(const Config& config) {
  if (!s4u::Engine::is_initialized())
    throw std::runtime_error(
        "this program is linked with the simulation runtime but was not started by it: link with "
        "-Wl,--wrap=main (hccsim -fsimulate does)");
  return std::make_unique<SimBackend>(config);
}

}  // namespace hcc::rt
