// The MPI entry points of a simulated program, in front of SMPI's (PMPI_*):
// each is an entry into the runtime, so that the program's CPU burst before
// it is charged (bursts.hpp), and checks its caller (below); the generated
// ones (gen_mpi_entries.py) do nothing else. The driver links this object into MPI programs it
// simulates (-Wl,-u,hcc_sim_mpi_entries): the program's references to
// SMPI's functions are weak, and weak references pull no archive member.
//
// Threads: MPI calls run as their rank's main thread's (the actor that runs
// main and called MPI_Init, thread 0 of the rank's outermost regions), the
// only one SMPI knows as the rank. A rank's other threads (OpenMP team
// threads, nested regions' masters, and task workers: actors of their own,
// whose MPI_COMM_WORLD is not the rank's)
// hand their calls to the main thread and wait for it to return: it makes
// them while it waits for them (a region's end, a taskwait, a barrier:
// Runtime::call_on_program_thread) or after an MPI call of its own, one at
// a time, as MPI_THREAD_SERIALIZED says.
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <smpi/smpi.h>
#include <xbt/Extendable.hpp>
#include <xbt/config.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <utility>

#include "bursts.hpp"
#include "fatal.hpp"
#include "ranks.hpp"
#include "runtime.hpp"
#include "sim_bursts.hpp"
#include "sim_mpi.hpp"
#include "sim_ranks.hpp"

extern "C" {
// What the driver's -u names, so that the linker takes this object.
extern const int hcc_sim_mpi_entries = 1;
}

namespace simgrid::smpi {
// SMPI's part of an actor that is a rank (src/smpi/include/smpi_actor.hpp,
// which SimGrid does not install): the two members that libsimgrid exports
// and world_communicator uses.
class ActorExt {
 public:
  static xbt::Extension<s4u::Actor, ActorExt> EXTENSION_ID;
  MPI_Comm comm_world() const;
};
}  // namespace simgrid::smpi

namespace {

// SMPI's MPI_COMM_WORLD is a placeholder that each use resolves through the
// calling actor's rank, unless smpirun sets it to its instance's world
// communicator. SimGrid's kernel, on maestro, which is no rank, matches a
// receive from MPI_ANY_SOURCE against a send through the receive's
// communicator: with the placeholder that crashed every simulation whose
// MPI_Recv, MPI_Probe or MPI_Iprobe took MPI_ANY_SOURCE on MPI_COMM_WORLD.
// A simulation runs one instance, as smpirun does: once a rank has
// initialised, MPI_COMM_WORLD is that instance's world communicator, as
// under smpirun (the same object for every rank).
void adopt_world_communicator() {
  static const MPI_Comm placeholder = MPI_COMM_WORLD;
  if (MPI_COMM_WORLD != placeholder) return;
  const auto* ext = simgrid::s4u::Actor::self()->extension<simgrid::smpi::ActorExt>();
  if (ext && ext->comm_world()) MPI_COMM_WORLD = ext->comm_world();
}

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

// The one line of an error under MPI_ERRORS_ARE_FATAL.
[[noreturn]] void fatal_error(const char* function, int code) {
  char text[MPI_MAX_ERROR_STRING] = {0};
  int length = 0;
  PMPI_Error_string(code, text, &length);
  hcc::rt::fatal(std::string(function) + ": " + text + " (rank " + std::to_string(hcc::rt::current_rank().index) +
                 ", MPI_ERRORS_ARE_FATAL): the simulation stops there, no prediction");
}

// Raises code on the handler that get finds for handle.
template <class Handle>
int raise_on(const char* function, Handle handle, int code, int (*get)(Handle, MPI_Errhandler*),
             int (*call)(Handle, int)) {
  if (code == MPI_SUCCESS) return code;
  MPI_Errhandler handler = MPI_ERRORS_ARE_FATAL;
  get(handle, &handler);
  if (handler == MPI_ERRORS_RETURN) return code;
  if (handler == MPI_ERRORS_ARE_FATAL) fatal_error(function, code);
  call(handle, code);
  return code;
}

}  // namespace

