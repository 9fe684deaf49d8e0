// Diagnostics: statements a simulation cannot skip or replace.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
int MPI_Send(const void *, int, int, int, int, int);
void work(int);

int f(int n, int *x) {
#pragma hcc sample(local, 2)
  for (int i = 0; i < n; ++i) {
    if (x[i] < 0) return i;
    work(i);
  }
// CHECK: diag-stmt-burst.c:[[@LINE-3]]:19: error: hccsim: 'return' leaves the statement of '#pragma hcc sample' (line [[@LINE-5]]); a skipped statement must end where it ends (move the jump after it)
#pragma hcc delay(seconds = 1)
  {
    if (n > 3) goto out;
    work(n);
  }
// CHECK: diag-stmt-burst.c:[[@LINE-3]]:16: error: hccsim: 'goto' leaves the statement of '#pragma hcc delay'
  for (int i = 0; i < n; ++i) {
#pragma hcc sample(local, 2)
    {
      if (x[i]) break;
    }
// CHECK: diag-stmt-burst.c:[[@LINE-2]]:17: error: hccsim: 'break' leaves the statement of '#pragma hcc sample'
  }
#pragma hcc sample(auto, tol = 0.1)
  for (int i = 0; i < n; ++i) {
    if (x[i]) continue;
    MPI_Send(x, 1, 0, 1, 0, 0);
  }
// CHECK: diag-stmt-burst.c:[[@LINE-2]]:5: error: hccsim: MPI call in the statement of '#pragma hcc sample' (line [[@LINE-5]]): communications cannot be skipped; sample the computation around it
#pragma hcc sample(local, 1)
  {
#pragma omp task
    work(1);
  }
// CHECK: diag-stmt-burst.c:[[@LINE-3]]:1: error: hccsim: task construct in the statement of '#pragma hcc sample' (line [[@LINE-5]]): task graphs are simulated, not skipped; put the directive on the computation inside the tasks' bodies instead
#pragma hcc sample(local, 1)
  int y = n * 2;
// CHECK: diag-stmt-burst.c:[[@LINE-2]]:9: error: hccsim: '#pragma hcc sample' must precede a block, a loop or an expression statement, not a declaration
out:
  return y;
#pragma hcc delay(seconds = 1)
}
// CHECK: diag-stmt-burst.c:[[@LINE-2]]:9: error: hccsim: '#pragma hcc delay' is not followed by a statement of the same block; put it on the line before the statement it applies to
