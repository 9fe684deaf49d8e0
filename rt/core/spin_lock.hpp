// A test-and-test-and-set spin lock for the runtime's short critical
// sections: one handle's dependency state, one task's successor list, one
// worker's ready queue. Each is held for tens of nanoseconds and rarely
// contended, where a std::mutex costs two atomic read-modify-writes plus, when
// contended, a futex system call.
//
// Never held across a backend call that may block or, in simulation, yield
// to another actor (kernels, transfers, waiters): actors of a simulation share
// one thread, and one spinning on a lock that a suspended actor holds would
// spin forever. (So in simulation it is never contended.)
//
// A waiter that has spun for a while yields its core: with more threads than
// cores, the holder may have been preempted, and spinning until the end of
// the time slice would keep it from finishing (measured: 56 % of a worker's
// time on a 2-core machine with 3 threads, before the yield).
#pragma once

#include <atomic>
#include <mutex>
#include <thread>

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
    int spins = 0;
    while (locked_.exchange(true, std::memory_order_acquire)) {
      while (locked_.load(std::memory_order_relaxed)) {
        if (++spins < kSpinsBeforeYield) cpu_relax();
        else std::this_thread::yield();
      }
    }
  }
  // Looks before it writes: a thread that finds the lock taken leaves its
  // line with the holder (thieves try the queue locks of busy workers).
  bool try_lock() {
    return !locked_.load(std::memory_order_relaxed) && !locked_.exchange(true, std::memory_order_acquire);
  }
  void unlock() { locked_.store(false, std::memory_order_release); }

 private:
  static constexpr int kSpinsBeforeYield = 64;
  std::atomic<bool> locked_{false};
};

// Holds a SpinLock for a scope.
using SpinGuard = std::lock_guard<SpinLock>;

}  // namespace hcc::rt
