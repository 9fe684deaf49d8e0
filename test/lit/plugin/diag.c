// The rewriter's errors come through the plugin once, at the original
// file:line:col, and clang fails (no object is left).
// RUN: not %clang -fplugin=%hccplugin -fopenmp -DBAD_PARAMS -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PARAMS --implicit-check-not=error:
// RUN: not %clang -fplugin=%hccplugin -fopenmp -DBAD_CONSTRUCT -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CONSTRUCT --implicit-check-not=error:
// RUN: not %clang -fplugin=%hccplugin -fopenmp -DBAD_SYNTAX -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SYNTAX --implicit-check-not=error:
// RUN: not ls %t.o
// Warnings are printed once too (by the main action, on the original lines).
// RUN: %clang -fplugin=%hccplugin -fopenmp -Wall -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
void work(int *);

void f(int *p, int len) {
#ifdef BAD_PARAMS
#pragma omp task
#pragma hcc params(n = len
  work(p);
#endif
#ifdef BAD_CONSTRUCT
  // a model for a statement that is no loop
#pragma hcc model
  {
    work(p);
    work(p);
  }
#endif
#ifdef BAD_SYNTAX
  len = ;
#endif
#pragma omp task
  {
    int unused;
    work(p);
  }
}

// PARAMS: diag.c:14:27: error: hccsim: expected ',' or ')' after the value of parameter 'n', found end of line
// PARAMS: 1 error generated.
// CONSTRUCT: diag.c:19:9: error: hccsim: '#pragma hcc model' must precede a 'for' loop or an OpenMP worksharing loop
// CONSTRUCT: 1 error generated.
// SYNTAX: diag.c:26:9: error: expected expression
// SYNTAX: 1 error generated.
// WARN: diag.c:30:9: warning: unused variable 'unused'
// WARN: 1 warning generated.
