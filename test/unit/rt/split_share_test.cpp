// The share of a split loop (rt/core/split_loops.hpp): sides whose times
// are lines in their iterations are balanced by the third run, from no
// history or from models; noise that would make a side's line fall is
// read as a proportion; the share stays in [0, n].
#include <gtest/gtest.h>

#include <cmath>

#include "split_loops.hpp"

namespace {

using hcc::rt::gpu_iterations;
using hcc::rt::SplitHistory;

struct Line {
  double intercept, slope;
  double operator()(double x) const { return x > 0 ? intercept + slope * x : 0; }
};

// Runs the loop `runs` times, each side observed as the lines say; returns
// how far apart the last run's sides ended (relative).
double imbalance_after(SplitHistory& h, long n, Line cpu, Line gpu, int runs) {
  double apart = 1;
  for (int r = 0; r < runs; ++r) {
    const long g = gpu_iterations(h, n), c = n - g;
    const double tg = gpu(static_cast<double>(g)), tc = cpu(static_cast<double>(c));
    if (c > 0) h.cpu.observe(static_cast<double>(c), tc);
    if (g > 0) h.gpu.observe(static_cast<double>(g), tg);
    apart = std::fabs(tg - tc) / std::max(tg, tc);
  }
  return apart;
}

TEST(SplitShare, FirstRunExploresHalf) {
  SplitHistory h;
  EXPECT_EQ(gpu_iterations(h, 1000), 500);
  EXPECT_EQ(gpu_iterations(h, 0), 0);
}

TEST(SplitShare, BalancedByTheThirdRun) {
  // A GPU 5 times as fast per iteration, with a larger fixed cost.
  SplitHistory h;
  EXPECT_LE(imbalance_after(h, 10'000'000, Line{2e-6, 1e-9}, Line{5e-4, 2e-10}, 3), 0.05);
}

TEST(SplitShare, SeededFromModelsBalancedAtOnce) {
  SplitHistory h;
  const Line cpu{2e-6, 1e-9}, gpu{5e-4, 2e-10};
  h.cpu.seed(cpu.intercept, cpu.slope);
  h.gpu.seed(gpu.intercept, gpu.slope);
  EXPECT_LE(imbalance_after(h, 10'000'000, cpu, gpu, 1), 1e-6);
}

// SGPU 2's getRes: with half the CPU workers running other tasks, the CPU
// side takes twice as long per iteration, and the share that balances the
// sides moves to the GPUs.
TEST(SplitShare, BusyCpuWorkersShiftTheShareToTheGpus) {
  SplitHistory h;
  const Line cpu{2e-6, 1e-9}, gpu{5e-4, 2e-10};
  h.cpu.seed(cpu.intercept, cpu.slope);
  h.gpu.seed(gpu.intercept, gpu.slope);
  const long n = 10'000'000, all_free = gpu_iterations(h, n), half_busy = gpu_iterations(h, n, 2.0);
  EXPECT_GT(half_busy, all_free);
  const double tc = 2 * cpu(static_cast<double>(n - half_busy)), tg = gpu(static_cast<double>(half_busy));
  EXPECT_LE(std::fabs(tc - tg) / std::max(tc, tg), 1e-6);
}

TEST(SplitShare, SideSlowerInEveryWayGetsNothing) {
  SplitHistory h;
  h.cpu.seed(1e-3, 1e-9);
  h.gpu.seed(1.0, 1e-6);
  EXPECT_EQ(gpu_iterations(h, 1000), 0);
  h.gpu.seed(0, 1e-15);
  h.cpu.seed(1.0, 1e-3);
  EXPECT_EQ(gpu_iterations(h, 1000), 1000);
}

TEST(SplitShare, FallingLineReadAsProportion) {
  hcc::rt::SplitSide s;
  s.observe(100, 1.0);
  s.observe(200, 0.9);  // noise: more iterations, less time
  EXPECT_DOUBLE_EQ(s.intercept(), 0);
  EXPECT_DOUBLE_EQ(s.slope(), 0.9 / 200);
  s.observe(200, 2.0);  // the same size again: its latest time
  EXPECT_DOUBLE_EQ(s.slope(), (2.0 - 1.0) / 100);
}

}  // namespace
