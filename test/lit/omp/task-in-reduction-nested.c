// RUN: %omp-check %s
// Nested task_reduction: an inner taskgroup's in_reduction tasks contribute both to the inner and to the enclosing outer reduction.
#include <stdio.h>
#include <omp.h>

int main(void) {
  long outer = 0;
  long inner_res[4] = {0, 0, 0, 0};
  int mx = 0;

#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: outer) task_reduction(max: mx)
    {
      for (int g = 0; g < 4; g++) {
#pragma omp task in_reduction(+: outer) in_reduction(max: mx) firstprivate(g) shared(inner_res)
        {
          long inner = 0;
          outer += 1; /* participates in every reduction its children join */
#pragma omp taskgroup task_reduction(+: inner)
          {
            for (int i = 1; i <= 10; i++) {
              /* contributes to the inner group and to the outer one */
#pragma omp task in_reduction(+: inner, outer) in_reduction(max: mx) firstprivate(g, i)
              {
                inner += g * 100 + i;
                outer += i;
                mx = mx > g * 10 + i ? mx : g * 10 + i;
              }
            }
          }
          inner_res[g] = inner; /* inner reduction complete here */
        }
      }
    }
    printf("after outer group: outer %ld mx %d\n", outer, mx);
  }
  printf("inner %ld %ld %ld %ld\n", inner_res[0], inner_res[1], inner_res[2], inner_res[3]);
  printf("ok %d\n", outer == 4 + 4 * 55 && inner_res[3] == 3055 && mx == 40);
  return 0;
}
