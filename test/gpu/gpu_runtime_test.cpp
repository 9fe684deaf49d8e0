// The native runtime on real CUDA GPUs (ctest -L gpu): kernels on the GPU
// worker's stream, copies in both directions, eviction and write-back under
// a GPU memory limit smaller than the working set, every scheduler with
// CPU and GPU workers together, and what instrumented runs keep of GPU
// kernels. Each test compares the data with a sequential computation on the
// host: the kernels are exact, so any lost, stale or misplaced copy shows.
// Without a GPU every test reports itself skipped.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "gpu_kernels.h"
#include "hcc/hcc.h"

namespace {

constexpr int kLength = 4096;  // doubles per block (32 KiB)

struct StepArgs {
  int n;
};

void step_cpu(void* const* buffers, void* arg) {
  cpu_step(static_cast<double*>(buffers[0]), static_cast<const double*>(buffers[1]),
           static_cast<StepArgs*>(arg)->n);
}
void step_cuda(void* const* buffers, void* arg) {
  gpu_step(static_cast<double*>(buffers[0]), static_cast<const double*>(buffers[1]),
           static_cast<StepArgs*>(arg)->n, hcc_cuda_stream());
}

const hcc_codelet kBoth{"gpu_step", step_cpu, step_cuda, 0, nullptr, 0};
const hcc_codelet kGpuOnly{"gpu_step", nullptr, step_cuda, 0, nullptr, 0};

// Submits y = step(y, x) on two registered blocks of kLength doubles.
int submit_step(const hcc_codelet& codelet, hcc_handle y, hcc_handle x) {
  StepArgs args{kLength};
  hcc_access acc[2] = {{y, HCC_RW}, {x, HCC_R}};
  hcc_task_desc d{};
  d.codelet = &codelet;
  d.arg = &args;
  d.arg_size = sizeof args;
  d.accesses = acc;
  d.naccesses = 2;
  return hcc_submit(&d);
}

// A random sequence of y = step(y, x) over blocks, run by the runtime and,
// for reference, in order on the host.
struct Program {
  std::vector<std::vector<double>> blocks;
  std::vector<std::pair<int, int>> steps;  // (y, x)

  Program(int nblocks, int nsteps, unsigned seed) : blocks(nblocks, std::vector<double>(kLength)) {
    std::mt19937 rng(seed);
    for (int b = 0; b < nblocks; ++b)
      for (int i = 0; i < kLength; ++i) blocks[b][i] = static_cast<double>((b * 7919 + i * 31) % 1000);
    std::uniform_int_distribution<int> pick(0, nblocks - 1);
    while (static_cast<int>(steps.size()) < nsteps) {
      const int y = pick(rng), x = pick(rng);
      if (x != y) steps.emplace_back(y, x);
    }
  }

  std::vector<std::vector<double>> expected() const {
    std::vector<std::vector<double>> b = blocks;
    for (auto [y, x] : steps) cpu_step(b[y].data(), b[x].data(), kLength);
    return b;
  }

  // Submits every step and waits; the data come back to main memory when
  // unregistered.
  void run(const hcc_codelet& codelet) {
    const std::vector<std::vector<double>> want = expected();
    std::vector<hcc_handle> h;
    for (auto& b : blocks) h.push_back(hcc_data_register(b.data(), b.size() * sizeof(double)));
    for (auto [y, x] : steps) ASSERT_EQ(submit_step(codelet, h[y], h[x]), 0);
    hcc_wait_all();
    for (hcc_handle x : h) hcc_data_unregister(x);
    check(want);
  }

  void check(const std::vector<std::vector<double>>& want) const {
    for (size_t b = 0; b < blocks.size(); ++b)
      for (int i = 0; i < kLength; ++i)
        ASSERT_EQ(blocks[b][i], want[b][i]) << "block " << b << " element " << i;
  }
};

// Tasks per arch in a records CSV (the third column).
std::map<std::string, int> tasks_per_arch(const std::string& path) {
  std::map<std::string, int> count;
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::stringstream row(line);
    std::string id, kernel, arch;
    std::getline(row, id, ',');
    std::getline(row, kernel, ',');
    std::getline(row, arch, ',');
    ++count[arch];
  }
  return count;
}

