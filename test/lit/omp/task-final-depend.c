// RUN: %omp-check %s
// A task with final(1) is itself deferred and waits for its dependences (only the tasks it creates are included): a chain whose every other link is final sums in order.
#include <stdio.h>
#include <omp.h>

#define NB 64

static double slow_value(int b) {
  volatile double s = 0; /* long enough that a link run early would read -1 */
  for (int k = 0; k < 20000; k++)
    s = s + 1e-9;
  return 100 + b + s * 0;
}

int main(void) {
  double stage[NB];
  int in_final[NB];
  for (int b = 0; b < NB; b++)
    stage[b] = -1, in_final[b] = -1;
#pragma omp parallel
#pragma omp single
  {
    for (int b = 0; b < NB; b++) {
#pragma omp task depend(out: stage[b]) firstprivate(b) shared(stage)
      stage[b] = slow_value(b);
      if (b > 0) {
#pragma omp task depend(in: stage[b - 1]) depend(inout: stage[b]) firstprivate(b) shared(stage, in_final) final(b % 2)
        {
          stage[b] += stage[b - 1] * 1e-3;
          in_final[b] = omp_in_final();
        }
      }
    }
  }
  int finals = 0;
  for (int b = 1; b < NB; b++)
    finals += in_final[b];
  printf("stage %.9f finals %d\n", stage[NB - 1], finals);
  return 0;
}
