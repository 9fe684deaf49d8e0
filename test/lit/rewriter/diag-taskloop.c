// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s

void work(int);

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    work(0);
    #pragma omp taskloop
    for (int i = 0; i < 4; ++i) work(i);
  }
  return 0;
}

// CHECK: diag-taskloop.c:11:5: error: hccsim: 'omp taskloop' inside a task region is not supported; create one task per block of iterations instead
