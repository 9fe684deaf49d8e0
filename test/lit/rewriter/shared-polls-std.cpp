// C++: a std::atomic's load or conversion in a loop's condition polls
// (hcc_shared_line_poll), and its `store` or `=` elsewhere in the file
// updates its line (hcc_shared_line); an atomic no loop polls is left as it
// is; native builds get neither.
// RUN: %hcc-rewrite --shared-lines %s -- -std=c++17 | FileCheck %s
// RUN: %hcc-rewrite %s -- -std=c++17 | FileCheck %s --check-prefix=NATIVE
// NATIVE-NOT: {{^[^/].*hcc_shared_line}}
#include <atomic>

std::atomic<bool> ready{false};
std::atomic<int> hits{0};
struct Stage {
  std::atomic<int> go;
};

void publish(Stage *s) {
  ready.store(true);
// CHECK: (hcc_shared_line(&(ready)), ready.store(true));
  ready = false;
// CHECK: (hcc_shared_line(&(ready)), ready = false);
  s->go.store(1, std::memory_order_release);
// CHECK: (hcc_shared_line(&(s->go)), s->go.store(1, std::memory_order_release));
  hits.store(3);
// CHECK: {{^}}  hits.store(3);
}

void wait_for(Stage *s) {
  while (!ready) {
  }
// CHECK: while (!(hcc_shared_line_poll(&(ready), "shared-polls-std.cpp:[[@LINE-2]]"), ready)) {
  while (s->go.load(std::memory_order_acquire) == 0) {
  }
// CHECK: while ((hcc_shared_line_poll(&(s->go), "shared-polls-std.cpp:[[@LINE-2]]"), s->go.load(std::memory_order_acquire)) == 0) {
}
