// A vector of trivially copyable elements that keeps its first N elements
// inline: a task's accesses and successors are few, and allocating them on
// the heap for every task would cost more than the rest of its submission.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>

namespace hcc::rt {

template <typename T, size_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  SmallVector() = default;
  SmallVector(const SmallVector& o) { assign(o.begin(), o.end()); }
  SmallVector& operator=(const SmallVector& o) {
    if (this != &o) {
      clear();
      assign(o.begin(), o.end());
    }
    return *this;
  }
  ~SmallVector() {
    if (data_ != inline_) std::free(data_);
  }

  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T& back() { return data_[size_ - 1]; }

  void clear() { size_ = 0; }  // keeps the capacity
  void pop_back() { --size_; }
  void truncate(size_t n) {
    if (n < size_) size_ = static_cast<uint32_t>(n);
  }
  void push_back(const T& v) {
    if (size_ == capacity_) grow();
    data_[size_++] = v;
  }
  void assign(const T* first, const T* last) {
    for (; first != last; ++first) push_back(*first);
  }

 private:
  void grow() {
    const uint32_t capacity = capacity_ * 2;
    T* data = static_cast<T*>(std::malloc(capacity * sizeof(T)));
    if (!data) throw std::bad_alloc();
    std::memcpy(static_cast<void*>(data), data_, size_ * sizeof(T));
    if (data_ != inline_) std::free(data_);
    data_ = data;
    capacity_ = capacity;
  }

  T inline_[N];
  T* data_ = inline_;
  uint32_t size_ = 0;  // 32 bits: a task's successor list fits its synchronisation line (task.hpp)
  uint32_t capacity_ = N;
};

}  // namespace hcc::rt
