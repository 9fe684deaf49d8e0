// Scheduler behaviour on the native backend: order of ready tasks under
// eager, prio and dmda, and parallel execution under every scheduler
// (placement decisions are tested in scheduler_policy_test.cpp).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "config.hpp"
#include "runtime.hpp"

namespace hcc::rt {
namespace {

struct Log {
  std::mutex m;
  std::vector<int> order;
  std::vector<int> workers;
};

struct Item {
  Log* log;
  int tag;
  std::atomic<bool>* gate;  // a gate task blocks until it opens
};

void record(void* const*, void* arg) {
  auto* it = static_cast<Item*>(arg);
  if (it->gate)
    while (!it->gate->load()) std::this_thread::yield();
  std::lock_guard<std::mutex> l(it->log->m);
  it->log->order.push_back(it->tag);
}

const hcc_codelet kRecord = {"record", record, nullptr, 0, nullptr, 0};

Runtime make_runtime(const std::string& sched, int workers) {
  Config c;
  c.scheduler = sched;
  c.workers = workers;
  c.model_dir = "";
  return Runtime(c, make_backend(c));
}

void submit(Runtime& rt, Item* it, int priority, Handle* h = nullptr, int mode = HCC_RW) {
  hcc_access acc{reinterpret_cast<hcc_handle>(h), mode};
  rt.submit(hcc_task_desc{&kRecord, it, 0, h ? &acc : nullptr, h ? 1 : 0, nullptr, 0, priority, nullptr, 0, 0});
}

// With one worker held by a gate task, the tasks submitted meanwhile are all
// ready when the worker comes back: the scheduler alone decides their order.
std::vector<int> order_after_gate(const std::string& sched, const std::vector<int>& priorities) {
  Runtime rt = make_runtime(sched, 1);
  rt.start();
  Log log;
  std::atomic<bool> gate{false};
  Item g{&log, -1, &gate};
  submit(rt, &g, 1000);
  std::vector<Item> items;
  items.reserve(priorities.size());
  for (size_t i = 0; i < priorities.size(); ++i) items.push_back({&log, static_cast<int>(i), nullptr});
  for (size_t i = 0; i < priorities.size(); ++i) submit(rt, &items[i], priorities[i]);
  gate = true;
  rt.wait_all();
  rt.shutdown();
  return std::vector<int>(log.order.begin() + 1, log.order.end());
}

TEST(Schedulers, EagerRunsReadyTasksInSubmissionOrder) {
  EXPECT_EQ(order_after_gate("eager", {0, 5, 1, 9, 3}), (std::vector<int>{0, 1, 2, 3, 4}));
}

TEST(Schedulers, PrioRunsHigherPriorityFirstAndFifoAmongEquals) {
  EXPECT_EQ(order_after_gate("prio", {0, 5, 1, 9, 5, 3}), (std::vector<int>{3, 1, 4, 5, 2, 0}));
}

TEST(Schedulers, DmdaQueuesInPriorityOrder) {
  EXPECT_EQ(order_after_gate("dmda", {0, 5, 1, 9, 5, 3}), (std::vector<int>{3, 1, 4, 5, 2, 0}));
}

TEST(Schedulers, UnknownNameIsAnErrorNamingTheChoices) {
  Config c;
  c.scheduler = "fifo";
  c.model_dir = "";
  Runtime rt(c, make_backend(c));
  try {
    rt.start();
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "HCC_SCHED=fifo: unknown scheduler (eager, lws, prio, dmda, dmdas)");
  }
}

// Two independent tasks that can only finish together (each waits until the
// other has started): every scheduler must run them on both workers at once.
// A run that does not gives up after 10 s and fails, instead of hanging.
std::atomic<int> g_started{0};
std::atomic<int> g_gave_up{0};

void rendezvous(void* const*, void*) {
  g_started++;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (g_started.load() < 2) {
    if (std::chrono::steady_clock::now() > deadline) {
      g_gave_up++;
      return;
    }
    std::this_thread::yield();
  }
}

const hcc_codelet kRendezvous = {"rendezvous", rendezvous, nullptr, 0, nullptr, 0};

class Spreads : public ::testing::TestWithParam<std::string> {};

TEST_P(Spreads, IndependentTasksRunOnBothWorkersAtOnce) {
  Runtime rt = make_runtime(GetParam(), 2);
  rt.start();
  g_started = 0;
  g_gave_up = 0;
  for (int i = 0; i < 2; ++i) rt.submit(hcc_task_desc{&kRendezvous, nullptr, 0, nullptr, 0, nullptr, 0, 0, nullptr, 0, 0});
  rt.wait_all();
  rt.shutdown();
  EXPECT_EQ(g_started.load(), 2);
  EXPECT_EQ(g_gave_up.load(), 0) << "the two tasks never ran at the same time";
}

INSTANTIATE_TEST_SUITE_P(AllSchedulers, Spreads, ::testing::Values("eager", "lws", "prio", "dmda", "dmdas"));

}  // namespace
}  // namespace hcc::rt
