// Names of the runtime's own costs in the model directory.
//
// The runtime's own CPU work, kept in the model directory like a kernel's
// (footprint 0) so that instrumented runs measure it on this machine and
// simulations charge it as CPU work that competes with the kernels for the
// simulated cores (seed 000 §5 charges the runtime's operations too): the
// time of one hcc_submit (the program's own code between submissions is a
// CPU burst, rt/program/bursts.hpp, which simulations measure themselves), and a
// worker's time between two kernels it runs back to back (completion,
// scheduling, data). Both are timed on the monotonic clock: reading the
// thread's CPU clock is a system call that cost 1.3 us on this virtual
// machine, more than a small task, and flushed the TLB, which slowed the
// code it timed; an interval longer than kLongestCost is a preemption, not
// a cost, and is not kept.
// A worker's own work when it enters and leaves a wait is measured and
// charged too (hcc.wait): a fine-grained recursive program waits once per
// task, and its waits were most of what simulations left out.
// The latency of waking an idle worker is measured and charged too, as time
// (the sleeping thread uses no CPU meanwhile), and that of waking the
// application thread parked in a wait (a taskwait, the end of a parallel
// region), which on a core it shares with a worker waits for the worker to
// yield it (an MPI rank bound to one core: tens of microseconds per region).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hcc::rt {

// The architecture of the costs measured on the application's side.
inline const std::string kCpuArch = "cpu";

