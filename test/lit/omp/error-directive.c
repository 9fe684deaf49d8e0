// The error directive at execution: a warning is a line on stderr and the
// program goes on; a fatal one ends it with status 1 after its line (the
// link failed: no __kmpc_error).
// RUN: %hccsim -fnative %s -o %t.native
// RUN: not %t.native 2>&1 | FileCheck %s
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop not %t.sim 2>&1 | FileCheck %s
// CHECK: hccsim: warning: error-directive.c:[[@LINE+7]]: error directive: check the input
// CHECK-NEXT: after the warning
// CHECK-NEXT: hccsim: error: error-directive.c:[[@LINE+8]]: error directive: no input
// CHECK-NOT: after the error
#include <stdio.h>

int main(int argc, char **argv) {
#pragma omp error at(execution) severity(warning) message("check the input")
  fprintf(stderr, "after the warning\n");
  if (argc < 2) {
#pragma omp error at(execution) severity(fatal) message("no input")
  }
  fprintf(stderr, "after the error\n");
  return 0;
}
