// RUN: %omp-check %s
// Checks nestable locks: re-acquisition by the owner, nesting counts from omp_test_nest_lock, and exclusion.
#include <omp.h>
#include <stdio.h>

static omp_nest_lock_t nl;
static long total = 0;

/* recursive function that re-acquires the same nest lock at every depth */
static void add_recursive(int depth, long v) {
  omp_set_nest_lock(&nl);
  total += v;
  if (depth > 0)
    add_recursive(depth - 1, v);
  omp_unset_nest_lock(&nl);
}

int main(void) {
  omp_init_nest_lock(&nl);
  int count_ok = 1, others_failed = 0, nthreads = 0;

  /* outside a region: nesting counts go 1, 2, 3 */
  int c1 = omp_test_nest_lock(&nl);
  int c2 = omp_test_nest_lock(&nl);
  int c3 = omp_test_nest_lock(&nl);
  omp_unset_nest_lock(&nl);
  omp_unset_nest_lock(&nl);
  omp_unset_nest_lock(&nl);

#pragma omp parallel shared(count_ok, others_failed, nthreads)
  {
#pragma omp single
    nthreads = omp_get_num_threads();
#pragma omp for
    for (int i = 0; i < 200; i++)
      add_recursive(i % 4, i);

    /* the owner sees increasing nesting counts */
    omp_set_nest_lock(&nl);
    omp_set_nest_lock(&nl);
    int c = omp_test_nest_lock(&nl);
    if (c != 3)
      count_ok = 0;
    for (int k = 0; k < 3; k++)
      omp_unset_nest_lock(&nl);
#pragma omp barrier

    /* thread 0 holds the lock across a barrier; others' tests return 0 */
    if (omp_get_thread_num() == 0)
      omp_set_nest_lock(&nl);
#pragma omp barrier
    if (omp_get_thread_num() != 0 && omp_test_nest_lock(&nl) == 0) {
#pragma omp atomic
      others_failed++;
    }
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      omp_unset_nest_lock(&nl);
  }
  omp_destroy_nest_lock(&nl);

  printf("initial nesting counts: %d %d %d\n", c1, c2, c3);
  printf("total: %ld\n", total);
  printf("owner nesting counts ok: %d\n", count_ok);
  printf("non-owners failed: %d\n", others_failed == nthreads - 1);
  return 0;
}
