/* A binary recursion of tasks, as a tree search writes it: each node
 * creates its two children as tasks and waits for them. Run twice: the
 * first pass lets the runtime time the kind of task; the second counts the
 * tasks that ran on another thread than the one that created them, and
 * those of them deeper than half the tree's depth (test/e2e/short_tasks.sh).
 *
 *   recursion [depth=12]   prints "recursion: depth=D tasks=N handed=<count> deep_half=<count>" */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int max_depth = 12;
static int handed[64];
static long tasks;

static void node(int depth, int creator) {
  if (omp_get_thread_num() != creator) {
#pragma omp atomic
    handed[depth]++;
  }
#pragma omp atomic
  tasks++;
  if (depth == max_depth) return;
  for (int i = 0; i < 2; ++i) {
    const int me = omp_get_thread_num();
#pragma omp task firstprivate(depth, me)
    node(depth + 1, me);
  }
#pragma omp taskwait
}

int main(int argc, char **argv) {
  if (argc > 1) max_depth = atoi(argv[1]);
  if (max_depth < 1 || max_depth > 60) return 2;
  for (int pass = 0; pass < 2; ++pass) {
    for (int d = 0; d <= max_depth; ++d) handed[d] = 0;
    tasks = 0;
#pragma omp parallel
#pragma omp single
    node(0, omp_get_thread_num());
  }
  int total = 0, deep = 0;
  for (int d = 0; d <= max_depth; ++d) {
    total += handed[d];
    if (2 * d > max_depth) deep += handed[d];
  }
  printf("recursion: depth=%d tasks=%ld handed=%d deep_half=%d\n", max_depth, tasks, total, deep);
  return 0;
}
