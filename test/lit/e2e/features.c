// End to end: firstprivate arrays, private variables, priority, if(false),
// inoutset/mutexinoutset, nested tasks with dependences, taskwait in a task,
// master instead of single; output equals clang -fopenmp's.
// RUN: %hccsim -fnative -Wall -Werror %s -o %t.hcc
// RUN: %clang -fopenmp %s -o %t.omp
// RUN: env HCC_WORKERS=4 %t.hcc > %t.hcc.out
// RUN: %t.omp > %t.omp.out
// RUN: diff %t.omp.out %t.hcc.out
// RUN: FileCheck %s < %t.hcc.out
#include <stdio.h>

struct acc { long sum; int count; };

static void bump(struct acc *a, long v) { a->sum += v; a->count++; }

int main(void) {
  struct acc A = {0, 0};
  long parts[4] = {0, 0, 0, 0};
  long weights[3] = {1, 10, 100};
  long undeferred = 0;
#pragma omp parallel
  {
#pragma omp master
    {
      for (int i = 0; i < 4; ++i) {
        long scratch;
#pragma omp task depend(inoutset: parts[i]) firstprivate(weights, i) private(scratch) priority(i)
        {
          scratch = weights[0] + weights[1] + weights[2];
          parts[i] += scratch * i;
        }
#pragma omp task depend(mutexinoutset: A) firstprivate(i)
        bump(&A, i);
      }
#pragma omp task depend(in: parts[0], parts[1], parts[2], parts[3]) depend(inout: A)
      {
        long t = 0;
        for (int i = 0; i < 4; ++i) {
#pragma omp task depend(inout: t) shared(t) firstprivate(i)
          t += parts[i];
        }
#pragma omp taskwait
        A.sum += t;
      }
#pragma omp task if(0) shared(undeferred)
      undeferred = 42;
      /* if(0): the task is complete when the construct ends */
      printf("undeferred=%ld\n", undeferred);
    }
  }
  printf("sum=%ld count=%d\n", A.sum, A.count);
  return 0;
}

// CHECK: undeferred=42
// CHECK: sum=672 count=4
