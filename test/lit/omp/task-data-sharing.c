// RUN: %omp-check %s
// shared, firstprivate and private on task: firstprivate captures the value at creation, shared writes are seen after taskwait, private starts fresh.
#include <stdio.h>
#include <omp.h>

int main(void) {
  int s = 0, fp = 5, pv = 7;
  int seen_fp[4], seen_pv[4];

#pragma omp parallel
#pragma omp single
  {
    for (int k = 0; k < 4; k++) {
#pragma omp task shared(s, seen_fp) firstprivate(fp, k) depend(inout: s)
      {
        seen_fp[k] = fp;   /* value of fp when the task was created */
        fp += 1000;        /* local copy only */
        s += fp;
      }
      fp += 1;             /* the next task gets the next value */
    }
#pragma omp task private(pv) shared(seen_pv)
    {
      pv = 40;             /* private copy, uninitialised on entry */
      for (int k = 0; k < 4; k++)
        seen_pv[k] = pv + k;
    }
#pragma omp taskwait
    printf("fp after tasks %d (outer copy untouched by tasks)\n", fp);
    printf("pv after tasks %d\n", pv);
  }

  printf("s %d\n", s);
  printf("seen_fp %d %d %d %d\n", seen_fp[0], seen_fp[1], seen_fp[2], seen_fp[3]);
  printf("seen_pv %d %d %d %d\n", seen_pv[0], seen_pv[1], seen_pv[2], seen_pv[3]);

  /* implicit data-sharing: a variable local to parallel is firstprivate in the task */
  int res[3] = {0, 0, 0};
#pragma omp parallel shared(res)
#pragma omp single
  {
    int local = 11;
#pragma omp task shared(res)
    res[0] = local * 2; /* local is implicitly firstprivate */
    local = 99;
#pragma omp taskwait
    res[1] = local;
    res[2] = s;         /* s is shared in the region, hence shared in the task */
  }
  printf("res %d %d %d\n", res[0], res[1], res[2]);
  return 0;
}