constexpr const char* kSubmitCost = "hcc.submit";
// A worker's time between two kernels it runs back to back, in two parts,
// each charged where it happens: hcc.task from the end of a kernel until
// its next look has the next task (completing the first, finding the
// second), hcc.taskstart from there to the second kernel's start. Charged
// whole before the second kernel, a simulated worker looked for its next
// task the instant its kernel ended: in a tree search, an idle thread stole
// 6,000-7,000 of its 8,000-11,000 tasks at that instant, where native
// steals come 0.2-0.8 us after a task's end (5,000-6,000 of them), and the
// creator took its queued children back later than natively. A model
// directory without hcc.taskstart (instrumented before it existed) has
// both parts in hcc.task, charged before the kernel.
constexpr const char* kTaskCost = "hcc.task";
constexpr const char* kTaskStartCost = "hcc.taskstart";
constexpr const char* kWakeCost = "hcc.wakeup";
constexpr const char* kAppWakeCost = "hcc.appwakeup";
// A worker's own work in a wait (a taskwait, a barrier): registering, the
// first look at its condition, leaving; the tasks it runs meanwhile and the
// runtime's work between them (hcc.task) are not in it, nor its parked time.
// Measured in two parts, each charged where it happens: hcc.wait from the
// wait's entry to its first task or park (all of a wait that neither ran a
// task nor parked), hcc.waitend from its last task's end or its wake-up to
// leaving: charged whole at the entry, the end's part (12-20 ns of 75-110
// in fine-grained task programs on the development VM) came before the
// waiting thread took back its queued child, not after. A model directory
// without hcc.waitend (instrumented before it existed) has both parts in
// hcc.wait, charged at the entry.
constexpr const char* kWaitCost = "hcc.wait";
constexpr const char* kWaitEndCost = "hcc.waitend";
// A wait with nothing to wait for (a taskwait after tasks that all ran on
// their creator, or in a leaf of a recursive search: one per internal node
// of fib's tree), which only looks at its task's counters: charged nothing
// before (hcc.wait, its registering and leaving included, made n-queens'
// simulation 16 % long), where a native one costs a few nanoseconds, and
// fib at cut-off 0 makes 514,228 of them in 1,028,456 tasks.
constexpr const char* kEmptyWaitCost = "hcc.emptywait";
// What the layer above does for a task that its creating thread runs at
// once (Runtime::runs_on_creator, short_tasks.hpp), besides the task's
// body: making the task, the decision, running it and freeing it. Charged
// in simulation at each such run.
constexpr const char* kInlineCost = "hcc.inline";
// The same for a task that runs when it is created because it must (no
// decision): one included in a final task, or made in a serialized team
// (outside any parallel region, in a region with if(0), in an inactive
// nested one). A
// recursion cut off with final(...) made millions of them, which a
// simulation charged nothing: fib(30) with final(n < 18) simulated in
// 0.046 s, natively 0.066-0.079 s on two threads.
constexpr const char* kIncludedCost = "hcc.included";
// An OpenMP region's own work on its encountering thread: before it
// submits the team's implicit tasks (hcc.fork: the team, its workers, its
// counters) and after it saw the team's end (hcc.join: handing the team
// back); and on each team thread around its implicit task's body and
// closing barrier (hcc.implicit: taking the task, its context, completing
// it). None was charged: a `parallel for` over 4,096 doubles simulated at
// 0.76 us a region for a native 1.0-1.2, and an HPCCG-like solver of 2,500
// such regions 0.011-0.013 s for 0.015-0.028.
constexpr const char* kForkCost = "hcc.fork";
constexpr const char* kJoinCost = "hcc.join";
constexpr const char* kImplicitCost = "hcc.implicit";
// The latency of a worker looking for work (not parked) to see what another
// thread did for it alone: the lines that say so crossing between the
// cores. Measured on the implicit tasks made ready for a worker while it
// looked (it looks for them at every round), as time, as hcc.wakeup is;
// charged by a simulation, whose idle workers park at once, to a worker
// woken sooner than a native one would have stopped looking
// (Config::idle_looking) for such a task or for its wait's end (a barrier,
// a region's join, its children done: the same lines crossing). An OpenMP
// region's other thread saw its implicit task 0.1-0.3 us after it was
// submitted, and its encountering thread the team's end as late. Tasks in
// queues that others look at too are not its measure: a looking worker
// scans those less and less often (multifrontal's: 8.7 us), or another
// takes them first.
constexpr const char* kNoticeCost = "hcc.notice";
constexpr uint64_t kMinNoticeSamples = 32;
// Those queues it scans at fewer and fewer rounds of its look
// (look_a_while): the time of a round that looks in its own queue alone
// (hcc.look) and of one that scans the others' too (hcc.scan), measured on
// the looking workers of instrumented runs. A simulation's idle worker,
// which parks at once and is woken at the push, sees a task in another's
// queue at the next round at which a native worker looking since as long
// would scan it, and takes a queue's only task at the scan after the one
// that first saw it, as natively (Runtime::until_next_scan). Taking each
// at the push, it took 257,000-287,000 of a tree search's tasks from their
// creator, where natively 4,400-6,500 are stolen and the creator takes the
// others back at its taskwait (10,600-14,700 since): the two threads'
// schedules had little in common but their length.
constexpr const char* kLookCost = "hcc.look";
constexpr const char* kScanCost = "hcc.scan";

constexpr double kLongestCost = 1e-3;

// Beyond this many times the median of a cost's first observations (the
// model file keeps its first 256), an observation is an interruption of
// the measured code, not the runtime's work: a page fault of the
// instrumentation's own records, a preemption shorter than kLongestCost.
// One submission in a hundred taking 2 to 100 us doubled hcc.submit's mean
// in an instrumented fine-grained task program, more than its whole native
// run could hold. nullopt: too few observations yet (fewer than 32).
// Kernels' models keep every observation; hcc.wakeup and hcc.appwakeup are
// latencies whose spread is the cost.
constexpr double kInterruptionFactor = 10;
std::optional<double> interruption_bound(const std::vector<double>& first_observations);
// The mean of a cost's observations within kInterruptionFactor times the
// median of its first ones (0 without any), from its model: count
// observations of that mean, the first of which its model keeps. A run
// that recorded it left out the later ones beyond that bound
// (Runtime::interrupted) but not the first ones, which bound the rest: one
// preempted hcc.task among uts's first 256 (100 us) made its 918
// observations' mean 253 ns for 144 ns without it, and one preempted
// submission among six (0.7 ms) made hcc.submit 116 us.
double uninterrupted_mean(uint64_t count, double mean, const std::vector<double>& first_observations);

}  // namespace hcc::rt
