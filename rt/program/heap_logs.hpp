// The program's heap changes in a run whose threads run at once (an
// instrumented build): each thread logs its own, on memory no other thread
// writes, and the logs are merged into one curve in time order when the
// runtime detaches (program_memory.cpp). Counting every change on one
// shared total, as a simulation does (its actors run one at a time), moved
// that total's cache line and its lock between the cores at every
// allocation: a BOTS-style floorplan search, which allocates and frees a
// block in each of its 663,000 tasks, ran 4.7 times as long instrumented as
// natively on two threads (1.3 times on one).
//
// A thread's changes within kHeapWindow of the first of them are one
// window: their net change and their highest running sum. Merged windows
// keep a thread's own peak exactly; between threads whose windows overlap,
// the curve is as exact as the window (a block one thread allocates and
// another frees within it may be counted a little early or late).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hcc::rt {

constexpr double kHeapWindow = 1e-6;

// The clock of the logs: the monotonic clock's seconds (the C library's,
// never a simulated program's: cpu_clock.hpp).
double heap_clock();

// The program's heap holds `bytes` from `time` on (heap_clock()).
struct HeapSample {
  double time;
  uint64_t bytes;
};

// One thread's window of changes: from `start`, `net` bytes in all, at most
// `high` above the heap at its start (after its first change at least).
struct HeapWindow {
  double start;
  int64_t net;
  int64_t high;
};

// A thread keeps at most this many windows: at the limit its windows are
// merged two by two and the next ones are twice as long, so that a run of
// hours keeps megabytes (6 MB a thread), its curve coarser.
constexpr size_t kMaxHeapWindows = size_t{1} << 18;

// Adjacent windows merged two by two (their thread's peak stays exact).
template <class Window>
void coarsen_windows(std::vector<Window>& windows) {
  size_t kept = 0;
  for (size_t i = 0; i < windows.size(); i += 2) {
    Window w = windows[i];
    if (i + 1 < windows.size()) {
      const Window& next = windows[i + 1];
      w.high = std::max(w.high, w.net + next.high);
      w.net += next.net;
    }
    windows[kept++] = w;
  }
  windows.resize(kept);
}

// Starts logging the changes; `bytes`: what the heap holds now.
void start_heap_logs(uint64_t bytes);
// The calling thread's change of the heap, logged, or false when no log is
// being kept (the caller counts it otherwise).
bool log_heap_change(int64_t delta);
// Stops logging, waits for the threads logging a change to finish, and
// returns the merged curve (heap_curve); `bytes`: what the heap holds now.
std::vector<HeapSample> stop_heap_logs(uint64_t& bytes);

// The curve from `bytes` at `time` through the threads' windows (each
// thread's in its own order): the windows in time order, each one's high
// then its end where the high is above its end; a running total that the
// windows' order makes negative is 0. `bytes` ends as the heap after all.
std::vector<HeapSample> heap_curve(double time, uint64_t& bytes, const std::vector<std::vector<HeapWindow>>& threads);

}  // namespace hcc::rt
