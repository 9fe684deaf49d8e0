// A source whose name holds a double quote and a space: the #line markers
// and kernel names of the annotated file escape the quote, so it compiles,
// runs and names its kernel after the file.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: cp %s '%t.d/we"ird name.c'
// RUN: %hccsim -finstrument -Wall -Werror '%t.d/we"ird name.c' -o %t
// RUN: env HCC_WORKERS=2 HCC_MODEL_DIR=%t.d/models %t | FileCheck %s
// RUN: %hcc-rewrite '%t.d/we"ird name.c' -- | FileCheck %s --check-prefix=LINE
#include <stdio.h>

int main(void) {
  int x = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(x)
    { x = 42; }
  }
  printf("x=%d\n", x);
  return 0;
}

// CHECK: x=42
// LINE: #line 1 "{{.*}}we\"ird name.c"
// LINE: static const hcc_omp_task_info __hcc_ti0 = {"we\"ird name.c:16", "we\"ird name.c", 16,
