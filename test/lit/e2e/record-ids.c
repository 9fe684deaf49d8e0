// Task ids are the order in which tasks are created: repeated native runs
// of one program record each task under the same id (kernel and
// parameters), whichever thread of the team starts first. Ten runs.
// RUN: %hccsim -finstrument -Wall -Werror %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: bash -c 'for i in 0 1 2 3 4 5 6 7 8 9; do HCC_WORKERS=2 HCC_MODEL_DIR=%t.d/m HCC_RECORDS=%t.d/r$i.csv %t > /dev/null 2>&1 || exit 1; done'
// RUN: bash -c 'for i in 1 2 3 4 5 6 7 8 9; do diff <(cut -d, -f1,2,12 %t.d/r0.csv | sort) <(cut -d, -f1,2,12 %t.d/r$i.csv | sort) || exit 1; done' 
// RUN: cut -d, -f1,2,12 %t.d/r0.csv | sort -t, -k1,1n | FileCheck %s
#include <stdio.h>

static void work(int *x, int i) { *x += i; }

int main(void) {
  int v[4] = {0};
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 4; ++i) {
#pragma omp task depend(inout: v[i])
#pragma hcc params(i = i)
    work(&v[i], i);
  }
  printf("%d %d %d %d\n", v[0], v[1], v[2], v[3]);
  return 0;
}

// The two implicit tasks of the team, then the four tasks in order.
// CHECK:      id,kernel,params
// CHECK-NEXT: 2,work,i=0;dep0_bytes=4
// CHECK-NEXT: 3,work,i=1;dep0_bytes=4
// CHECK-NEXT: 4,work,i=2;dep0_bytes=4
// CHECK-NEXT: 5,work,i=3;dep0_bytes=4
