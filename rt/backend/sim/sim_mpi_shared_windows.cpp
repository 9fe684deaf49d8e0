// Shared-memory windows in a simulation (MPI_Win_allocate_shared,
// MPI_Win_shared_query) and MPI_Win_sync. SMPI's MPI_Win_allocate_shared
// gave each rank the first rank's size (ranks that asked for different
// sizes overran the allocation: the heap was corrupted), and its
// MPI_Win_shared_query gave every query the start of the whole
// allocation, whatever rank it named. Here the first rank allocates the
// sum of the sizes, each rank's segment follows the one before, as
// OpenMPI lays them out (a simulation's ranks are actors of one process),
// each rank makes a window of its segment (MPI_Win_create) and
// MPI_Win_shared_query answers from the segments recorded; for
// MPI_PROC_NULL, the segment of the lowest rank whose segment is not
// empty, as MPI says. MPI_Win_free frees them. MPI_Win_sync is a memory
// barrier (SMPI printed "Not yet implemented" at each call). The driver
// links this object into simulated MPI programs
// (-Wl,-u,hcc_sim_mpi_shared_windows).
#include <smpi/smpi.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <map>
#include <vector>

#include "sim_mpi.hpp"

extern "C" {
extern const int hcc_sim_mpi_shared_windows = 1;
}

namespace {

// One rank's segment, as MPI_AINTs for the allgather.
struct Segment {
  MPI_Aint base, size, disp_unit;
};

// A shared window: every rank's segment; the ranks of its communicator
// (a duplicate, to wait for all before the memory is freed); the whole
// allocation on the first rank, else null.
struct SharedWindow {
  std::vector<Segment> segments;
  MPI_Comm ranks = MPI_COMM_NULL;
  char* whole = nullptr;
};

std::map<MPI_Win, SharedWindow>& windows() {
  static std::map<MPI_Win, SharedWindow> all;
  return all;
}

int allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr, MPI_Win* win) {
  if (size < 0) return MPI_ERR_SIZE;
  int ranks = 0, rank = 0;
  if (int rc = PMPI_Comm_size(comm, &ranks); rc != MPI_SUCCESS) return rc;
  PMPI_Comm_rank(comm, &rank);
  SharedWindow shared;
  shared.segments.resize(static_cast<size_t>(ranks));
  Segment mine{0, size, disp_unit};
  if (int rc = PMPI_Allgather(&mine, 3, MPI_AINT, shared.segments.data(), 3, MPI_AINT, comm); rc != MPI_SUCCESS)
    return rc;
  MPI_Aint total = 0;
  for (const Segment& s : shared.segments) total += s.size;
  if (rank == 0) shared.whole = static_cast<char*>(std::calloc(static_cast<size_t>(std::max<MPI_Aint>(total, 1)), 1));
  MPI_Aint start = reinterpret_cast<MPI_Aint>(shared.whole);
  PMPI_Bcast(&start, 1, MPI_AINT, 0, comm);
  for (Segment& s : shared.segments) {
    s.base = start;
    start += s.size;
  }
  void* base = reinterpret_cast<void*>(shared.segments[static_cast<size_t>(rank)].base);
  if (int rc = PMPI_Win_create(base, size, disp_unit, info, comm, win); rc != MPI_SUCCESS) return rc;
  PMPI_Comm_dup(comm, &shared.ranks);
  *static_cast<void**>(baseptr) = base;
  windows()[*win] = std::move(shared);
  return MPI_SUCCESS;
}

int free_window(MPI_Win* win) {
  const auto it = win ? windows().find(*win) : windows().end();
  if (it == windows().end()) return PMPI_Win_free(win);
  SharedWindow shared = std::move(it->second);
  windows().erase(it);
  const int rc = PMPI_Win_free(win);
  PMPI_Barrier(shared.ranks);  // no rank reads the memory any more
  PMPI_Comm_free(&shared.ranks);
  std::free(shared.whole);
  return rc;
}

int query(MPI_Win win, int rank, MPI_Aint* size, int* disp_unit, void* baseptr) {
  const auto it = windows().find(win);
  if (it == windows().end()) return PMPI_Win_shared_query(win, rank, size, disp_unit, baseptr);
  const std::vector<Segment>& all = it->second.segments;
  const Segment* s = nullptr;
  if (rank == MPI_PROC_NULL) {
    for (const Segment& candidate : all)
      if (candidate.size > 0) {
        s = &candidate;
        break;
      }
  } else if (rank < 0 || rank >= static_cast<int>(all.size())) {
    return MPI_ERR_RANK;
  } else {
    s = &all[static_cast<size_t>(rank)];
  }
  *size = s ? s->size : 0;
  *disp_unit = s ? static_cast<int>(s->disp_unit) : 1;
  *static_cast<void**>(baseptr) = s ? reinterpret_cast<void*>(s->base) : nullptr;
  return MPI_SUCCESS;
}

}  // namespace

extern "C" {

int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* baseptr, MPI_Win* win) {
  HCC_MPI_COMM_ENTRY("MPI_Win_allocate_shared", comm, allocate(size, disp_unit, info, comm, baseptr, win));
}

int MPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint* size, int* disp_unit, void* baseptr) {
  HCC_MPI_COMM_ENTRY("MPI_Win_shared_query", win, query(win, rank, size, disp_unit, baseptr));
}

int MPI_Win_free(MPI_Win* win) {
  HCC_MPI_COMM_ENTRY("MPI_Win_free", win ? *win : MPI_WIN_NULL, free_window(win));
}

int MPI_Win_sync(MPI_Win win) {
  HCC_MPI_COMM_ENTRY("MPI_Win_sync", win, [&]() -> int {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    return win == MPI_WIN_NULL ? MPI_ERR_WIN : MPI_SUCCESS;
  }());
}

}  // extern "C"
