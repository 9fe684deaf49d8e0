// RUN: %omp-check %s
// Checks std::atomic counters (fetch_add, compare_exchange, atomic max) updated concurrently by many tasks.
#include <atomic>
#include <cstdio>
#include <omp.h>

struct Counters {
  std::atomic<long> visits{0};
  std::atomic<long> weighted{0};
  std::atomic<int> maxSeen{0};
  std::atomic<unsigned> flags{0};

  void recordMax(int v) {
    int cur = maxSeen.load();
    while (v > cur && !maxSeen.compare_exchange_weak(cur, v)) {
    }
  }
};

static void visit(Counters &c, int depth, int id) {
  c.visits.fetch_add(1, std::memory_order_relaxed);
  c.weighted += id;
  c.recordMax(id);
  c.flags.fetch_or(1u << (id % 32));
  if (depth == 0)
    return;
  for (int k = 0; k < 3; ++k) {
#pragma omp task shared(c) firstprivate(depth, id, k)
    visit(c, depth - 1, id * 3 + k + 1);
  }
#pragma omp taskwait
}

int main() {
  Counters c;
#pragma omp parallel
#pragma omp single
  visit(c, 5, 0);

  // A second phase with a plain loop of tasks and atomic increments.
  std::atomic<int> even{0}, odd{0};
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 500; ++i) {
#pragma omp task firstprivate(i) shared(even, odd)
    {
      if (i % 2 == 0)
        ++even;
      else
        odd.fetch_add(1);
    }
  }

  std::printf("visits %ld (expected %d)\n", c.visits.load(), 1 + 3 + 9 + 27 + 81 + 243);
  std::printf("weighted %ld max %d flags %08x\n", c.weighted.load(), c.maxSeen.load(),
              c.flags.load());
  std::printf("even %d odd %d\n", even.load(), odd.load());
  return 0;
}
