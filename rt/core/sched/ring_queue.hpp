// A double-ended queue of task pointers in one growing ring buffer: pushes
// and pops allocate nothing once it has grown to the largest number of
// ready tasks (std::deque allocates and frees a block every 64 tasks, which
// cost an eighth of a submission).
#pragma once

#include <cstddef>
#include <vector>

namespace hcc::rt {

struct Task;

class RingQueue {
 public:
  bool empty() const { return head_ == tail_; }
  size_t size() const { return tail_ - head_; }
  Task* front() const { return slots_[head_ & mask()]; }
  Task* back() const { return slots_[(tail_ - 1) & mask()]; }
  // The i-th task from the front.
  Task* at(size_t i) const { return slots_[(head_ + i) & mask()]; }

  void push_back(Task* t) {
    if (size() == slots_.size()) grow();
    slots_[tail_++ & mask()] = t;
  }
  Task* pop_front() { return slots_[head_++ & mask()]; }
  Task* pop_back() { return slots_[--tail_ & mask()]; }
  // Removes and returns the i-th task from the front, keeping the order.
  Task* take(size_t i) {
    Task* t = at(i);
    for (size_t k = i; k + 1 < size(); ++k) slots_[(head_ + k) & mask()] = at(k + 1);
    --tail_;
    return t;
  }

 private:
  size_t mask() const { return slots_.size() - 1; }
  void grow() {
    std::vector<Task*> bigger(slots_.empty() ? 64 : 2 * slots_.size());
    for (size_t i = 0; i < size(); ++i) bigger[i] = at(i);
    tail_ = size();
    head_ = 0;
    slots_.swap(bigger);
  }

  std::vector<Task*> slots_;  // a power of two long
  size_t head_ = 0, tail_ = 0;
};

}  // namespace hcc::rt
