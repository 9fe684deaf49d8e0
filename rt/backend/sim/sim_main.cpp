// Entry point of simulated programs. Linked with -Wl,--wrap=main, the
// program's own main becomes __real_main and is run as the application actor
// of a SimGrid simulation, so that its control code runs on simulated time
// with no change to its source.
#include "sim_clocks.hpp"
#include "sim_platform.hpp"

extern "C" int __real_main(int argc, char** argv);
extern "C" const int hcc_sim_threads;  // sim_threads.cpp: the program's own threads

extern "C" int __wrap_main(int argc, char** argv) {
  (void)*static_cast<const volatile int*>(&hcc_sim_threads);
  hcc::rt::start_program_clocks();
  return hcc::rt::run_simulation(__real_main, argc, argv);
}
