#include "block_cache.hpp"

#include <cstdlib>
#include <algorithm>
#include <bit>
#include <new>
#include <vector>

#include "prefetch.hpp"
#include "spin_lock.hpp"

namespace hcc::rt {
namespace {

constexpr size_t kSmallest = kCacheLine;  // bytes of class 0; each class doubles
constexpr int kClasses = 6;        // 64 B .. 2 KiB
constexpr size_t kBatch = 32;      // blocks moved between a thread and the shared list at a time
constexpr size_t kPrefetched = 2 * kCacheLine;  // the next block's lines asked for ahead: a common OpenMP task block

size_t size_of_class(int c) { return kSmallest << c; }

int class_of(size_t bytes) {
  if (bytes > size_of_class(kClasses - 1)) return -1;
  constexpr int kSmallestBits = std::bit_width(kSmallest - 1);
  return bytes <= kSmallest ? 0 : static_cast<int>(std::bit_width(bytes - 1)) - kSmallestBits;
}

struct SharedLists {
  SpinLock lock;
  std::vector<void*> blocks[kClasses];
};

SharedLists& shared() {
  static SharedLists* lists = new SharedLists;  // outlives every thread's cache
  return *lists;
}

struct ThreadCache {
  std::vector<void*> blocks[kClasses];
  // A thread that ends leaves its blocks to the others.
  ~ThreadCache() {
    SharedLists& s = shared();
    SpinGuard guard(s.lock);
    for (int c = 0; c < kClasses; ++c) s.blocks[c].insert(s.blocks[c].end(), blocks[c].begin(), blocks[c].end());
  }
};

ThreadCache& thread_cache() {
  thread_local ThreadCache cache;
  return cache;
}

}  // namespace

void* cached_alloc(size_t bytes) {
  const int c = class_of(bytes);
  void* block = nullptr;
  if (c < 0) {
    block = std::malloc(bytes);
  } else {
    std::vector<void*>& mine = thread_cache().blocks[c];
    if (mine.empty()) {
      SharedLists& s = shared();
      SpinGuard guard(s.lock);
      const size_t n = std::min(kBatch, s.blocks[c].size());
      mine.assign(s.blocks[c].end() - n, s.blocks[c].end());
      s.blocks[c].resize(s.blocks[c].size() - n);
    }
    if (mine.empty()) {
      // On cache lines of their own: a block is written by one thread and
      // read by another, and one that straddled a line would be one line more.
      block = std::aligned_alloc(kCacheLine, size_of_class(c));
    } else {
      block = mine.back();
      mine.pop_back();
      if (!mine.empty()) prefetch_lines_for_write(mine.back(), std::min(size_of_class(c), kPrefetched));
    }
  }
  if (!block) throw std::bad_alloc();
  return block;
}

void cached_free(void* block, size_t bytes) {
  if (!block) return;
  const int c = class_of(bytes);
  if (c < 0) {
    std::free(block);
    return;
  }
  std::vector<void*>& mine = thread_cache().blocks[c];
  mine.push_back(block);
  // The thread that frees is usually not the one that allocates: its
  // surplus goes back to the shared list.
  if (mine.size() >= 2 * kBatch) {
    SharedLists& s = shared();
    SpinGuard guard(s.lock);
    s.blocks[c].insert(s.blocks[c].end(), mine.end() - kBatch, mine.end());
    mine.resize(mine.size() - kBatch);
  }
}

}  // namespace hcc::rt
