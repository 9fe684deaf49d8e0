// What hccsim's OpenMP runtime does not implement is an error with a hint
// where it is written (never a link error nor a different meaning); what it
// implements passes without one.
// RUN: not %hcc-rewrite %s -- -fopenmp-version=52 2>&1 | FileCheck %s --implicit-check-not=error:
void work(int *);

void f(int *p, int n) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
#pragma omp task
    {
#pragma omp cancel taskgroup
      work(p);
    }
#pragma omp task depend(inout: omp_all_memory)
    work(p);
  }
#pragma omp parallel for ordered(1)
  for (int i = 1; i < n; ++i) {
#pragma omp ordered depend(sink: i - 1)
    p[i] += p[i - 1];
#pragma omp ordered doacross(source:)
  }
  int s = 0;
#pragma omp parallel reduction(task, +: s)
  s += p[0];
#pragma omp teams distribute parallel for num_teams(2)
  for (int i = 0; i < n; ++i)
    p[i] = i;
#pragma omp target map(tofrom: p[0:n])
  work(p);
}

// CHECK: diag-unsupported.c:32:1: error: hccsim: offloading constructs are not implemented; give GPU kernels to tasks with '#pragma hcc task impl(cuda: fn)'
