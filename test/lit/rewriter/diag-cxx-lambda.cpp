// C++: a task inside a generic lambda (a template) is an error with a hint;
// one inside a lambda at namespace scope too (no function lowers it).
// RUN: not %hcc-rewrite %s -- -std=c++17 2>&1 | FileCheck %s
// RUN: not %hcc-rewrite %s -- -std=c++17 -DGLOBAL 2>&1 | FileCheck %s --check-prefix=GLOBAL
void work(double *);

#ifndef GLOBAL
void f(double *p) {
  auto spawn = [p](auto n) {
#pragma omp task
    work(p + n);
  };
  spawn(1);
}
#else
auto spawn = [](double *p) {
#pragma omp task
  work(p);
};
#endif

// CHECK: diag-cxx-lambda.cpp:10:1: error: hccsim: tasks inside generic lambdas are not lowered yet; give the lambda's parameters types or move the task into a function
// CHECK: 1 error generated.
// GLOBAL: diag-cxx-lambda.cpp:17:1: error: hccsim: this task construct is not inside a function hccsim lowers; move it into a function body
