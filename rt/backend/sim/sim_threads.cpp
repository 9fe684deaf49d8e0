// Threads that a simulated program starts itself (pthread_create, and
// std::thread through it) run beside the simulation, not in it: their CPU
// time is charged nowhere and they wait for no actor. A simulation says so
// once on stderr, so that a prediction that leaves their work out is not
// taken for one that counts it (a program whose four std::threads computed
// for 0.14 s natively was predicted 0.0017 s without a word).
//
// Not in sanitized builds, whose runtimes intercept pthread_create
// themselves (HCC_SANITIZED: no warning there). Nor for threads that a
// library installed on the system starts (its creator's frame, past
// libstdc++'s std::thread, in a library under /lib or /usr): SimGrid's own
// (an actor's, with thread contexts), and the pools that libraries such as
// OpenBLAS start for their own routines, which a program's kernels call
// (the main job's Cholesky, at openblas_set_num_threads(1), got the
// warning for threads that never ran its code).
#include <dlfcn.h>
#include <execinfo.h>
#include <pthread.h>

#include <simgrid/s4u/Actor.hpp>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "sim_threads.hpp"

extern "C" const int hcc_sim_threads;  // defined below, in the program's executable

namespace {
std::atomic<bool> g_program_started_threads{false};
}  // namespace

bool hcc::rt::program_started_threads() { return g_program_started_threads.load(); }

#if !defined(HCC_SANITIZED)
namespace {

// Whether the caller, past libstdc++'s std::thread, is a library installed
// on the system (SimGrid's: further up, every actor's frames are SimGrid's).
// Inlined into pthread_create: frames[0] is pthread_create, frames[1] its caller.
__attribute__((always_inline)) inline bool created_by_system_library() {
  void* frames[6];
  const int n = backtrace(frames, 6);
  for (int i = 1; i < n; ++i) {
    Dl_info info;
    if (!dladdr(frames[i], &info) || !info.dli_fname) return false;
    if (std::strstr(info.dli_fname, "libstdc++")) continue;
    // The program's executable (which holds this runtime), wherever it is installed.
    Dl_info program;
    if (dladdr(&hcc_sim_threads, &program) && program.dli_fbase == info.dli_fbase) return false;
    return std::strncmp(info.dli_fname, "/lib/", 5) == 0 || std::strncmp(info.dli_fname, "/usr/", 5) == 0;
  }
  return false;
}

}  // namespace
#endif

extern "C" {

// Referenced by sim_main.cpp, so that a program that calls pthread_create
// only through a shared library (libstdc++'s std::thread) links this too.
extern const int hcc_sim_threads = 1;

#if !defined(HCC_SANITIZED)
int pthread_create(pthread_t* thread, const pthread_attr_t* attr, void* (*start)(void*), void* arg) {
  using Create = int (*)(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*);
  static const auto real = reinterpret_cast<Create>(dlsym(RTLD_NEXT, "pthread_create"));
  if (simgrid::s4u::Actor::self() && !simgrid::s4u::Actor::is_maestro() && !g_program_started_threads.load() &&
      !created_by_system_library() && !g_program_started_threads.exchange(true))
    std::fprintf(stderr,
                 "hccsim: warning: the program started a thread of its own (pthread_create, std::thread): it runs "
                 "beside the simulation, its CPU time is not in the prediction; give its work to OpenMP (a parallel "
                 "region, tasks) to have it simulated\n");
  return real ? real(thread, attr, start, arg) : EAGAIN;
}
#endif

}  // extern "C"
