#include "sim_ranks.hpp"

#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <smpi/smpi.h>
#include <xbt/config.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "private_vars.hpp"
#include "program_memory.hpp"
#include "ranks.hpp"
#include "replayed_kernels.hpp"
#include "sampling.hpp"
#include "sim_bursts.hpp"
#include "sim_threads.hpp"

namespace hcc::rt {
namespace s4u = simgrid::s4u;

namespace {

constexpr const char* kInstance = "hccsim";  // the SMPI instance of the program's ranks
constexpr int kMaxRanks = 1 << 20;

std::unordered_map<long, Rank*> g_rank_of_actor;
std::unordered_set<long> g_rank_mains;  // the actors that run a rank's main

Rank* rank_of_running_actor() {
  const s4u::Actor* actor = s4u::Actor::self();
  if (!actor) return nullptr;
  auto it = g_rank_of_actor.find(actor->get_pid());
  return it == g_rank_of_actor.end() ? nullptr : it->second;
}

int ranks_from_environment() {
  const char* v = std::getenv("HCC_RANKS");
  if (!v || !*v)
    throw std::runtime_error(
        "this MPI program was built with hccsim -fsimulate: start it with hccsim-run -np <ranks> "
        "[--platform <preset or file>] ./program [args]");
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  if (*end != '\0' || n < 1 || n > kMaxRanks)
    throw std::runtime_error(std::string("HCC_RANKS=") + v + ": expected a number of ranks from 1 to " +
                             std::to_string(kMaxRanks));
  return static_cast<int>(n);
}

bool is_gpu(const s4u::Host* h) {
  const char* kind = h ? h->get_property("hcc.kind") : nullptr;
  return kind && std::string(kind) == "gpu";
}

// The hosts that can run ranks: every host but GPUs.
std::vector<s4u::Host*> node_hosts(s4u::Engine& engine) {
  std::vector<s4u::Host*> hosts;
  for (s4u::Host* h : engine.get_all_hosts())
    if (!is_gpu(h)) hosts.push_back(h);
  // get_all_hosts has no set order; the platform's names do (node-0, node-1, ...).
  std::sort(hosts.begin(), hosts.end(), [](s4u::Host* a, s4u::Host* b) {
    const std::string& x = a->get_name();
    const std::string& y = b->get_name();
    return x.size() != y.size() ? x.size() < y.size() : x < y;
  });
  return hosts;
}

struct Slots {
  s4u::Host* host;
  int count;
};

// A host file as OpenMPI's mpirun reads it ("name [slots=n]", '#' comments)
// or as SMPI's smpirun does ("name:n"); a host without a count offers one
// slot per core.
std::vector<Slots> read_hostfile(s4u::Engine& engine, const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("host file '" + path + "' cannot be read");
  std::vector<Slots> slots;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::string name, word;
    if (!(words >> name)) continue;
    std::optional<long> count;
    if (const auto colon = name.find(':'); colon != std::string::npos) {
      count = std::strtol(name.c_str() + colon + 1, nullptr, 10);
      name.resize(colon);
    }
    while (words >> word)
      if (word.rfind("slots=", 0) == 0) count = std::strtol(word.c_str() + 6, nullptr, 10);
    const std::string where = "host file '" + path + "', line " + std::to_string(number);
    s4u::Host* host = engine.host_by_name_or_null(name);
    if (!host) throw std::runtime_error(where + ": the platform has no host '" + name + "'");
    if (count && (*count < 1 || *count > kMaxRanks))
      throw std::runtime_error(where + ": slots must be a positive number");
    slots.push_back({host, count ? static_cast<int>(*count) : static_cast<int>(host->get_core_count())});
  }
  if (slots.empty()) throw std::runtime_error("host file '" + path + "' names no host");
  return slots;
}

// Ranks fill a host's slots before the next host's (mpirun's default
// mapping by slot); with oversubscription, the ranks beyond every slot go
// round the hosts again.
std::vector<s4u::Host*> place_ranks(s4u::Engine& engine, int nranks, const std::string& platform) {
  std::vector<Slots> slots;
  const char* hostfile = std::getenv("HCC_HOSTFILE");
  if (hostfile && *hostfile) {
    slots = read_hostfile(engine, hostfile);
  } else {
    for (s4u::Host* h : node_hosts(engine)) slots.push_back({h, static_cast<int>(h->get_core_count())});
  }
  int64_t total = 0;
  for (const Slots& s : slots) total += s.count;
  const char* over = std::getenv("HCC_OVERSUBSCRIBE");
  if (nranks > total && !(over && std::string(over) == "1"))
    throw std::runtime_error(std::to_string(nranks) + " ranks, but " +
                             (hostfile && *hostfile ? "host file '" + std::string(hostfile) + "'"
                                                    : "platform '" + platform + "'") +
                             " offers " + std::to_string(total) + " slots (" + std::to_string(slots.size()) +
                             " hosts); use fewer ranks, more hosts, or hccsim-run --oversubscribe");
  std::vector<s4u::Host*> hosts;
  for (const Slots& s : slots)
    for (int i = 0; i < s.count && static_cast<int>(hosts.size()) < nranks; ++i) hosts.push_back(s.host);
  for (size_t i = 0; static_cast<int>(hosts.size()) < nranks; ++i) hosts.push_back(slots[i % slots.size()].host);
  return hosts;
}

// SMPI's own switch for timing the code between MPI calls, when the user
// set it (hccsim-run --cfg=smpi/simulate-computation:yes|no), says whether
// bursts are accounted, as HCC_SIM_BURSTS does; the two must agree.
// smpi/host-speed has no meaning here: a host's hcc.speed_factor scales bursts.
bool bursts_with_smpi_options(bool bursts) {
  if (!simgrid::config::is_default("smpi/host-speed"))
    throw std::runtime_error(
        "--cfg=smpi/host-speed is not used by hccsim: set the platform host property hcc.speed_factor "
        "(how fast its cores run the program's code relative to this machine; docs/platforms.md)");
  if (simgrid::config::is_default("smpi/simulate-computation")) return bursts;
  const bool smpi = simgrid::config::get_value<bool>("smpi/simulate-computation");
  const char* env = std::getenv("HCC_SIM_BURSTS");
  if (env && *env && smpi != bursts)
    throw std::runtime_error(std::string("--cfg=smpi/simulate-computation:") + (smpi ? "yes" : "no") +
                             " contradicts HCC_SIM_BURSTS=" + env + ": give one of them");
  return smpi;
}

// SMPI's piece-wise factors ("threshold:factor;..."): for a message of
// `size` bytes, the factor of the largest threshold below it (1 below all).
std::vector<std::pair<double, double>> parse_smpi_factors(const std::string& text) {
  std::vector<std::pair<double, double>> factors;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ';');) {
    const size_t colon = item.find(':');
    if (colon == std::string::npos) continue;
    factors.emplace_back(std::stod(item.substr(0, colon)), std::stod(item.substr(colon + 1)));
  }
  std::sort(factors.begin(), factors.end());
  return factors;
}

