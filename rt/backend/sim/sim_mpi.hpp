// What the MPI entry points of a simulated program share (sim_mpi.cpp,
// sim_mpi_io.cpp, the generated mpi_entries.inc): each call is made by its
// rank's main thread (sim_mpi.cpp says why).
#pragma once

#include <smpi/smpi.h>

#include <string>

#include "fatal.hpp"
#include "ranks.hpp"
#include "runtime.hpp"
#include "sim_bursts.hpp"
#include "sim_ranks.hpp"

namespace hcc::rt {

// What call returns, called by the rank's main thread: by the caller, when
// it is, else for it. The main thread makes the calls handed to it during
// its own after it.
template <class Call>
auto as_rank_main(const char* function, Call&& call) {
  if (in_rank_main()) {
    auto result = call();
    if (Runtime* rt = current_rank().runtime.get()) rt->run_program_thread_calls();
    return result;
  }
  decltype(call()) result{};
  Runtime* rt = current_rank().runtime.get();
  if (!rt || !rt->call_on_program_thread([&] { result = call(); }))
    fatal(std::string(function) + " called by a thread of a simulated MPI rank that is neither its main thread nor "
                                  "one of its runtime's workers");
  return result;
}

// The calling rank's rank in comm, and comm's size.
inline int rank_of(MPI_Comm comm) {
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  return rank;
}
inline int size_of(MPI_Comm comm) {
  int size = 0;
  PMPI_Comm_size(comm, &size);
  return size;
}

// An MPI error code of function's call raised on comm's (win's) error
// handler: MPI_ERRORS_ARE_FATAL stops the simulation with one line saying
// what, as mpirun stops the job; a handler of the program's is called;
// returns code.
int raised(const char* function, MPI_Comm comm, int code);
int raised(const char* function, MPI_Win win, int code);

}  // namespace hcc::rt

// The body of an MPI entry point: an entry into the runtime (the burst before
// it is charged; the entry's site is the program's call, so it must be the
// entry point's own statement) whose call is made as the rank's main thread.
#define HCC_MPI_ENTRY(name, ...)                                            \
  hcc::rt::SimcallEntry hcc_entry(name, hcc::rt::g_mpi_cpu_threshold);      \
  return hcc::rt::as_rank_main(name, [&] { return __VA_ARGS__; })

// The same, for a call whose error goes to comm's error handler (raised).
#define HCC_MPI_COMM_ENTRY(name, comm, ...) HCC_MPI_ENTRY(name, hcc::rt::raised(name, comm, __VA_ARGS__))
