// End to end: a taskgroup waits for the tasks created in it, including the
// descendants of those tasks and tasks created by functions it calls, but
// not for tasks created before it; taskwait depend waits for one datum's
// writer. Prints what clang -fopenmp's build prints.
// RUN: %hccsim -fnative -Wall -Werror %s -o %t.hcc
// RUN: %clang -fopenmp %s -o %t.omp
// RUN: env HCC_WORKERS=3 %t.hcc > %t.hcc.out
// RUN: %t.omp > %t.omp.out
// RUN: diff %t.omp.out %t.hcc.out
// RUN: FileCheck %s < %t.hcc.out
#include <stdio.h>
#include <time.h>

static int leaves, slow_started, slow_done, released, value;

static void pause_ms(int ms) {
  struct timespec ts = {0, ms * 1000000L};
  nanosleep(&ts, NULL);
}

static void spawn_tree(int depth) {
  if (depth == 0) {
    pause_ms(1);
#pragma omp atomic
    leaves++;
    return;
  }
  for (int i = 0; i < 2; ++i) {
#pragma omp task
    spawn_tree(depth - 1);
  }
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    // Runs until main releases it after the taskgroup (5 s at most): a
    // taskgroup that waited for it would see it done. It is running on
    // another thread before the taskgroup starts (a thread waiting at the
    // taskgroup's end may run any task, this one included, by OpenMP's rules).
#pragma omp task
    {
#pragma omp atomic write
      slow_started = 1;
      for (int ms = 0; ms < 5000; ++ms) {
        int r;
#pragma omp atomic read
        r = released;
        if (r) break;
        pause_ms(1);
      }
#pragma omp atomic
      slow_done++;
    }
    for (int started = 0; !started; pause_ms(1)) {
#pragma omp atomic read
      started = slow_started;
    }
#pragma omp taskgroup
    spawn_tree(5);
    int seen_slow;
#pragma omp atomic read
    seen_slow = slow_done;
    printf("after taskgroup: leaves=%d slow task waited for=%s\n", leaves, seen_slow ? "yes" : "no");
#pragma omp atomic write
    released = 1;
#pragma omp task depend(out: value)
    {
      pause_ms(20);
      value = 42;
    }
#pragma omp taskwait depend(in: value)
    printf("after taskwait depend: value=%d\n", value);
  }
  printf("at the end: slow=%d\n", slow_done);
  return 0;
}

// CHECK: after taskgroup: leaves=32 slow task waited for=no
// CHECK-NEXT: after taskwait depend: value=42
// CHECK-NEXT: at the end: slow=1