double smpi_factor(const std::vector<std::pair<double, double>>& factors, double size) {
  double current = 1.0;
  for (const auto& [threshold, factor] : factors) {
    if (size <= threshold) return current;
    current = factor;
  }
  return current;
}

// Copies between a rank's memory and its GPUs at the PCI links' own
// latency and bandwidth; SMPI's factors (fitted on MPI messages) for the
// rest, as SMPI applies them.
void plain_gpu_routes(s4u::Engine& engine) {
  const auto hosts = engine.get_all_hosts();
  if (std::none_of(hosts.begin(), hosts.end(), is_gpu)) return;
  auto* model = engine.get_netzone_root()->get_network_model();
  const auto bw = parse_smpi_factors(simgrid::config::get_value<std::string>("smpi/bw-factor"));
  const auto lat = parse_smpi_factors(simgrid::config::get_value<std::string>("smpi/lat-factor"));
  auto per_route = [](std::vector<std::pair<double, double>> factors) {
    return [factors](double size, const s4u::Host* src, const s4u::Host* dst, const std::vector<s4u::Link*>&,
                     const std::unordered_set<s4u::NetZone*>&) {
      return is_gpu(src) || is_gpu(dst) ? 1.0 : smpi_factor(factors, size);
    };
  };
  model->set_bw_factor_cb(per_route(bw));
  model->set_lat_factor_cb(per_route(lat));
}

