// Folded allocations (seed 002 §5.2, SMPI's shared malloc): a virtual range
// whose pages all map onto one small physical block, so that a simulated
// program can write and read an array of any size while the host keeps a
// few megabytes of it. The contents are garbage (every block aliases the
// same bytes): the kernels that would read them are simulated.
#pragma once

#include <cstddef>
#include <string>

namespace hcc::rt {

// A folded range of at least bytes bytes, page-aligned, or nullptr when the
// system refuses one (the caller then allocates for real).
void* fold_allocate(size_t bytes);
// Unmaps a range from fold_allocate of that many bytes.
void fold_release(void* range, size_t bytes);
// Seconds spent so far mapping folded blocks where the program touched
// them (the fault handler), on the monotonic clock: a sampled burst's
// measurement leaves them out (they are the simulator's time, and on a
// virtual machine a mapping costs about a millisecond).
double fold_fault_seconds();
// The line a crash of the program prints when it may come from reading
// folded memory (program_memory.cpp sets it as it folds new sites): the
// fault handler, which can format nothing, writes it before the crash.
void set_fold_crash_note(const std::string& line);
// Folds the whole pages of [addr, addr + bytes) where they are (an array
// with static storage); false when the system refuses.
bool fold_in_place(void* addr, size_t bytes);

}  // namespace hcc::rt
