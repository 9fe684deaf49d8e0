// The program's heap logged by each thread, merged once (heap_logs.hpp).
#include "heap_logs.hpp"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <functional>
#include <mutex>
#include <queue>
#include <string>
#include <thread>
#include <tuple>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "cpu_clock.hpp"

namespace hcc::rt {
namespace {

// The logs' stamps: the CPU's time-stamp counter where the kernel keeps its
// own time by it (its clock source is "tsc", the same on every CPU), else
// the monotonic clock in nanoseconds. A read of the counter cost 9 ns here,
// of the monotonic clock 24: reading the clock at every change was a tenth
// of an instrumented run allocating a block in each task.
bool counter_stamps() {
#if defined(__x86_64__) || defined(__i386__)
  static const bool tsc = [] {
    std::ifstream source("/sys/devices/system/clocksource/clocksource0/current_clocksource");
    std::string name;
    return source >> name && name == "tsc";
  }();
  return tsc;
#else
  return false;
#endif
}

uint64_t stamp() {
#if defined(__x86_64__) || defined(__i386__)
  if (counter_stamps()) return __rdtsc();
#endif
  timespec ts;
  real_clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
}

// Seconds per stamp: for the counter, measured once against the monotonic
// clock over 50 us (to 0.1 %: what sizes a window); the run's own span
// converts its stamps (stop_heap_logs).
double seconds_per_stamp() {
  static const double seconds = [] {
    if (!counter_stamps()) return 1e-9;
    const double t0 = heap_clock();
    const uint64_t s0 = stamp();
    double t1 = t0;
    while (t1 - t0 < 50e-6) t1 = heap_clock();
    const uint64_t s1 = stamp();
    return s1 > s0 ? (t1 - t0) / static_cast<double>(s1 - s0) : 1e-9;
  }();
  return seconds;
}

// A window as a thread keeps it: its start as a stamp.
struct StampedWindow {
  uint64_t start;
  int64_t net;
  int64_t high;
};

// One thread's windows: written by that thread only, read by
// stop_heap_logs once `busy` says that the thread is not writing them.
struct alignas(64) ThreadLog {
  std::atomic<bool> busy{false};
  std::atomic<bool> ended{false};  // its thread will not use it again
  std::vector<StampedWindow> windows;
  uint64_t window_stamps = 0;  // this thread's window length (0: the logs' at the next change)

