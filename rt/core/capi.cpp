// The C ABI (rt/include/hcc/hcc.h) over the running rank's Runtime (the
// process's natively; ranks.hpp).
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <pthread.h>
#include <stdexcept>
#include <utility>

#include "fatal.hpp"
#include "ranks.hpp"
#include "hcc/hcc.h"
#include "bursts.hpp"
#include "runtime.hpp"

namespace {

std::unique_ptr<hcc::rt::Runtime>& rank_runtime() { return hcc::rt::current_rank().runtime; }

hcc::rt::Runtime& runtime(const char* call) {
  std::unique_ptr<hcc::rt::Runtime>& current = rank_runtime();
  if (!current) hcc::rt::fatal(std::string(call) + " called before hcc_init");
  return *current;
}

hcc::rt::Handle* handle(hcc_handle h) { return reinterpret_cast<hcc::rt::Handle*>(h); }

// A program that exits while the runtime runs gets its outputs and summary,
// unless it exits from a task (whose completion shutdown would wait for).
void shutdown_at_exit() {
  std::unique_ptr<hcc::rt::Runtime>& current = rank_runtime();
  if (current && !current->in_task()) hcc_shutdown();
}

// A child of fork() has the calling thread alone: the parent's workers, and
// the tasks and credits they count, are not there, and its exit waited for
// them forever. Natively the child leaves the parent's runtime as it is
// (another thread may have held its locks) and starts its own at its next
// OpenMP construct, as libomp reinitialises in a forked child.
void forget_runtime_in_child() {
  std::unique_ptr<hcc::rt::Runtime>& current = rank_runtime();
  if (current && !current->simulated()) (void)current.release();
}

}  // namespace

int hcc::rt::start_runtime(bool program_thread_works) {
  std::unique_ptr<hcc::rt::Runtime>& current = rank_runtime();
  if (current) return 0;
  try {
    auto config = hcc::rt::config_from_environment();
    config.program_thread_works = program_thread_works;
    auto backend = hcc::rt::make_backend(config);
    current = std::make_unique<hcc::rt::Runtime>(std::move(config), std::move(backend));
    current->start();
    static const int forgets_at_fork = pthread_atfork(nullptr, nullptr, forget_runtime_in_child);
    (void)forgets_at_fork;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hccsim: error: %s\n", e.what());
    current.reset();
    return -1;
  }
  return 0;
}

hcc::rt::Runtime& hcc::rt::runtime_on_demand() {
  std::unique_ptr<hcc::rt::Runtime>& current = rank_runtime();
  if (current) return *current;
  static bool at_exit_registered = false;
  // The program's thread is worker 0 (Config::program_thread_works).
  if (hcc::rt::start_runtime(true) != 0) std::exit(1);
  if (!at_exit_registered) std::atexit(shutdown_at_exit);
  at_exit_registered = true;
  return *current;
}

extern "C" {

// Natively the program's thread is then not a worker: worker 0 has a thread
// of its own, which runs tasks while the program computes. A simulation
// started the runtime before main, as for an OpenMP program, whose thread
// is worker 0: the program's first hcc_init gives worker 0 an actor.
int hcc_init(void) {
  std::unique_ptr<hcc::rt::Runtime>& current = rank_runtime();
  if (current && std::exchange(current->started_before_main, false)) current->separate_program_thread();
  return hcc::rt::start_runtime(false);
}

void hcc_shutdown(void) {
  std::unique_ptr<hcc::rt::Runtime>& current = rank_runtime();
  if (!current) return;
  current->shutdown();
  current.reset();
}

hcc_mode hcc_get_mode(void) { return runtime("hcc_get_mode").mode(); }
int hcc_is_simulated(void) { return runtime("hcc_is_simulated").mode() == HCC_MODE_SIMULATE; }
int hcc_worker_count(void) { return runtime("hcc_worker_count").worker_count(); }
double hcc_time(void) {
  hcc::rt::RuntimeEntry entry("hcc_time", hcc::rt::ClockReadEntry{});
  return runtime("hcc_time").time();
}

hcc_handle hcc_data_register(void* addr, size_t size) {
  hcc::rt::RuntimeEntry entry("hcc_data_register");
  try {
    return reinterpret_cast<hcc_handle>(runtime("hcc_data_register").register_data(addr, size));
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "hccsim: error: %s\n", e.what());
    return nullptr;
  }
}

