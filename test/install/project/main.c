/* A C program with OpenMP tasks and dependencies, built by CMake or make with
 * CC=hccsim. Prints "c=42 cxx=55" (the C++ part is util.cpp). */
#include <stdio.h>

#include "util.h"

int main(void) {
  int a = 0, b = 0, c = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : a) shared(a)
    a = 20;
#pragma omp task depend(out : b) shared(b)
    b = 22;
#pragma omp task depend(in : a, b) depend(out : c) shared(a, b, c)
    c = a + b;
#pragma omp taskwait
  }
  printf("c=%d cxx=%d\n", c, cxx_sum(10));
  return 0;
}
