// Instrumented and simulated builds (--shared-lines): hcc_shared_line(&x) before each `#pragma omp atomic` on x (its
// line's moves charged), hcc_shared_line_read(&x, "file:line") before one that reads x into the program (capture: an
// entry into the runtime), hcc_shared_line_load for one that only reads it; none in native builds, none for a directive
// written by a macro (no line of its own) or on an x with side effects (evaluated once).
// RUN: %hcc-rewrite --shared-lines %s -- | FileCheck %s
// RUN: %hcc-rewrite --simulate %s -- | FileCheck %s --check-prefix=NATIVE
// RUN: %hcc-rewrite %s -- | FileCheck %s --check-prefix=NATIVE
// NATIVE-NOT: {{^}}{ hcc_shared_line
struct point { double x, y; };
long counter;
double sums[8];
#define ATOMIC_INC(v) _Pragma("omp atomic") (v)++

void f(int i, struct point *p) {
  long seen;
#pragma omp atomic
  counter += 2;
// CHECK: { hcc_shared_line(&(counter));
// CHECK-NEXT: #line 16
// CHECK-NEXT: #pragma omp atomic
// CHECK-NEXT:   counter += 2;
// CHECK-NEXT: }
#pragma omp atomic update
  sums[i % 8] += 1.0;
// CHECK: { hcc_shared_line(&(sums[i % 8]));
#pragma omp atomic capture
  seen = counter++;
// CHECK: { hcc_shared_line_read(&(counter), "shared-atomics.c:[[@LINE-2]]");
#pragma omp atomic read
  seen = counter;
// CHECK: { hcc_shared_line_load(&(counter), "shared-atomics.c:[[@LINE-2]]");
#pragma omp atomic write
  p->y = 0.5;
// CHECK: { hcc_shared_line(&(p->y));
  if (i)
#pragma omp atomic
    counter--;
// CHECK: if (i)
// CHECK-NEXT: { hcc_shared_line(&(counter));
  ATOMIC_INC(counter);
// CHECK: ATOMIC_INC(counter);
#pragma omp atomic
  sums[i++ % 8] += 1.0;
// CHECK-NOT: hcc_shared_line(&(sums[i++
// CHECK: sums[i++ % 8] += 1.0;
  (void)seen;
}