// The GPUs of a node: the GPU hosts whose hcc.cpu names it; on a platform
// of one node whose GPUs name none, all of them. The ranks on a node share
// its GPUs (each rank's runtime has a worker on each), as processes do.
std::vector<s4u::Host*> gpus_of(s4u::Host* node) {
  s4u::Engine& engine = *s4u::Engine::get_instance();
  std::vector<s4u::Host*> named, unnamed;
  for (s4u::Host* h : engine.get_all_hosts()) {
    if (!is_gpu(h)) continue;
    const char* cpu = h->get_property("hcc.cpu");
    if (!cpu) unnamed.push_back(h);
    else if (node->get_name() == cpu) named.push_back(h);
  }
  if (named.empty() && node_hosts(engine).size() == 1) return unnamed;
  return named;
}

}  // namespace

void declare_mpi_options() {
  if (mpi_build()) smpi_init_options();
}

SimPlatform describe_running_node(const Config& config) {
  Rank& rank = current_rank();
  if (!rank.simulated_ranks) return describe_platform(config);
  s4u::Host* node = s4u::this_actor::get_host();
  return describe_node(config, node, gpus_of(node), config.workers ? config.workers : rank.cpu_workers);
}

bool in_rank_main() {
  const s4u::Actor* actor = s4u::Actor::self();
  return actor && g_rank_mains.count(actor->get_pid()) > 0;
}

void join_running_rank(const s4u::ActorPtr& actor) {
  if (Rank* rank = rank_of_running_actor()) g_rank_of_actor[actor->get_pid()] = rank;
}

