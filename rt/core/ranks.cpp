#include "ranks.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "runtime.hpp"

// Defined in programs linked by `hccsim -fsimulate`.
extern "C" __attribute__((weak)) const int hcc_simulated_build;
// Defined in programs hccsim links as MPI programs (mpi_build).
extern "C" __attribute__((weak)) const int hcc_mpi_build;

namespace hcc::rt {
namespace {

Rank* (*g_resolver)() = nullptr;

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  return (*end == '\0' && n >= 0 && n < (1 << 30)) ? static_cast<int>(n) : fallback;
}

// Natively, the process: OpenMPI's launcher says which rank it is (PMIx's
// names for launchers that are not mpirun).
Rank& process_rank() {
  static Rank* const rank = [] {
    auto* r = new Rank;  // kept to the end: atexit handlers use it
    r->outside_ranks = &hcc_simulated_build != nullptr && hcc_simulated_build;
    const int size = env_int("OMPI_COMM_WORLD_SIZE", env_int("PMIX_SIZE", env_int("PMI_SIZE", 0)));
    if (size > 0) {
      r->mpi = true;
      r->count = size;
      r->index = env_int("OMPI_COMM_WORLD_RANK", env_int("PMIX_RANK", env_int("PMI_RANK", 0)));
      r->local_count = std::max(1, env_int("OMPI_COMM_WORLD_LOCAL_SIZE", 1));
      r->local_index = std::min(env_int("OMPI_COMM_WORLD_LOCAL_RANK", 0), r->local_count - 1);
    }
    return r;
  }();
  return *rank;
}

}  // namespace

bool mpi_build() { return &hcc_mpi_build != nullptr && hcc_mpi_build; }

Rank::Rank() = default;
Rank::~Rank() = default;

Rank& current_rank() {
  if (g_resolver)
    if (Rank* r = g_resolver()) return *r;
  return process_rank();
}

void set_rank_resolver(Rank* (*resolver)()) { g_resolver = resolver; }

std::string path_for_rank(const std::string& path, const Rank& rank) {
  if (path.empty() || rank.count <= 1) return path;
  std::filesystem::path p(path);
  std::string name = p.stem().string() + "." + std::to_string(rank.index) + p.extension().string();
  return (p.parent_path() / name).string();
}

}  // namespace hcc::rt
