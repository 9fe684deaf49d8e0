// RUN: %omp-check %s
// Checks reductions on a parallel construct with + * - & | ^ over int, using per-thread contributions.
#include <omp.h>
#include <stdio.h>

int main(void) {
  int sum = 100, prod = 3, diff = 10;
  int band = ~0, bor = 0, bxor = 0x5a;
  int nthreads = 0;

#pragma omp parallel reduction(+ : sum) reduction(* : prod) reduction(- : diff) \
    reduction(& : band) reduction(| : bor) reduction(^ : bxor)
  {
    int tid = omp_get_thread_num();
    sum += tid + 1;
    prod *= 2;
    diff += 5;          /* '-' reduction combines partial results with '+' */
    band &= ~(1 << tid);
    bor |= 1 << tid;
    bxor ^= 1 << tid;
    if (tid == 0)
      nthreads = omp_get_num_threads();
  }

  int n = nthreads;
  int mask = (1 << n) - 1;
  printf("sum ok: %d\n", sum == 100 + n * (n + 1) / 2);
  printf("prod ok: %d\n", prod == 3 * (1 << n));
  printf("diff ok: %d\n", diff == 10 + 5 * n);
  printf("and ok: %d\n", band == ~mask);
  printf("or ok: %d\n", bor == mask);
  printf("xor ok: %d\n", bxor == (0x5a ^ mask));

  /* contributions that do not depend on the team size */
  int s2 = 0, x2 = 0, o2 = 0, a2 = 0xff;
#pragma omp parallel reduction(+ : s2) reduction(^ : x2) reduction(| : o2) reduction(& : a2)
  {
#pragma omp single
    {
      s2 += 12345;
      x2 ^= 0x0f0f;
      o2 |= 0x30;
      a2 &= 0x3c;
    }
  }
  printf("s2=%d x2=0x%x o2=0x%x a2=0x%x\n", s2, x2, o2, a2);
  return 0;
}
