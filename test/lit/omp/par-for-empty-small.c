// RUN: %omp-check %s
// Checks empty loops, one-iteration loops and loops with fewer iterations than threads under several schedules.
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  (void)argv;
  int n0 = argc - 1; /* 0, not known at compile time */
  int c_empty = 0, c_rev = 0, c_one = 0, c_two = 0, c_three = 0;
  int last = -5;
  int hits[3] = {0, 0, 0};

#pragma omp parallel
  {
#pragma omp for reduction(+ : c_empty)
    for (int i = 0; i < n0; i++)
      c_empty++;
#pragma omp for reduction(+ : c_rev) schedule(dynamic)
    for (int i = 10; i < 5; i++)
      c_rev++;
#pragma omp for reduction(+ : c_one) schedule(guided)
    for (int i = 0; i < 1; i++)
      c_one++;
#pragma omp for reduction(+ : c_two) schedule(static, 1)
    for (int i = 0; i < 2; i++)
      c_two++;
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 3; i++) {
#pragma omp atomic
      hits[i]++;
    }
  }

  /* lastprivate on an empty loop leaves the original value alone */
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < n0; i++)
    last = i;

#pragma omp parallel for reduction(+ : c_three) schedule(static)
  for (int i = 0; i < 3; i++)
    c_three += i + 1;

  printf("empty: %d\n", c_empty);
  printf("reversed bounds: %d\n", c_rev);
  printf("one iteration: %d\n", c_one);
  printf("two iterations: %d\n", c_two);
  printf("three hits: %d %d %d\n", hits[0], hits[1], hits[2]);
  printf("lastprivate after empty loop: %d\n", last);
  printf("three iterations sum: %d\n", c_three);
  return 0;
}
