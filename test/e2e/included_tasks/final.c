/* A final task whose 1,000 children are included: each runs when it is
 * created, on its creating thread (OpenMP's final clause). */
#include <stdio.h>

int main(void) {
  int ran = 0;
#pragma omp parallel
#pragma omp single
#pragma omp task final(1) shared(ran)
  for (int i = 0; i < 1000; ++i) {
#pragma omp task shared(ran)
    ran += 1; /* included: never two at once */
  }
  printf("included=%d\n", ran);
  return 0;
}
