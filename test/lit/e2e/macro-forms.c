// Macros and _Pragma around tasks: a depend item written by a macro, a task
// body that is a macro call, `#pragma hcc params` from _Pragma in a macro, a
// task and a taskwait from _Pragma in macros, an hcc priority given by a
// macro. The annotated program compiles without a warning and prints what
// clang -fopenmp's build prints; its parameters reach the records.
// RUN: %hccsim -finstrument -Wall -Werror %s -o %t
// RUN: %clang -fopenmp %s -o %t.omp
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env HCC_WORKERS=2 HCC_MODEL_DIR=%t.d/m HCC_RECORDS=%t.d/r.csv %t > %t.out 2> /dev/null
// RUN: %t.omp > %t.omp.out
// RUN: diff %t.omp.out %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=CSV < %t.d/r.csv
// RUN: %hccsim -fsimulate -Wall -Werror %s -o %t.sim
#include <stdio.h>

#define CALL(v) work(&(v))
#define IT(k) a[k]
#define TASK_W(x) _Pragma("omp task depend(inout: x)")
#define K 42
#define PARAMS _Pragma("hcc params(n = 3, m = K)")
#define WAIT _Pragma("omp taskwait")
#define PRIO 7

static void work(int *p) { *p += 1; }

int main(void) {
  int a[8] = {0}, x = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(inout: IT(3))
    CALL(a[3]);
#pragma omp task depend(inout: x)
PARAMS
    CALL(x);
    TASK_W(x)
    CALL(x);
#pragma omp task depend(inout: x)
#pragma hcc task name("prio") priority(PRIO)
    CALL(x);
    WAIT
  }
  printf("a[3]=%d x=%d\n", a[3], x);
  return 0;
}

// CHECK: a[3]=1 x=3
// CSV: ,work,{{.*}},n=3;m=42;dep0_bytes=4,
// CSV: ,prio,
