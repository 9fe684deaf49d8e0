// #pragma hcc shared(all) (seed 002 §5.2: SMPI's SMPI_SHARED_MALLOC): the
// k-th allocation that each rank of a simulation makes at one site is one
// folded range for all of them. A rank's folded range costs the simulation
// nothing but address space and page-table work, which a run of a thousand
// ranks each folding an 80 GB matrix would exhaust (a process has 128 TiB);
// shared, it pays them once. Each rank still counts its own bytes on its own
// memory (program_memory.cpp): the real run has one copy per rank.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hcc::rt {

// The k-th range of site for that rank, k counting the rank's allocations at
// the site so far: a range another rank holds when one is live with as
// many bytes at least, else a new one; nullptr when the system refuses a
// folded range.
void* shared_fold_acquire(const char* site, int rank, size_t bytes);
// Whether p is a range shared by ranks.
bool shared_fold_holds(void* p);
// The rank lets go of range p; true (and the bytes it asked for) when p is
// a shared range: unmapped when no rank holds it any more.
bool shared_fold_release(void* p, int rank, size_t& bytes);

}  // namespace hcc::rt
