// Names of the runtime's own costs in the model directory.
//
// The runtime's own CPU work, kept in the model directory like a kernel's
// (footprint 0) so that instrumented runs measure it on this machine and
// simulations charge it as CPU work that competes with the kernels for the
// simulated cores (seed 000 §5 charges the runtime's operations too): the
// application thread's CPU time per submission (the hcc_submit and the
// application's own code since the previous one, which a simulation runs but
// does not time: without it, simulated workers never waited for a task being
// submitted, where native ones were idle 40 ms of a 2-D multifrontal's first
// 50), and a worker's CPU time between two kernels it runs back to back
// (completion, scheduling, data).
// The latency of waking an idle worker is measured and charged too, as time
// (the sleeping thread uses no CPU meanwhile), and that of waking the
// application thread parked in a wait (a taskwait, the end of a parallel
// region), which on a core it shares with a worker waits for the worker to
// yield it (an MPI rank bound to one core: tens of microseconds per region).
#pragma once

namespace hcc::rt {

constexpr const char* kSubmitCost = "hcc.submit";
constexpr const char* kTaskCost = "hcc.task";
constexpr const char* kWakeCost = "hcc.wakeup";
constexpr const char* kAppWakeCost = "hcc.appwakeup";

}  // namespace hcc::rt
