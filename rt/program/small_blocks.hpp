// The sizes of the program's small blocks, by address.
//
// Instrumented and simulated programs count every block they allocate and
// free (program_memory.cpp), which needs each live block's size at its
// free. A hash table of them (a node per block) made each of a k-d tree's
// million 40-byte `new`s touch two lines at random in 60 MB of the table:
// the tree's build, simulated on one core, 0.60 s against 0.46 s without
// the table's inserts, for a native 0.38-0.42 s. Here a block's size sits
// in two bytes at its address divided by 16 (glibc's alignment) in a sparse
// array, so blocks that lie side by side in the heap have their sizes side
// by side too: the program's own locality, an eighth of its bytes.
//
// A block qualifies when it starts on 16 bytes and holds at most
// kMaxSmallBlock bytes; the caller keeps the others elsewhere. Threads may
// add and take different blocks at once (an instrumented run's workers).
#pragma once

#include <cstddef>
#include <cstdint>

namespace hcc::rt {

constexpr size_t kMaxSmallBlock = 32766;

struct SmallBlock {
  size_t bytes = 0;
  bool counted = false;
};

// Whether a block at p of this many bytes is kept here.
bool small_block(const void* p, size_t bytes);

// Keeps a qualifying block's size (small_block(p, bytes)).
void add_small_block(const void* p, size_t bytes, bool counted);

// Forgets any block kept at p (a larger block now starts there).
void forget_small_block(const void* p);

// The block kept at p, forgotten; false when none is.
bool take_small_block(const void* p, SmallBlock& block);

}  // namespace hcc::rt
