// Small blocks that one thread allocates and another frees, at the rate of
// tasks: the OpenMP layer's task descriptors (rt/omp/tasks.cpp), allocated
// by the creating thread and freed by the worker that ran the task. With
// malloc, every such free took the creating thread's arena lock, which the
// creator held for its next allocation (measured: a third of the OpenMP
// path's time in glibc's lock on the task-overhead benchmark, 2 threads).
//
// Each thread keeps free blocks per size class; batches move between threads
// through one shared list per class. Blocks are never returned to the
// system: the memory of the most blocks alive at once is kept, as for tasks
// (task_pool.cpp). Simulated actors share one system thread and never switch
// inside these calls, so the per-thread lists serve them as well.
#pragma once

#include <cstddef>

namespace hcc::rt {

// At least bytes bytes, on cache lines of their own (64-byte aligned) up to
// the largest class, malloc's beyond. Throws std::bad_alloc when memory runs
// out.
void* cached_alloc(size_t bytes);
// Frees a block from cached_alloc, of the size it was asked for.
void cached_free(void* block, size_t bytes);

}  // namespace hcc::rt
