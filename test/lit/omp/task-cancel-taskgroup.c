// RUN: %omp-check %s
// ENV: OMP_CANCELLATION=true
// TASKS-VARY: which tasks the cancellation discards depends on time
// A recursive search in tasks that cancels its taskgroup when a task finds
// the target: tasks not started yet are discarded, running ones return at
// their cancellation point; the taskgroup ends once they have.
#include <omp.h>
#include <stdio.h>

static int found = -1;

static int scan(int lo, int hi, int target) {
  for (int i = lo; i < hi; i++)
    if (i * 7 % 10007 == target) {
#pragma omp atomic write
      found = i;
      return 1;
    }
  return 0;
}

static void search(int lo, int hi, int target) {
  if (hi - lo <= 16) {
#pragma omp task
    {
      if (scan(lo, hi, target)) {
#pragma omp cancel taskgroup
      }
    }
    return;
  }
  int mid = lo + (hi - lo) / 2;
#pragma omp task
  {
#pragma omp cancellation point taskgroup
    search(lo, mid, target);
  }
#pragma omp task
  {
#pragma omp cancellation point taskgroup
    search(mid, hi, target);
  }
}

int main(void) {
  int cancelled_tasks_ok = 1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    {
#pragma omp task
      search(0, 10007, 4321);
    }
    /* a second taskgroup, not cancelled: every task runs */
    int count = 0;
#pragma omp taskgroup
    {
      for (int i = 0; i < 100; i++) {
#pragma omp task shared(count)
        {
#pragma omp atomic
          count++;
        }
      }
    }
    cancelled_tasks_ok = count == 100;
  }
  printf("found: %d (%d)\n", found, found * 7 % 10007);
  printf("second taskgroup complete: %d\n", cancelled_tasks_ok);
  return 0;
}