int run_ranks(s4u::Engine& engine, int (*main_fn)(int, char**), int argc, char** argv) {
  std::vector<s4u::Host*> hosts;
  try {
    const int nranks = ranks_from_environment();
    Config config = config_from_environment();
    const std::string& platform = config.platform;
    // SMPI's network model (piece-wise linear, smpi/lat-factor and
    // smpi/bw-factor) is chosen before the platform is loaded, as smpirun
    // does; SimGrid's default (LV08) would multiply every latency by 13.
    engine.set_config("network/model:SMPI");
    load_platform(engine, platform, [&engine] {
      if (node_hosts(engine).empty()) throw std::runtime_error("no host can run a rank (all are GPUs)");
    });
    plain_gpu_routes(engine);
    hosts = place_ranks(engine, nranks, platform);
    config.sim_bursts = bursts_with_smpi_options(config.sim_bursts);
    // -1: no computation between MPI calls is charged, as in SMPI.
    g_mpi_cpu_threshold = simgrid::config::get_value<double>("smpi/cpu-threshold");
    if (g_mpi_cpu_threshold < 0) g_mpi_cpu_threshold = std::numeric_limits<double>::infinity();
    start_burst_accounting(config);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hccsim: error: %s\n", e.what());
    return 1;
  }
  const int nranks = static_cast<int>(hosts.size());
  // The code between MPI calls is charged by hccsim's burst accounting
  // (bursts.hpp), which also knows the code between the runtime's other
  // entries: SMPI's benchmarking of it would count the runtime's work and
  // the other actors' (the team threads of an OpenMP region) too.
  engine.set_config("smpi/simulate-computation:no");
  SMPI_init();
  SMPI_app_instance_register(kInstance, nullptr, nranks);

  std::map<s4u::Host*, int> ranks_on;
  for (s4u::Host* h : hosts) ++ranks_on[h];
  std::vector<std::unique_ptr<Rank>> ranks;
  std::vector<int> status(nranks, 0);
  // Each rank gets its own argv: programs permute and edit theirs.
  std::vector<std::string> args(argv, argv + argc);
  int finished = 0;  // ranks whose main returned
  set_rank_resolver(rank_of_running_actor);
  for (int i = 0; i < nranks; ++i) {
    auto rank = std::make_unique<Rank>();
    rank->index = i;
    rank->count = nranks;
    rank->mpi = true;
    rank->simulated_ranks = true;
    rank->cpu_workers = std::max(1, static_cast<int>(hosts[i]->get_core_count()) / ranks_on[hosts[i]]);
    Rank* r = rank.get();
    ranks.push_back(std::move(rank));
    s4u::ActorPtr actor = s4u::Actor::init("rank" + std::to_string(i), hosts[i]);
    actor->set_property("instance_id", kInstance);
    actor->set_property("rank", std::to_string(i));
    g_rank_of_actor[actor->get_pid()] = r;
    g_rank_mains.insert(actor->get_pid());
    actor->start([r, main_fn, &args, &status, &finished] {
      std::vector<std::string> mine = args;
      std::vector<char*> argv_copy;
      for (std::string& a : mine) argv_copy.push_back(a.data());
      argv_copy.push_back(nullptr);
      status[r->index] = run_main_in_rank(*r, main_fn, static_cast<int>(mine.size()), argv_copy.data());
      ++finished;
    });
  }
  // Progress on a terminal: once a second of wall time, as the simulated
  // clock advances.
  bool progress_shown = false;
  if (isatty(STDERR_FILENO)) {
    auto last = std::chrono::steady_clock::now();
    s4u::Engine::on_time_advance_cb([&, last](double) mutable {
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::seconds(1)) return;
      last = now;
      std::fprintf(stderr, "\rhccsim: %d ranks, %d finished, simulated time %.6f s   ", nranks, finished,
                   s4u::Engine::get_clock());
      std::fflush(stderr);
      progress_shown = true;
    });
  }
  if (nranks > 1) warn_unprivatised();
  g_switch_rank_images = true;
  engine.run();
  leave_rank_images();
  if (progress_shown) std::fputc('\n', stderr);
  SMPI_finalize();
  set_rank_resolver(nullptr);
  g_rank_of_actor.clear();
  g_rank_mains.clear();
  // SimGrid ends a simulation in which every actor waits (its deadlock
  // report above): the ranks that never returned make it a failed run, not
  // a prediction.
  if (finished < nranks) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "hccsim: error: the simulation stopped at %.6f s with %d of %d ranks still waiting (a deadlock: "
                 "every rank and thread waits for another%s); no prediction\n",
                 engine.get_clock(), nranks - finished, nranks, program_started_threads() ? kProgramThreadsNote : "");
    return 1;
  }

  RankSummary all;
  double bursts = 0;
  for (const auto& r : ranks) {
    bursts += r->burst_seconds;
    if (!r->summary) continue;
    all.tasks += r->summary->tasks;
    all.workers += r->summary->workers;
    all.peak_mem += r->summary->peak_mem;
  }
  std::fflush(stdout);  // what the ranks printed comes before the summary
  sampling_report();
  report_folded_allocations();
  report_replayed_kernels();
  std::fprintf(stderr,
               "hccsim: mode=simulate makespan=%.6f tasks=%" PRIu64 " workers=%d peak_mem=%" PRIu64 " ranks=%d bursts=%.6f\n",
               engine.get_clock(), all.tasks, all.workers, all.peak_mem, nranks, bursts);
  std::fflush(nullptr);
  int rc = 0;
  for (int s : status) rc = std::max(rc, s);
  return rc;
}

}  // namespace hcc::rt
