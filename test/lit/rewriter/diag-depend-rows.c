// A multi-dimensional section over pointers has rows that need not be
// contiguous: an error with a hint, at the clause.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void use(void);

void g(double **rows, int n) {
#pragma omp task depend(inout: rows[0:n][0:4])
  use();
}

// CHECK: diag-depend-rows.c:7:18: error: hccsim: a multi-dimensional array section over pointers in 'depend' on 'omp task' is not supported; its rows are not contiguous: write one depend item per row (p[i][lo:len])
