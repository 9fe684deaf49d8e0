// Warnings, never silent sharing: what the pass cannot privatise in a file
// of an MPI program (it declares MPI_Init) is named with its location and a
// hint; the rest of the file is still privatised. (no-mpi-file.c: a file
// without MPI keeps them for the simulation to print.)
// RUN: %hcc-rewrite --privatize %s -- -I%S/Inputs 2>&1 >/dev/null | FileCheck %s
// RUN: %hcc-rewrite --privatize %s -- -I%S/Inputs 2>/dev/null | %strip-checks | FileCheck %s --check-prefix=CODE
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>
#include "shared-header.h"
int MPI_Init(int *argc, char ***argv);
// The header is read first:
// CHECK: shared-header.h:4:49: warning: hccsim: 'in_header' is used in '{{.*}}shared-header.h', which hccsim does not rewrite (only the file it compiles): every rank of a simulation would share it there, so it is not privatised

int in_header;
int in_macro;
int reduced;
int histogram[8];
omp_event_handle_t event;
int pointed_at;
int *pointer = &pointed_at;
// CHECK: diag-warnings.c:[[@LINE-1]]:17: warning: hccsim: the address of 'pointed_at' initialises 'pointer', a variable with static storage, which must be a constant in C: every rank of a simulation shares 'pointed_at' (hint: assign 'pointer' in a function)
int fine;
#define TOUCH() (in_macro = 1)

int f(int argc, char **argv) {
  int c = getopt(argc, argv, "v");
  if (optind < argc) return -1;
// CHECK: diag-warnings.c:[[@LINE-1]]:7: warning: hccsim: 'optind' is a variable of a library hccsim does not compile ({{.*}}): every rank of a simulation shares it
  fprintf(stderr, "%d\n", c);
// CHECK-NOT: 'stderr'
  if (errno) return -2;
// CHECK: diag-warnings.c:[[@LINE-1]]:7: warning: hccsim: errno belongs to the C library, which hccsim does not compile: every rank of a simulation shares it
  TOUCH();
// CHECK: diag-warnings.c:[[@LINE-1]]:3: warning: hccsim: 'in_macro' is used inside the body of macro 'TOUCH', which hccsim cannot rewrite: it is not privatised (hint: pass it to the macro as an argument)
#pragma omp parallel for reduction(+ : reduced)
  for (int i = 0; i < 4; ++i) reduced += i;
// CHECK: diag-warnings.c:[[@LINE-2]]:40: warning: hccsim: 'reduced' is named in an OpenMP 'reduction' clause, where hccsim cannot put a rank's copy: every rank of a simulation shares it (hint: reduce into a local variable, or keep it global with #pragma hcc keep_global)
// An array section's array too (its rank's copy was no variable name: clang
// rejected the rewritten clause).
#pragma omp parallel for reduction(+ : histogram[2:4])
  for (int i = 0; i < 4; ++i) histogram[2 + i] += i;
// CHECK: diag-warnings.c:[[@LINE-2]]:40: warning: hccsim: 'histogram' is named in an OpenMP 'reduction' clause, where hccsim cannot put a rank's copy: every rank of a simulation shares it (hint: reduce into a local variable, or keep it global with #pragma hcc keep_global)
// CODE-NOT: HCC_PRIVATE(histogram)
// A detached task's event handle must be a variable (clang rejected the
// rank's copy: the OpenMP Examples' task_detach with a global event).
#pragma omp task detach(event)
  {}
// CHECK: diag-warnings.c:[[@LINE-2]]:25: warning: hccsim: 'event' is named in an OpenMP 'detach' clause, where hccsim cannot put a rank's copy: every rank of a simulation shares it (hint: reduce into a local variable, or keep it global with #pragma hcc keep_global)
  omp_fulfill_event(event);
// CODE-NOT: HCC_PRIVATE(event)
  fine = read_in_header() + *pointer;
  return fine;
}
// CODE: HCC_PRIVATE(fine) = read_in_header() + *HCC_PRIVATE(pointer);
