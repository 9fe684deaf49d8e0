#include "sim_platform.hpp"

#include "hcc/hcc.h"
#include "bursts.hpp"
#include "private_vars.hpp"
#include "ranks.hpp"
#include "runtime.hpp"
#include "sim_bursts.hpp"
#include "sim_exit.hpp"
#include "sim_ranks.hpp"
#include "sim_threads.hpp"

#include <sys/wait.h>
#include <unistd.h>
#include <simgrid/plugins/load.h>
#include <xbt/log.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cmath>
#include <cstring>
#include <optional>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <stdexcept>

// Defined in programs linked by `hccsim` (or through the CMake package): the
// platforms directory of the prefix they were linked from, so that a moved
// install still finds its presets.
extern "C" __attribute__((weak)) const char* const hcc_platform_dir;
// Defined by the files of a program that keep data per thread.
extern "C" __attribute__((weak)) int hcc_program_thread_locals;

namespace hcc::rt {

bool g_host_load_started = false;
namespace s4u = simgrid::s4u;
namespace fs = std::filesystem;

namespace {

std::string preset_dir() {
  if (const char* d = std::getenv("HCC_PLATFORM_DIR"); d && *d) return d;
  if (&hcc_platform_dir != nullptr && hcc_platform_dir && *hcc_platform_dir) return hcc_platform_dir;
  return HCC_DEFAULT_PLATFORM_DIR;
}

double number_property(s4u::Host* host, const char* key, double fallback) {
  const char* v = host->get_property(key);
  if (!v) return fallback;
  char* end = nullptr;
  double d = std::strtod(v, &end);
  if (end == v || *end != '\0' || !std::isfinite(d) || d < 0)
    throw std::runtime_error(std::string("host '") + host->get_cname() + "': property " + key + "='" + v +
                             "' is not a non-negative number");
  return d;
}

// A memory size in bytes: a number an unsigned 64-bit count holds exactly
// enough (1e18 bytes, an exabyte, at most).
uint64_t bytes_property(s4u::Host* host, const char* key) {
  const double d = number_property(host, key, 0);
  if (d > 1e18)
    throw std::runtime_error(std::string("host '") + host->get_cname() + "': property " + key + "='" +
                             host->get_property(key) + "' is more than 1e18 bytes");
  return static_cast<uint64_t>(d);
}

std::string kind_of(s4u::Host* host) {
  const char* v = host->get_property("hcc.kind");
  return v ? v : "";
}

std::string number_text(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

void check_speed(s4u::Host* host) {
  if (!(host->get_speed() > 0))
    throw std::runtime_error(std::string("host '") + host->get_cname() + "': speed " +
                             number_text(host->get_speed()) + " flop/s (must be > 0)");
}

// Set in the child process of probe_platform: describe_platform then says
// on stderr what it is about to ask SimGrid, so that a crash inside SimGrid
// can be reported as what it was doing.
bool g_probing = false;
constexpr const char* kProbeStage = "hcc-probe-stage: ";
constexpr const char* kProbeError = "hcc-probe-error: ";
constexpr unsigned kProbeSeconds = 60;

void note_stage(const std::string& what) {
  if (g_probing) std::fprintf(stderr, "%s%s\n", kProbeStage, what.c_str());
}

// The program's main may be `int main(void)`: C programs define it so, and
// every C runtime calls it as int(int, char**), as this does. UBSan's
// function check would call that a type mismatch.
#if defined(__clang__)
__attribute__((no_sanitize("function")))
#endif
int call_main(MainExit& exits, int (*main_fn)(int, char**), int argc, char** argv) {
  ProgramCall program(reinterpret_cast<const void*>(main_fn));  // main is the program's code (bursts.hpp)
  return exits.run(main_fn, argc, argv);
}

}  // namespace

int run_main_in_rank(Rank& rank, int (*main_fn)(int, char**), int argc, char** argv) {
  // Without MPI the one rank uses the originals.
  if (rank.mpi) make_privates(rank);
  // As an OpenMP program's first construct starts it natively: the
  // program's thread is worker 0, until the program calls hcc_init (capi.cpp).
  if (start_runtime(true) != 0) return 1;
  current_rank().runtime->started_before_main = true;
  MainExit exits(rank);
  const int rc = call_main(exits, main_fn, argc, argv);
  exits.run_handlers();  // as natively after main, the runtime still running
  pay_owed_cpu();  // main's last burst
  hcc_shutdown();
  release_privates(rank);
  return rc;
}

std::optional<std::string> probe_platform(s4u::Engine& engine, const std::string& file,
                                          const std::function<void()>& describe) {
  int out[2];
  if (::pipe(out) != 0) return std::nullopt;  // no probe: SimGrid's own report
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(out[0]);
    ::close(out[1]);
    return std::nullopt;
  }
  if (pid == 0) {
    ::dup2(out[1], STDERR_FILENO);
    ::close(out[0]);
    ::close(out[1]);
    g_probing = true;
    ::alarm(kProbeSeconds);  // SIGALRM ends a load that would never finish
    try {
      note_stage("loading it");
      engine.load_platform(file);
      describe();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s%s\n", kProbeError, e.what());
      std::fflush(stderr);
      std::_Exit(1);
    }
    std::fflush(stderr);
    std::_Exit(0);
  }
  ::close(out[1]);
  std::string text;
  char buf[4096];
  for (ssize_t n; (n = ::read(out[0], buf, sizeof buf)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  ::close(out[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return std::nullopt;

  std::string stage = "loading it", critical;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    if (line.rfind(kProbeError, 0) == 0) return line.substr(std::strlen(kProbeError));
    if (line.rfind(kProbeStage, 0) == 0) stage = line.substr(std::strlen(kProbeStage));
    if (const auto at = line.find("[root/CRITICAL] "); at != std::string::npos && critical.empty())
      critical = line.substr(at + std::strlen("[root/CRITICAL] "));
  }
  if (!critical.empty()) return "SimGrid refused it while " + stage + ": " + critical;
  const int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  if (sig == SIGALRM)
    return "SimGrid did not finish " + stage + " in " + std::to_string(kProbeSeconds) + " s";
  return "SimGrid crashed (" +
         (sig ? std::string(strsignal(sig)) : "exit status " + std::to_string(WEXITSTATUS(status))) +
         ") while " + stage;
}

std::string resolve_platform_file(const std::string& name) {
  const bool is_path = name.find('/') != std::string::npos ||
                       (name.size() > 4 && name.compare(name.size() - 4, 4, ".xml") == 0);
  std::error_code ec;  // a name the file system refuses (too long) is not a preset either
  if (is_path) {
    if (!fs::exists(name, ec)) throw std::runtime_error("platform file '" + name + "' does not exist");
    return name;
  }
  fs::path file = fs::path(preset_dir()) / (name + ".xml");
  if (fs::exists(file, ec)) return file.string();
  std::vector<std::string> presets;
  for (const auto& e : fs::directory_iterator(preset_dir(), ec))
    if (e.path().extension() == ".xml") presets.push_back(e.path().stem().string());
  std::sort(presets.begin(), presets.end());
  std::string list;
  for (const auto& p : presets) list += (list.empty() ? "" : ", ") + p;
  throw std::runtime_error("unknown platform '" + name + "' (presets: " + list +
                           "; or give the path of a SimGrid XML file)");
}

SimPlatform describe_platform(const Config& config) {
  s4u::Engine* engine = s4u::Engine::get_instance();
  s4u::Host* cpu = nullptr;
  std::vector<s4u::Host*> gpus;
  for (s4u::Host* h : engine->get_all_hosts()) {
    const std::string kind = kind_of(h);
    if (kind == "cpu") {
      if (cpu) throw std::runtime_error("more than one host has hcc.kind=cpu");
      cpu = h;
    } else if (kind == "gpu") {
      gpus.push_back(h);
    } else if (!kind.empty()) {
      throw std::runtime_error("host '" + std::string(h->get_cname()) + "': hcc.kind='" + kind +
                               "' (expected cpu or gpu)");
    }
  }
  if (!cpu) throw std::runtime_error("no host has property hcc.kind=cpu");
  return describe_node(config, cpu, std::move(gpus), config.workers);
}

SimPlatform describe_node(const Config& config, s4u::Host* cpu, std::vector<s4u::Host*> gpus,
                          std::optional<int> cpu_workers) {
  SimPlatform p;
  check_speed(cpu);
  for (s4u::Host* gpu : gpus) check_speed(gpu);
  // OMP_NUM_THREADS, without HCC_WORKERS, bounds the CPU workers as
  // natively: the program asks for that many threads, whatever the cores
  // (a task program run with OMP_NUM_THREADS=1 on a 2-core platform ran its
  // tasks on both cores, twice as fast as natively).
  if (!config.workers && config.omp_num_threads)
    cpu_workers = std::min(cpu_workers.value_or(cpu->get_core_count()), *config.omp_num_threads);
  if (!cpu_workers && cpu->get_core_count() > kMaxWorkers)
    throw std::runtime_error("host '" + cpu->get_name() + "' has " + std::to_string(cpu->get_core_count()) +
                             " cores: hccsim simulates at most " + std::to_string(kMaxWorkers) +
                             " workers (set HCC_WORKERS or OMP_NUM_THREADS to use fewer)");
  std::sort(gpus.begin(), gpus.end(),
            [](s4u::Host* a, s4u::Host* b) { return a->get_name() < b->get_name(); });
  if (config.gpus) gpus.resize(std::min<size_t>(gpus.size(), *config.gpus));

  const int cores = cpu_workers.value_or(cpu->get_core_count());
  if (cores == 0 && gpus.empty()) throw std::runtime_error("HCC_WORKERS=0 needs a GPU, and the platform has none");
  for (int i = 0; i < std::max(cores, 1); ++i)
    p.machine.workers.push_back(
        {"cpu" + std::to_string(i), "cpu", 0, cores == 0, cpu->get_core_count() > 1 ? line_transfer(cpu) : 0});
  p.machine.nodes.push_back({"RAM", bytes_property(cpu, "hcc.memory")});
  p.node_hosts.push_back(cpu);
  for (size_t g = 0; g < gpus.size(); ++g) {
    const int node = static_cast<int>(g) + 1;
    p.machine.workers.push_back({"cuda" + std::to_string(g), "cuda", node});
    p.machine.nodes.push_back({gpus[g]->get_name(), bytes_property(gpus[g], "hcc.memory")});
    p.node_hosts.push_back(gpus[g]);
  }

  p.costs.pinned_alloc_per_mib = number_property(cpu, "hcc.pinned_alloc_per_mib", p.costs.pinned_alloc_per_mib);
  p.costs.transfer_queue = number_property(cpu, "hcc.transfer_queue_cost", p.costs.transfer_queue);
  if (!gpus.empty()) {
    p.costs.device_alloc = number_property(gpus[0], "hcc.alloc_cost", p.costs.device_alloc);
    p.costs.device_free = number_property(gpus[0], "hcc.free_cost", p.costs.device_free);
  }

  const size_t n = p.node_hosts.size();
  p.paths.assign(n, std::vector<Path>(n));
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = 0; b < n; ++b) {
      if (a == b) continue;
      std::vector<s4u::Link*> links;
      double latency = 0;
      note_stage("finding the route from host '" + p.node_hosts[a]->get_name() + "' to host '" +
                 p.node_hosts[b]->get_name() + "' (does the platform give one?)");
      p.node_hosts[a]->route_to(p.node_hosts[b], links, &latency);
      double bw = 0;
      for (s4u::Link* l : links) {
        if (!(l->get_bandwidth() > 0))
          throw std::runtime_error("link '" + l->get_name() + "': bandwidth " +
                                   number_text(l->get_bandwidth()) + " B/s (must be > 0)");
        bw = (bw == 0) ? l->get_bandwidth() : std::min(bw, l->get_bandwidth());
      }
      p.paths[a][b] = Path{latency, bw, links};
    }
  }
  return p;
}

void load_platform(s4u::Engine& engine, const std::string& name, const std::function<void()>& describe) {
  const std::string file = resolve_platform_file(name);
  // What each host computed, for the program's CPU-time clock (clock(),
  // sim_clocks.cpp): SimGrid's plugin is started before the hosts are made.
  sg_host_load_plugin_init();
  g_host_load_started = true;
  try {
    if (const std::optional<std::string> problem = probe_platform(engine, file, describe))
      throw std::runtime_error(*problem);
    engine.load_platform(file);
    describe();  // what the probe checked, when it could not run
  } catch (const std::exception& e) {
    throw std::runtime_error("platform file '" + file + "': " + e.what());
  }
}

#if defined(HCC_SANITIZED)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

int run_simulation(int (*main_fn)(int, char**), int argc, char** argv) {
  xbt_log_control_set("root.thresh:warning");
  // Actors are system threads where the program keeps data per thread
  // (thread_local, threadprivate: rewriter/lib/ThreadLocals.cpp), so that
  // each simulated thread has its own, and in sanitizer builds: sanitizers
  // follow threads, not SimGrid's own stack switches (which they would take
  // for stack overflows). SimGrid reads the option, and removes it, from the
  // command line.
  std::vector<char*> args(argv, argv + argc);
  if (kSanitized || &hcc_program_thread_locals != nullptr) {
    static char thread_contexts[] = "--cfg=contexts/factory:thread";
    args.insert(args.begin() + (argc > 0 ? 1 : 0), thread_contexts);
    argc = static_cast<int>(args.size());
  }
  args.push_back(nullptr);
  argv = args.data();
  // SimGrid throws for a --cfg value it cannot read ("invalid double") or
  // a key it does not know, without naming the option or catching it: one
  // line naming the --cfg options given instead of an uncaught exception.
  std::optional<s4u::Engine> engine_or_not;
  try {
    declare_mpi_options();
    engine_or_not.emplace(&argc, argv);
  } catch (const std::exception& e) {
    std::string given;
    for (int i = 1; i < argc; ++i)
      if (std::strncmp(argv[i], "--cfg=", 6) == 0) given += std::string(given.empty() ? "" : " ") + argv[i];
    const std::string what = e.what();
    std::fprintf(stderr, "hccsim: error: %s: %s\n", given.empty() ? "SimGrid's options" : given.c_str(),
                 what.substr(0, what.find('\n')).c_str());
    return 1;
  }
  s4u::Engine& engine = *engine_or_not;
  if (mpi_build()) return run_ranks(engine, main_fn, argc, argv);
  // Copies between main memory and GPUs at their links' measured latency
  // and bandwidth: SimGrid's default model (LV08, for wide-area TCP)
  // multiplies latencies by 13 and bandwidths by 0.97 and caps a copy's
  // rate by a TCP window; a 128 MiB copy took 9 % longer than on the H200
  // node whose links hcc-calibrate measured.
  engine.set_config("network/model:CM02");
  engine.set_config("network/TCP-gamma:0");
  try {
    Config config = config_from_environment();
    load_platform(engine, config.platform, [&config] { describe_platform(config); });
    start_burst_accounting(config);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hccsim: error: %s\n", e.what());
    return 1;
  }
  s4u::Host* cpu = nullptr;
  for (s4u::Host* h : engine.get_all_hosts())
    if (const char* k = h->get_property("hcc.kind"); k && std::string(k) == "cpu") cpu = h;
  int rc = 0;
  // The runtime starts before main and stops after it, so that programs
  // that never call hcc_init (OpenMP programs) are simulated too. Without
  // MPI, every actor belongs to one rank (ranks.hpp).
  static Rank only;
  set_rank_resolver([]() -> Rank* { return s4u::Actor::self() ? &only : nullptr; });
  bool returned = false;
  s4u::Actor::create("main", cpu, [&rc, &returned, main_fn, argc, argv] {
    rc = run_main_in_rank(only, main_fn, argc, argv);
    returned = true;
  });
  engine.run();
  set_rank_resolver(nullptr);
  // SimGrid ends a simulation in which every actor waits (its deadlock
  // report above): a main that never returned is a failed run.
  if (!returned) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "hccsim: error: the simulation stopped at %.6f s with the program's main still waiting (a "
                 "deadlock: every thread waits for another%s); no prediction\n",
                 engine.get_clock(), program_started_threads() ? kProgramThreadsNote : "");
    return 1;
  }
  return rc;
}

}  // namespace hcc::rt
