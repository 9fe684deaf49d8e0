// A simulated program's exit() and atexit() (sim_exit.cpp).
#pragma once

#include <csetjmp>
#include <vector>

#include "ranks.hpp"

namespace hcc::rt {

// The run of a rank's main on the calling actor, from before main to after
// its exit handlers: exit() called there, outside any parallel region or
// task, ends main as `return status` would; handlers the rank's program
// registers with atexit() meanwhile are kept for run_handlers.
class MainExit {
 public:
  explicit MainExit(const Rank& rank);
  ~MainExit();
  MainExit(const MainExit&) = delete;
  MainExit& operator=(const MainExit&) = delete;

  // main's status, returned or given to exit().
  int run(int (*main_fn)(int, char**), int argc, char** argv);
  // Runs the handlers registered, the last one first (and those they
  // register), as the C library runs them after main.
  void run_handlers();

  // atexit(handler) on an actor of a rank whose main runs: kept for that
  // rank (true); false elsewhere.
  static bool keep_handler(void (*handler)());
  // exit(status) on an actor of a rank whose main runs: ends main on its
  // actor, the process elsewhere (never returns there); returns outside them.
  static void end_main(int status);

 private:
  static MainExit* of_caller();
  const Rank& rank_;
  const void* actor_;  // the actor main runs on
  std::jmp_buf exited_;
  std::vector<void (*)()> handlers_;
};

}  // namespace hcc::rt
