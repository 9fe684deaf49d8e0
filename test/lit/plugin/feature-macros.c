// The runtime's prelude goes above a program's first line, before its
// feature-test macros: it must not settle them. A C11 program that asks for
// _GNU_SOURCE gets the GNU declarations (<features.h> is read after the
// #define), with and without tasks in the file.
// RUN: %clang -fplugin=%hccplugin -fopenmp -std=c11 -Wall -Werror -c %s -o %t.o
// RUN: %clang %t.o %hcc-rt-native -lstdc++ -lpthread -lm -o %t
// RUN: %t | FileCheck %s
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <sys/mman.h>

#if !defined(MADV_HUGEPAGE) || !defined(CPU_SETSIZE)
#error "_GNU_SOURCE was settled before the program defined it"
#endif

int main(void) {
  int x = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    x = CPU_SETSIZE > 0 && MADV_HUGEPAGE > 0;
  }
  printf("gnu declarations: %d\n", x);
  return 0;
}

// CHECK: gnu declarations: 1