namespace hcc::rt {

int raised(const char* function, MPI_Comm comm, int code) {
  return raise_on(function, comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm, code, PMPI_Comm_get_errhandler,
                  PMPI_Comm_call_errhandler);
}

int raised(const char* function, MPI_Win win, int code) {
  if (win == MPI_WIN_NULL) return raised(function, MPI_COMM_WORLD, code);
  return raise_on(function, win, code, PMPI_Win_get_errhandler, PMPI_Win_call_errhandler);
}

}  // namespace hcc::rt

extern "C" int MPI_Init(int* argc, char*** argv) {
  hcc::rt::SimcallEntry entry("MPI_Init", hcc::rt::g_mpi_cpu_threshold);
  return hcc::rt::as_rank_main("MPI_Init", [&] {
    const int rc = PMPI_Init(argc, argv);
    adopt_world_communicator();
    return rc;
  });
}

extern "C" int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  hcc::rt::SimcallEntry entry("MPI_Init_thread", hcc::rt::g_mpi_cpu_threshold);
  int smpi = MPI_THREAD_SINGLE;
  const int rc = hcc::rt::as_rank_main("MPI_Init_thread", [&] {
    const int r = PMPI_Init_thread(argc, argv, required, &smpi);
    adopt_world_communicator();
    return r;
  });
  const int level = std::clamp(required, MPI_THREAD_SINGLE, MPI_THREAD_SERIALIZED);
  thread_levels()[&hcc::rt::current_rank()] = level;
  if (provided) *provided = level;
  return rc;
}

// mpirun stops every rank and exits with the error code; SMPI's MPI_Abort
// kills the ranks, and the simulation then reported them as a deadlock.
// The simulation stops at once, as the job does: no prediction.
extern "C" int MPI_Abort(MPI_Comm, int errorcode) {
  std::fflush(stdout);
  std::fprintf(stderr,
               "hccsim: rank %d called MPI_Abort with error code %d at simulated time %.6f s: the simulation "
               "stops there, no prediction\n",
               hcc::rt::current_rank().index, errorcode, simgrid::s4u::Engine::get_clock());
  std::fflush(nullptr);
  std::_Exit(errorcode & 0xff);
}

extern "C" int MPI_Query_thread(int* provided) {
  const auto& levels = thread_levels();
  const auto it = levels.find(&hcc::rt::current_rank());
  if (provided) *provided = it == levels.end() ? MPI_THREAD_SINGLE : it->second;
  return MPI_SUCCESS;
}

extern "C" int MPI_Op_create(MPI_User_function* function, int commute, MPI_Op* op) {
  hcc::rt::SimcallEntry entry("MPI_Op_create", hcc::rt::g_mpi_cpu_threshold);
  MPI_User_function* trampoline = function ? trampoline_for(function) : nullptr;
  return hcc::rt::as_rank_main("MPI_Op_create", [&] { return PMPI_Op_create(trampoline, commute, op); });
}

// The simulated clock plus the caller's owed CPU time, as omp_get_wtime
// reads it (the read's native cost charged, bursts.cpp): no simcall, so that
// a loop polling the clock until seconds have passed (MPICH's
// pt2pt/bsendpending) costs a read, not a simcall each (3.7 us a read, two
// simulated seconds of polling in six minutes). Read at once on any thread:
// handed to the main thread, another thread's read would wait for the main
// thread's call in progress (an MPI_Recv). With a cost per read set
// (--cfg=smpi/wtime), SMPI's own, which injects it.
extern "C" double MPI_Wtime(void) {
  static const bool injects =
      !simgrid::config::is_default("smpi/wtime") && simgrid::config::get_value<double>("smpi/wtime") > 0;
  if (injects && hcc::rt::in_rank_main()) {
    hcc::rt::SimcallEntry entry("MPI_Wtime", hcc::rt::g_mpi_cpu_threshold);
    return PMPI_Wtime();
  }
  hcc::rt::RuntimeEntry entry("MPI_Wtime", hcc::rt::ClockReadEntry{}, hcc::rt::g_mpi_cpu_threshold);
  return simgrid::s4u::Engine::get_clock() + hcc::rt::owed_seconds();
}

