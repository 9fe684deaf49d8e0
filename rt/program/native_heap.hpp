// The pages a native run's allocator gives back to the system, and so the
// page faults its program takes again, in a simulated run.
//
// Natively, the C library's allocator (glibc) returns memory to the system:
// a block of its mmap threshold or more is unmapped when freed, and the top
// of the heap is trimmed when a free leaves more than the trim threshold
// unused there (both thresholds rise with the largest mmapped block freed).
// A program that allocates its temporaries and frees them every time step
// (LULESH) then touches fresh pages, each a page fault, every step: natively
// 284 faults a step of LULESH at size 15, about half its time on a virtual
// machine. In a simulation, the same allocator also serves SimGrid and the
// runtime, whose small objects land above the program's blocks and keep the
// heap from being trimmed: the program reused resident pages, and its
// bursts measured a third of the native time.
//
// So each rank of a simulated program has a model of its native heap, fed
// with the program's own allocations only: glibc's thresholds and top pad,
// and a heap of virtual addresses where blocks are placed as glibc places
// them (the smallest free range that fits, else the top). Where the model
// says a new block's pages would be fresh natively, they are made fresh
// (madvise MADV_DONTNEED, zero-filled when touched): the program's first
// touches fault there as natively, inside its measured bursts.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hcc::rt {

// Where a block of the program natively lives.
struct NativeBlock {
  enum Place : unsigned char {
    untracked,  // not modelled (not a simulated build, or a small block)
    heap,       // in the heap, at `at` in the model's addresses
    mapped,     // a mapping of its own, unmapped when freed
  } place = untracked;
  uintptr_t at = 0;
};

// What a new block's bytes must be.
enum class NativeFill : unsigned char {
  any,   // malloc's: anything
  zero,  // calloc's: zeros (cleared where its pages are not made fresh)
};

// Where the model puts a block, and from which of its bytes on its pages
// are natively fresh (all of them for a mapped block, none for a block too
// small to model).
struct NativePlacement {
  NativeBlock block;
  size_t fresh_from = 0;
};

// A real block a simulated program just got from the allocator (p, bytes):
// the model's bookkeeping (the simulator's time, under the caller's
// SimulatorWork). A block whose bytes are kept (realloc's) takes only this.
NativePlacement native_heap_place(void* p, size_t bytes);

// Then makes the block's natively fresh pages fresh, and clears what fill
// says must read zero and was not made fresh: the program's work, as the
// native allocator's trims and unmaps are.
void native_heap_refresh(void* p, size_t bytes, const NativePlacement& placed, NativeFill fill);

// When the block (of that size) is given back to the allocator.
void native_heap_freed(NativeBlock block, size_t bytes);

}  // namespace hcc::rt
