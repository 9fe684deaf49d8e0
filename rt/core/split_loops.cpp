// Loops split between CPU workers and GPUs (hcc_split_for; seed 004, SGPU
// 2's approach 3). One run: the GPUs' share from the loop's history
// (split_share.cpp), kCpuChunks tasks per CPU worker over equal chunks of
// the CPU part and a task per GPU over its part, the GPU parts' sections
// registered as handles for the run (each GPU gets only its part's bytes,
// whole arrays entire) and unregistered after it (what a GPU wrote comes
// back to main memory). Each side's time, from the loop's start to its last
// part's end (a GPU part's once its outputs are back), is the history of
// the next run. The parts are ordinary tasks of kernel "split:<name>" with
// parameter `iterations`: instrumented runs record them, simulations charge
// their models, records and traces show each.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "split_loops.hpp"

#include "fatal.hpp"
#include "locked.hpp"
#include "runtime.hpp"

namespace hcc::rt {

namespace {

const char* const kIterations[] = {"iterations"};

// Equal chunks of the CPU part per CPU worker, taken as workers free up:
// workers that run slower (a core shared, or slower under load) take
// fewer, and the side ends with the mean worker, not the slowest, give or
// take a chunk. (One part each: on the 16-core H200 node, where two cores
// ran at half speed with all busy, the slowest of 15 parts took 1.4 times
// the mean.) Equal, so that no scheduler's order (the newest first, the
// oldest first) leaves a large chunk for last.
constexpr int kCpuChunks = 8;

// A section's bytes over the whole range [0, n): what its GPU buffers and
// page-locking cover, whatever the share.
size_t section_extent(const hcc_split_section& s, long n) {
  return s.stride ? static_cast<size_t>(n - 1) * s.stride + s.length : s.length;
}

void run_cpu_part(void* const*, void* arg) {
  auto* p = static_cast<SplitPart*>(arg);
  p->fn(p->begin, p->end, const_cast<void* const*>(p->bases->data()), p->user);
}

void run_gpu_part(void* const* buffers, void* arg) {
  auto* p = static_cast<SplitPart*>(arg);
  std::vector<void*> seen(p->access_of.size());
  for (size_t k = 0; k < seen.size(); ++k)
    seen[k] = static_cast<char*>(buffers[p->access_of[k]]) - p->lo[k];  // indexes as the CPU's base does
  p->fn(p->begin, p->end, seen.data(), p->user);
}

void part_ended(void* arg) {
  auto* p = static_cast<SplitPart*>(arg);
  p->ended = p->rt->time();
}

// A GPU part ends once what it wrote is back in main memory: its worker
// brings it there at once, not when the program next needs it.
void gpu_part_ended(void* arg) {
  auto* p = static_cast<SplitPart*>(arg);
  for (size_t a = 0; a < p->handles.size(); ++a)
    if (p->modes[a] & HCC_W) p->rt->bring_home(p->handles[a]);
  p->ended = p->rt->time();
}

// HCC_SPLIT: the GPUs' share forced, or nullopt.
std::optional<double> forced_share(const std::string& text) {
  if (text.empty()) return std::nullopt;
  if (text == "cpu") return 0.0;
  if (text == "gpu") return 1.0;
  return std::strtod(text.c_str(), nullptr);  // checked by the configuration
}

void check(const hcc_split_section* sections, int nsections, long n) {
  if (n < 0) throw std::invalid_argument("hcc_split: " + std::to_string(n) + " iterations");
  if (nsections < 0 || (nsections > 0 && !sections))
    throw std::invalid_argument("hcc_split: no sections for " + std::to_string(nsections));
  for (int k = 0; k < nsections; ++k) {
    const hcc_split_section& s = sections[k];
    const std::string which = "hcc_split: section " + std::to_string(k) + ": ";
    if (!s.base) throw std::invalid_argument(which + "NULL base");
    if (s.mode != HCC_R && s.mode != HCC_W && s.mode != HCC_RW)
      throw std::invalid_argument(which + "mode " + std::to_string(s.mode) + " (expected HCC_R, HCC_W or HCC_RW)");
    if (s.stride == 0 && s.mode != HCC_R)
      throw std::invalid_argument(which +
                                  "a whole array (stride 0) is written: each part must write its own "
                                  "iterations' bytes (give the stride and length of one iteration's)");
    if (s.length == 0) throw std::invalid_argument(which + "length 0");
  }
}

}  // namespace

std::optional<double> Runtime::split_side_model(const std::string& kernel, const std::string& arch,
                                                 double iterations) {
  std::lock_guard<std::mutex> lock(models_mutex_);
  try {
    return regression_over(kernel, arch, "iterations", iterations);
  } catch (const models::ModelError& e) {
    fatal(e.what());
  }
}

// The time the GPUs' buffers for the sections' whole ranges take to
// allocate where they are not kept from an earlier run (the GPUs in
// parallel, each its sections one after the other). A section that is the
// program's registered data keeps its buffer on a GPU once it has one.
double Runtime::split_allocations(long n, const hcc_split_section* sections, int nsections,
                                  const std::vector<int>& gpu_nodes) {
  double longest = 0;
  for (int node : gpu_nodes) {
    double mine = 0;
    for (int k = 0; k < nsections; ++k) {
      const hcc_split_section& s = sections[k];
      if (const Handle* h = lookup(static_cast<char*>(s.base) + s.offset)) {
        Locked lock(*backend_);
        if (h->replicas[node].allocated) continue;
      }
      mine += backend_->allocation_estimate(node, section_extent(s, n));
    }
    longest = std::max(longest, mine);
  }
  return longest;
}

// A side with no history yet, seeded from its kernel's model when there is
// one: the line through its times at n/2 and n iterations, its x
// iterations run by `parts` workers at once in `rounds` equal chunks each.
// The GPU side's (gpu_nodes: a part each) with its first run's costs: its
// buffers' allocations (setup, split_allocations), then every part's inputs
// copied at once, the kernels, every part's outputs copied back at once
// (on shared links, the copies share them).
void Runtime::seed_split_side(SplitSide& side, const std::string& kernel, const std::string& arch, long n,
                              int parts, int rounds, const hcc_split_section* sections, int nsections,
                              const std::vector<int>& gpu_nodes, double setup) {
  if (side.known() || parts == 0 || n < 2) return;
  auto time_of = [&](double x) -> std::optional<double> {
    std::optional<double> t = split_side_model(kernel, arch, x / parts / rounds);
    if (!t) return t;
    *t *= rounds;
    if (gpu_nodes.empty()) return t;
    std::vector<Backend::PlannedTransfer> in, out;
    for (int node : gpu_nodes) {
      for (int k = 0; k < nsections; ++k) {
        const hcc_split_section& s = sections[k];
        const auto bytes = static_cast<uint64_t>(s.stride ? static_cast<double>(s.stride) * (x / parts)
                                                         : static_cast<double>(s.length));
        if (s.mode != HCC_W) in.push_back({0, node, bytes});
        if (s.mode != HCC_R) out.push_back({node, 0, bytes});
      }
    }
    return *t + setup + backend_->transfers_estimate(in) + backend_->transfers_estimate(out);
  };
  const double half = static_cast<double>(n / 2), whole = static_cast<double>(n);
  const std::optional<double> a = time_of(half), b = time_of(whole);
  if (!a || !b) return;
  const double slope = (*b - *a) / (whole - half);
  side.seed(*b - slope * whole, slope);
}

// The workers of each side (SGPU 2's getRes): CPU workers that run
// kernels, and the GPUs when there is a CUDA implementation, those not
// running a task where some are free. *cpu_slowdown: all the CPU workers
// over the free ones (the calling worker counts as free: it helps while it
// waits); the CPU side's chunks go to every one, the busy ones join later.
void Runtime::split_workers(bool cuda, std::vector<int>& cpus, std::vector<int>& gpus, double* cpu_slowdown) const {
  const int self = backend_->self_worker();
  int free_cpus = 0;
  std::vector<int> free_gpus;
  for (int w = 0; w < nworkers_; ++w) {
    const WorkerDesc& d = machine().workers[w];
    const bool free = w == self || workers_[w].current.load(std::memory_order_relaxed) == nullptr;
    if (d.arch == "cpu" && !d.control_only) {
      cpus.push_back(w);
      free_cpus += free;
    } else if (d.arch != "cpu" && cuda) {
      gpus.push_back(w);
      if (free) free_gpus.push_back(w);
    }
  }
  if (!free_gpus.empty()) gpus = free_gpus;
  *cpu_slowdown = free_cpus > 0 ? static_cast<double>(cpus.size()) / free_cpus : 1;
}

// Page-locks each section's bytes over [0, n) before the first GPU part
// that copies them (HCC_PIN=1), once per loop and extent.
void Runtime::pin_split_extents(SplitKernels* kernels, long n, const hcc_split_section* sections, int nsections) {
  for (int k = 0; k < nsections; ++k) {
    const hcc_split_section& s = sections[k];
    char* at = static_cast<char*>(s.base) + s.offset;
    const size_t bytes = section_extent(s, n);
    std::pair<const void*, size_t> extent{at, bytes};
    {
      std::lock_guard<std::mutex> lock(split_mutex_);
      auto& pinned = kernels->pinned;
      if (std::find(pinned.begin(), pinned.end(), extent) != pinned.end()) continue;
      pinned.push_back(extent);
    }
    backend_->pin_host(at, bytes);
  }
}

SplitRun& Runtime::split_start(const std::string& name, long n, const hcc_split_section* sections, int nsections,
                               hcc_split_fn cuda, void* arg, const std::vector<int>& gpus, int cpu_parts,
                               int cpu_rounds, const std::string& cpu_kernel, double cpu_slowdown) {
  long g = 0;
  SplitRun* run = nullptr;
  {
    std::lock_guard<std::mutex> lock(split_mutex_);
    std::unique_ptr<SplitKernels>& k = split_kernels_[name];
    if (!k) {
      k = std::make_unique<SplitKernels>();
      k->name = "split:" + name;
      k->cpu = hcc_codelet{k->name.c_str(), run_cpu_part, nullptr, 1, kIterations, HCC_CODELET_CPU_NO_BUFFERS};
      k->gpu = hcc_codelet{k->name.c_str(), nullptr, run_gpu_part, 1, kIterations, 0};
    }
    std::unique_ptr<SplitRun>& r = split_runs_[name];
    if (r) throw std::invalid_argument("hcc_split: loop '" + name + "' started again before its end");
    r = std::make_unique<SplitRun>();
    run = r.get();
    run->kernels = k.get();
    SplitHistory& h = split_histories_[name];
    if (!gpus.empty()) {
      std::vector<int> gpu_nodes;
      for (int w : gpus) gpu_nodes.push_back(machine().workers[w].node);
      run->gpu_setup = split_allocations(n, sections, nsections, gpu_nodes);
      seed_split_side(h.cpu, cpu_kernel.empty() ? k->name : cpu_kernel, "cpu", n, cpu_parts, cpu_rounds, sections,
                      nsections, {}, 0);
      seed_split_side(h.gpu, k->name, machine().workers[gpus.front()].arch, n, static_cast<int>(gpus.size()), 1,
                      sections, nsections, gpu_nodes, run->gpu_setup);
      if (const std::optional<double> share = forced_share(config_.split))
        g = std::clamp(std::lround(*share * static_cast<double>(n)), 0L, n);
      else g = gpu_iterations(h, n, cpu_slowdown);
      if (cpu_parts == 0) g = n;
    }
  }
  run->n = n;
  run->g = g;
  run->cpu_slowdown = cpu_slowdown;
  run->start = time();
  if (g > 0 && config_.pin_host_data) pin_split_extents(run->kernels, n, sections, nsections);
  // The GPUs' [0, g), in equal parts.
  const long ngpu = g > 0 ? static_cast<long>(gpus.size()) : 0;
  for (long j = 0; j < ngpu; ++j) {
    run->parts.push_back(std::make_unique<SplitPart>());
    SplitPart& p = *run->parts.back();
    p.begin = g * j / ngpu;
    p.end = g * (j + 1) / ngpu;
    p.fn = cuda;
    p.user = arg;
    p.rt = this;
    p.iterations = static_cast<double>(p.end - p.begin);
    std::vector<hcc_access> accesses;
    std::vector<Handle*>& mine = p.handles;
    for (int k = 0; k < nsections; ++k) {
      const hcc_split_section& s = sections[k];
      const size_t lo = s.offset + static_cast<size_t>(p.begin) * s.stride;
      const size_t hi = s.stride ? s.offset + static_cast<size_t>(p.end - 1) * s.stride + s.length : s.offset + s.length;
      char* at = static_cast<char*>(s.base) + lo;
      int a = 0;
      while (a < static_cast<int>(mine.size()) && mine[a]->addr != at) ++a;
      if (a == static_cast<int>(mine.size())) {
        if (Handle* registered = lookup(at)) {
          // A whole array the program registered (hcc_data_register): the
          // parts read that handle, whose copy on a GPU coherence keeps from
          // run to run while no task writes it.
          if (s.stride != 0 || registered->size != hi - lo)
            throw std::invalid_argument("hcc_split: section " + std::to_string(k) +
                                        ": its bytes are registered data already (hcc_data_register), which only "
                                        "a whole array read by every part (stride 0, its registered length) may be");
          mine.push_back(registered);
          p.borrowed.push_back(true);
        } else {
          mine.push_back(register_data(at, hi - lo));
          mine.back()->host_pinned = config_.pin_host_data;  // pin_split_extents did
          mine.back()->device_bytes = section_extent(s, n);
          p.borrowed.push_back(false);
        }
        accesses.push_back(hcc_access{reinterpret_cast<hcc_handle>(mine.back()), s.mode});
        p.modes.push_back(s.mode);
      } else if (mine[a]->size != hi - lo) {
        throw std::invalid_argument("hcc_split: sections " + std::to_string(k) +
                                    " and another one start at the same byte with other lengths");
      } else {
        accesses[a].mode |= s.mode;
        p.modes[a] |= s.mode;
      }
      p.access_of.push_back(a);
      p.lo.push_back(lo);
    }
    hcc_task_desc d{};
    d.codelet = &run->kernels->gpu;
    d.arg = &p;
    d.params = &p.iterations;
    d.nparams = 1;
    d.accesses = accesses.data();
    d.naccesses = static_cast<int>(accesses.size());
    TaskOptions o;
    o.finished = gpu_part_ended;
    submit(d, o);
  }
  return *run;
}

void Runtime::split_finish(const std::string& name, double cpu_end) {
  std::unique_ptr<SplitRun> run;
  {
    std::lock_guard<std::mutex> lock(split_mutex_);
    auto it = split_runs_.find(name);
    if (it == split_runs_.end() || !it->second)
      throw std::invalid_argument("hcc_split_end: loop '" + name + "' was not started");
    run = std::move(it->second);
    split_runs_.erase(it);
  }
  double gpu_end = run->start;
  for (const std::unique_ptr<SplitPart>& p : run->parts) {
    for (size_t i = 0; i < p->handles.size(); ++i) {  // each waits for the part
      if (p->borrowed[i]) wait_handle(p->handles[i]);
      else unregister_data(p->handles[i]);
    }
    gpu_end = std::max(gpu_end, p->ended);
  }
  const long g = run->g, c = run->n - run->g;
  std::lock_guard<std::mutex> lock(split_mutex_);
  SplitHistory& h = split_histories_[name];
  if (c > 0) h.cpu.observe(static_cast<double>(c), (cpu_end - run->start) / run->cpu_slowdown);
  // The history is of runs with the buffers kept: a first run's allocations
  // (estimated) are left out of it.
  if (g > 0) h.gpu.observe(static_cast<double>(g), gpu_end - run->start - run->gpu_setup);
  h.last = hcc_split_stats{g, c, g > 0 ? gpu_end - run->start : 0, c > 0 ? cpu_end - run->start : 0, h.last.runs + 1};
}

void Runtime::split_begin(const std::string& name, const std::string& cpu_loop, long n,
                          const hcc_split_section* sections, int nsections,
                          hcc_split_fn cuda, void* arg, long* cpu_begin, long* cpu_end) {
  check(sections, nsections, n);
  std::vector<int> cpus, gpus;
  double slowdown = 1;
  split_workers(cuda != nullptr, cpus, gpus, &slowdown);
  // The CPU part is the caller's team loop: as many parts as CPU workers.
  const SplitRun& run = split_start(name, n, sections, nsections, cuda, arg, gpus, std::max<int>(1, cpus.size()), 1,
                                    cpu_loop.empty() ? "" : "loop:" + cpu_loop, slowdown);
  *cpu_begin = run.g;
  *cpu_end = n;
}

void Runtime::split_end(const std::string& name) { split_finish(name, time()); }

void Runtime::split_for(const std::string& name, long n, const hcc_split_section* sections, int nsections,
                        hcc_split_fn cpu, hcc_split_fn cuda, void* arg) {
  check(sections, nsections, n);
  if (!cpu) throw std::invalid_argument("hcc_split_for: no CPU implementation");
  std::vector<int> cpus, gpus;
  double slowdown = 1;
  split_workers(cuda != nullptr, cpus, gpus, &slowdown);
  if (cpus.empty() && gpus.empty()) cpus.push_back(0);  // every CPU worker leaves GPU tasks: one runs it all
  SplitRun& run =
      split_start(name, n, sections, nsections, cuda, arg, gpus, static_cast<int>(cpus.size()), kCpuChunks, "",
                              slowdown);
  // The CPUs' [g, n), in kCpuChunks equal chunks per CPU worker.
  std::vector<void*> bases(static_cast<size_t>(nsections));
  for (int k = 0; k < nsections; ++k) bases[k] = sections[k].base;
  const long g = run.g, c = n - g;
  const long ncpu = c > 0 ? std::min<long>(static_cast<long>(cpus.size()) * kCpuChunks, c) : 0;
  std::vector<SplitPart> parts(static_cast<size_t>(ncpu));
  Group* group = create_group();
  for (long j = 0; j < ncpu; ++j) {
    SplitPart& p = parts[static_cast<size_t>(j)];
    p.begin = g + c * j / ncpu;
    p.end = g + c * (j + 1) / ncpu;
    p.fn = cpu;
    p.user = arg;
    p.bases = &bases;
    p.rt = this;
    p.iterations = static_cast<double>(p.end - p.begin);
    hcc_task_desc d{};
    d.codelet = &run.kernels->cpu;
    d.arg = &p;
    d.params = &p.iterations;
    d.nparams = 1;
    d.group = reinterpret_cast<hcc_group>(group);
    TaskOptions o;
    o.finished = part_ended;
    submit(d, o);
  }
  wait_group(group);
  double cpu_end = run.start;
  for (const SplitPart& p : parts) cpu_end = std::max(cpu_end, p.ended);
  split_finish(name, cpu_end);
}

hcc_split_stats Runtime::split_last(const std::string& name) {
  std::lock_guard<std::mutex> lock(split_mutex_);
  auto it = split_histories_.find(name);
  return it == split_histories_.end() ? hcc_split_stats{} : it->second.last;
}

}  // namespace hcc::rt
