// Helper for task-orphan-single.c: orphaned single and task constructs,
// called from inside a parallel region of the other translation unit.
#include <omp.h>

/* Called by every thread of the team: one thread creates the tasks, the
   implicit barrier at the end of single waits for them. */
void fill_squares(int *out, int n) {
#pragma omp single
  {
    for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(i, out)
      out[i] = i * i;
    }
  }
}

/* Called by every thread: tasks with dependences inside an orphaned single
   nowait; the caller's barrier completes them. */
void prefix_chain(int *acc, int n) {
#pragma omp single nowait
  {
    for (int i = 1; i < n; i++) {
#pragma omp task depend(in: acc[i - 1]) depend(inout: acc[i]) firstprivate(i, acc)
      acc[i] += acc[i - 1];
    }
  }
}

/* Called from one thread (inside the caller's single): recursive tasks
   created in an orphaned function, returning after its own taskwait. */
long count_sum(int lo, int hi) {
  if (hi - lo < 100) {
    long s = 0;
    for (int i = lo; i < hi; i++)
      s += i;
    return s;
  }
  long a = 0, b = 0;
  int mid = (lo + hi) / 2;
#pragma omp task shared(a) firstprivate(lo, mid)
  a = count_sum(lo, mid);
#pragma omp task shared(b) firstprivate(mid, hi)
  b = count_sum(mid, hi);
#pragma omp taskwait
  return a + b;
}
