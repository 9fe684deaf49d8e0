// C++: task arguments are copied bytewise, so a firstprivate object that is
// not trivially copyable is an error that says what to do.
// RUN: not %hcc-rewrite %s -- -std=c++17 2>&1 | FileCheck %s
#include <string>
void log(const std::string &);

void f() {
  std::string label = "step";
#pragma omp task firstprivate(label)
  log(label);
}

// CHECK: diag-cxx-nontrivial.cpp:9:1: error: hccsim: firstprivate variable 'label' of type 'std::string' is not trivially copyable (task arguments are copied bytewise); make it shared(label) or capture a pointer to it
