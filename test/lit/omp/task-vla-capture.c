// RUN: %omp-check %s
// Variable-length arrays captured by tasks: the size is firstprivate, the VLA (1-D and 2-D) is shared, and depend items index into it.
#include <stdio.h>
#include <omp.h>

static long run(int n) {
  int v[n];
  int m[n][n];
  long total = 0;

#pragma omp parallel shared(v, m, total) firstprivate(n)
#pragma omp single
  {
    for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(i, n) shared(v) depend(out: v[i])
      v[i] = (i * 5) % n + 1;
    }
    for (int i = 0; i < n; i++) {
      /* row i of m needs v[i] */
#pragma omp task firstprivate(i, n) shared(v, m) depend(in: v[i]) depend(out: m[i][0:n])
      for (int j = 0; j < n; j++)
        m[i][j] = v[i] * (j + 1);
    }
    for (int i = 1; i < n; i++) {
#pragma omp task firstprivate(i, n) shared(m) depend(in: m[i - 1][0:n]) depend(inout: m[i][0:n])
      for (int j = 0; j < n; j++)
        m[i][j] += m[i - 1][j] % 7;
    }
#pragma omp taskwait
    /* a VLA local to the creating block, explicitly shared; the taskwait
       keeps it alive until the reading task is done */
    int w[n];
    for (int i = 0; i < n; i++)
      w[i] = i;
#pragma omp task firstprivate(n) shared(w, total, m)
    {
      long s = 0;
      for (int i = 0; i < n; i++)
        s += w[i] * m[i][n - 1];
      total = s;
    }
#pragma omp taskwait
  }
  /* sequential check */
  int r[n][n];
  long ref = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      r[i][j] = ((i * 5) % n + 1) * (j + 1) + (i > 0 ? r[i - 1][j] % 7 : 0);
  for (int i = 0; i < n; i++)
    ref += i * r[i][n - 1];
  return total == ref ? total : -1;
}

int main(void) {
  for (int n = 3; n <= 30; n += 9)
    printf("n %d total %ld\n", n, run(n));
  return 0;
}
