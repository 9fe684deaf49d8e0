#include "native_heap.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <utility>
#include <unordered_map>

#include "ranks.hpp"

namespace hcc::rt {
namespace {

// glibc's defaults (mallopt(3)): the mmap and trim thresholds start at
// 128 KiB, and freeing a mapped block raises them to its size (and twice
// it) up to 32 MiB; the heap keeps 128 KiB above its top when it grows or
// is trimmed. A chunk has 16 bytes of header before the program's bytes
// and is 16-aligned.
constexpr size_t kThreshold = size_t{128} << 10;
constexpr size_t kThresholdMax = size_t{32} << 20;
constexpr size_t kTopPad = size_t{128} << 10;
constexpr uintptr_t kHeader = 16;
// Small chunks live in glibc's per-thread cache and bins, recycled by size:
// they are not modelled (a program may allocate millions of them, and the
// model's work is the simulation's).
constexpr size_t kCachedUpTo = 1032;
// Where the model's heap starts: any page boundary.
constexpr uintptr_t kHeapBase = uintptr_t{1} << 40;

size_t page_size() {
  static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return page;
}
uintptr_t round_up(uintptr_t x, size_t to) { return (x + to - 1) / to * to; }
uintptr_t round_down(uintptr_t x, size_t to) { return x / to * to; }

// The chunk glibc carves for a request of n bytes.
size_t chunk_of(size_t n) { return std::max<size_t>(32, (n + 8 + 15) & ~size_t{15}); }

// One rank's native heap (a native run gives each rank a process), in the
// model's addresses: free ranges below the top, the top, the break.
class NativeHeap {
 public:
  // Where a chunk goes: the smallest free range that holds it, else the
  // top (the break moves up with a pad); nothing when glibc would map it.
  std::optional<uintptr_t> place(size_t chunk) {
    if (auto fit = by_size_.lower_bound({chunk, 0}); fit != by_size_.end()) {
      const auto [size, at] = *fit;
      forget(at, size);
      if (size - chunk >= 32) remember(at + chunk, size - chunk);
      return at;
    }
    if (chunk >= mmap_threshold_ && end_ - top_ < chunk) return std::nullopt;
    const uintptr_t at = top_;
    top_ += chunk;
    if (top_ > end_) end_ = round_up(top_ + kTopPad, page_size());
    return at;
  }

  // The part of a block at `at` (n bytes from at + kHeader) whose pages are
  // fresh natively: [from, n), as an offset; the block's pages are then
  // touched and kept.
  size_t fresh_from(uintptr_t at, size_t n) {
    const uintptr_t first = at + kHeader, last = first + n;
    const size_t from = resident_ > first ? std::min<uintptr_t>(resident_ - first, n) : 0;
    resident_ = std::max(resident_, last);
    return from;
  }

  // A heap chunk given back: merged with its free neighbours or the top,
  // and the top trimmed to its pad when it reaches the trim threshold.
  void release(uintptr_t at, size_t chunk) {
    if (auto next = by_address_.find(at + chunk); next != by_address_.end()) {
      const size_t size = next->second;
      forget(next->first, size);
      chunk += size;
    }
    if (auto prev = by_address_.lower_bound(at); prev != by_address_.begin()) {
      --prev;
      if (prev->first + prev->second == at) {
        const auto [start, size] = *prev;
        forget(start, size);
        at = start;
        chunk += size;
      }
    }
    if (at + chunk != top_) {
      remember(at, chunk);
      return;
    }
    top_ = at;
    if (end_ - top_ >= trim_threshold_) {
      end_ = round_up(top_ + kTopPad, page_size());
      resident_ = std::min(resident_, end_);
    }
  }

  // A mapped block unmapped: the thresholds rise to its size.
  void unmapped(size_t chunk) {
    const size_t mapped = round_up(chunk + 8, page_size());
    if (mapped > mmap_threshold_ && mapped <= kThresholdMax) {
      mmap_threshold_ = mapped;
      trim_threshold_ = 2 * mapped;
    }
  }

 private:
  void remember(uintptr_t at, size_t size) {
    by_address_[at] = size;
    by_size_.emplace(size, at);
  }
  void forget(uintptr_t at, size_t size) {
    by_address_.erase(at);
    by_size_.erase({size, at});
  }

  size_t mmap_threshold_ = kThreshold;
  size_t trim_threshold_ = kThreshold;
  std::map<uintptr_t, size_t> by_address_;   // free ranges below the top
  std::set<std::pair<size_t, uintptr_t>> by_size_;  // the same, by size
  uintptr_t top_ = kHeapBase;                 // free from here up
  uintptr_t end_ = kHeapBase;                 // the break
  uintptr_t resident_ = kHeapBase;            // the pages below were touched and are kept
};

std::mutex heaps_mutex;
std::unordered_map<int, NativeHeap>& heaps() {
  static auto* h = new std::unordered_map<int, NativeHeap>;  // used until the process ends
  return *h;
}

// Makes the pages of the block from offset `from` on fresh; what must read
// as zeros and was not made fresh is cleared.
void make_fresh(char* p, size_t bytes, size_t from, NativeFill fill) {
  const uintptr_t begin = reinterpret_cast<uintptr_t>(p), finish = begin + bytes;
  uintptr_t a = round_up(begin + from, page_size()), b = round_down(finish, page_size());
  if (b <= a || madvise(reinterpret_cast<void*>(a), b - a, MADV_DONTNEED) != 0) a = b = finish;
  if (fill == NativeFill::zero) {
    std::memset(p, 0, a - begin);
    std::memset(reinterpret_cast<void*>(b), 0, finish - b);
  }
}

}  // namespace

NativePlacement native_heap_place(void* p, size_t bytes) {
  if (!p || bytes <= kCachedUpTo) return {NativeBlock{}, bytes};
  std::lock_guard<std::mutex> lock(heaps_mutex);
  NativeHeap& heap = heaps()[current_rank().index];
  const std::optional<uintptr_t> at = heap.place(chunk_of(bytes));
  if (!at) return {NativeBlock{NativeBlock::mapped, 0}, 0};
  return {NativeBlock{NativeBlock::heap, *at}, heap.fresh_from(*at, bytes)};
}

void native_heap_refresh(void* p, size_t bytes, const NativePlacement& placed, NativeFill fill) {
  make_fresh(static_cast<char*>(p), bytes, placed.fresh_from, fill);
}

void native_heap_freed(NativeBlock block, size_t bytes) {
  if (block.place == NativeBlock::untracked) return;
  std::lock_guard<std::mutex> lock(heaps_mutex);
  NativeHeap& heap = heaps()[current_rank().index];
  if (block.place == NativeBlock::mapped) heap.unmapped(chunk_of(bytes));
  else heap.release(block.at, chunk_of(bytes));
}

}  // namespace hcc::rt
