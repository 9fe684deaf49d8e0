// A file without mpi.h, compiled on its own or put in a static or shared
// library by hccsim, is privatised all the same: each rank counts its own calls and
// draws its own random sequence (every rank the same numbers, as in
// separate processes). What it cannot privatise is not a compile-time
// warning there (it may be in a program without MPI) but one line when a
// simulation of several ranks starts.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hccsim -fsimulate -c %S/Inputs/call_counter.c -o %t/call_counter.o 2>&1 | FileCheck %s --allow-empty --check-prefix=COMPILE
// COMPILE-NOT: warning
// RUN: %hccsim -fsimulate -c %s -o %t/main.o
// RUN: %hccsim -fsimulate %t/main.o %t/call_counter.o -o %t/objects.sim
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t/objects.sim 2>&1 | FileCheck %s
// RUN: llvm-ar-19 rcs %t/libcounter.a %t/call_counter.o
// RUN: %hccsim -fsimulate %t/main.o -L%t -lcounter -o %t/library.sim 2>&1 | FileCheck %s --allow-empty --check-prefix=COMPILE
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t/library.sim 2>&1 | FileCheck %s
// RUN: %hccsim -fsimulate -fPIC -shared %S/Inputs/call_counter.c -o %t/libsharedcounter.so
// RUN: %hccsim -fsimulate %t/main.o -L%t -lsharedcounter -Wl,-rpath,%t -o %t/shared.sim 2>&1 | FileCheck %s --allow-empty --check-prefix=COMPILE
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t/shared.sim 2>&1 | FileCheck %s
// An object compiled without hccsim shares its variables: its link says so.
// RUN: %clang -c %S/Inputs/call_counter.c -o %t/plain.o
// RUN: %hccsim -fsimulate %t/main.o %t/plain.o -o %t/plain.sim 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: hccsim: warning: {{.*}}plain.o was not compiled with hccsim -fsimulate: every rank of a simulation shares its variables calls, not_privatised, seed (compile it with hccsim -fsimulate)
// CHECK: hccsim: warning: call_counter.c:{{[0-9]+}}: 'not_privatised' is used inside the body of macro 'BUMP'
// CHECK: rank 0: calls=3 draw={{[0-9]+}} same=1
// CHECK: rank 3: calls=3 draw={{[0-9]+}} same=1
// CHECK: ranks=4
#include <mpi.h>
#include <stdio.h>

int count_call(void);
unsigned long long next_random(void);

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int calls = 0;
  unsigned long long draw = 0;
  for (int i = 0; i < 3; ++i) {
    calls = count_call();
    draw = next_random();
    MPI_Barrier(MPI_COMM_WORLD);  // the ranks interleave
  }
  unsigned long long first = draw;
  MPI_Bcast(&first, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  for (int r = 0; r < size; ++r) {
    if (r == rank) printf("rank %d: calls=%d draw=%llu same=%d\n", rank, calls, draw, draw == first);
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
