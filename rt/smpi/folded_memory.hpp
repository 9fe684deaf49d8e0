// Folded allocations (seed 002 §5.2, SMPI's shared malloc): a virtual range
// whose pages all map onto one small physical block, so that a simulated
// program can write and read an array of any size while the host keeps a
// few megabytes of it. The contents are garbage (every block aliases the
// same bytes): the kernels that would read them are simulated.
#pragma once

#include <cstddef>

namespace hcc::rt {

// A folded range of at least bytes bytes, page-aligned, or nullptr when the
// system refuses one (the caller then allocates for real).
void* fold_allocate(size_t bytes);
// Unmaps a range from fold_allocate of that many bytes.
void fold_release(void* range, size_t bytes);

}  // namespace hcc::rt
