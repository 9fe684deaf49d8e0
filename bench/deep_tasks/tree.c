/* A task tree as deep as a tree search goes: at each level, 8 leaf tasks
 * and the task of the next level, then a taskwait.
 *
 *   tree [DEPTH [REPS]]   DEPTH levels (default 4000), built REPS times (default 3)
 *
 * Every level's taskwait waits while the levels below it run on the same
 * thread's stack, so DEPTH tasks wait at once at the bottom: a runtime whose
 * waiting costs grow with the number of waiting tasks shows it here.
 * Prints "tree: depth=.. leaves=.. ok time=<seconds>" and exits 0, or
 * "FAILED" and exits 1.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void leaf(long *sum, int v) {
#pragma omp atomic
  *sum += v;
}

static void level(int depth, long *sum) {
  if (depth == 0) return;
  for (int i = 0; i < 8; ++i) {
#pragma omp task shared(sum) firstprivate(i)
    leaf(sum, i + 1);
  }
#pragma omp task shared(sum) firstprivate(depth)
  level(depth - 1, sum);
#pragma omp taskwait
}

int main(int argc, char **argv) {
  int depth = argc > 1 ? atoi(argv[1]) : 4000;
  int reps = argc > 2 ? atoi(argv[2]) : 3;
  long sum = 0;
  double start = omp_get_wtime();
  for (int r = 0; r < reps; ++r) {
#pragma omp parallel
#pragma omp single
    level(depth, &sum);
  }
  double seconds = omp_get_wtime() - start;
  long expected = 36L * depth * reps; /* 1 + ... + 8 per level */
  int ok = sum == expected;
  printf("tree: depth=%d leaves=%d %s time=%.6f\n", depth, 8 * depth * reps, ok ? "ok" : "FAILED", seconds);
  return ok ? 0 : 1;
}
