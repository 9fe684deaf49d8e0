// Property test of dependency inference: random task programs on random
// handles, run by the runtime, must give the result of running the same
// program sequentially. Run by CTest for every scheduler and worker count,
// natively (linked with hccrt-native) and simulated (linked with hccrt-sim).
//
//   dag_property <programs> <seed> [--gpu]
//
// Kernels update their data so that any dependency violation changes the
// outcome: RW appends to a non-commutative hash, W overwrites it from what the
// task read, inoutset and mutexinoutset members add commutatively (the
// latter also check that no two of one set overlap). Some tasks submit
// children on data of their own and wait for them (tasks that submit tasks).
//
// In simulation the kernels are control codelets, so they run for real in
// simulated order and take their model durations (written by this program for
// kernels k0..k3). With --gpu (a platform with GPUs) kernels also run on
// simulated GPUs, whose data the simulation does not hold; there the program
// checks instead, from the records of the run, that every dependency of the
// sequential semantics was respected in simulated time.
#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "hcc/hcc.h"

namespace {

constexpr int kModes[] = {HCC_R, HCC_W, HCC_RW, HCC_INOUTSET, HCC_COMMUTE};
constexpr int kKernels = 4;

struct Datum {
  uint64_t value;
  std::atomic<int> commute_users;  // mutexinoutset members running now
};

struct TaskSpec {
  int kernel;
  std::vector<std::pair<int, int>> accesses;  // (datum, mode)
  int priority;
  int children;  // > 0: submits that many child tasks and waits
};

struct Program {
  std::vector<TaskSpec> tasks;
  int data;
};

struct Arg {
  const TaskSpec* spec;
  uint64_t id;
  uint64_t* observed;  // what the task read, compared with sequential
};

std::vector<Datum>* g_data;
std::atomic<int> g_violations{0};
bool g_gpu = false;

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

// The task body, on datum values given by pointer; identical for the runtime
// and for the sequential reference.
void body(const TaskSpec& spec, uint64_t id, uint64_t* const* values, Datum* const* data, uint64_t* observed) {
  uint64_t seen = id;
  for (size_t i = 0; i < spec.accesses.size(); ++i) {
    const int mode = spec.accesses[i].second;
    uint64_t* v = values[i];
    switch (mode) {
      case HCC_R: seen = mix(seen, *v); break;
      case HCC_W: *v = mix(seen, 7 + i); break;
      case HCC_RW: seen = mix(seen, *v); *v = mix(*v, id + i); break;
      case HCC_INOUTSET: __atomic_fetch_add(v, mix(id, i) | 1, __ATOMIC_RELAXED); break;
      case HCC_COMMUTE:
        if (data && data[i]->commute_users.fetch_add(1) != 0) g_violations++;
        *v += mix(id, 100 + i);
        if (data) data[i]->commute_users.fetch_sub(1);
        break;
    }
  }
  *observed = seen;
}

void child_kernel(void* const* buffers, void* arg) {
  auto* a = static_cast<Arg*>(arg);
  uint64_t* v = static_cast<uint64_t*>(buffers[0]);
  *v = mix(*v, a->id);
}

const hcc_codelet kChild = {"child", child_kernel, nullptr, 0, nullptr, HCC_CODELET_CONTROL};

// Children work on data private to the parent, in a chain, then the parent
// folds the result into what it observed.
uint64_t run_children(int n, uint64_t id, bool with_runtime) {
  uint64_t local = id;
  if (!with_runtime) {
    for (int c = 0; c < n; ++c) local = mix(local, id * 1000 + c);
    return local;
  }
  hcc_handle h = hcc_data_register(&local, sizeof local);
  std::vector<Arg> args(n);
  for (int c = 0; c < n; ++c) {
    args[c] = Arg{nullptr, id * 1000 + c, nullptr};
    hcc_access acc{h, HCC_RW};
    hcc_task_desc d{&kChild, &args[c], 0, &acc, 1, nullptr, 0, 0, nullptr, 0, 0};
    hcc_submit(&d);
  }
  hcc_taskwait();
  hcc_data_unregister(h);
  return local;
}

void kernel(void* const* buffers, void* arg) {
  auto* a = static_cast<Arg*>(arg);
  const TaskSpec& spec = *a->spec;
  std::vector<uint64_t*> values(spec.accesses.size());
  std::vector<Datum*> data(spec.accesses.size());
  for (size_t i = 0; i < values.size(); ++i) {
    values[i] = static_cast<uint64_t*>(buffers[i]);
    data[i] = &(*g_data)[spec.accesses[i].first];
  }
  body(spec, a->id, values.data(), data.data(), a->observed);
  if (spec.children > 0) *a->observed = mix(*a->observed, run_children(spec.children, a->id, true));
}

hcc_codelet g_codelets[kKernels];
std::string g_names[kKernels];

Program random_program(std::mt19937_64& rng) {
  Program p;
  p.data = 1 + rng() % 12;
  const int ntasks = 1 + rng() % 60;
  for (int t = 0; t < ntasks; ++t) {
    TaskSpec s;
    s.kernel = rng() % kKernels;
    s.priority = rng() % 4;
    s.children = (!g_gpu && rng() % 20 == 0) ? 1 + rng() % 4 : 0;
    const int naccess = 1 + rng() % std::min(4, p.data);
    std::set<int> used;
    while (static_cast<int>(s.accesses.size()) < naccess) {
      int d = rng() % p.data;
      if (!used.insert(d).second) continue;
      s.accesses.push_back({d, kModes[rng() % 5]});
    }
    p.tasks.push_back(std::move(s));
  }
  return p;
}

// Sequential reference: the program's final data and observations.
void run_sequential(const Program& p, std::vector<uint64_t>& values, std::vector<uint64_t>& observed) {
  for (size_t t = 0; t < p.tasks.size(); ++t) {
    const TaskSpec& s = p.tasks[t];
    std::vector<uint64_t*> ptrs;
    for (auto& [d, mode] : s.accesses) ptrs.push_back(&values[d]);
    body(s, t, ptrs.data(), nullptr, &observed[t]);
    if (s.children > 0) observed[t] = mix(observed[t], run_children(s.children, t, false));
  }
}

// Sequential-semantics dependencies of a program, computed independently of
// the runtime: each task depends on the previous accesses to its data that
// are not in the same read/inoutset/commute set.
std::vector<std::pair<int, int>> expected_dependencies(const Program& p) {
  std::vector<std::pair<int, int>> deps;
  for (size_t t = 0; t < p.tasks.size(); ++t) {
    for (auto& [d, mode] : p.tasks[t].accesses) {
      bool in_set = mode == HCC_R || mode == HCC_INOUTSET || mode == HCC_COMMUTE;
      bool same_set = true;
      for (int u = static_cast<int>(t) - 1; u >= 0; --u) {
        for (auto& [d2, mode2] : p.tasks[u].accesses) {
          if (d2 != d) continue;
          if (same_set && in_set && mode2 == mode) continue;  // still inside t's set
          same_set = false;
          deps.push_back({u, static_cast<int>(t)});
        }
      }
    }
  }
  return deps;
}

// Model files giving kernels k0..k3 distinct durations in simulation, for
// tasks of 1 to 4 accesses to 8-byte data. The footprint is the runtime's
// documented one (docs/model-files.md): FNV-1a over the little-endian bytes of
// each accessed datum's size.
void write_models(const char* dir) {
  if (std::system((std::string("mkdir -p '") + dir + "'").c_str()) != 0) std::exit(2);
  const double means[kKernels] = {1e-3, 2.5e-3, 0.4e-3, 5e-3};
  for (int k = 0; k < kKernels; ++k) {
    for (const char* arch : {"cpu", "cuda"}) {
      const double mean = means[k] * (arch[0] == 'c' && arch[1] == 'u' ? 0.25 : 1.0);
      std::string path = std::string(dir) + "/k" + std::to_string(k) + "." + arch + ".json";
      FILE* f = std::fopen(path.c_str(), "w");
      if (!f) std::exit(2);
      std::fprintf(f, "{\"schema_version\":1,\"kernel\":\"k%d\",\"arch\":\"%s\",\"entries\":[", k, arch);
      uint64_t h = 0xcbf29ce484222325ull;
      for (int n = 1; n <= 4; ++n) {
        for (int b = 0; b < 8; ++b) {
          h ^= (uint64_t{8} >> (8 * b)) & 0xff;
          h *= 0x100000001b3ull;
        }
        std::fprintf(f,
                     "%s{\"footprint\":\"0x%016" PRIx64 "\",\"size_bytes\":%d,\"count\":10,\"mean\":%.9g,"
                     "\"m2\":0,\"min\":%.9g,\"max\":%.9g,\"samples\":[],\"histogram\":{\"edges\":[],\"counts\":[]}}",
                     n > 1 ? "," : "", h, 8 * n, mean, mean, mean);
      }
      std::fprintf(f, "]}\n");
      std::fclose(f);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: dag_property <programs> <seed> [--gpu]\n");
    return 2;
  }
  const int programs = std::atoi(argv[1]);
  std::seed_seq seq(argv[2], argv[2] + std::strlen(argv[2]));
  std::mt19937_64 rng(seq);
  g_gpu = argc > 3 && std::strcmp(argv[3], "--gpu") == 0;
  if (const char* dir = std::getenv("HCC_MODEL_DIR")) write_models(dir);

  if (hcc_init() != 0) return 1;
  const bool simulated = hcc_is_simulated();
  for (int k = 0; k < kKernels; ++k) {
    g_names[k] = "k" + std::to_string(k);
    g_codelets[k] = hcc_codelet{g_names[k].c_str(), kernel, g_gpu ? kernel : nullptr, 0, nullptr,
                                simulated && !g_gpu ? unsigned{HCC_CODELET_CONTROL} : 0u};
  }

  int failures = 0;
  uint64_t first_id = 0;
  std::vector<std::pair<uint64_t, uint64_t>> must_precede;  // task ids
  std::vector<std::vector<uint64_t>> commute_sets;
  for (int prog = 0; prog < programs; ++prog) {
    Program p = random_program(rng);
    std::vector<Datum> data(p.data);
    std::vector<uint64_t> init(p.data);
    for (int d = 0; d < p.data; ++d) data[d].value = init[d] = rng();
    g_data = &data;

    std::vector<hcc_handle> handles(p.data);
    for (int d = 0; d < p.data; ++d) handles[d] = hcc_data_register(&data[d].value, sizeof(uint64_t));
    std::vector<uint64_t> observed(p.tasks.size(), 0);
    std::vector<Arg> args(p.tasks.size());
    for (size_t t = 0; t < p.tasks.size(); ++t) {
      const TaskSpec& s = p.tasks[t];
      args[t] = Arg{&s, t, &observed[t]};
      std::vector<hcc_access> acc;
      for (auto& [d, mode] : s.accesses) acc.push_back({handles[d], mode});
      hcc_task_desc desc{&g_codelets[s.kernel], &args[t], 0, acc.data(), static_cast<int>(acc.size()),
                         nullptr, 0, s.priority, nullptr, 0, 0};
      if (hcc_submit(&desc) != 0) return 1;
    }
    hcc_wait_all();
    for (int d = 0; d < p.data; ++d) hcc_data_unregister(handles[d]);

    if (g_gpu) {
      for (auto [u, t] : expected_dependencies(p)) must_precede.push_back({first_id + u, first_id + t});
      first_id += p.tasks.size();
      continue;
    }
    std::vector<uint64_t> ref_values = init, ref_observed(p.tasks.size());
    run_sequential(p, ref_values, ref_observed);
    for (int d = 0; d < p.data; ++d) {
      if (data[d].value != ref_values[d]) {
        if (failures++ < 5) std::fprintf(stderr, "program %d: datum %d differs from sequential\n", prog, d);
      }
    }
    for (size_t t = 0; t < p.tasks.size(); ++t) {
      if (observed[t] != ref_observed[t]) {
        if (failures++ < 5) std::fprintf(stderr, "program %d: task %zu read other values than sequentially\n", prog, t);
      }
    }
  }
  hcc_shutdown();

  if (g_gpu) {
    // Check the schedule in the records against the sequential dependencies.
    const char* records = std::getenv("HCC_RECORDS");
    if (!records) {
      std::fprintf(stderr, "--gpu needs HCC_RECORDS\n");
      return 2;
    }
    std::ifstream in(records);
    std::string line;
    std::getline(in, line);
    std::map<uint64_t, std::pair<double, double>> when;
    while (std::getline(in, line)) {
      std::stringstream ss(line);
      std::string f[9];
      for (auto& x : f) std::getline(ss, x, ',');
      // Rows that are not tasks (id 0): a copy between memory nodes, a CPU
      // burst of the program's code, a loop chunk.
      if (f[1] == "transfer" || f[1].rfind("burst", 0) == 0 || f[1].rfind("loop:", 0) == 0) continue;
      when[std::stoull(f[0])] = {std::stod(f[6]), std::stod(f[7])};
    }
    for (auto [u, t] : must_precede) {
      if (!when.count(u) || !when.count(t) || when[u].second > when[t].first + 1e-12) {
        if (failures++ < 5) std::fprintf(stderr, "task %" PRIu64 " started before its predecessor %" PRIu64 " ended\n", t, u);
      }
    }
    std::printf("dag_property: checked %zu dependencies in %zu tasks\n", must_precede.size(), when.size());
  }
  failures += g_violations.load();
  std::printf("dag_property: %d programs, %d failures, %d mutexinoutset overlaps\n", programs, failures,
              g_violations.load());
  return failures == 0 ? 0 : 1;
}
