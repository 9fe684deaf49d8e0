// The C ABI on the native runtime: registration, submission errors, task
// groups, waiting for one handle, and tasks that submit tasks.
#include <gtest/gtest.h>
#include <sched.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <set>
#include <thread>

#include "hcc/hcc.h"

namespace {

class Api : public ::testing::Test {
 protected:
  void SetUp() override {
    setenv("HCC_WORKERS", "2", 1);
    setenv("HCC_MODEL_DIR", "", 1);
    ASSERT_EQ(hcc_init(), 0);
  }
  void TearDown() override { hcc_shutdown(); }
};

std::atomic<int> g_done{0};

void slow(void* const*, void* arg) {
  std::this_thread::sleep_for(std::chrono::milliseconds(*static_cast<int*>(arg)));
  g_done++;
}
const hcc_codelet kSlow = {"slow", slow, nullptr, 0, nullptr, 0};

int submit(hcc_handle h, int mode, int ms, hcc_group g = nullptr) {
  hcc_access a{h, mode};
  hcc_task_desc d{&kSlow, &ms, sizeof ms, h ? &a : nullptr, h ? 1 : 0, nullptr, 0, 0, g, 0, 0};
  return hcc_submit(&d);
}

TEST_F(Api, RegisteringAnAddressTwiceGivesTheSameHandle) {
  double x[4];
  hcc_handle a = hcc_data_register(x, sizeof x);
  EXPECT_EQ(hcc_data_register(x, sizeof x), a);
  EXPECT_EQ(hcc_data_lookup(x), a);
  EXPECT_EQ(hcc_data_size(a), sizeof x);
  EXPECT_EQ(hcc_data_register(x, 8), nullptr);  // other size: error
  hcc_data_unregister(a);
  EXPECT_EQ(hcc_data_lookup(x), nullptr);
}

TEST_F(Api, InvalidSubmissionsAreRejectedWithAMessage) {
  double x;
  hcc_handle h = hcc_data_register(&x, sizeof x);
  testing::internal::CaptureStderr();
  EXPECT_EQ(submit(h, 77, 0), -1);
  hcc_access a{h, HCC_RW};
  hcc_codelet no_impl = {"none", nullptr, nullptr, 0, nullptr, 0};
  hcc_task_desc d{&no_impl, nullptr, 0, &a, 1, nullptr, 0, 0, nullptr, 0, 0};
  EXPECT_EQ(hcc_submit(&d), -1);
  hcc_codelet gpu_only = {"gpu", nullptr, slow, 0, nullptr, 0};
  d.codelet = &gpu_only;
  EXPECT_EQ(hcc_submit(&d), -1);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("hccsim: error: hcc_submit: codelet 'slow': access 0 has invalid mode 77"), std::string::npos);
  EXPECT_NE(err.find("codelet 'none' has neither a cpu nor a cuda implementation"), std::string::npos);
  EXPECT_NE(err.find("no worker of this machine can run codelet 'gpu'"), std::string::npos);
}

TEST_F(Api, GroupWaitWaitsForItsTasksOnly) {
  g_done = 0;
  hcc_group g = hcc_group_create();
  ASSERT_EQ(submit(nullptr, 0, 20, g), 0);
  ASSERT_EQ(submit(nullptr, 0, 20, g), 0);
  ASSERT_EQ(submit(nullptr, 0, 300), 0);  // not in the group
  hcc_group_wait(g);
  EXPECT_EQ(g_done.load(), 2);
  hcc_wait_all();
  EXPECT_EQ(g_done.load(), 3);
}

TEST_F(Api, WaitHandleWaitsForTheTasksOfThatHandle) {
  g_done = 0;
  double x, y;
  hcc_handle hx = hcc_data_register(&x, sizeof x), hy = hcc_data_register(&y, sizeof y);
  submit(hx, HCC_RW, 10);
  submit(hx, HCC_RW, 10);
  submit(hy, HCC_RW, 300);
  hcc_wait_handle(hx);
  EXPECT_EQ(g_done.load(), 2);
  hcc_wait_all();
}

