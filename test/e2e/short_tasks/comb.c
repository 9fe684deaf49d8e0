/* A chain of tasks with a leaf every fourth link, as a list traversal
 * written with tasks: each link runs in a task that creates the next link
 * and, every fourth, a leaf from the same task construct, then waits for
 * them. Most runs of the kind are links, each holding the rest of its chain;
 * the kind is short by its leaves (rt/core/short_tasks.hpp). Counts the
 * leaves that ran at once on their creating thread, before their task
 * construct returned (their body wrote its thread there), over ten passes
 * of the chain (test/e2e/short_tasks.sh).
 *
 *   comb    prints "comb: links=L leaves=N at_once=<count>" */
#include <omp.h>
#include <stdio.h>

enum { kLength = 400, kPasses = 10 };
static long links, leaves, at_once;

static void link_(int depth) {
  /* Atomic: a link's leaf is counted while the next links may run on the
   * other thread and count theirs. */
#pragma omp atomic
  ++links;
  if (depth == kLength) return;
  for (int i = 0; i < 2; ++i) {
    const int leaf = i == 1;
    if (leaf && depth % 4 != 0) break;
    int ran_on = -1;
#pragma omp task firstprivate(depth, leaf) shared(ran_on)
    {
      ran_on = omp_get_thread_num();
      if (!leaf) link_(depth + 1);
    }
    if (leaf) {
      const int here = ran_on == omp_get_thread_num();
#pragma omp atomic
      ++leaves;
#pragma omp atomic
      at_once += here;
    }
  }
#pragma omp taskwait
}

int main(void) {
  for (int pass = 0; pass < kPasses; ++pass) {
#pragma omp parallel
#pragma omp single
    link_(0);
  }
  printf("comb: links=%ld leaves=%ld at_once=%ld\n", links, leaves, at_once);
  return 0;
}