// The thread that called MPI_Init is the main thread, and so is, in a
// parallel region, the thread that is thread 0 at every level (the master
// that the main thread became); SMPI, asked by a main thread that the
// calls are made for, would answer true for every thread.
extern "C" int MPI_Is_thread_main(int* flag) {
  bool main = hcc::rt::in_rank_main();
  if (!main) {
    hcc::rt::Runtime* rt = hcc::rt::current_rank().runtime.get();
    main = rt && rt->extension() && rt->extension()->runs_as_initial_thread();
  }
  if (flag) *flag = main;
  return MPI_SUCCESS;
}

// The matched probes (MPI-3), which SMPI does not implement (it stops the
// simulation: "Not yet implemented"): a message is the source, tag and
// communicator that MPI_Probe found, and its receive takes the first
// message of that source and tag, the one probed, since a rank's calls are
// made one at a time (MPI_THREAD_SERIALIZED at most, above).
namespace {

struct Message {
  MPI_Comm comm;
  int source, tag;
};

MPI_Message message_of(MPI_Comm comm, int source, const MPI_Status& status) {
  if (source == MPI_PROC_NULL) return MPI_MESSAGE_NO_PROC;
  return new Message{comm, status.MPI_SOURCE, status.MPI_TAG};
}

// The message's receive: SMPI's receive from its source and tag, the
// message freed.
template <class Receive>
int receive_message(MPI_Message* message, Receive&& receive) {
  auto* m = static_cast<Message*>(*message);
  *message = MPI_MESSAGE_NULL;
  if (!m) return receive(MPI_PROC_NULL, 0, MPI_COMM_SELF);  // MPI_MESSAGE_NO_PROC
  const int rc = receive(m->source, m->tag, m->comm);
  delete m;
  return rc;
}

}  // namespace

extern "C" int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
  MPI_Status found{};
  hcc::rt::SimcallEntry entry("MPI_Mprobe", hcc::rt::g_mpi_cpu_threshold);
  const int rc = hcc::rt::as_rank_main("MPI_Mprobe", [&] { return PMPI_Probe(source, tag, comm, &found); });
  *message = message_of(comm, source, found);
  if (status != MPI_STATUS_IGNORE) *status = found;
  return rc;
}

extern "C" int MPI_Improbe(int source, int tag, MPI_Comm comm, int* flag, MPI_Message* message, MPI_Status* status) {
  MPI_Status found{};
  hcc::rt::SimcallEntry entry("MPI_Improbe", hcc::rt::g_mpi_cpu_threshold);
  const int rc = hcc::rt::as_rank_main("MPI_Improbe", [&] { return PMPI_Iprobe(source, tag, comm, flag, &found); });
  if (*flag) {
    *message = message_of(comm, source, found);
    if (status != MPI_STATUS_IGNORE) *status = found;
  }
  return rc;
}

extern "C" int MPI_Mrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message, MPI_Status* status) {
  hcc::rt::SimcallEntry entry("MPI_Mrecv", hcc::rt::g_mpi_cpu_threshold);
  return hcc::rt::as_rank_main("MPI_Mrecv", [&] {
    return receive_message(message, [&](int source, int tag, MPI_Comm comm) {
      return PMPI_Recv(buf, count, type, source, tag, comm, status);
    });
  });
}

extern "C" int MPI_Imrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message, MPI_Request* request) {
  hcc::rt::SimcallEntry entry("MPI_Imrecv", hcc::rt::g_mpi_cpu_threshold);
  return hcc::rt::as_rank_main("MPI_Imrecv", [&] {
    return receive_message(message, [&](int source, int tag, MPI_Comm comm) {
      return PMPI_Irecv(buf, count, type, source, tag, comm, request);
    });
  });
}

#include "mpi_entries.inc"
