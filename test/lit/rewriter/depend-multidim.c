// Multi-dimensional array sections over arrays: the datum is the span from
// the section's first element to its last, matched by its address.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
// RUN: %hcc-rewrite %s -- > %t.c
// RUN: %clang -fsyntax-only -Wall -Werror -I%hcc-rt-include %t.c
void use(void);

void f(double m[8][16], double (*q)[4][5], int n) {
#pragma omp task depend(inout: m[1:3][2:4], q[0:n][1:2][:])
  use();
}

// CHECK: __hcc_acc[0].handle = __hcc_dep((void *)&m[1][2], (size_t)((char *)&m[(1) + (3) - 1][(2) + (4)] - (char *)&m[1][2]));
// CHECK: __hcc_acc[1].handle = __hcc_dep((void *)&q[0][1][0], (size_t)((char *)&q[(0) + (n) - 1][(1) + (2) - 1][(0) + (5 - (0))] - (char *)&q[0][1][0]));
