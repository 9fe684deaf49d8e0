// A map from addresses to handles (DependencyScope: the depend items of one
// task's children), with open addressing in one array: a lookup reads one
// slot, where std::unordered_map read a bucket and then a node allocated
// elsewhere (a cache miss per depend item on a scope of 100,000 addresses;
// a sixth of the OpenMP creating thread's time in bench/task_overhead.py).
//
// The slot is chosen by the address's cache line, scrambled, and its place
// in the line: the items of one line share a group of eight slots, so an
// array walked in order walks the table in order, while lines a power of two
// apart (tiles of a matrix) spread over the table instead of colliding.
// Linear probing; grows at half full; no erasure (a scope is dropped whole).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hcc::rt {

struct Handle;

class AddressMap {
 public:
  // The entry for key, inserted as nullptr when absent.
  Handle*& operator[](const void* key) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    Slot& s = probe(key);
    if (!s.key) {
      s.key = key;
      ++size_;
    }
    return s.value;
  }

  // nullptr when absent.
  Handle* find(const void* key) const {
    if (slots_.empty()) return nullptr;
    const Slot& s = const_cast<AddressMap*>(this)->probe(key);
    return s.key ? s.value : nullptr;
  }

  size_t size() const { return size_; }

  template <typename F>
  void for_each(F&& f) const {
    for (const Slot& s : slots_)
      if (s.key) f(s.key, s.value);
  }

  void clear() {
    slots_.clear();
    size_ = 0;
  }

 private:
  struct Slot {
    const void* key = nullptr;
    Handle* value = nullptr;
  };

  size_t index(const void* key) const {
    const auto a = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(key));
    uint64_t line = (a >> 6) * 0x9E3779B97F4A7C15ull;  // Fibonacci hashing, high bits folded down
    line ^= line >> 32;
    return (line * 8 + ((a >> 3) & 7)) & (slots_.size() - 1);
  }

  // The slot holding key, or the empty slot where it would go.
  Slot& probe(const void* key) {
    const size_t mask = slots_.size() - 1;
    for (size_t i = index(key);; i = (i + 1) & mask)
      if (slots_[i].key == key || !slots_[i].key) return slots_[i];
  }

  void grow() {
    std::vector<Slot> old(slots_.empty() ? 16 : 2 * slots_.size());
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.key) probe(s.key) = s;
  }

  std::vector<Slot> slots_;  // a power of two long, or empty
  size_t size_ = 0;
};

}  // namespace hcc::rt
