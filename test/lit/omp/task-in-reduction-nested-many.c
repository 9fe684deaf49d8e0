// RUN: %omp-check %s
// Nested in_reduction under contention: the children of in_reduction tasks
// name their parent's private copy of the outer item, and many of them run
// at once on other threads; each must add into its own thread's copy.
#include <stdio.h>
#include <omp.h>

#define PARENTS 8
#define CHILDREN 2000

int main(void) {
  long outer = 0;

#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: outer)
    {
      for (int g = 0; g < PARENTS; g++) {
#pragma omp task in_reduction(+: outer)
        {
          outer += 1;
#pragma omp taskgroup
          {
            for (int i = 0; i < CHILDREN; i++) {
#pragma omp task in_reduction(+: outer)
              {
                for (int k = 0; k < 50; k++) outer += 1;
              }
            }
          }
        }
      }
    }
  }
  printf("outer %ld\n", outer);
  printf("ok %d\n", outer == PARENTS + (long)PARENTS * CHILDREN * 50);
  return 0;
}
