// A task body holding an expression of 50,000 terms (50,000 levels of
// nesting, which clang parses): the passes walk it without recursion.
// RUN: python3 -c "print('int f(void) {\n  int x = 0;\n#pragma omp task shared(x)\n  x = ' + ' + '.join(['1'] * 50000) + ';\n#pragma omp taskwait\n  return x;\n}')" > %t.c
// RUN: %hcc-rewrite %t.c -- | FileCheck %s

// The file has no main: f returns x to its callers, so the task steers.
// CHECK: static const hcc_omp_task_info __hcc_ti0 = {"deep-expression.c.tmp.c:3", "deep-expression.c.tmp.c", 3, HCC_CODELET_STEERS,
