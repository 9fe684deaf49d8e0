// End to end: `#pragma hcc params` values reach the task records. The
// program is built with -finstrument (which captures parameters, as
// -fsimulate does), run instrumented, and the records CSV carries
// each task's named parameters, then the size in bytes of each depend item;
// `#pragma hcc task name(...)` names the kernel.
// RUN: %hccsim -finstrument -Wall -Werror %s -o %t.hcc
// RUN: rm -rf %t.models %t.csv
// RUN: env HCC_WORKERS=2 HCC_MODE=instrument HCC_RECORDS=%t.csv HCC_MODEL_DIR=%t.models %t.hcc > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=CSV < %t.csv
// A native build does not evaluate nor record them, even run instrumented.
// RUN: %hccsim -fnative -Wall -Werror %s -o %t.nocap
// RUN: rm -rf %t.models2 %t.nocap.csv
// RUN: env HCC_WORKERS=2 HCC_MODE=instrument HCC_RECORDS=%t.nocap.csv HCC_MODEL_DIR=%t.models2 %t.nocap > %t.nocap.out
// RUN: FileCheck %s --check-prefix=NOCAP < %t.nocap.csv
#include <stdio.h>

static double sum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) s += x[i];
  return s;
}

static int half(int n) { return n / 2; }

int main(void) {
  static double a[100];
  double total = 0;
  int len = 100;
  for (int i = 0; i < len; ++i) a[i] = i;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(in: a[0:len]) depend(out: total)
#pragma hcc params(n = len, h = half(len))
#pragma hcc task name("sum100")
    total = sum(a, len);
#pragma omp taskwait
  }
  printf("total=%g\n", total);
  return 0;
}

// OUT: total=4950
// CSV: id,kernel,arch,worker,footprint,submit,start,end,duration,bytes_in,bytes_out,params,cpu,weight
// CSV: ,sum100,{{.*}},n=100;h=50;dep0_bytes=800;dep1_bytes=8,{{[0-9]+\.[0-9]{9},1$}}
// NOCAP: ,sum100,{{.*}},,{{[0-9]+\.[0-9]{9},1$}}