// A handle's segments name their tasks without holding them: a wait finds
// every reader of a set (some finished, some running) and the writer before
// them, and does not wait for a task that reuses a finished one's memory.
TEST_F(Api, WaitHandleFollowsItsSegmentsAndIgnoresRecycledTasks) {
  g_done = 0;
  double x, y;
  hcc_handle hx = hcc_data_register(&x, sizeof x), hy = hcc_data_register(&y, sizeof y);
  ASSERT_EQ(submit(hx, HCC_RW, 30), 0);
  for (int i = 0; i < 20; ++i) ASSERT_EQ(submit(hx, HCC_R, i % 4 == 0 ? 10 : 0), 0);  // one set, compacted as it grows
  hcc_wait_handle(hx);
  EXPECT_EQ(g_done.load(), 21);

  // hx's segment now names 20 finished readers, whose memory the next tasks reuse.
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 4; ++i) ASSERT_EQ(submit(hy, HCC_RW, 100), 0);
  hcc_wait_handle(hx);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(100));
  EXPECT_EQ(g_done.load(), 21);
  hcc_wait_handle(hy);
  EXPECT_EQ(g_done.load(), 25);
  hcc_data_unregister(hx);
  hcc_data_unregister(hy);
}

// fib(n) as tasks that submit tasks and wait for their children.
struct Fib {
  int n;
  long* out;
};
void fib_kernel(void* const*, void* arg);
const hcc_codelet kFib = {"fib", fib_kernel, nullptr, 0, nullptr, HCC_CODELET_CONTROL};
void fib_kernel(void* const*, void* arg) {
  Fib f = *static_cast<Fib*>(arg);
  if (f.n < 2) {
    *f.out = f.n;
    return;
  }
  long a = 0, b = 0;
  Fib fa{f.n - 1, &a}, fb{f.n - 2, &b};
  hcc_task_desc da{&kFib, &fa, sizeof fa, nullptr, 0, nullptr, 0, 0, nullptr, 0, 0};
  hcc_task_desc db{&kFib, &fb, sizeof fb, nullptr, 0, nullptr, 0, 0, nullptr, 0, 0};
  hcc_submit(&da);
  hcc_submit(&db);
  hcc_taskwait();
  *f.out = a + b;
}

TEST_F(Api, TasksSubmitTasksAndWaitForTheirChildren) {
  long r = 0;
  Fib f{16, &r};
  hcc_task_desc d{&kFib, &f, sizeof f, nullptr, 0, nullptr, 0, 0, nullptr, 0, 0};
  ASSERT_EQ(hcc_submit(&d), 0);
  hcc_wait_all();
  EXPECT_EQ(r, 987);
}

// Each native worker runs on a CPU of its own (HCC_BIND, default 1): the
// first CPUs the process may use. HCC_BIND=0 leaves them unbound.
std::mutex g_seen_mutex;
std::set<int> g_seen;  // the CPU each task's thread was bound to, -1: unbound

void record_affinity(void* const*, void*) {
  cpu_set_t s;
  int cpu = -1;
  if (sched_getaffinity(0, sizeof s, &s) == 0 && CPU_COUNT(&s) == 1)
    while (!CPU_ISSET(++cpu, &s)) {
    }
  std::lock_guard<std::mutex> lock(g_seen_mutex);
  g_seen.insert(cpu);
}
const hcc_codelet kAffinity = {"affinity", record_affinity, nullptr, 0, nullptr, 0};

std::set<int> affinities_seen(const char* bind) {
  setenv("HCC_BIND", bind, 1);
  EXPECT_EQ(hcc_init(), 0);
  g_seen.clear();
  for (int i = 0; i < 64; ++i) {
    hcc_task_desc d{&kAffinity, nullptr, 0, nullptr, 0, nullptr, 0, 0, nullptr, 0, 0};
    EXPECT_EQ(hcc_submit(&d), 0);
  }
  hcc_wait_all();
  hcc_shutdown();
  unsetenv("HCC_BIND");
  return g_seen;
}

TEST(Bind, WorkersRunOnTheFirstCpusUnlessHccBindIs0) {
  cpu_set_t process;
  ASSERT_EQ(sched_getaffinity(0, sizeof process, &process), 0);
  if (CPU_COUNT(&process) < 2) GTEST_SKIP() << "one CPU: two workers are not bound";
  std::set<int> first_two;
  for (int c = 0; first_two.size() < 2; ++c)
    if (CPU_ISSET(c, &process)) first_two.insert(c);
  setenv("HCC_WORKERS", "2", 1);
  setenv("HCC_MODEL_DIR", "", 1);
  for (int cpu : affinities_seen("1")) EXPECT_TRUE(first_two.count(cpu)) << "a task ran on a thread bound to " << cpu;
  EXPECT_EQ(affinities_seen("0"), std::set<int>{-1});
}

}  // namespace