  void add(uint64_t at, uint64_t initial_window_stamps, int64_t delta) {
    if (window_stamps == 0) window_stamps = initial_window_stamps;
    if (!windows.empty() && at - windows.back().start < window_stamps) {
      StampedWindow& w = windows.back();
      w.net += delta;
      w.high = std::max(w.high, w.net);
      return;
    }
    if (windows.size() == kMaxHeapWindows) {
      coarsen_windows(windows);
      window_stamps *= 2;
    }
    windows.push_back(StampedWindow{at, delta, delta});
  }
};

struct Logs {
  std::mutex mutex;  // the list; starting and stopping; `unlogged`
  std::vector<ThreadLog*> threads;
  std::atomic<bool> logging{false};
  double start_time = 0;
  uint64_t start_stamp = 0;
  uint64_t window_stamps = 1;  // kHeapWindow in stamps
  uint64_t start_bytes = 0;
  // Changes made by threads ending (after their log's holder was destroyed).
  int64_t unlogged = 0;
};

// Never destroyed: threads allocate until the process ends.
Logs& logs() {
  static auto* l = new Logs;
  return *l;
}

thread_local ThreadLog* t_log = nullptr;
thread_local bool t_ended = false;  // trivially destroyed: readable while the thread ends

// Marks its thread's log ended when the thread ends; the next stop frees it.
struct LogHolder {
  ~LogHolder() {
    t_ended = true;
    if (t_log) t_log->ended.store(true);
    t_log = nullptr;
  }
};
thread_local LogHolder t_holder;

ThreadLog& my_log() {
  if (!t_log) {
    (void)&t_holder;  // constructed, so that its destructor runs when the thread ends
    t_log = new ThreadLog;
    std::lock_guard<std::mutex> lock(logs().mutex);
    logs().threads.push_back(t_log);
  }
  return *t_log;
}

uint64_t clamped(int64_t bytes) { return static_cast<uint64_t>(std::max<int64_t>(bytes, 0)); }

}  // namespace

double heap_clock() { return clock_seconds(Clock::Monotonic); }

void start_heap_logs(uint64_t bytes) {
  Logs& l = logs();
  const double per_stamp = seconds_per_stamp();
  std::lock_guard<std::mutex> lock(l.mutex);
  l.start_time = heap_clock();
  l.start_stamp = stamp();
  l.window_stamps = std::max<uint64_t>(1, static_cast<uint64_t>(kHeapWindow / per_stamp));
  l.start_bytes = bytes;
  l.unlogged = 0;
  l.logging.store(true);
}

bool log_heap_change(int64_t delta) {
  Logs& l = logs();
  if (t_ended) {
    std::lock_guard<std::mutex> lock(l.mutex);
    if (!l.logging.load()) return false;
    l.unlogged += delta;
    return true;
  }
  ThreadLog& me = my_log();
  // Sequentially consistent, as stop_heap_logs's store of `logging` and
  // load of `busy`: either this thread sees logging stopped, or the stop
  // sees it busy and waits.
  me.busy.store(true);
  const bool logged = l.logging.load();
  if (logged) me.add(stamp(), l.window_stamps, delta);
  me.busy.store(false, std::memory_order_release);
  return logged;
}

std::vector<HeapSample> stop_heap_logs(uint64_t& bytes) {
  Logs& l = logs();
  std::lock_guard<std::mutex> lock(l.mutex);
  l.logging.store(false);
  const double end_time = heap_clock();
  const uint64_t end_stamp = stamp();
  // Over the run's span where it is long enough to tell, else as measured.
  const double per_stamp = end_time - l.start_time > 1e-3 && end_stamp > l.start_stamp
                               ? (end_time - l.start_time) / static_cast<double>(end_stamp - l.start_stamp)
                               : seconds_per_stamp();
  std::vector<std::vector<HeapWindow>> windows;
  for (ThreadLog* t : l.threads) {
    while (t->busy.load()) std::this_thread::yield();
    std::vector<HeapWindow>& mine = windows.emplace_back();
    mine.reserve(t->windows.size());
    for (const StampedWindow& w : t->windows) {
      const double since_start = static_cast<double>(static_cast<int64_t>(w.start - l.start_stamp)) * per_stamp;
      mine.push_back(HeapWindow{l.start_time + since_start, w.net, w.high});
    }
    t->windows = {};
    t->window_stamps = 0;
  }
  std::erase_if(l.threads, [](ThreadLog* t) {
    if (!t->ended.load()) return false;
    delete t;
    return true;
  });
  bytes = l.start_bytes;
  std::vector<HeapSample> curve = heap_curve(l.start_time, bytes, windows);
  bytes = clamped(static_cast<int64_t>(bytes) + l.unlogged);
  return curve;
}

// Each thread's windows are in time order already: merged through a heap
// of the threads' next windows (sorting all of them was a twentieth of an
// instrumented run that allocated a million blocks).
std::vector<HeapSample> heap_curve(double time, uint64_t& bytes, const std::vector<std::vector<HeapWindow>>& threads) {
  using Next = std::tuple<double, size_t, size_t>;  // start, thread, window
  std::priority_queue<Next, std::vector<Next>, std::greater<Next>> next;
  size_t windows = 0;
  for (size_t t = 0; t < threads.size(); ++t) {
    if (!threads[t].empty()) next.emplace(threads[t][0].start, t, 0);
    windows += threads[t].size();
  }
  std::vector<HeapSample> curve;
  curve.reserve(windows + 1);
  if (bytes) curve.push_back(HeapSample{time, bytes});
  int64_t total = static_cast<int64_t>(bytes);
  while (!next.empty()) {
    const auto [start, t, i] = next.top();
    next.pop();
    const HeapWindow& w = threads[t][i];
    if (w.high > w.net) curve.push_back(HeapSample{start, clamped(total + w.high)});
    total += w.net;
    curve.push_back(HeapSample{start, clamped(total)});
    if (i + 1 < threads[t].size()) next.emplace(threads[t][i + 1].start, t, i + 1);
  }
  bytes = clamped(total);
  return curve;
}

}  // namespace hcc::rt
