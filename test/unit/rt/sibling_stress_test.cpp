// OpenMP's dependencies among sibling tasks (Runtime::SiblingScope), under
// contention: parents running at once on several workers each submit
// children on cells of their own, named by address, in random modes (write,
// read, inoutset, mutexinoutset); some children submit grandchildren on cells
// of their own; parents wait now and then for one cell's tasks (taskwait
// depend), and for all their children at the end. The handles of a task's
// scope are touched by the thread running that task alone, without a lock
// (Handle::one_submitter), while workers take and release mutexinoutset
// handles under their locks: run under ThreadSanitizer too (label tsan).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <random>
#include <string>
#include <tuple>

#include "exclusive_cell.hpp"
#include "hcc/hcc.h"
#include "runtime.hpp"

namespace {

constexpr int kCells = 4;  // per family
#ifdef HCC_SANITIZED
constexpr int kParents = 32;  // sanitizers slow every task tenfold
#else
constexpr int kParents = 128;
#endif
constexpr int kChildren = 24;
constexpr int kGrandchildren = 6;

std::atomic<int> g_violations{0};
std::atomic<int> g_submitted{0};
std::atomic<int> g_ran{0};

void check(bool ok) {
  if (!ok) g_violations++;
}

// The cells of one task's children; the depend items name `data`.
struct Family {
  hcc::test::ExclusiveCell cells[kCells];
  long data[kCells] = {};
};

struct Child {
  Family* family;
  int cell;
  int mode;
  unsigned nested_seed;  // 0: no children of its own
};

void run_family(unsigned seed, int children, bool nest);

void child(void* const*, void* arg) {
  const Child c = *static_cast<Child*>(arg);
  check(c.family->cells[c.cell].run(c.mode, [&c] {
    // A writer that creates tasks: its children are ordered among
    // themselves only, in its own scope.
    if (c.nested_seed) run_family(c.nested_seed, kGrandchildren, false);
    hcc::test::spin();
  }));
  g_ran++;
}
const hcc_codelet kChild = {"sibling_child", child, nullptr, 0, nullptr, 0};

bool updates(int mode) { return mode != HCC_R; }

// Submits `children` children on a family of cells of the calling task, as
// the OpenMP layer does (rt/omp/tasks.cpp), waits for one cell now and then,
// then for all of them, and checks what each wait promises.
void run_family(unsigned seed, int children, bool nest) {
  hcc::rt::Runtime& rt = hcc::rt::runtime_on_demand();
  const int self = rt.self_worker();
  std::mt19937 rng(seed);
  static const int kModes[] = {HCC_RW, HCC_R, HCC_R, HCC_INOUTSET, HCC_COMMUTE, HCC_COMMUTE};
  Family family;
  long submitted_updates[kCells] = {};
  for (int i = 0; i < children; ++i) {
    Child c{&family, static_cast<int>(rng() % kCells), kModes[rng() % 6], 0};
    if (nest && c.mode == HCC_RW && rng() % 3 == 0) c.nested_seed = rng() | 1u;
    if (rng() % 8 == 0) {
      // taskwait depend(inout: data[cell]): every earlier child on it is done.
      rt.wait_siblings(&family.data[c.cell]);
      const hcc::test::ExclusiveCell& cell = family.cells[c.cell];
      check(cell.updates == submitted_updates[c.cell] && cell.idle());
    }
    hcc_access a{};
    {
      hcc::rt::Runtime::SiblingScope siblings(rt, self);
      a = hcc_access{reinterpret_cast<hcc_handle>(siblings.handle(&family.data[c.cell], sizeof(long))), c.mode};
    }
    hcc_task_desc d{};
    d.codelet = &kChild;
    d.arg = &c;
    d.arg_size = sizeof c;
    d.accesses = &a;
    d.naccesses = 1;
    hcc::rt::TaskOptions o;
    o.self = self;
    rt.submit(d, o);
    g_submitted++;
    if (updates(c.mode)) submitted_updates[c.cell]++;
  }
  rt.taskwait();
  for (int k = 0; k < kCells; ++k) check(family.cells[k].updates == submitted_updates[k]);
}

void parent(void* const*, void* arg) {
  run_family(*static_cast<unsigned*>(arg), kChildren, true);
  g_ran++;
}
const hcc_codelet kParent = {"sibling_parent", parent, nullptr, 0, nullptr, 0};

class SiblingStress : public ::testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(SiblingStress, ChildrenOfConcurrentParentsKeepTheirOrderWithoutSharedLocks) {
  const auto& [scheduler, workers] = GetParam();
  setenv("HCC_SCHED", scheduler.c_str(), 1);
  setenv("HCC_WORKERS", std::to_string(workers).c_str(), 1);
  setenv("HCC_MODEL_DIR", "", 1);
  ASSERT_EQ(hcc_init(), 0);
  g_violations = 0;
  g_submitted = kParents;
  g_ran = 0;
  unsigned seeds[kParents];
  for (int p = 0; p < kParents; ++p) {
    seeds[p] = 7919u * static_cast<unsigned>(workers) + static_cast<unsigned>(p) + 1;
    hcc_task_desc d{&kParent, &seeds[p], sizeof seeds[p], nullptr, 0, nullptr, 0, 0, nullptr, 0, 0};
    ASSERT_EQ(hcc_submit(&d), 0);
  }
  hcc_wait_all();
  hcc_shutdown();
  EXPECT_EQ(g_violations.load(), 0);
  EXPECT_EQ(g_ran.load(), g_submitted.load());  // every task ran once
  EXPECT_GT(g_submitted.load(), kParents * (1 + kChildren));  // some children created tasks
}

INSTANTIATE_TEST_SUITE_P(SchedulersAndWorkers, SiblingStress,
                         ::testing::Combine(::testing::Values("eager", "lws", "prio", "dmda"),
                                            ::testing::Values(1, 2, 4, 8, 16)),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_w" + std::to_string(std::get<1>(info.param));
                         });

}  // namespace
