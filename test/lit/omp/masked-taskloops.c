// The OpenMP Examples' combined masked taskloops print what GCC's build
// prints, natively and simulated: clang 19 alone (libomp) runs no
// `masked taskloop` and gives `parallel masked|master taskloop` private
// copies of the arrays it writes (c[99] = 99, total 0); hccsim writes them
// as the nested directives they stand for (rewriter/masked-taskloops.c).
// Not %omp-check: that compares with clang's own build.
// RUN: %hccsim -fnative %s -o %t.native
// RUN: env OMP_NUM_THREADS=1 %t.native 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %t.native 2>&1 | FileCheck %s
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop %t.sim 2>&1 | FileCheck %s
// CHECK: c[99] = 198, 297, 396, 495; total 9900 at 2 threads, filter 1 ran 100
#include <omp.h>
#include <stdio.h>
#define N 100

int main(void) {
  int i, a[N], c[N], total = 0, by_one = 0, seen[4] = {0};
  for (i = 0; i < N; i++) {
    a[i] = 2 * i;
    c[i] = i;
  }
  int first, second, third, fourth;
#pragma omp parallel masked taskloop
  for (i = 0; i < N; i++) c[i] = a[i];
  first = c[N - 1];
#pragma omp parallel
#pragma omp masked taskloop simd
  for (i = 0; i < N; i++) c[i] = 3 * i;
  second = c[N - 1];
#pragma omp parallel master taskloop grainsize(10)
  for (i = 0; i < N; i++) c[i] = 4 * i;
  third = c[N - 1];
#pragma omp parallel masked taskloop simd reduction(+: total) num_threads(2) filter(1)
  for (i = 0; i < N; i++) {
    c[i] = 5 * i;
    total += a[i];
    seen[omp_get_num_threads() - 1] = 1;
  }
  fourth = c[N - 1];
#pragma omp parallel num_threads(2)
#pragma omp masked taskloop filter(1) reduction(+: by_one)
  for (i = 0; i < N; i++) by_one++;
  printf("c[99] = %d, %d, %d, %d; total %d at %d threads, filter 1 ran %d\n", first, second, third, fourth, total,
         seen[1] ? 2 : seen[0] ? 1 : 0, by_one);
  return 0;
}