void hcc_data_unregister(hcc_handle h) {
  hcc::rt::RuntimeEntry entry("hcc_data_unregister");
  if (h) runtime("hcc_data_unregister").unregister_data(handle(h));
}

hcc_handle hcc_data_lookup(const void* addr) {
  return reinterpret_cast<hcc_handle>(runtime("hcc_data_lookup").lookup(addr));
}

size_t hcc_data_size(hcc_handle h) { return h ? handle(h)->size : 0; }

void* hcc_malloc(size_t size) {
  hcc::rt::RuntimeEntry entry("hcc_malloc");
  return runtime("hcc_malloc").host_allocate(size);
}
void hcc_free(void* ptr) {
  hcc::rt::RuntimeEntry entry("hcc_free");
  runtime("hcc_free").host_release(ptr);
}

void* hcc_cuda_stream(void) { return runtime("hcc_cuda_stream").device_stream(); }

int hcc_submit(const hcc_task_desc* desc) {
  hcc::rt::RuntimeEntry entry("hcc_submit");
  if (!desc) {
    std::fprintf(stderr, "hccsim: error: hcc_submit: NULL task description\n");
    return -1;
  }
  try {
    runtime("hcc_submit").submit(*desc);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "hccsim: error: %s\n", e.what());
    return -1;
  }
  return 0;
}

int hcc_split_for(const char* name, long n, const hcc_split_section* sections, int nsections, hcc_split_fn cpu,
                  hcc_split_fn cuda, void* arg) {
  hcc::rt::RuntimeEntry entry("hcc_split_for");
  try {
    runtime("hcc_split_for").split_for(name ? name : "loop", n, sections, nsections, cpu, cuda, arg);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "hccsim: error: %s\n", e.what());
    return -1;
  }
  return 0;
}

int hcc_split_begin(const char* name, const char* cpu_loop, long n, const hcc_split_section* sections,
                    int nsections, hcc_split_fn cuda, void* arg, long* cpu_begin, long* cpu_end) {
  hcc::rt::RuntimeEntry entry("hcc_split_begin");
  // An OpenMP program's runtime starts with its first construct: this may be it.
  if (hcc::rt::start_runtime(false) != 0) hcc::rt::fatal("hcc_split_begin: the runtime did not start");
  try {
    runtime("hcc_split_begin")
        .split_begin(name ? name : "loop", cpu_loop ? cpu_loop : "", n, sections, nsections, cuda, arg, cpu_begin,
                     cpu_end);
  } catch (const std::invalid_argument& e) {
    hcc::rt::fatal(e.what());  // the compiler's code has no way out: the loop's data is wrong
  }
  return 0;
}

int hcc_split_end(const char* name) {
  hcc::rt::RuntimeEntry entry("hcc_split_end");
  try {
    runtime("hcc_split_end").split_end(name ? name : "loop");
  } catch (const std::invalid_argument& e) {
    hcc::rt::fatal(e.what());
  }
  return 0;
}

hcc_split_stats hcc_split_last(const char* name) { return runtime("hcc_split_last").split_last(name ? name : "loop"); }

void hcc_wait_all(void) {
  hcc::rt::RuntimeEntry entry("hcc_wait_all");
  runtime("hcc_wait_all").wait_all();
}
void hcc_taskwait(void) {
  hcc::rt::RuntimeEntry entry("hcc_taskwait");
  runtime("hcc_taskwait").taskwait();
}
void hcc_wait_handle(hcc_handle h) {
  hcc::rt::RuntimeEntry entry("hcc_wait_handle");
  if (h) runtime("hcc_wait_handle").wait_handle(handle(h));
}

hcc_group hcc_group_create(void) {
  return reinterpret_cast<hcc_group>(runtime("hcc_group_create").create_group());
}

void hcc_taskgroup_begin(void) {
  hcc::rt::RuntimeEntry entry("hcc_taskgroup_begin");
  runtime("hcc_taskgroup_begin").taskgroup_begin();
}
void hcc_taskgroup_end(void) {
  hcc::rt::RuntimeEntry entry("hcc_taskgroup_end");
  runtime("hcc_taskgroup_end").taskgroup_end();
}

void hcc_group_wait(hcc_group g) {
  hcc::rt::RuntimeEntry entry("hcc_group_wait");
  if (g) runtime("hcc_group_wait").wait_group(reinterpret_cast<hcc::rt::Group*>(g));
}

}  // extern "C"
