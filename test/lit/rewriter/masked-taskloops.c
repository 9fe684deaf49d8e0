// The combined constructs with a masked or master taskloop that clang 19
// compiles wrong (no code at all for `masked taskloop`; the loop's
// variables firstprivate, not shared, in `parallel masked|master
// taskloop`) are written as the nested directives they stand for, their
// clauses on the leaves OpenMP says: num_threads, proc_bind and `if(parallel:)`
// on parallel, filter on masked, the rest on taskloop; shared and an `if`
// without modifier on both; the private, firstprivate, lastprivate and
// reduction variables shared in the parallel region; default(none) on the
// taskloop only. A clause's privatised variable stays rewritten. The lines
// after the directive keep their numbers.
// RUN: %hcc-rewrite --privatize %s -- | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite %s -- 2>&1 >/dev/null | FileCheck %s --check-prefix=MACRO
int chunks;

void sweep(int n, double *x, double *y, double *out) {
  double sum = 0;
  int last = 0, k;
#pragma omp parallel masked taskloop simd num_threads(4) filter(1) if(n > 10) grainsize(8) reduction(+: sum) \
    lastprivate(last) private(k) shared(x, n) firstprivate(y) default(none) proc_bind(close)
  for (int i = 0; i < n; i++) {
    k = i;
    sum += x[i] * y[i];
    last = k;
  }
// CHECK: #pragma omp parallel num_threads(4) if(n > 10) shared(x, n) proc_bind(close) shared(sum, last, k, y)
// CHECK-NEXT: #pragma omp masked filter(1)
// CHECK-NEXT: #line 19 "{{.*}}masked-taskloops.c"
// CHECK-NEXT: #pragma omp taskloop simd if(n > 10) grainsize(8) reduction(+: sum) lastprivate(last) private(k) shared(x, n) firstprivate(y) default(none)
// CHECK-NEXT: for (int i = 0; i < n; i++) {
#pragma omp parallel
#pragma omp masked taskloop if(taskloop: n > 2) num_tasks(chunks)
  for (int i = 0; i < n; i++) out[i] = sum;
// CHECK: #pragma omp parallel
// CHECK-NEXT: #pragma omp masked
// CHECK-NEXT: #line 31 "{{.*}}masked-taskloops.c"
// CHECK-NEXT: #pragma omp taskloop if(taskloop: n > 2) num_tasks(HCC_PRIVATE(chunks))
#pragma omp parallel master taskloop if(parallel: n > 100) nogroup
  for (int i = 0; i < n; i++) out[i] += last;
// CHECK: #pragma omp parallel if(parallel: n > 100)
// CHECK-NEXT: #pragma omp master
// CHECK-NEXT: #line 37 "{{.*}}masked-taskloops.c"
// CHECK-NEXT: #pragma omp taskloop nogroup
#pragma omp parallel
#pragma omp master taskloop
  for (int i = 0; i < n; i++) out[i] *= 2;
// CHECK: #pragma omp master taskloop
}

#define SWEEP(n, out) _Pragma("omp parallel masked taskloop") for (int i = 0; i < n; i++) out[i] = 0;
void clear(int n, double *out) { SWEEP(n, out) }
// MACRO: masked-taskloops.c:[[@LINE-1]]:{{[0-9]+}}: warning: hccsim: 'parallel masked taskloop' written by a macro is compiled as clang 19 compiles it, with the loop's variables firstprivate, not shared (hint: write it as nested directives, parallel, masked and taskloop)
