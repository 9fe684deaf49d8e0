// Which kinds of task are shorter than deferring them costs, so that their
// creating thread runs them at once (Runtime::runs_on_creator): an adaptive
// cut-off.
//
// Deferring a task costs its creator the submission and, when another
// worker takes it, both threads the cache lines that the task and its
// parent cross between them: 0.2 to 1 us on the 2-core VM. A task tree
// whose leaves do a few nanoseconds of work (bench/deep_tasks.py's tree)
// spent nearly all its time there, twice libomp's, which runs most of them
// on the creating thread once that thread's queue is full. Here, by what a
// kind of task (a codelet: an OpenMP task's outlined body) was seen to do:
//
//   tiny    most runs under kTinyTask, their mean under kShortTask, and
//           none created a task: always run on the creator. Handing it to
//           another worker costs more than it does. (The mean keeps a kind
//           whose runs are mostly empty and sometimes long, a task on a
//           block that may hold no work, from running all on one thread.)
//   short   most runs under kShortTask: run on the creator while its own
//           queue holds a task for the others, who then lose nothing to do,
//           or while no worker looks for one. A recursive kind is short by
//           its leaves: a run that created tasks is not counted (its time
//           holds the children it ran or waited for). Counted, n-queens'
//           timed runs were short by 51-63 %, its verdict changed 445 to
//           741 times a run, and a native run took 0.14 to 0.40 s as it
//           happened to stay deferred for 8 to 67 % of its tasks. A task
//           it creates while its queue is empty and a worker looks is
//           queued, which is what the others steal: they steal as often as
//           they run out of work, not at every task (fib at cut-off 0
//           deferred 68,000 of its 242,784 tasks with the queue alone to
//           go by, 1,000 to 18,000 then). So are the next kDeferBurst it
//           creates: handed over one at a time as a worker looked, an
//           unbalanced tree search's tasks were half of them leaves, and
//           its second worker starved: uts took 0.50-0.64 s, and 0.22-0.31
//           with bursts, as before the verdict counted leaves alone (when
//           its changes made such bursts); n-queens 12 then took 0.15 s
//           against 0.22 before, fib 28 0.10 against 0.12 (medians of 5
//           to 7 interleaved runs, 2 threads).
//           Not one created deep in the tree of tasks, though (rt/omp:
//           deeper than half the deepest its creating thread created): a
//           recursion's tasks there are its smallest, and a worker that
//           took one looked again at once, each task crossing between two
//           cores and back (fib 27 at cut-off 0, 2 threads: 0.033-0.048 s
//           -> 0.028-0.029; n-queens 12 0.075-0.089 -> 0.069-0.071).
//
// Each worker times one of its runs in kTimePeriod on the backend's clock,
// the simulated one in a simulation, which then decides from the models'
// durations as the native run did from its own; one in twice as many after
// each timed run that agrees with its kind's verdict, up to
// kLongestTimePeriod, and one in kTimePeriod again after one that does not.
// Timing a run and writing its kind's statistics, which every worker
// reads, cost fib at cut-off 0 on 2 threads 4-8 % of its time at one in 16
// (0.0436 s against 0.0401 timing one in 256).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

namespace hcc::rt {

class ShortTasks {
 public:
  static constexpr double kTinyTask = 0.2e-6;
  static constexpr double kShortTask = 1e-6;
  static constexpr uint32_t kTimePeriod = 16;  // a worker times one run in this many
  static constexpr uint32_t kLongestTimePeriod = 256;  // or up to this many while its runs agree
  static constexpr uint32_t kDeferBurst = 64;  // a short kind's tasks deferred once a worker looks

  enum class Verdict { kDefer, kShort, kTiny };

  // A timed run of a task of this kind; whether it agrees with the kind's
  // verdict, known from kMinTimed timed runs (a run under kTinyTask for a
  // tiny kind, under kShortTask for a short one, not under it for one
  // deferred), which then needs timing less often.
  bool observe(const void* kind, double seconds);
  // A task of this kind created a task.
  void creates_tasks(const void* kind);
  // From at least kMinTimed timed runs; kDefer for a kind not known yet.
  Verdict verdict(const void* kind) const;

 private:
  // Per kind, where creating threads look (at every task): the kind and its
  // verdict, written when the verdict changes. Apart from what timed runs
  // update (Stats), on lines of their own: threads timing runs of a kind
  // every few tasks made the line of its verdict miss at every creation of
  // the other thread's tasks (ShortTasks::find was 14 % of fib at cut-off 0
  // on 2 threads, perf).
  struct Slot {
    std::atomic<const void*> kind{nullptr};
    std::atomic<Verdict> verdict{Verdict::kDefer};
    std::atomic<bool> creates{false};  // a task of the kind created a task
  };
  // Per kind, the shares of its timed runs that were short and tiny, as
  // moving averages (1/8 per run, in 1/65536ths), their mean, and how many
  // were timed (up to kMinTimed). Updated without a read-modify-write: two
  // workers timing runs of one kind at once lose one of them, which a
  // sample can afford.
  struct Stats {
    std::atomic<uint32_t> short_share{0}, tiny_share{0};
    std::atomic<uint32_t> mean_ns{0};  // moving average of the runs' times (1/8 per run), in nanoseconds
    std::atomic<uint32_t> timed{0};
  };
  static constexpr uint32_t kMinTimed = 8;
  static constexpr size_t kSlots = 256;  // a power of two; kinds beyond it are always deferred

  // The kind's index, inserted if asked; kSlots if it has none.
  size_t find(const void* kind, bool insert) const;
  // The verdict from the kind's stats, stored if it changed.
  void update_verdict(size_t i);

  mutable std::array<Slot, kSlots> slots_{};
  alignas(64) std::array<Stats, kSlots> stats_{};
};

}  // namespace hcc::rt
