// Scheduler policies in isolation: each scheduler is driven through a
// SchedulerContext whose machine, clock, kernel models and data placement the
// test sets, so that every decision can be checked exactly.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "scheduler.hpp"

namespace hcc::rt {
namespace {

class FakeContext final : public SchedulerContext {
 public:
  FakeContext(int cpus, int gpus) {
    for (int i = 0; i < cpus; ++i) machine_.workers.push_back({"cpu" + std::to_string(i), "cpu", 0});
    machine_.nodes.push_back({"RAM", 0});
    for (int g = 0; g < gpus; ++g) {
      machine_.workers.push_back({"cuda" + std::to_string(g), "cuda", g + 1});
      machine_.nodes.push_back({"GPU" + std::to_string(g), 0});
    }
  }
  const Machine& machine() const override { return machine_; }
  double now() override { return clock; }
  bool can_run(const Task& t, int w) const override {
    return machine_.workers[w].arch == "cpu" ? t.codelet->cpu != nullptr : t.codelet->cuda != nullptr;
  }
  std::optional<double> expected_duration(const Task&, const std::string& arch) override {
    auto it = duration.find(arch);
    return it == duration.end() ? std::nullopt : std::optional<double>(it->second);
  }
  double expected_transfer(const Task& t, int node) override {
    return node == 0 || local.count({&t, node}) ? 0.0 : transfer;
  }
  uint64_t bytes_on_node(const Task& t, int node) const override { return local.count({&t, node}) ? 1000 : 0; }

  double clock = 0;
  double transfer = 0;
  std::map<std::string, double> duration;
  std::set<std::pair<const Task*, int>> local;  // (task, node): its inputs are there

