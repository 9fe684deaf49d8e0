// RUN: %omp-check %s
// The task reduction modifier: tasks created in a parallel region or a
// worksharing loop with reduction(task, ...) contribute to the construct's
// reduction through in_reduction, beside the threads' own contributions.
#include <omp.h>
#include <stdio.h>

int main(void) {
  long sum = 0;
  double prod = 1.0;
#pragma omp parallel reduction(task, + : sum) reduction(task, * : prod)
  {
    sum += 1; /* each thread's own contribution */
#pragma omp single
    for (int i = 1; i <= 100; i++) {
#pragma omp task in_reduction(+ : sum) in_reduction(* : prod) firstprivate(i)
      {
        sum += i;
        if (i <= 10)
          prod *= 2.0;
      }
    }
  }
  long loop = 0;
#pragma omp parallel
  {
#pragma omp for reduction(task, + : loop)
    for (int i = 0; i < 200; i++) {
      if (i % 2 == 0) {
#pragma omp task in_reduction(+ : loop) firstprivate(i)
        loop += i;
      } else {
        loop += i;
      }
    }
#pragma omp for reduction(task, + : loop)
    for (int i = 0; i < 10; i++) {
#pragma omp task in_reduction(+ : loop)
      loop += 1000;
    }
  }
  printf("sum - threads: %ld\n", sum - omp_get_max_threads());
  printf("prod: %.0f\n", prod);
  printf("loop: %ld\n", loop);
  return 0;
}
