// C++: a task inside a function template or a class template's member is an
// error with a hint, not half-lowered code.
// RUN: not %hcc-rewrite %s -- -std=c++17 2>&1 | FileCheck %s
template <class T> void work(T *);

template <class T> void spawn(T *p) {
#pragma omp task
  work(p);
}

template <class T> struct Solver {
  void step(T *p) {
#pragma omp task
    work(p);
  }
};

// CHECK: diag-cxx-template.cpp:7:1: error: hccsim: tasks inside function templates are not lowered yet; move the task into a non-template function (it may call the template)
// CHECK: diag-cxx-template.cpp:13:1: error: hccsim: tasks inside member functions are not lowered yet; move the task into a free function and pass it what the task uses
