// The native runtime under contention: tasks that submit tasks on shared
// handles, mixing exclusive writes, reads, inoutset and mutexinoutset
// accesses, with every scheduler and 1 to 16 workers (more workers than this
// machine has cores). Each task checks, while it runs, that no task it must
// exclude runs on the same data; counters check that no update was lost and
// every task ran once. Run under ThreadSanitizer too (label tsan).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <tuple>

#include "exclusive_cell.hpp"
#include "hcc/hcc.h"

namespace {

constexpr int kCells = 6;
#ifdef HCC_SANITIZED
constexpr int kParents = 32;  // sanitizers slow every task tenfold
#else
constexpr int kParents = 256;
#endif
constexpr int kChildren = 24;

hcc::test::ExclusiveCell g_cells[kCells];
hcc_handle g_handles[kCells];
std::atomic<int> g_violations{0};
std::atomic<int> g_ran{0};

void check(bool ok) {
  if (!ok) g_violations++;
}

struct Child {
  int cell;
  int mode;
};

void child(void* const*, void* arg) {
  const Child c = *static_cast<Child*>(arg);
  check(g_cells[c.cell].run(c.mode, hcc::test::spin));
  g_ran++;
}
const hcc_codelet kChild = {"stress_child", child, nullptr, 0, nullptr, 0};

// A nested submitter: submits its children on the shared cells, in an order
// drawn from its seed, and waits for them.
void parent(void* const*, void* arg) {
  std::mt19937 rng(*static_cast<unsigned*>(arg));
  static const int kModes[] = {HCC_RW, HCC_R, HCC_R, HCC_INOUTSET, HCC_COMMUTE, HCC_COMMUTE};
  for (int i = 0; i < kChildren; ++i) {
    Child c{static_cast<int>(rng() % kCells), kModes[rng() % 6]};
    hcc_access a{g_handles[c.cell], c.mode};
    hcc_task_desc d{&kChild, &c, sizeof c, &a, 1, nullptr, 0, 0, nullptr, 0, 0};
    if (hcc_submit(&d) != 0) g_violations++;
  }
  if (rng() % 2) hcc_wait_all();  // half of them wait for their children
  g_ran++;
}
const hcc_codelet kParent = {"stress_parent", parent, nullptr, 0, nullptr, 0};

class Stress : public ::testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(Stress, NestedSubmittersWithExclusiveAndSetAccessesKeepTheirGuarantees) {
  const auto& [scheduler, workers] = GetParam();
  setenv("HCC_SCHED", scheduler.c_str(), 1);
  setenv("HCC_WORKERS", std::to_string(workers).c_str(), 1);
  setenv("HCC_MODEL_DIR", "", 1);
  ASSERT_EQ(hcc_init(), 0);
  long values[kCells] = {};
  for (int c = 0; c < kCells; ++c) {
    g_cells[c].updates = 0;
    g_cells[c].commuted = 0;
    g_handles[c] = hcc_data_register(&values[c], sizeof values[c]);
  }
  g_violations = 0;
  g_ran = 0;
  unsigned seeds[kParents];
  for (int p = 0; p < kParents; ++p) {
    seeds[p] = 1000u * static_cast<unsigned>(workers) + static_cast<unsigned>(p);
    // No access of its own: a parent that waits for children depending on
    // its data would wait for itself.
    hcc_task_desc d{&kParent, &seeds[p], sizeof seeds[p], nullptr, 0, nullptr, 0, 0, nullptr, 0, 0};
    ASSERT_EQ(hcc_submit(&d), 0);
  }
  hcc_wait_all();
  long updates = 0, expected = 0;
  for (int p = 0; p < kParents; ++p) {
    std::mt19937 rng(seeds[p]);
    static const int kWrites[] = {1, 0, 0, 1, 1, 1};  // the modes above that update
    for (int i = 0; i < kChildren; ++i) {
      rng();
      expected += kWrites[rng() % 6];
    }
  }
  for (int c = 0; c < kCells; ++c) {
    updates += g_cells[c].updates;
    hcc_data_unregister(g_handles[c]);
  }
  hcc_shutdown();
  EXPECT_EQ(g_violations.load(), 0);
  EXPECT_EQ(g_ran.load(), kParents * (kChildren + 1));
  EXPECT_EQ(updates, expected);
}

INSTANTIATE_TEST_SUITE_P(SchedulersAndWorkers, Stress,
                         ::testing::Combine(::testing::Values("eager", "lws", "prio", "dmda"),
                                            ::testing::Values(1, 2, 4, 8, 16)),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_w" + std::to_string(std::get<1>(info.param));
                         });

}  // namespace