 private:
  Machine machine_;
};

void kernel(void* const*, void*) {}
const hcc_codelet kAnywhere = {"k", kernel, kernel, 0, nullptr, 0};
const hcc_codelet kCpuOnly = {"c", kernel, nullptr, 0, nullptr, 0};

std::vector<Task> make_tasks(int n, const hcc_codelet* cl) {
  std::vector<Task> tasks(n);
  for (int i = 0; i < n; ++i) {
    tasks[i].id = i;
    tasks[i].codelet = cl;
  }
  return tasks;
}

// Where a scheduler queues n tasks that worker `by` made ready (-1: the
// application), pushed one after another.
std::vector<int> placements(const char* scheduler, int workers, int n, int by, bool at_submission = false) {
  FakeContext ctx(workers, 0);
  auto tasks = make_tasks(n, &kCpuOnly);
  auto s = make_scheduler(scheduler, ctx);
  std::vector<int> placed;
  for (auto& t : tasks) {
    t.ready_by = by;
    t.ready_at_submission = at_submission;
    placed.push_back(s->push(&t));
  }
  return placed;
}

TEST(Lws, PushesToTheReleasingWorkerAndStealsTheOldestTask) {
  FakeContext ctx(3, 0);
  auto s = make_scheduler("lws", ctx);
  auto tasks = make_tasks(4, &kCpuOnly);
  for (auto& t : tasks) {
    t.ready_by = 1;
    EXPECT_EQ(s->push(&t), 1);
  }
  EXPECT_EQ(s->pop(1, true), &tasks[3]);  // own queue: newest first
  EXPECT_EQ(s->pop(2, true), &tasks[0]);  // thief: oldest of the next worker with work
  EXPECT_EQ(s->pop(0, true), &tasks[1]);
  EXPECT_EQ(s->pop(1, true), &tasks[2]);
  EXPECT_EQ(s->pop(1, true), nullptr);
}

TEST(Lws, DealsApplicationTasksRoundRobin) {
  EXPECT_EQ(placements("lws", 3, 4, -1), (std::vector<int>{0, 1, 2, 0}));
}

TEST(Lws, KeepsATaskItsSubmitterMadeReady) {
  EXPECT_EQ(placements("lws", 3, 2, 1, /*at_submission=*/true), (std::vector<int>{1, 1}));
}

TEST(Eager, AThiefLeavesALoneTaskToItsOwnerForOneLook) {
  FakeContext ctx(3, 0);
  auto s = make_scheduler("eager", ctx);
  auto tasks = make_tasks(3, &kCpuOnly);
  tasks[0].ready_by = 0;
  s->push(&tasks[0]);
  EXPECT_EQ(s->pop(1, false), nullptr);  // first sight of worker 0's only task
  EXPECT_EQ(s->pop(1, false), &tasks[0]);  // still there at the next look
  tasks[1].ready_by = 0;
  s->push(&tasks[1]);
  EXPECT_EQ(s->pop(2, true), &tasks[1]);  // before parking, at first sight
  tasks[2].ready_by = 0;
  s->push(&tasks[2]);
  EXPECT_EQ(s->pop(0, false), &tasks[2]);  // its owner, at once
}

TEST(Eager, AWorkerWithAQueuedTaskDealsTheNextInTurn) {
  // Its own queue while empty, then in its own turn, its neighbour first.
  EXPECT_EQ(placements("eager", 3, 5, 1), (std::vector<int>{1, 2, 0, 1, 2}));
}

TEST(Eager, ATaskItsSubmitterMadeReadyIsDealtInTurn) {
  // Its own queue empty or not.
  EXPECT_EQ(placements("eager", 3, 4, 1, /*at_submission=*/true), (std::vector<int>{2, 0, 1, 2}));
}

TEST(Eager, AThiefTakesFromAQueueOfSeveralAtFirstSight) {
  FakeContext ctx(2, 0);
  auto s = make_scheduler("eager", ctx);
  auto tasks = make_tasks(3, &kCpuOnly);
  for (auto& t : tasks) {
    t.ready_by = 0;
    s->push(&t);  // worker 0's queue: 0, then worker 1's: 1, then worker 0's: 2
  }
  EXPECT_EQ(s->pop(1, false), &tasks[1]);  // its own first
  EXPECT_EQ(s->pop(1, false), &tasks[0]);
  EXPECT_EQ(s->pop(1, false), &tasks[2]);  // it was there at the last look too
  EXPECT_EQ(s->pop(1, false), nullptr);
}

TEST(Dmda, PlacesTasksWhereTheyFinishFirst) {
  // One CPU (10 ms per task) and one GPU (1 ms per task, plus 2 ms to bring
  // its data): the k-th task queued on the GPU would end at k + 3 ms, so the
  // GPU takes 7 tasks, the 8th ties with the CPU (10 ms) and goes to the
  // first worker, and the CPU, now busy until 10 ms, loses to the GPU again.
  FakeContext ctx(1, 1);
  ctx.duration = {{"cpu", 10e-3}, {"cuda", 1e-3}};
  ctx.transfer = 2e-3;
  auto s = make_scheduler("dmda", ctx);
  auto tasks = make_tasks(12, &kAnywhere);
  std::vector<int> placed;
  for (auto& t : tasks) placed.push_back(s->push(&t));
  EXPECT_EQ(placed, (std::vector<int>{1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1}));
}

TEST(Dmda, CountsTransfersPerMemoryNode) {
  // Two GPUs on their own nodes, the tasks' data on the second's: the first
  // pays 5 ms to bring it, so the second takes tasks until its queue makes
  // it end as late (the 6th task: a tie goes to the first worker).
  FakeContext ctx(0, 2);
  ctx.duration = {{"cuda", 1e-3}};
  ctx.transfer = 5e-3;
  auto s = make_scheduler("dmda", ctx);
  auto tasks = make_tasks(6, &kAnywhere);
  std::vector<int> placed;
  for (auto& t : tasks) {
    ctx.local.insert({&t, 2});
    placed.push_back(s->push(&t));
  }
  EXPECT_EQ(placed, (std::vector<int>{1, 1, 1, 1, 1, 0}));
}

TEST(Dmda, CpuOnlyTasksStayOnCpus) {
  FakeContext ctx(2, 1);
  ctx.duration = {{"cpu", 10e-3}, {"cuda", 1e-3}};
  auto s = make_scheduler("dmda", ctx);
  auto tasks = make_tasks(4, &kCpuOnly);
  std::vector<int> placed;
  for (auto& t : tasks) placed.push_back(s->push(&t));
  EXPECT_EQ(placed, (std::vector<int>{0, 1, 0, 1}));
}

TEST(Dmda, SpreadsTasksWithoutModels) {
  FakeContext ctx(3, 0);
  auto s = make_scheduler("dmda", ctx);
  auto tasks = make_tasks(6, &kCpuOnly);
  std::vector<int> placed;
  for (auto& t : tasks) placed.push_back(s->push(&t));
  EXPECT_EQ(placed, (std::vector<int>{0, 1, 2, 0, 1, 2}));
}

TEST(Dmdas, PrefersQueuedTasksWhoseDataIsAlreadyOnTheNode) {
  for (const char* name : {"dmda", "dmdas"}) {
    FakeContext ctx(0, 1);
    ctx.duration = {{"cuda", 1e-3}};
    auto s = make_scheduler(name, ctx);
    auto tasks = make_tasks(3, &kAnywhere);
    ctx.local.insert({&tasks[2], 1});
    for (auto& t : tasks) s->push(&t);
    const bool locality = std::string(name) == "dmdas";
    EXPECT_EQ(s->pop(0, true), locality ? &tasks[2] : &tasks[0]) << name;
    EXPECT_EQ(s->pop(0, true), locality ? &tasks[0] : &tasks[1]) << name;
  }
}

}  // namespace
}  // namespace hcc::rt
