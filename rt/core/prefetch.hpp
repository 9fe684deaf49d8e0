// Asks for a cache line in the state a write needs, ahead of the write.
//
// Descriptors recycled between threads (tasks, OpenMP task blocks) were
// last written or read by the worker that ran them: the submitter's first
// writes to them wait for the line to come back. Asking for the next
// descriptor's lines while filling in this one overlaps that wait with work.
#pragma once

#include <cstddef>

namespace hcc::rt {

constexpr size_t kCacheLine = 64;

inline void prefetch_for_write(const void* p) {
#if defined(__x86_64__)
  // PREFETCHW (3DNow!PREFETCH, which x86-64 compilers do not assume): a NOP
  // where unsupported.
  asm volatile("prefetchw %0" : : "m"(*static_cast<const char*>(p)));
#else
  __builtin_prefetch(p, 1);
#endif
}

// The cache lines of [p, p + bytes).
inline void prefetch_lines_for_write(const void* p, size_t bytes) {
  const char* c = static_cast<const char*>(p);
  for (size_t at = 0; at < bytes; at += kCacheLine) prefetch_for_write(c + at);
}

}  // namespace hcc::rt
