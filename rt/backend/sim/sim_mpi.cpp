// The MPI entry points of a simulated program, in front of SMPI's (PMPI_*):
// each is an entry into the runtime, so that the program's CPU burst before
// it is charged (bursts.hpp), and checks its caller (below); the generated
// ones (gen_mpi_entries.py) do nothing else. The driver links this object into MPI programs it
// simulates (-Wl,-u,hcc_sim_mpi_entries): the program's references to
// SMPI's functions are weak, and weak references pull no archive member.
//
// Threads: MPI calls run as their rank's when the rank's main thread makes
// them (the actor that runs main and called MPI_Init). A rank's other
// threads (OpenMP team threads and task workers, actors of their own that
// SMPI knows nothing of: their MPI_COMM_WORLD is not the rank's) get a clear
// error instead of SMPI's crash, so hccsim provides MPI_THREAD_FUNNELED,
// with one restriction: OpenMP's master thread of a region is a worker, not
// the main thread, so MPI calls go outside parallel regions (docs/mpi.md).
#include <smpi/smpi.h>

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <utility>

#include "bursts.hpp"
#include "fatal.hpp"
#include "ranks.hpp"
#include "sim_bursts.hpp"
#include "sim_ranks.hpp"

extern "C" {
// What the driver's -u names, so that the linker takes this object.
extern const int hcc_sim_mpi_entries = 1;
}

namespace {

std::map<const hcc::rt::Rank*, int>& thread_levels() {
  static std::map<const hcc::rt::Rank*, int> levels;
  return levels;
}

// A reduction operation of the program (MPI_Op_create) is the program's
// code that SMPI calls inside a collective, after other ranks' code ran:
// it must see its rank's privatised variables (private_vars.hpp), and its
// time is the program's (bursts.hpp). SMPI calls it with no context, so
// each function the program gives gets a trampoline of its own, which
// calls it as the runtime calls a task body (ProgramCall). Without it, an
// operation's update of a static variable went to the copy of the last
// rank whose code ran.
constexpr int kOpFunctions = 64;
std::array<MPI_User_function*, kOpFunctions> g_op_functions{};

template <int I>
void call_op(void* in, void* inout, int* len, MPI_Datatype* type) {
  hcc::rt::ProgramCall call(reinterpret_cast<const void*>(g_op_functions[I]));
  g_op_functions[I](in, inout, len, type);
}

template <int... I>
constexpr std::array<MPI_User_function*, kOpFunctions> op_trampolines(std::integer_sequence<int, I...>) {
  return {&call_op<I>...};
}

MPI_User_function* trampoline_for(MPI_User_function* function) {
  static constexpr auto kTrampolines = op_trampolines(std::make_integer_sequence<int, kOpFunctions>{});
  for (int i = 0; i < kOpFunctions; ++i) {
    if (!g_op_functions[i]) g_op_functions[i] = function;
    if (g_op_functions[i] == function) return kTrampolines[i];
  }
  hcc::rt::fatal("MPI_Op_create: more than " + std::to_string(kOpFunctions) +
                 " distinct reduction functions in one simulated program (hccsim's limit)");
}

}  // namespace

namespace hcc::rt {

// Before an MPI call: the caller must be its rank's main thread.
void check_mpi_caller(const char* function) {
  if (in_rank_main()) return;
  fatal(std::string(function) +
        " called by an OpenMP thread or a task of a simulated MPI rank: hccsim runs MPI calls made by the rank's "
        "main thread only (MPI_THREAD_FUNNELED, outside parallel regions; docs/mpi.md)");
}

}  // namespace hcc::rt

extern "C" int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  hcc::rt::SimcallEntry entry("MPI_Init_thread", hcc::rt::g_mpi_cpu_threshold);
  int smpi = MPI_THREAD_SINGLE;
  const int rc = PMPI_Init_thread(argc, argv, required, &smpi);
  hcc::rt::check_mpi_caller("MPI_Init_thread");
  const int level = std::clamp(required, MPI_THREAD_SINGLE, MPI_THREAD_FUNNELED);
  thread_levels()[&hcc::rt::current_rank()] = level;
  if (provided) *provided = level;
  return rc;
}

extern "C" int MPI_Query_thread(int* provided) {
  const auto& levels = thread_levels();
  const auto it = levels.find(&hcc::rt::current_rank());
  if (provided) *provided = it == levels.end() ? MPI_THREAD_SINGLE : it->second;
  return MPI_SUCCESS;
}

extern "C" int MPI_Op_create(MPI_User_function* function, int commute, MPI_Op* op) {
  hcc::rt::SimcallEntry entry("MPI_Op_create", hcc::rt::g_mpi_cpu_threshold);
  hcc::rt::check_mpi_caller("MPI_Op_create");
  return PMPI_Op_create(function ? trampoline_for(function) : nullptr, commute, op);
}

#include "mpi_entries.inc"
