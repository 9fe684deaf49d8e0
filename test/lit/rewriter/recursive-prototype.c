// A task body that calls its enclosing function gets a prototype before the
// outlined function, and calls of task-creating functions make it control code.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s

int fib(int n) {
  int x, y;
  if (n < 2) return n;
#pragma omp task shared(x)
  x = fib(n - 1);
#pragma omp task shared(y)
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

// CHECK:      int fib(int n);
// CHECK-NEXT: struct __hcc_task_1_args {
// CHECK:        (*__hcc_a->x) = fib(n - 1);
// CHECK:      {"recursive-prototype.c:8", __hcc_task_1, NULL, 0, NULL, HCC_CODELET_CONTROL};
