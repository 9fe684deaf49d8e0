// A test-and-test-and-set spin lock for the runtime's short critical
// sections: one handle's dependency state, one task's successor list, one
// worker's ready queue. Each is held for tens of nanoseconds and rarely
// contended, where a std::mutex costs two atomic read-modify-writes plus, when
// contended, a futex system call.
//
// Never held across a backend call that may block or, in simulation, yield
// to another actor (kernels, transfers, waiters): actors of a simulation share
// one thread, and one spinning on a lock that a suspended actor holds would
// spin forever.
#pragma once

#include <atomic>

namespace hcc::rt {

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

class SpinLock {
 public:
  void lock() {
    while (locked_.exchange(true, std::memory_order_acquire))
      while (locked_.load(std::memory_order_relaxed)) cpu_relax();
  }
  bool try_lock() { return !locked_.exchange(true, std::memory_order_acquire); }
  void unlock() { locked_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> locked_{false};
};

// Holds a SpinLock for a scope.
class SpinGuard {
 public:
  explicit SpinGuard(SpinLock& l) : l_(l) { l_.lock(); }
  ~SpinGuard() { l_.unlock(); }
  SpinGuard(const SpinGuard&) = delete;
  SpinGuard& operator=(const SpinGuard&) = delete;

 private:
  SpinLock& l_;
};

}  // namespace hcc::rt