class GpuRuntime : public ::testing::Test {
 protected:
  void SetUp() override {
    if (gpu_count() == 0) GTEST_SKIP() << "no CUDA GPU on this machine";
    dir_ = std::filesystem::temp_directory_path() / ("hcc-gpu-test-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_);
    for (const char* v : {"HCC_SCHED", "HCC_GPU_MEMORY", "HCC_RECORDS", "HCC_MODE", "HCC_TRACE_PAJE",
                          "HCC_TRACE_CHROME", "HCC_MEMORY_CSV", "HCC_WORKERS"})
      unsetenv(v);
    setenv("HCC_GPUS", "1", 1);
    setenv("HCC_MODEL_DIR", (dir_ / "models").c_str(), 1);
  }
  void TearDown() override {
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }
  std::filesystem::path dir_;
};

TEST_F(GpuRuntime, KernelsRunOnTheGpuWorker) {
  setenv("HCC_WORKERS", "1", 1);
  const std::string records = (dir_ / "records.csv").string();
  setenv("HCC_RECORDS", records.c_str(), 1);
  ASSERT_EQ(hcc_init(), 0);
  Program p(16, 400, 1);
  p.run(kGpuOnly);
  hcc_shutdown();
  EXPECT_EQ(tasks_per_arch(records)["cuda"], 400);
}

TEST_F(GpuRuntime, EvictionAndWriteBackUnderAGpuMemoryLimit) {
  // Room for 5 of the 48 blocks: nearly every task evicts, and blocks
  // written on the GPU go back to main memory before their copy is freed.
  setenv("HCC_WORKERS", "1", 1);
  setenv("HCC_GPU_MEMORY", std::to_string(5 * kLength * sizeof(double)).c_str(), 1);
  ASSERT_EQ(hcc_init(), 0);
  Program p(48, 1500, 2);
  p.run(kGpuOnly);
  hcc_shutdown();
}

TEST_F(GpuRuntime, EverySchedulerWithCpuAndGpuWorkers) {
  for (const char* sched : {"eager", "lws", "prio", "dmda", "dmdas"}) {
    SCOPED_TRACE(sched);
    setenv("HCC_SCHED", sched, 1);
    setenv("HCC_WORKERS", "3", 1);
    setenv("HCC_GPU_MEMORY", std::to_string(12 * kLength * sizeof(double)).c_str(), 1);
    const std::string records = (dir_ / (std::string(sched) + ".csv")).string();
    setenv("HCC_RECORDS", records.c_str(), 1);
    ASSERT_EQ(hcc_init(), 0);
    Program p(32, 3000, 3);
    p.run(kBoth);
    hcc_shutdown();
    std::map<std::string, int> ran = tasks_per_arch(records);
    EXPECT_EQ(ran["cpu"] + ran["cuda"], 3000);
    EXPECT_GT(ran["cuda"], 0);
    EXPECT_GT(ran["cpu"], 0);
  }
}

TEST_F(GpuRuntime, InstrumentedRunsModelGpuKernelsOnDeviceTime) {
  setenv("HCC_WORKERS", "1", 1);
  setenv("HCC_MODE", "instrument", 1);
  const std::string records = (dir_ / "records.csv").string();
  setenv("HCC_RECORDS", records.c_str(), 1);
  ASSERT_EQ(hcc_init(), 0);
  Program p(8, 200, 4);
  p.run(kGpuOnly);
  hcc_shutdown();
  EXPECT_TRUE(std::filesystem::exists(dir_ / "models" / "gpu_step.cuda.json"));
  // Every GPU task has its device time in the cpu column, within its
  // duration on the host's clock.
  std::ifstream in(records);
  std::string line;
  std::getline(in, line);
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.find(",cuda,") == std::string::npos) continue;
    const double device = std::stod(line.substr(line.rfind(',') + 1));
    EXPECT_GT(device, 0) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 200);
}

TEST_F(GpuRuntime, HostMemoryFromHccMallocIsUsable) {
  setenv("HCC_WORKERS", "1", 1);
  ASSERT_EQ(hcc_init(), 0);
  auto* x = static_cast<double*>(hcc_malloc(kLength * sizeof(double)));
  auto* y = static_cast<double*>(hcc_malloc(kLength * sizeof(double)));
  for (int i = 0; i < kLength; ++i) x[i] = i, y[i] = 2 * i;
  hcc_handle hx = hcc_data_register(x, kLength * sizeof(double));
  hcc_handle hy = hcc_data_register(y, kLength * sizeof(double));
  ASSERT_EQ(submit_step(kGpuOnly, hy, hx), 0);
  hcc_data_unregister(hy);
  hcc_data_unregister(hx);
  for (int i = 0; i < kLength; ++i) ASSERT_EQ(y[i], 7.0 * i);
  hcc_free(x);
  hcc_free(y);
  hcc_shutdown();
}

}  // namespace
