// End to end: every rank writes its own value into each privatised form (a
// global, a file-scope static, a function-local static, an extern global
// defined in another file, a __thread variable) and into a global that the
// workers of its OpenMP team update, then reads back its own; a build with
// privatisation off mixes ranks, which shows privatisation is what makes
// the program right.
// RUN: %hccsim -fsimulate -Wall -Werror %s %S/Inputs/other-unit.c -o %t.sim
// RUN: %hccsim-run -np 1 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=NP1
// RUN: %hccsim-run -np 2 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=NP2
// RUN: %hccsim-run -np 4 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=NP4
// RUN: %hccsim-run -np 16 --platform cluster-64x16 %t.sim 2>&1 | FileCheck %s --check-prefix=NP16
// NP1: 1 of 1 ranks read back their own values
// NP1: hccsim: mode=simulate makespan={{[0-9.]+}} tasks={{[0-9]+}} workers=16 peak_mem={{[0-9]+}} ranks=1 bursts={{[0-9.]+}}
// NP2: 2 of 2 ranks read back their own values
// NP4: 4 of 4 ranks read back their own values
// NP16: 16 of 16 ranks read back their own values
// NP16: ranks=16
// RUN: %hccsim -fsimulate -fno-hcc-privatize %s %S/Inputs/other-unit.c -o %t.shared
// RUN: not %hccsim-run -np 4 --platform cluster-64x16 %t.shared 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: {{[0-3]}} of 4 ranks read back their own values
#include <mpi.h>
#include <omp.h>
#include <stdio.h>

int global_value = 10;
static int file_static;
__thread int tls_value;
extern int other_unit;
int other_unit_read(void);
int team_sum;

static int next_call(void) {
  static int calls = 0;
  return ++calls;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  global_value += rank;
  file_static = 100 * rank;
  tls_value = 1000 * rank;
  other_unit = 7 * rank;
  for (int i = 0; i < rank; ++i) next_call();
  int threads = 0;
#pragma omp parallel
  {
#pragma omp atomic
    team_sum += rank + 1;
#pragma omp single
    threads = omp_get_num_threads();
  }
  // Every rank's writes are done before any reads back.
  MPI_Barrier(MPI_COMM_WORLD);
  const int calls = next_call();
  const int ok = global_value == 10 + rank && file_static == 100 * rank && tls_value == 1000 * rank &&
                 other_unit_read() == 7 * rank && calls == rank + 1 && team_sum == threads * (rank + 1);
  int all = 0;
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) printf("%d of %d ranks read back their own values\n", all, size);
  MPI_Finalize();
  return all == size ? 0 : 1;
}
