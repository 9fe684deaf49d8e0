// RUN: %omp-check %s
// Checks default(none), shared, private and firstprivate clauses on a parallel construct.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int shared_count = 0;
  int fp = 42;
  int priv = 7;
  int fp_ok = 1, priv_isolated = 1;
  int results[64] = {0};
  int nthreads = 0;

#pragma omp parallel default(none) shared(shared_count, fp_ok, priv_isolated, results, nthreads) \
    firstprivate(fp) private(priv)
  {
    int tid = omp_get_thread_num();
    if (fp != 42)
      fp_ok = 0;
    fp += tid;     /* modifies only this thread's copy */
    priv = tid * 3;
#pragma omp barrier
    if (priv != tid * 3 || fp != 42 + tid)
      priv_isolated = 0;
    if (tid < 64)
      results[tid] = priv + fp;
#pragma omp atomic
    shared_count++;
#pragma omp single
    nthreads = omp_get_num_threads();
  }

  int res_ok = 1;
  for (int t = 0; t < nthreads && t < 64; t++)
    if (results[t] != t * 4 + 42)
      res_ok = 0;
  printf("firstprivate initialised: %d\n", fp_ok);
  printf("private copies isolated: %d\n", priv_isolated);
  printf("original firstprivate var unchanged: %d\n", fp);
  printf("original private var unchanged: %d\n", priv);
  printf("shared count == nthreads: %d\n", shared_count == nthreads);
  printf("per-thread results ok: %d\n", res_ok);
  return 0;
}
