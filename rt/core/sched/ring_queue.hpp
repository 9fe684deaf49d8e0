// A double-ended queue of task pointers in a ring buffer: pushes and pops
// allocate nothing once it has grown to the largest number of ready tasks
// (std::deque allocates and frees a block every 64 tasks, which cost an
// eighth of a submission).
//
// Its first kInline tasks are kept in the queue itself, so that a queue of
// a few tasks lies on one cache line with its lock (WorkerQueues::Slot): a
// push by another thread then moves that one line to the pushing core and
// back to the owner, where a separate buffer was a second line each way.
// Tasks dealt to workers in turn leave each queue with one task or none.
// A queue that outgrows it moves to a heap buffer, and back once empty; the
// buffer is kept for the next time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace hcc::rt {

struct Task;

class RingQueue {
 public:
  static constexpr uint32_t kInline = 4;  // a power of two, as every capacity

  RingQueue() = default;
  RingQueue(const RingQueue&) = delete;
  RingQueue& operator=(const RingQueue&) = delete;

  bool empty() const { return head_ == tail_; }
  size_t size() const { return tail_ - head_; }
  Task* front() const { return slots()[head_ & mask_]; }
  Task* back() const { return slots()[(tail_ - 1) & mask_]; }
  // The i-th task from the front.
  Task* at(size_t i) const { return slots()[(head_ + i) & mask_]; }

  void push_back(Task* t) {
    if (size() == size_t{mask_} + 1) grow();
    slots()[tail_++ & mask_] = t;
  }
  Task* pop_front() {
    Task* t = slots()[head_++ & mask_];
    if (empty()) back_inline();
    return t;
  }
  Task* pop_back() {
    Task* t = slots()[--tail_ & mask_];
    if (empty()) back_inline();
    return t;
  }
  // Removes and returns the i-th task from the front, keeping the order.
  Task* take(size_t i) {
    Task* t = at(i);
    Task** s = slots();
    for (size_t k = i; k + 1 < size(); ++k) s[(head_ + k) & mask_] = at(k + 1);
    --tail_;
    if (empty()) back_inline();
    return t;
  }

  // Whether the tasks are in the queue itself (for tests).
  bool is_inline() const { return mask_ < kInline; }

 private:
  Task** slots() { return is_inline() ? inline_ : heap_.get(); }
  Task* const* slots() const { return is_inline() ? inline_ : heap_.get(); }

  // Called when full: moves the tasks to a heap buffer twice as long, or
  // from inline_ to the heap buffer kept from an earlier growth.
  void grow() {
    const uint32_t n = mask_ + 1;
    std::unique_ptr<Task*[]> buffer;
    if (is_inline() && heap_) {
      buffer = std::move(heap_);
    } else {
      heap_capacity_ = is_inline() ? kFirstHeapCapacity : 2 * n;
      buffer = std::make_unique<Task*[]>(heap_capacity_);
    }
    for (uint32_t i = 0; i < n; ++i) buffer[i] = at(i);
    head_ = 0;
    tail_ = n;
    heap_ = std::move(buffer);
    mask_ = heap_capacity_ - 1;
  }

  void back_inline() {
    head_ = tail_ = 0;
    mask_ = kInline - 1;
  }

  static constexpr uint32_t kFirstHeapCapacity = 64;

  std::unique_ptr<Task*[]> heap_;  // heap_capacity_ long, or null until first needed
  uint32_t heap_capacity_ = 0;
  uint32_t mask_ = kInline - 1;  // the capacity in use, less one: inline_'s or heap_'s
  uint32_t head_ = 0, tail_ = 0;
  Task* inline_[kInline] = {};
};

}  // namespace hcc::rt
