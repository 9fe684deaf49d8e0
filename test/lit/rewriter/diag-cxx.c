// Tasks in C++ are not lowered yet: an error, not half-lowered code.
// RUN: not %hcc-rewrite %s -- -x c++ 2>&1 | FileCheck %s

void work(int);

void f() {
#pragma omp task
  work(1);
}

// CHECK: diag-cxx.c:7:1: error: hccsim: lowering tasks in C++ is not supported yet; compile this file as C
