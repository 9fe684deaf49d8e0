// C++: a task inside a lambda is an error with a hint; a lambda without tasks
// inside a task-creating function is fine.
// RUN: not %hcc-rewrite %s -- -std=c++17 2>&1 | FileCheck %s
void work(double *);

void f(double *p) {
  auto twice = [](int v) { return 2 * v; };
  (void)twice(1);
  auto spawn = [p]() {
#pragma omp task
    work(p);
  };
  spawn();
}

// CHECK: diag-cxx-lambda.cpp:10:1: error: hccsim: tasks inside lambdas are not lowered yet; move the task into the enclosing function or a free function
// CHECK: 1 error generated.
