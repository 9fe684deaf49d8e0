// C++: tasks inside member functions (in the class or out of it) are an
// error with a hint.
// RUN: not %hcc-rewrite %s -- -std=c++17 2>&1 | FileCheck %s
void work(double *);

struct Grid {
  double *cells;
  void relax();
  void sweep() {
#pragma omp task
    work(cells);
  }
};

void Grid::relax() {
#pragma omp taskwait
}

// CHECK: diag-cxx-member.cpp:10:1: error: hccsim: tasks inside member functions are not lowered yet; move the task into a free function and pass it what the task uses
// CHECK: diag-cxx-member.cpp:16:1: error: hccsim: tasks inside member functions are not lowered yet; move the task into a free function and pass it what the task uses
