#include "small_blocks.hpp"

#include <sys/mman.h>

#include <atomic>
#include <new>

namespace hcc::rt {
namespace {

// Three levels over the 47 bits of user addresses: a leaf holds the slots
// of 4 MiB of addresses (512 KiB of slots), a middle table 4,096 leaves
// (16 GiB), the top 8,192 middle tables. Leaves and middle tables are
// mapped when first written; their pages are backed only where touched.
constexpr unsigned kGranuleBits = 4;  // 16-byte granules
constexpr unsigned kLeafBits = 18;    // granules per leaf
constexpr unsigned kMiddleBits = 12;
constexpr unsigned kTopBits = 47 - kGranuleBits - kLeafBits - kMiddleBits;

// A slot: 0 for no block; else the block's bytes plus one, and kCounted.
using Slot = std::atomic<uint16_t>;
constexpr uint16_t kCounted = 0x8000;

struct Middle {
  std::atomic<Slot*> leaves[size_t{1} << kMiddleBits];
};
std::atomic<Middle*> top[size_t{1} << kTopBits];

template <class T>
T* map_zeroed(size_t bytes) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return static_cast<T*>(p);  // zero pages: null pointers and empty slots
}

// Installs *where once; a thread that lost the race unmaps its own.
template <class T>
T* installed(std::atomic<T*>& where, size_t bytes) {
  T* fresh = map_zeroed<T>(bytes);
  T* expected = nullptr;
  if (where.compare_exchange_strong(expected, fresh, std::memory_order_acq_rel)) return fresh;
  munmap(fresh, bytes);
  return expected;
}

// p's slot; nullptr where none was ever mapped and `create` is false.
Slot* slot(const void* p, bool create) {
  const uintptr_t granule = reinterpret_cast<uintptr_t>(p) >> kGranuleBits;
  const size_t leaf_index = granule & ((size_t{1} << kLeafBits) - 1);
  const size_t middle_index = (granule >> kLeafBits) & ((size_t{1} << kMiddleBits) - 1);
  const size_t top_index = granule >> (kLeafBits + kMiddleBits);
  if (top_index >= (size_t{1} << kTopBits)) return nullptr;
  Middle* middle = top[top_index].load(std::memory_order_acquire);
  if (!middle) {
    if (!create) return nullptr;
    middle = installed(top[top_index], sizeof(Middle));
  }
  Slot* leaf = middle->leaves[middle_index].load(std::memory_order_acquire);
  if (!leaf) {
    if (!create) return nullptr;
    leaf = installed(middle->leaves[middle_index], sizeof(Slot) << kLeafBits);
  }
  return &leaf[leaf_index];
}

}  // namespace

bool small_block(const void* p, size_t bytes) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  return bytes <= kMaxSmallBlock && (a & ((uintptr_t{1} << kGranuleBits) - 1)) == 0 &&
         (a >> (kGranuleBits + kLeafBits + kMiddleBits)) < (uintptr_t{1} << kTopBits);
}

void add_small_block(const void* p, size_t bytes, bool counted) {
  slot(p, true)->store(static_cast<uint16_t>((bytes + 1) | (counted ? kCounted : 0)), std::memory_order_relaxed);
}

void forget_small_block(const void* p) {
  Slot* s = slot(p, false);
  if (s && s->load(std::memory_order_relaxed) != 0) s->store(0, std::memory_order_relaxed);
}

bool take_small_block(const void* p, SmallBlock& block) {
  Slot* s = slot(p, false);
  if (!s || s->load(std::memory_order_relaxed) == 0) return false;  // reads leave zero pages unbacked
  const uint16_t v = s->exchange(0, std::memory_order_relaxed);
  block.bytes = static_cast<size_t>(v & ~kCounted) - 1;
  block.counted = (v & kCounted) != 0;
  return true;
}

}  // namespace hcc::rt
