// The outlined function is placed before the enclosing function: a captured
// variable whose type is declared inside that function is an error.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s

void work(void *);

void f(void) {
  struct point { double x, y; } pts[4];
#pragma omp task shared(pts)
  work(pts);
}

// CHECK: diag-local-type.c:9:1: error: hccsim: variable 'pts' used in a task has a type declared inside a function; declare the type at file scope
