// exit() and atexit() of a simulated program. Natively exit() runs the
// handlers registered with atexit() (the last one first), then the C
// library's own (the runtime's shutdown among them), and ends the process.
// A simulated program's main runs as an actor of a simulation, which must
// end first: the C library's exit, called on that actor, ran the runtime's
// destructors in the middle of the simulation (SimGrid aborted on a
// semaphore still in use, losing the program's buffered output) or ended
// it without its summary; handlers registered with atexit() ran after the
// simulation, where omp_get_wtime() found no runtime; and an MPI program's
// ranks, one process here, each registered a handler that ran at the
// process's exit, seeing the variables' originals rather than its copies.
//
// So the executable defines both (in front of the C library's, as
// sim_clocks.cpp's clocks are). On a rank's main actor, outside any
// parallel region or task, exit(status) ends main as `return status`
// would (the program's frames between are left as natively: no destructor
// runs); the handlers a rank's program registers run on its main actor
// after main, before the runtime stops (run_main_in_rank). exit() anywhere
// else in a simulation (inside a parallel region or task, or on a thread
// of the program's own) cannot end main: it says so, flushes the program's
// output and ends the process with the status, without a prediction.
// Outside a simulation (before main, after it ends) both are the C
// library's.
#include "sim_exit.hpp"

#include <dlfcn.h>

#include <simgrid/s4u.hpp>

#include <cstdio>
#include <cstdlib>
#include <map>

#include "bursts.hpp"
#include "runtime.hpp"

extern "C" int __cxa_atexit(void (*fn)(void*), void* arg, void* dso_handle);

namespace hcc::rt {

namespace s4u = simgrid::s4u;

namespace {
// The ranks whose main runs, by rank.
std::map<const Rank*, MainExit*>& mains() {
  static std::map<const Rank*, MainExit*> running;
  return running;
}
}  // namespace

MainExit* MainExit::of_caller() {
  if (!s4u::Engine::is_initialized() || s4u::Actor::is_maestro() || !s4u::Actor::self()) return nullptr;
  auto it = mains().find(&current_rank());
  return it == mains().end() ? nullptr : it->second;
}

MainExit::MainExit(const Rank& rank) : rank_(rank), actor_(s4u::Actor::self()) { mains()[&rank] = this; }

MainExit::~MainExit() { mains().erase(&rank_); }

int MainExit::run(int (*main_fn)(int, char**), int argc, char** argv) {
  // exit(status) jumps back with status + 1 (setjmp's 0 is the call).
  if (const int exited = setjmp(exited_); exited != 0) return exited - 1;
  return main_fn(argc, argv);
}

void MainExit::run_handlers() {
  while (!handlers_.empty()) {
    void (*handler)() = handlers_.back();
    handlers_.pop_back();
    ProgramCall program(reinterpret_cast<const void*>(handler));
    handler();
  }
}

bool MainExit::keep_handler(void (*handler)()) {
  MainExit* main = of_caller();
  if (!main) return false;
  main->handlers_.push_back(handler);
  return true;
}

void MainExit::end_main(int status) {
  MainExit* main = of_caller();
  if (!main) return;
  const Runtime* runtime = current_rank().runtime.get();
  if (main->actor_ == s4u::Actor::self() && !(runtime && runtime->in_task()))
    std::longjmp(main->exited_, (status & 0xff) + 1);
  std::fflush(stdout);
  std::fprintf(stderr,
               "hccsim: error: the program called exit(%d) inside a parallel region or a task, or on a thread of "
               "its own, at %.6f s of simulated time: the simulation ends there (its exit handlers not run), "
               "without a prediction\n",
               status, s4u::Engine::get_clock());
  std::fflush(nullptr);
  std::_Exit(status);
}

}  // namespace hcc::rt

extern "C" int atexit(void (*handler)(void)) {
  if (hcc::rt::MainExit::keep_handler(handler)) return 0;
  // As the C library's atexit: a handler of the executable.
  return __cxa_atexit(reinterpret_cast<void (*)(void*)>(handler), nullptr, nullptr);
}

extern "C" void exit(int status) noexcept {
  hcc::rt::MainExit::end_main(status);
  using Exit = void (*)(int);
  static const Exit libc_exit = reinterpret_cast<Exit>(dlsym(RTLD_NEXT, "exit"));
  libc_exit(status);
  __builtin_unreachable();
}
