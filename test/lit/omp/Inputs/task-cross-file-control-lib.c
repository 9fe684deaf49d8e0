// Helper for task-cross-file-control.c: functions that create and wait for
// tasks, called from task bodies of the other translation unit.

long tree_sum(const long *v, int lo, int hi) {
  if (hi - lo <= 8) {
    long s = 0;
    for (int i = lo; i < hi; i++)
      s += v[i];
    return s;
  }
  long a = 0, b = 0;
  int mid = (lo + hi) / 2;
#pragma omp task shared(a)
  a = tree_sum(v, lo, mid);
#pragma omp task shared(b)
  b = tree_sum(v, mid, hi);
#pragma omp taskwait
  return a + b;
}

static void scale_block(long *v, int lo, int hi, long by) {
  for (int i = lo; i < hi; i++)
    v[i] *= by;
}

static void scale_blocks(long *v, int n, long by) {
  for (int lo = 0; lo < n; lo += 16) {
#pragma omp task firstprivate(lo)
    scale_block(v, lo, lo + 16 < n ? lo + 16 : n, by);
  }
#pragma omp taskwait
}

/* Creates no task itself: through scale_blocks. */
void scale_all(long *v, int n, long by) { scale_blocks(v, n, by); }
