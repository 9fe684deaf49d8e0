// A std::atomic whose value the program uses (fetch_add, load, ++, the
// conversion): (hcc_shared_line_read(&object, "file:line"), expression),
// hcc_shared_line_load for a load or the conversion; a store and a dropped
// result, none.
// RUN: %hcc-rewrite --shared-lines %s -- -std=c++20 | FileCheck %s
#include <atomic>

std::atomic<int> next{0};
std::atomic<bool> done{false};

int take(std::atomic<long> *shared) {
  int i = next.fetch_add(1);
// CHECK: int i = (hcc_shared_line_read(&(next), "shared-atomics-std.cpp:[[@LINE-1]]"), next.fetch_add(1));
  int j = next++;
// CHECK: int j = (hcc_shared_line_read(&(next), "shared-atomics-std.cpp:[[@LINE-1]]"), next++);
  long k = shared->load();
// CHECK: long k = (hcc_shared_line_load((shared), "shared-atomics-std.cpp:[[@LINE-1]]"), shared->load());
  if (done) return -1;
// CHECK: if ((hcc_shared_line_load(&(done), "shared-atomics-std.cpp:[[@LINE-1]]"), done)) return -1;
  next.fetch_add(2);
// CHECK: {{^}}  next.fetch_add(2);
  done.store(true);
// CHECK: {{^}}  done.store(true);
  return i + j + static_cast<int>(k);
}
