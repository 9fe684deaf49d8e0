// RUN: %omp-check %s
// Checks sections with private, lastprivate, reduction and nowait: each section runs exactly once.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int runs[4] = {0, 0, 0, 0};
  int lp = -1, sum = 0, prod = 1;
  int after_nowait = 0, nthreads = 0;

#pragma omp parallel shared(runs, lp, sum, prod, after_nowait, nthreads)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
#pragma omp sections lastprivate(lp) reduction(+ : sum) reduction(* : prod)
    {
#pragma omp section
      {
        runs[0]++;
        lp = 10;
        sum += 1;
        prod *= 2;
      }
#pragma omp section
      {
        runs[1]++;
        lp = 20;
        sum += 10;
        prod *= 3;
      }
#pragma omp section
      {
        runs[2]++;
        lp = 30; /* lexically last section: its value is kept */
        sum += 100;
        prod *= 5;
      }
    }
#pragma omp sections nowait
    {
#pragma omp section
      runs[3]++;
    }
#pragma omp atomic
    after_nowait++;
  }

  printf("runs: %d %d %d %d\n", runs[0], runs[1], runs[2], runs[3]);
  printf("lastprivate: %d\n", lp);
  printf("sum: %d prod: %d\n", sum, prod);
  printf("all threads passed the nowait sections: %d\n", after_nowait == nthreads);
  return 0;
}
