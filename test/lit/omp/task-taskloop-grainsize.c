// RUN: %omp-check %s
// taskloop grainsize / num_tasks (plain and strict): every iteration runs once, and the chunks obey the documented size and count rules.
#include <stdio.h>
#include <omp.h>

#define N 1000

static int owner[N]; /* first iteration of the task that ran iteration i */

static int chunks, mn, mx;

/* Count the chunks (runs of equal owner) and their smallest/largest size;
   returns 1 when every chunk starts with its own first iteration. */
static int stats(int lo, int step) {
  int len = 0, once = 1;
  chunks = 0, mn = N, mx = 0;
  for (int i = lo; i < N; i += step) {
    if (i == lo || owner[i] != owner[i - step]) {
      if (len) { mn = len < mn ? len : mn; mx = len > mx ? len : mx; }
      chunks++;
      len = 0;
      once &= owner[i] == i; /* a chunk starts with its own first iteration */
    }
    len++;
    once &= owner[i] >= 0; /* the iteration ran */
  }
  for (int i = 0; i < N; i++)
    owner[i] = -1;
  mn = len < mn ? len : mn;
  mx = len > mx ? len : mx;
  return once;
}

int main(void) {
  for (int i = 0; i < N; i++)
    owner[i] = -1;
#pragma omp parallel
#pragma omp single
  {
    int first = -1;
    /* plain grainsize: any chunk has >= 64 and < 128 iterations */
#pragma omp taskloop grainsize(64) firstprivate(first)
    for (int i = 0; i < N; i++) {
      if (first < 0)
        first = i;
      owner[i] = first;
    }
    int ok = stats(0, 1);
    printf("grainsize(64): chunk sizes in [64,128) %d\n", ok && mn >= 64 && mx < 128);

#pragma omp taskloop grainsize(strict: 50) firstprivate(first)
    for (int i = 0; i < N; i++) {
      if (first < 0)
        first = i;
      owner[i] = first;
    }
    ok = stats(0, 1);
    printf("grainsize(strict: 50): chunks %d min %d max %d ok %d\n", chunks, mn, mx, ok);

#pragma omp taskloop num_tasks(7) firstprivate(first)
    for (int i = 0; i < N; i++) {
      if (first < 0)
        first = i;
      owner[i] = first;
    }
    ok = stats(0, 1);
    printf("num_tasks(7): chunks %d ok %d\n", chunks, ok && mn >= 1);

    /* non-unit stride: 333 iterations in exactly 3 tasks */
#pragma omp taskloop num_tasks(strict: 3) firstprivate(first)
    for (int i = 1; i < N; i += 3) {
      if (first < 0)
        first = i;
      owner[i] = first;
    }
    ok = stats(1, 3);
    printf("num_tasks(strict: 3), stride 3: chunks %d ok %d\n", chunks, ok && mn >= 1);
  }
  return 0;
}
