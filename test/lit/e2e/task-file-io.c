// Task bodies that read or write a file (stdout included) run in a
// simulation, for their effects: what they print is printed and what they
// read is read. Simulated, a task printing its result printed nothing, and
// tasks reading their chunks of a file with fscanf left it where the next
// read expected another position (the program's own read after them found
// other numbers). A task computing into an array, printed by the program
// after, stays simulated.
// RUN: %hccsim -finstrument %s -o %t.inst
// RUN: %hccsim -fsimulate %s -o %t.sim
// RUN: rm -rf %t.m %t.d && mkdir -p %t.d && cd %t.d && env OMP_NUM_THREADS=2 HCC_MODEL_DIR=%t.m %t.inst 2>/dev/null | sort | FileCheck %s
// RUN: cd %t.d && env HCC_PLATFORM=laptop HCC_MODEL_DIR=%t.m %t.sim 2>/dev/null | sort | FileCheck %s
// RUN: %hccsim -fsimulate -Rhcc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
#include <stdio.h>

static double work(int k) {
  double s = 0;
  for (int i = 0; i < 1000; i++) s += i * k;
  return s;
}

int main(void) {
  FILE *f = fopen("numbers.txt", "w");
  if (!f) return 1;
  for (int i = 1; i <= 1000; i++) fprintf(f, "%d\n", i);
  fclose(f);
  f = fopen("numbers.txt", "r");
  if (!f) return 1;
  long sum[4] = {0};
#pragma omp parallel
#pragma omp single
  {
    for (int k = 0; k < 4; k++) {
#pragma omp task firstprivate(k)
      printf("task %d: %.0f\n", k, work(k));
    }
    for (int c = 0; c < 4; c++) {
#pragma omp task depend(inout : f) firstprivate(c) shared(sum)
      {
        int v;
        for (int k = 0; k < 250 && fscanf(f, "%d", &v) == 1; k++) sum[c] += v;
      }
    }
  }
  long after;
  const int extra = fscanf(f, "%ld", &after);
  fclose(f);
  printf("total=%ld extra=%d\n", sum[0] + sum[1] + sum[2] + sum[3], extra);
  return 0;
}
// CHECK: task 0: 0
// CHECK-NEXT: task 1: 499500
// CHECK-NEXT: task 2: 999000
// CHECK-NEXT: task 3: 1498500
// CHECK-NEXT: total=500500 extra=-1

// REMARK: task-file-io.c:33:1: remark: hccsim: task 'printf' (runs in simulation: it reads or writes a file)
// REMARK: task-file-io.c:37:1: remark: hccsim: task 'task-file-io.c:37' (runs in simulation: it reads or writes a file)
