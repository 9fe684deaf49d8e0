// RUN: %omp-check %s
// if(0) tasks are undeferred: the creator resumes only after the task finished, and with depend the task first waits for its predecessors.
#include <stdio.h>
#include <omp.h>

int main(void) {
  int x = 0, y = 0;
  int immediate = -1, after_dep = -1, nested = -1;

#pragma omp parallel
#pragma omp single
  {
    /* no depend: result visible right after the construct */
#pragma omp task if(0) shared(x)
    x = 11;
    immediate = x;

    /* deferred writers of y, then an undeferred reader depending on them */
    for (int k = 1; k <= 5; k++) {
#pragma omp task depend(inout: y) shared(y) firstprivate(k)
      y = y * 10 + k;
    }
#pragma omp task if(0) depend(in: y) shared(y, after_dep)
    after_dep = y; /* all five writers are done */

    /* an undeferred writer, later tasks depend on it */
#pragma omp task if(0) depend(inout: x) shared(x)
    x += 100;
#pragma omp task depend(in: x) shared(x, nested)
    nested = x * 2;

    /* an undeferred task that creates deferred children and waits */
    int kids = 0;
#pragma omp task if(0) shared(kids)
    {
      for (int k = 0; k < 4; k++) {
#pragma omp task shared(kids)
        {
#pragma omp atomic
          kids++;
        }
      }
#pragma omp taskwait
    }
    printf("kids %d\n", kids);

    /* if evaluated at run time */
    int runtime = 0;
    for (int k = 0; k < 4; k++) {
#pragma omp task if(k % 2) depend(inout: runtime) shared(runtime) firstprivate(k)
      runtime = runtime * 3 + k;
    }
#pragma omp taskwait
    printf("runtime %d\n", runtime);
  }
  printf("immediate %d after_dep %d x %d nested %d\n", immediate, after_dep, x, nested);
  return 0;
}
