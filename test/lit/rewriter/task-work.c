// A task without `#pragma hcc params` whose body a simulation skips gets the
// parameter `work`: the iterations of its body's loops, counted where the
// task is created (their bounds through a called function's parameters
// too, and through the body's own variables to their initialisers), so its
// model is keyed and fitted on its size. None where a bound reads what the
// task may find changed (an array element, through a pointer, a variable
// the body assigns), where a loop does not
// count (a `while`), or where the body calls a function the compiler does
// not see; none for a body that runs in a simulation (it creates tasks).
// RUN: %hcc-rewrite %s -- -fopenmp | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite %s -- -fopenmp > %t.c
// RUN: %clang -fsyntax-only -fopenmp -Wall -Werror -Wno-unknown-pragmas -I%hcc-rt-include %t.c
// RUN: %clang -fsyntax-only -fopenmp -Wall -Werror -Wno-unknown-pragmas -DHCC_CAPTURE_PARAMS -I%hcc-rt-include %t.c
double sqrt(double);
void elsewhere(double *a, int n);
struct block { int n; };

static void scale(double *a, int n, int m) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) a[i * m + j] *= 2;
}

static void halve(double *a, int n) {
  n = n / 2;
  for (int i = 0; i < n; i++) a[i] *= 0.5;
}

void tasks(double *a, int nb, int bs, int m, const int *sizes, struct block blk, struct block *p) {
  for (int b = 0; b < nb; b++) {
#pragma omp task firstprivate(b)
    for (int i = 0; i < bs; i++) a[b * bs + i] = sqrt(a[b * bs + i]);
// CHECK: static const char *const __hcc_pn0[] = {"work"};
// CHECK: const double __hcc_pv0[] = {(double)(hcc_loop_trip((double)(0), (double)(bs), 1, 0))};
#pragma omp task firstprivate(b)
    scale(&a[b * bs], bs, m + 1);
// CHECK: const double __hcc_pv1[] = {(double)(hcc_loop_trip((double)(0), (double)((bs)), 1, 0) * (hcc_loop_trip((double)(0), (double)((m + 1)), 1, 0)))};
#pragma omp task
    for (int i = 0; i < blk.n; i += 4) a[i] = 0;
// CHECK: const double __hcc_pv2[] = {(double)(hcc_loop_trip((double)(0), (double)(blk.n), 4, 0))};
#pragma omp task firstprivate(b)
    for (int i = 0; i < sizes[b]; i++) a[i] = 0;
// CHECK: static const hcc_omp_task_info __hcc_ti3 = {"task-work.c:[[@LINE-2]]", "task-work.c", [[@LINE-2]], 0, 0, 0,
#pragma omp task
    for (int i = 0; i < p->n; i++) a[i] = 0;
// CHECK: static const hcc_omp_task_info __hcc_ti4 = {"task-work.c:[[@LINE-2]]", "task-work.c", [[@LINE-2]], 0, 0, 0,
#pragma omp task
    {
      int half = bs / 2;
      for (int i = 0; i < half; i++) a[i] = 0;
    }
// CHECK: const double __hcc_pv5[] = {(double)(hcc_loop_trip((double)(0), (double)((bs / 2)), 1, 0))};
#pragma omp task
    halve(a, bs);
// CHECK: static const hcc_omp_task_info __hcc_ti6 = {"halve", "task-work.c", [[@LINE-2]], 0, 0, 0,
#pragma omp task
    {
      int i = 0;
      while (i < bs) a[i++] = 0;
    }
// CHECK: static const hcc_omp_task_info __hcc_ti7 = {"task-work.c:[[@LINE-5]]", "task-work.c", [[@LINE-5]], 0, 0, 0,
#pragma omp task
    {
      for (int i = 0; i < bs; i++) a[i] = 0;
      elsewhere(a, bs);
    }
// CHECK: static const hcc_omp_task_info __hcc_ti8 = {"task-work.c:[[@LINE-5]]", "task-work.c", [[@LINE-5]], 0, 0, 0,
#pragma omp task
#pragma hcc params(rows = bs)
    scale(a, bs, m);
// CHECK: static const char *const __hcc_pn9[] = {"rows"};
#pragma omp task
    {
#pragma omp task
      scale(a, bs, m);
    }
// CHECK: static const hcc_omp_task_info __hcc_ti10 = {"task-work.c:[[@LINE-5]]", "task-work.c", [[@LINE-5]], HCC_CODELET_CONTROL, 0, 0,
// CHECK: static const hcc_omp_task_info __hcc_ti11 = {"scale", "task-work.c", [[@LINE-4]], 0, 1, __hcc_pn11,
#pragma omp task
    {
      int rows = bs;
      rows -= 1;
      for (int i = 0; i < rows; i++) a[i] = 0;
    }
// CHECK: static const hcc_omp_task_info __hcc_ti12 = {"task-work.c:[[@LINE-6]]", "task-work.c", [[@LINE-6]], 0, 0, 0,
  }
}
