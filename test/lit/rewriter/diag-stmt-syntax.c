// Diagnostics: malformed sample, delay and shared directives.
// RUN: not %hcc-rewrite %s -- 2>&1 | FileCheck %s
void work(int);

void f(int n) {
#pragma hcc sample(often, 3)
  work(1);
// CHECK: diag-stmt-syntax.c:[[@LINE-2]]:20: error: hccsim: expected 'local', 'global' or 'auto' in 'sample(...)', found 'often' (write sample(local, n), sample(global, n) or sample(auto, tol = 0.02[, max = n]))
#pragma hcc sample(local 3)
  work(2);
// CHECK: diag-stmt-syntax.c:[[@LINE-2]]:26: error: hccsim: expected ',' after 'local' (write sample(local, n), sample(global, n) or sample(auto, tol = 0.02[, max = n])), found '3'
#pragma hcc sample(auto, max = 10)
  work(3);
// CHECK: diag-stmt-syntax.c:[[@LINE-2]]:9: error: hccsim: 'sample(auto, ...)' needs 'tol = ...', the relative standard error to reach
#pragma hcc sample(auto, tol = 0.1, tol = 0.2)
  work(4);
// CHECK: diag-stmt-syntax.c:[[@LINE-2]]:37: error: hccsim: 'tol' given twice in 'sample(auto, ...)'
#pragma hcc sample(local, undeclared_n)
  work(5);
// CHECK: diag-stmt-syntax.c:[[@LINE-2]]:27: error: hccsim: the expression for the number of measured runs is not valid here (an undeclared name or a type error)
#pragma hcc delay(minutes = 3)
  work(6);
// CHECK: diag-stmt-syntax.c:[[@LINE-2]]:19: error: hccsim: expected 'seconds' or 'flops' in 'delay(...)', found 'minutes' (write delay(seconds = e) or delay(flops = e))
#pragma hcc shared(some)
  work(7);
// CHECK: diag-stmt-syntax.c:[[@LINE-2]]:20: error: hccsim: expected 'all' in 'shared(...)', found 'some' (shared: one block per rank; shared(all): one for all ranks)
}
