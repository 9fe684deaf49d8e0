// A file without tasks compiles and runs as it would without the plugin (it
// only gains the runtime's prelude, and a main gets hcc_init/hcc_shutdown).
// RUN: %clang -fplugin=%hccplugin -fopenmp -Wall -Werror -c %s -o %t.o
// RUN: %clang %t.o %hcc-rt-native -lstdc++ -lpthread -lm -o %t
// RUN: %t 7 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 3;
  long sum = 0;
  for (int i = 1; i <= n; ++i) sum += i * i;
  printf("sum of squares to %d: %ld\n", n, sum);
  return 0;
}

// CHECK: sum of squares to 7: 140
